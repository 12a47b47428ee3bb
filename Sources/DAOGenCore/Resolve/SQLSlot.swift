import DAOGenRuntime

/// Checks that SQL text written into a slot of a generated statement stays in that slot.
///
/// A `check:`, `default:` or index `where:` is pasted into DDL inside parentheses, and a `type:`
/// after a column name. Text that closes the parenthesis early, ends the statement, or starts a
/// comment could add columns, constraints or whole statements to what the generated `open()` runs.
/// An expression is therefore accepted only when its parentheses balance (so wrapping it in
/// parentheses contains it), and when it holds no `;` and no comment outside string literals and
/// quoted names; a type only when it is a type name as SQLite's grammar has it. The text is read by
/// ``SQLLexer``, as SQLite reads it, inside the parentheses it is pasted into: a token that would run
/// on into the SQL after the slot (`'open`, `/*` at the end, `$a(x`) is refused.
enum SQLSlot {
    /// Why `sql` cannot be one expression in a slot, or nil when it can.
    static func expressionProblem(_ sql: String) -> String? {
        let wrapped = Array(("(" + sql + ")").utf8)
        let tokens = wrapped.withUnsafeBufferPointer { SQLLexer.tokens(in: $0, trivia: true) }
        if SQLLexer.tokens(sql, trivia: true).allSatisfy({ $0.kind == .space }) { return "it is empty" }
        var depth = 0
        for token in tokens {
            switch token.kind {
            case .semicolon: return "it holds ';': a slot takes one expression, never a further statement"
            case .comment: return "it holds an SQL comment, which would hide the rest of the generated statement"
            case .string where token.isUnterminated: return "it has an unterminated string literal"
            case .blob where token.isUnterminated: return "it has an unterminated blob literal"
            case .quotedName where token.isUnterminated:
                return wrapped[token.range.lowerBound] == UInt8(ascii: "[") ? "it has an unterminated [name]" : "it has an unterminated quoted name"
            case .symbol where token.range.count == 1 && wrapped[token.range.lowerBound] == UInt8(ascii: "("):
                depth += 1
            case .symbol where token.range.count == 1 && wrapped[token.range.lowerBound] == UInt8(ascii: ")"):
                depth -= 1
                // Only the wrapper's own `)`, the last byte, may close the wrapper's `(`.
                if depth == 0, token.range.upperBound != wrapped.count { return "it closes a parenthesis it did not open" }
            default: break
            }
        }
        // The last token is the wrapper's `)` unless the text ran into it (`$a(x` takes it in).
        guard depth == 0, tokens.last?.range == (wrapped.count - 1)..<wrapped.count else {
            return "it opens a parenthesis it does not close"
        }
        return nil
    }

    /// True when `sql` (a checked expression) is one parenthesized expression: its first `(` closes at its end.
    static func isParenthesized(_ sql: String) -> Bool {
        let bytes = Array(sql.utf8)
        let tokens = SQLLexer.tokens(sql)
        func isSymbol(_ token: SQLLexer.Token, _ symbol: UInt8) -> Bool {
            token.kind == .symbol && token.range.count == 1 && bytes[token.range.lowerBound] == symbol
        }
        guard let first = tokens.first, isSymbol(first, UInt8(ascii: "(")) else { return false }
        var depth = 0
        for (position, token) in tokens.enumerated() {
            if isSymbol(token, UInt8(ascii: "(")) {
                depth += 1
            } else if isSymbol(token, UInt8(ascii: ")")) {
                depth -= 1
                if depth == 0 { return position == tokens.count - 1 }
            }
        }
        return false
    }

    /// Keywords that end a type name in SQLite's grammar and start a column constraint instead.
    static let constraintKeywords: Set<String> = [
        "CONSTRAINT", "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES",
        "GENERATED", "AS",
    ]

    private static func constraintProblem(_ keyword: some StringProtocol) -> String {
        "'\(keyword)' starts a constraint, which has a key of its own (primaryKey, notNull, unique, default, check, collate, references)"
    }

    /// Why `type` is not one SQLite type name (`TEXT`, `VARCHAR(20)`, `UNSIGNED BIG INT`,
    /// `DECIMAL(10, 5)`), or nil when it is one. An empty type is valid: the column has none.
    static func typeNameProblem(_ type: String) -> String? {
        let bytes = Array(type.utf8)
        // Comments stay in: they are no part of a type name.
        let tokens = SQLLexer.tokens(type, trivia: true).filter { $0.kind != .space }
        var index = 0
        func isSymbol(_ symbol: String) -> Bool {
            index < tokens.count && tokens[index].kind == .symbol && SQLLexer.text(tokens[index].range, in: bytes) == symbol
        }
        /// A word of ASCII letters, digits and underscores, as SQLite's type names are written.
        func isTypeWord(_ token: SQLLexer.Token) -> Bool {
            token.kind == .word && bytes[token.range].allSatisfy { byte in
                byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            }
        }
        var words: [String] = []
        while index < tokens.count, isTypeWord(tokens[index]) {
            words.append(SQLLexer.text(tokens[index].range, in: bytes))
            index += 1
        }
        if let keyword = words.first(where: { constraintKeywords.contains($0.asciiUppercased()) }) {
            return constraintProblem(keyword)
        }
        if isSymbol("(") {
            guard !words.isEmpty else { return "a size needs a type name before it" }
            index += 1
            for number in 0..<2 {
                if isSymbol("+") || isSymbol("-") { index += 1 }
                guard index < tokens.count, tokens[index].kind == .number, !tokens[index].isIllegal else {
                    return "a size in parentheses must be one or two numbers"
                }
                index += 1
                if number == 0, isSymbol(",") {
                    index += 1
                    continue
                }
                break
            }
            guard isSymbol(")") else { return "a size in parentheses must be one or two numbers" }
            index += 1
        }
        return index == tokens.count ? nil : "it must be a type name such as TEXT, INTEGER or VARCHAR(20)"
    }
}
