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

    /// True for a valid Swift identifier (letters, digits and underscores, not starting with a digit).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !CharacterSetHelpers.isDigit(first) else { return false }
        return name.unicodeScalars.allSatisfy { CharacterSetHelpers.isIdentifierScalar($0) }
    }

    /// True for a valid, possibly module-qualified, Swift type name (`Money`, `Shop.Money`).
    static func isTypeName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { isIdentifier(String($0)) }
    }

    /// The name written so Swift accepts it as an identifier: keywords in backticks.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
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

/// Character classes for Swift identifiers, ASCII plus any non-ASCII letter.
enum CharacterSetHelpers {
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" || isDigit(scalar) { return true }
        if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) { return true }
        return scalar.value > 0x7F && scalar.properties.isAlphabetic
    }
}
