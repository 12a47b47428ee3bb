import DAOGenRuntime

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

/// The tokens of an SQL statement as the Query stage reads them: ``SQLLexer``'s tokens, without
/// white space and comments, with their text decoded (quotes and sigils removed).
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
        return SQLLexer.tokens(sql).map { token in
            let range = token.range
            let first = bytes[range.lowerBound]
            switch token.kind {
            case .string, .quotedName:
                // The value between the quotes, a doubled quote read as one (`[..]` has none).
                let close = first == UInt8(ascii: "[") ? UInt8(ascii: "]") : first
                let body = bytes[(range.lowerBound + 1)..<(token.isUnterminated ? range.upperBound : range.upperBound - 1)]
                var value: [UInt8] = []
                var index = body.startIndex
                while index < body.endIndex {
                    value.append(body[index])
                    index += body[index] == close && close != UInt8(ascii: "]") ? 2 : 1
                }
                let kind: SQLToken.Kind = token.kind == .string ? .string : .quotedName
                return SQLToken(kind: kind, text: String(decoding: value, as: UTF8.self), offset: range.lowerBound)
            case .parameter where first == UInt8(ascii: "?"):
                return SQLToken(kind: .positional, text: SQLLexer.text(range, in: bytes), offset: range.lowerBound)
            case .parameter where range.count > 1:
                return SQLToken(kind: .parameter, text: SQLLexer.text(range.dropFirst(), in: bytes), offset: range.lowerBound)
            case .word, .number, .blob:
                let kind: SQLToken.Kind = token.kind == .word ? .word : token.kind == .number ? .number : .blob
                return SQLToken(kind: kind, text: SQLLexer.text(range, in: bytes), offset: range.lowerBound)
            case .parameter, .semicolon, .symbol, .space, .comment:
                return SQLToken(kind: .symbol, text: SQLLexer.text(range, in: bytes), offset: range.lowerBound)
            }
        }
    }
}
