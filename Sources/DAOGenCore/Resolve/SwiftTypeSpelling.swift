/// Catches a misspelled `swift:` type before the generated code fails to compile with "cannot find type
/// in scope". A name that is a type daogen knows in another case (`date`), or that is within two edits
/// of one and starts with its letter (`Strng`), is a mistake; so is a name that starts with a lower-case
/// letter, which a Swift type name almost never does. Any other name is an app's own type (`Priority`),
/// and a name qualified with its module (`MyApp.date`) is always taken as written.
enum SwiftTypeSpelling {
    /// The names `swift:` gives a meaning of its own, beyond an app's type.
    static let knownNames: [String] = (Array(SwiftValueType.namedTypes.keys) + ["Date", "UUID", "DatabaseValue"]).sorted()

    /// Why `name` is probably not the type meant, with the suggestion; nil when it is a known type, an
    /// app's type or a qualified name.
    static func problem(_ name: String) -> String? {
        guard !name.contains("."), !knownNames.contains(name), let first = name.first else { return nil }
        let escape = "(an app's own type of this name can be written with its module, as 'MyApp.\(name)')"
        let meant = closeKnownNames(to: name)
        if !meant.isEmpty {
            return "'swift' names '\(name)', which is not a type daogen knows; did you mean \(quotedList(meant))? \(escape)"
        }
        if first.isLowercase {
            return "'swift' names '\(name)', which starts with a lower-case letter, as a Swift type name almost never does; "
                + "did you mean '\(first.uppercased() + name.dropFirst())'? \(escape)"
        }
        return nil
    }

    /// The known names `name` is probably a misspelling of: the one equal to it ignoring case, else the
    /// closest within two edits (one for names of up to four letters) that start with its letter in any
    /// case, or, for a lower-case name, with any letter.
    static func closeKnownNames(to name: String) -> [String] {
        let lowered = name.lowercased()
        if let sameLetters = knownNames.first(where: { $0.lowercased() == lowered }) { return [sameLetters] }
        let limit = name.count <= 4 ? 1 : 2
        let startsLowercase = name.first?.isLowercase ?? false
        let distances = knownNames.compactMap { known -> (name: String, distance: Int)? in
            guard startsLowercase || known.first?.lowercased() == name.first?.lowercased() else { return nil }
            let distance = NodeReader.editDistance(lowered, known.lowercased(), limit: limit)
            return distance <= limit ? (known, distance) : nil
        }
        guard let best = distances.map(\.distance).min() else { return [] }
        return distances.filter { $0.distance == best }.map(\.name)
    }

    /// `'A'`, `'A' or 'B'`, `'A', 'B' or 'C'`.
    private static func quotedList(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.joined() }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}
