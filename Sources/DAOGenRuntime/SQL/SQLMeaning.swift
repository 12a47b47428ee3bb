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

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    private static func lowered(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// A name as a token: bare when it is a plain identifier, else double-quoted.
    private static func nameToken(_ name: [UInt8]) -> String {
        let folded = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
        let plain = !folded.isEmpty && folded.allSatisfy(isWordByte) && !(folded[0] >= 0x30 && folded[0] <= 0x39)
        let text = String(decoding: folded, as: UTF8.self)
        return plain ? text : "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func tokens(_ bytes: [UInt8]) -> [Token] {
        var result: [Token] = []
        var index = 0
        let count = bytes.count
        /// The end of a quoted run opened at `start` and closed by `close` (doubled inside it unless `]`).
        func quotedEnd(_ close: UInt8, from start: Int) -> Int {
            var position = start + 1
            while position < count {
                if bytes[position] == close {
                    if close != UInt8(ascii: "]"), position + 1 < count, bytes[position + 1] == close {
                        position += 2
                        continue
                    }
                    return position + 1
                }
                position += 1
            }
            return count
        }
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
                index += 1
            case UInt8(ascii: "-") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < count, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index = min(index + 2, count)
            case UInt8(ascii: "'"):
                let end = quotedEnd(byte, from: index)
                result.append(Token(kind: .literal, text: String(decoding: bytes[index..<end], as: UTF8.self)))
                index = end
            case UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "["):
                let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : byte
                let end = quotedEnd(close, from: index)
                let closed = end - 1 > index && bytes[end - 1] == close
                var name: [UInt8] = []
                var position = index + 1
                while position < (closed ? end - 1 : end) {
                    name.append(bytes[position])
                    position += bytes[position] == close && close != UInt8(ascii: "]") ? 2 : 1
                }
                result.append(Token(kind: .word, text: nameToken(name)))
                index = end
            default:
                if (byte == UInt8(ascii: "x") || byte == UInt8(ascii: "X")) && index + 1 < count && bytes[index + 1] == UInt8(ascii: "'") {
                    let end = quotedEnd(UInt8(ascii: "'"), from: index + 1)
                    result.append(Token(kind: .literal, text: lowered(bytes[index..<end])))
                    index = end
                } else if (byte >= 0x30 && byte <= 0x39) || (byte == UInt8(ascii: ".") && index + 1 < count && bytes[index + 1] >= 0x30 && bytes[index + 1] <= 0x39) {
                    var end = index + 1
                    while end < count {
                        let next = bytes[end]
                        if isWordByte(next) || next == UInt8(ascii: ".") {
                            end += 1
                        } else if (next == UInt8(ascii: "+") || next == UInt8(ascii: "-")), bytes[end - 1] | 0x20 == UInt8(ascii: "e"),
                                  !(bytes[index] == UInt8(ascii: "0") && index + 1 < count && bytes[index + 1] | 0x20 == UInt8(ascii: "x")) {
                            end += 1
                        } else {
                            break
                        }
                    }
                    result.append(Token(kind: .literal, text: lowered(bytes[index..<end])))
                    index = end
                } else if isWordByte(byte) {
                    var end = index + 1
                    while end < count, isWordByte(bytes[end]) { end += 1 }
                    result.append(Token(kind: .word, text: lowered(bytes[index..<end])))
                    index = end
                } else {
                    var text = String(UnicodeScalar(byte))
                    if index + 1 < count {
                        let pair = String(decoding: bytes[index...(index + 1)], as: UTF8.self)
                        if ["||", "<=", ">=", "==", "!=", "<>", "<<", ">>", "->"].contains(pair) {
                            text = pair
                            if pair == "->", index + 2 < count, bytes[index + 2] == UInt8(ascii: ">") { text = "->>" }
                        }
                    }
                    index += text.utf8.count
                    if text == "==" { text = "=" } else if text == "<>" { text = "!=" }
                    result.append(Token(kind: .symbol, text: text))
                }
            }
        }
        while result.last?.text == ";" { result.removeLast() }
        return result
    }
}
