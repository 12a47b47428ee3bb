/// One token of an SQL statement, enough of SQLite's grammar to find what a parameter is compared
/// with, the tables a statement reads and the terms of its result list.
struct SQLToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A bare word (keyword or name); `text` is as written.
        case word
        /// A quoted name (`"a"`, `[a]`, `` `a` ``); `text` is the name without quotes.
        case quotedName
        /// A string literal; `text` is its value.
        case string
        /// A numeric literal.
        case number
        /// A blob literal `x'..'`.
        case blob
        /// A named parameter; `text` is the name without `:`, `@` or `$`.
        case parameter
        /// A positional parameter `?` or `?NNN`.
        case positional
        /// An operator or punctuation: `(`, `)`, `,`, `.`, `;`, `=`, `<>`, `||`, ...
        case symbol
    }

    var kind: Kind
    var text: String
    /// UTF-8 offset of the token in the statement.
    var offset: Int

    /// True for a bare word equal to `keyword`, ignoring case.
    func isKeyword(_ keyword: String) -> Bool {
        kind == .word && text.uppercased() == keyword
    }

    /// True for a name: a bare word that is not a reserved keyword, or a quoted name.
    var isName: Bool {
        kind == .quotedName || (kind == .word && !SQLTokenizer.reserved.contains(text.uppercased()))
    }

    func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }
}

/// Splits SQL into tokens, skipping whitespace and comments.
enum SQLTokenizer {
    /// Words that end or structure a clause and are never taken as a name or alias.
    static let reserved: Set<String> = [
        "ALL", "AND", "AS", "ASC", "BETWEEN", "BY", "CASE", "CAST", "COLLATE", "CROSS", "DEFAULT", "DELETE", "DESC",
        "DISTINCT", "DO", "ELSE", "END", "ESCAPE", "EXCEPT", "EXISTS", "FROM", "FULL", "GLOB", "GROUP", "HAVING", "IN",
        "INDEXED", "INNER", "INSERT", "INTERSECT", "INTO", "IS", "ISNULL", "JOIN", "LEFT", "LIKE", "LIMIT", "MATCH",
        "NATURAL", "NOT", "NOTHING", "NOTNULL", "NULL", "OFFSET", "ON", "OR", "ORDER", "OUTER", "REGEXP", "REPLACE",
        "RETURNING", "RIGHT", "SELECT", "SET", "THEN", "UNION", "UPDATE", "USING", "VALUES", "WHEN", "WHERE",
        "WINDOW", "WITH", "CONFLICT", "FILTER", "OVER",
    ]

    static func tokens(_ sql: String) -> [SQLToken] {
        let bytes = Array(sql.utf8)
        var tokens: [SQLToken] = []
        var i = 0
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func isWordByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte >= 0x80 || (byte >= 0x30 && byte <= 0x39)
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "$")
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        while i < bytes.count {
            let byte = bytes[i]
            let start = i
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0C:
                i += 1
            case UInt8(ascii: "-") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "-"):
                while i < bytes.count && bytes[i] != UInt8(ascii: "\n") { i += 1 }
            case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*"):
                i += 2
                while i + 1 < bytes.count && !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i = min(i + 2, bytes.count)
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "["):
                let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : byte
                var value: [UInt8] = []
                i += 1
                while i < bytes.count {
                    if bytes[i] == close {
                        if close != UInt8(ascii: "]"), i + 1 < bytes.count, bytes[i + 1] == close {
                            value.append(close)
                            i += 2
                            continue
                        }
                        i += 1
                        break
                    }
                    value.append(bytes[i])
                    i += 1
                }
                let kind: SQLToken.Kind = byte == UInt8(ascii: "'") ? .string : .quotedName
                tokens.append(SQLToken(kind: kind, text: String(decoding: value, as: UTF8.self), offset: start))
            case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
                i += 1
                while i < bytes.count && isWordByte(bytes[i]) && bytes[i] != UInt8(ascii: "$") { i += 1 }
                tokens.append(SQLToken(kind: i > start + 1 ? .parameter : .symbol, text: text(start + 1..<i), offset: start))
            case UInt8(ascii: "?"):
                i += 1
                while i < bytes.count && isDigit(bytes[i]) { i += 1 }
                tokens.append(SQLToken(kind: .positional, text: text(start..<i), offset: start))
            case _ where (byte | 0x20) == UInt8(ascii: "x") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "'"):
                i += 2
                while i < bytes.count && bytes[i] != UInt8(ascii: "'") { i += 1 }
                i = min(i + 1, bytes.count)
                tokens.append(SQLToken(kind: .blob, text: text(start..<i), offset: start))
            case _ where isDigit(byte) || (byte == UInt8(ascii: ".") && i + 1 < bytes.count && isDigit(bytes[i + 1])):
                i += 1
                while i < bytes.count && (isWordByte(bytes[i]) || bytes[i] == UInt8(ascii: ".")
                    || ((bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) && (bytes[i - 1] | 0x20) == UInt8(ascii: "e"))) {
                    i += 1
                }
                tokens.append(SQLToken(kind: .number, text: text(start..<i), offset: start))
            case _ where isWordByte(byte):
                while i < bytes.count && isWordByte(bytes[i]) { i += 1 }
                tokens.append(SQLToken(kind: .word, text: text(start..<i), offset: start))
            default:
                let two = i + 1 < bytes.count ? text(i..<i + 2) : ""
                let length = ["<>", "!=", "<=", ">=", "==", "||", "<<", ">>", "->"].contains(two) ? 2 : 1
                i += length
                if two == "->", i < bytes.count, bytes[i] == UInt8(ascii: ">") { i += 1 }
                tokens.append(SQLToken(kind: .symbol, text: text(start..<i), offset: start))
            }
        }
        return tokens
    }
}
