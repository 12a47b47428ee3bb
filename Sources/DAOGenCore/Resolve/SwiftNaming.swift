/// Derives Swift names from SQL names.
enum SwiftNaming {
    /// Words of an SQL name: split at anything that is not a letter or digit.
    static func words(_ name: String) -> [String] {
        name.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// `book_author` -> `BookAuthor`; existing capitals inside a word are kept (`userID` -> `UserID`).
    static func upperCamelCase(_ name: String) -> String {
        let joined = words(name).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return startsWithDigit(joined) ? "_" + joined : joined
    }

    /// `author_id` -> `authorId`, `ID` -> `id`, `URLString` -> `urlString`, `userID` -> `userID`.
    static func lowerCamelCase(_ name: String) -> String {
        var name = name
        return name.withUTF8(asciiLowerCamelCase) ?? characterLowerCamelCase(name)
    }

    /// `lowerCamelCase` of an ASCII name, in one pass over its bytes; nil for other names.
    static func asciiLowerCamelCase(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 1)
        var index = 0
        var isFirstWord = true
        while index < bytes.count {
            if bytes[index] >= 0x80 { return nil }
            guard isUpper(bytes[index]) || isLower(bytes[index]) || isDigit(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, isUpper(bytes[end]) || isLower(bytes[end]) || isDigit(bytes[end]) { end += 1 }
            if isFirstWord {
                // The leading run of capitals lowercased, but for the last one when it starts the next word.
                var capitals = index
                while capitals < end, isUpper(bytes[capitals]) { capitals += 1 }
                if capitals - index > 1, capitals < end, isLower(bytes[capitals]) { capitals -= 1 }
                for position in index..<end {
                    output.append(position < capitals ? bytes[position] | 0x20 : bytes[position])
                }
                isFirstWord = false
            } else {
                output.append(isLower(bytes[index]) ? bytes[index] & ~0x20 : bytes[index])
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]))
            }
            index = end
        }
        if output.isEmpty { return String(decoding: bytes, as: UTF8.self) }
        if isDigit(output[0]) { output.insert(UInt8(ascii: "_"), at: 0) }
        return String(decoding: output, as: UTF8.self)
    }

    /// `lowerCamelCase` of any name, Character by Character (the reference the tests hold the ASCII pass to).
    static func characterLowerCamelCase(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return name }
        let rest = parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let joined = lowercasingLeadingCapitals(first) + rest.joined()
        return startsWithDigit(joined) ? "_" + joined : joined
    }

    /// Lowercases the leading run of capitals, leaving the last one of a run that starts the next word.
    private static func lowercasingLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        var end = 0
        while end < characters.count, characters[end].isUppercase { end += 1 }
        if end > 1, end < characters.count, characters[end].isLowercase { end -= 1 }
        if end == 0 { return word }
        return String(characters[..<end]).lowercased() + String(characters[end...])
    }

    private static func startsWithDigit(_ name: String) -> Bool {
        name.first?.isNumber ?? false
    }

    /// True for a valid Swift identifier: an identifier head followed by identifier characters, and not
    /// `_` alone (the wildcard).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, CharacterSetHelpers.isIdentifierHead(first), name != "_" else { return false }
        return name.unicodeScalars.allSatisfy { CharacterSetHelpers.isIdentifierScalar($0) }
    }

    /// True for a valid, possibly module-qualified, Swift type name (`Money`, `Shop.Money`).
    static func isTypeName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { isIdentifier(String($0)) }
    }

    /// Where a generated type is declared: at the top of the module, or inside a record.
    enum TypeScope {
        case module
        case record(String)

        var phrase: String {
            switch self {
            case .module: "in the whole module"
            case let .record(name): "inside \(name)"
            }
        }
    }

    /// Why `name` cannot name a generated type declared in `scope`, as the end of a sentence about
    /// the name (`is not a Swift identifier`); nil when it can.
    static func typeNameProblem(_ name: String, scope: TypeScope) -> String? {
        if name.isEmpty { return "is empty" }
        if !isIdentifier(name) { return "is not a Swift identifier" }
        if keywords.contains(name) { return "is a Swift keyword" }
        // Generated members are lowerCamelCase: a type named like one (`read`) is hidden by it inside the type.
        if name.first?.isLowercase == true { return "starts with a lowercase letter, as the members of generated code do" }
        if ReservedNames.typeNames.contains(name) { return "would hide \(ReservedNames.owner(of: name)) \(scope.phrase)" }
        return nil
    }

    /// A name to suggest instead of `name`: its identifier form with `suffix` (`Task` -> `TaskRecord`).
    static func suggestedTypeName(for name: String, suffix: String) -> String {
        let candidate = upperCamelCase(name) + suffix
        guard candidate != suffix, isIdentifier(candidate), !candidate.hasPrefix("_"), !ReservedNames.typeNames.contains(candidate)
        else { return "My" + suffix }
        return candidate
    }

    /// The name written so Swift accepts it as an identifier: keywords in backticks.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `name` (as `escaped(_:)` writes it) as the label of an argument in a call: there only `inout`,
    /// `var` and `let` need backticks, and Swift warns about any other keyword in them.
    static func argumentLabel(_ name: String) -> String {
        guard name.hasPrefix("`"), name.hasSuffix("`"), name.count > 2 else { return name }
        let word = String(name.dropFirst().dropLast())
        return ["inout", "var", "let"].contains(word) ? name : word
    }

    /// Swift keywords that need backticks as property, parameter or case names.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "consume", "copy", "discard", "borrowing",
        "consuming", "package",
    ]

    /// Type names a generated record or enum must not take: they would hide the types generated code uses.
    static let reservedTypeNames: Set<String> = [
        "String", "Int", "Int64", "Int32", "Int16", "Int8", "UInt8", "Double", "Float", "Bool", "Data", "Date",
        "UUID", "URL", "Decimal", "Array", "Dictionary", "Set", "Optional", "Error", "Result", "Never", "Any",
        "Sendable", "Hashable", "Codable", "Equatable", "Sequence", "Foundation", "Database", "Statement",
        "StatementKey", "DatabaseValue", "DatabaseValueConvertible", "DatabaseError", "DAOGenError",
        "DAOGenRuntime", "Column", "Ordering", "SchemaDefinition", "Type", "Self", "Protocol",
    ]
}

/// Character classes for Swift identifiers, as The Swift Programming Language's grammar gives them
/// (Lexical Structure, Identifiers): ASCII letters, digits and `_`, and the listed non-ASCII ranges.
enum CharacterSetHelpers {
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// A scalar that may start an identifier (`identifier-head`).
    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) { return true }
        let value = scalar.value
        return value > 0x7F && headRanges.contains { $0.contains(value) }
    }

    /// A scalar that may continue an identifier (`identifier-character`).
    static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        if isDigit(scalar) || isIdentifierHead(scalar) { return true }
        let value = scalar.value
        return continuationRanges.contains { $0.contains(value) }
    }

    private static let headRanges: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
        0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F, 0x2070...0x20CF,
        0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007,
        0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F,
        0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
        0x40000...0x4FFFD, 0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD,
        0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD,
        0xE0000...0xEFFFD,
    ]

    private static let continuationRanges: [ClosedRange<UInt32>] = [
        0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]
}
