/// SQL reduced to what SQLite reads from it, so that two statements that differ only in how they are
/// written compare equal: the tokens, without whitespace and comments, with every identifier and keyword
/// in lower case and unquoted (SQLite compares names without regard to ASCII case or quoting), `==` as
/// `=`, `<>` as `!=`, and without a final `;`. String literals are kept exactly. The baseline check
/// compares views, triggers, partial index conditions and expression index terms this way.
enum SQLMeaning {
    /// The tokens of `sql` in their compared form. A name that is not a plain identifier keeps double
    /// quotes, so a token never looks like several.
    static func tokens(_ sql: String) -> [String] {
        tokens(Array(sql.utf8)).map(\.text)
    }

    /// `sql`'s compared tokens joined by single spaces: equal for two statements of one meaning.
    static func normalized(_ sql: String) -> String {
        tokens(sql).joined(separator: " ")
    }

    /// The condition of a partial index, normalized: the tokens after the `WHERE` that is outside every
    /// parenthesis, or nil.
    static func whereClause(ofCreateIndex sql: String) -> String? {
        let tokens = tokens(Array(sql.utf8))
        var depth = 0
        for (position, token) in tokens.enumerated() {
            if token.text == "(" { depth += 1 } else if token.text == ")" { depth -= 1 }
            if depth == 0, token.text == "where", token.kind == .word {
                return tokens[(position + 1)...].map(\.text).joined(separator: " ")
            }
        }
        return nil
    }

    /// The terms of a `CREATE INDEX` statement's column list, each normalized, in order; empty when the
    /// statement has none.
    static func indexTerms(ofCreateIndex sql: String) -> [String] {
        let tokens = tokens(Array(sql.utf8))
        guard let on = tokens.firstIndex(where: { $0.kind == .word && $0.text == "on" }),
              let open = tokens[on...].firstIndex(where: { $0.text == "(" })
        else { return [] }
        var terms: [String] = []
        var current: [String] = []
        var depth = 0
        for token in tokens[open...] {
            if token.text == "(" {
                depth += 1
                if depth == 1 { continue }
            } else if token.text == ")" {
                depth -= 1
                if depth == 0 { break }
            } else if token.text == ",", depth == 1 {
                terms.append(current.joined(separator: " "))
                current = []
                continue
            }
            current.append(token.text)
        }
        if !current.isEmpty { terms.append(current.joined(separator: " ")) }
        return terms
    }

    /// `text` with ASCII letters in lower case, as SQLite compares names.
    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// One compared token.
    struct Token {
        enum Kind { case word, literal, symbol }
        var kind: Kind
        var text: String
    }

    private static func lowered(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// A name as a token: bare when it is a plain identifier, else double-quoted.
    private static func nameToken(_ name: [UInt8]) -> String {
        let folded = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
        let plain = !folded.isEmpty && folded.allSatisfy(SQLLexer.isIdentifierByte) && !(folded[0] >= 0x30 && folded[0] <= 0x39)
            && folded[0] != UInt8(ascii: "$")
        let text = String(decoding: folded, as: UTF8.self)
        return plain ? text : "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The compared tokens of `bytes`, read by ``SQLLexer``.
    private static func tokens(_ bytes: [UInt8]) -> [Token] {
        var result: [Token] = []
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let token = SQLLexer.token(in: buffer, at: index)
                index = token.range.upperBound
                let text = bytes[token.range]
                switch token.kind {
                case .space, .comment:
                    continue
                case .string, .parameter:
                    result.append(Token(kind: .literal, text: String(decoding: text, as: UTF8.self)))
                case .blob, .number:
                    result.append(Token(kind: .literal, text: lowered(text)))
                case .word:
                    result.append(Token(kind: .word, text: lowered(text)))
                case .quotedName:
                    // The name without its quotes, doubled quotes undone (`[..]` has none).
                    let open = text.first!
                    let close = open == UInt8(ascii: "[") ? UInt8(ascii: "]") : open
                    var body = text.dropFirst()
                    if !token.isUnterminated { body = body.dropLast() }
                    var name: [UInt8] = []
                    var position = body.startIndex
                    while position < body.endIndex {
                        name.append(body[position])
                        position += body[position] == close && close != UInt8(ascii: "]") ? 2 : 1
                    }
                    result.append(Token(kind: .word, text: nameToken(name)))
                case .semicolon, .symbol:
                    var symbol = String(decoding: text, as: UTF8.self)
                    if symbol == "==" { symbol = "=" } else if symbol == "<>" { symbol = "!=" }
                    result.append(Token(kind: .symbol, text: symbol))
                }
            }
        }
        while result.last?.text == ";" { result.removeLast() }
        return result
    }
}
