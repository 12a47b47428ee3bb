/// Reads what SQLite's pragmas do not report from a `CREATE TABLE` or `CREATE INDEX` statement as
/// `sqlite_schema` stores it: column COLLATE, AUTOINCREMENT, CHECK constraints, DEFERRABLE
/// references, `WITHOUT ROWID` / `STRICT`, and an index's WHERE. Only top-level tokens are looked
/// at, so a keyword inside a string, a quoted name or a parenthesized expression is never mistaken
/// for a clause.
struct CreateTableParser {
    /// One lexical token of SQL, with its place in the source.
    struct Token {
        enum Kind: Equatable {
            /// A bare word: keyword or unquoted identifier.
            case word
            /// A quoted identifier (`"x"`, `[x]`, `` `x` ``); `text` holds the name unquoted.
            case quoted
            /// A string literal, a number, or any other character.
            case other
            case open, close, comma
        }

        var kind: Kind
        var text: String
        /// Character offsets in the source, `start..<end`.
        var start: Int
        var end: Int

        /// The word in upper case, or nil for anything but a bare word.
        var keyword: String? { kind == .word ? text.uppercased() : nil }
        /// The identifier this token names (bare or quoted), or nil.
        var name: String? { kind == .word || kind == .quoted || (kind == .other && text.hasPrefix("'")) ? unquotedName : nil }
        private var unquotedName: String {
            guard kind == .other, text.hasPrefix("'") else { return text }
            return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
    }

    /// What one column definition holds beyond the pragmas.
    struct ColumnClauses {
        var collate: String?
        var autoincrement = false
        var checks: [String] = []
        var deferrable = false
        /// The expression of `GENERATED ALWAYS AS (...)` (or `AS (...)`), as written.
        var generated: String?
        /// `STORED` after the generated expression (VIRTUAL otherwise).
        var stored = false
    }

    /// Column clauses by column name (as written, unquoted).
    var columns: [String: ColumnClauses] = [:]
    /// Table-level CHECK expressions, as written.
    var tableChecks: [String] = []
    /// Columns of table-level single-column FOREIGN KEY constraints marked DEFERRABLE INITIALLY DEFERRED.
    var deferrableForeignKeys: Set<String> = []
    /// `WITHOUT ROWID`.
    var withoutRowID = false
    /// `STRICT`.
    var strict = false

    /// Parses `sql`, a `CREATE TABLE` statement.
    init(createTable sql: String) {
        let source = Array(sql)
        let tokens = Self.tokenize(source)
        guard let open = tokens.firstIndex(where: { $0.kind == .open }) else { return }
        var depth = 0
        var itemStart = open + 1
        var items: [ArraySlice<Token>] = []
        var close = tokens.count
        for index in open..<tokens.count {
            switch tokens[index].kind {
            case .open: depth += 1
            case .close:
                depth -= 1
                if depth == 0 {
                    items.append(tokens[itemStart..<index])
                    close = index
                }
            case .comma where depth == 1:
                items.append(tokens[itemStart..<index])
                itemStart = index + 1
            default: break
            }
            if close != tokens.count { break }
        }
        let tail = tokens[min(close + 1, tokens.count)...].compactMap(\.keyword)
        withoutRowID = tail.contains("ROWID")
        strict = tail.contains("STRICT")
        for item in items {
            parse(item: Array(item), source: source)
        }
    }

    /// The WHERE of a `CREATE INDEX` statement, as written, or nil.
    static func whereClause(ofCreateIndex sql: String) -> String? {
        let source = Array(sql)
        let tokens = tokenize(source)
        var depth = 0
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .open: depth += 1
            case .close: depth -= 1
            default:
                if depth == 0, token.keyword == "WHERE", index + 1 < tokens.count {
                    let text = String(source[tokens[index + 1].start..<tokens[tokens.count - 1].end])
                    return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(separator: " ")
                        .trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    private static let tableConstraintKeywords: Set<String> = ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"]

    private mutating func parse(item: [Token], source: [Character]) {
        guard let first = item.first else { return }
        if let keyword = first.keyword, Self.tableConstraintKeywords.contains(keyword) {
            var index = keyword == "CONSTRAINT" ? 2 : 0
            while index < item.count {
                switch item[index].keyword {
                case "CHECK":
                    if let (text, next) = Self.group(after: index, in: item, source: source) {
                        tableChecks.append(text)
                        index = next
                        continue
                    }
                case "FOREIGN":
                    let columns = Self.groupNames(after: index + 1, in: item)
                    if columns.count == 1, Self.isDeferred(item) { deferrableForeignKeys.insert(columns[0]) }
                    return
                default: break
                }
                index += 1
            }
            return
        }
        guard let name = first.name else { return }
        var clauses = ColumnClauses()
        var depth = 0
        var index = 1
        while index < item.count {
            let token = item[index]
            switch token.kind {
            case .open: depth += 1
            case .close: depth -= 1
            default:
                guard depth == 0 else { break }
                switch token.keyword {
                case "COLLATE" where index + 1 < item.count:
                    clauses.collate = item[index + 1].name?.uppercased()
                case "AUTOINCREMENT":
                    clauses.autoincrement = true
                case "CHECK":
                    if let (text, next) = Self.group(after: index, in: item, source: source) {
                        clauses.checks.append(text)
                        index = next
                        continue
                    }
                case "AS":
                    if let (text, next) = Self.group(after: index, in: item, source: source) {
                        clauses.generated = text
                        clauses.stored = next < item.count && item[next].keyword == "STORED"
                        index = next
                        continue
                    }
                default: break
                }
            }
            index += 1
        }
        clauses.deferrable = Self.isDeferred(item)
        columns[name] = clauses
    }

    /// `DEFERRABLE INITIALLY DEFERRED` among the item's top-level words.
    private static func isDeferred(_ item: [Token]) -> Bool {
        let words = item.compactMap(\.keyword)
        guard let index = words.firstIndex(of: "DEFERRABLE"), index + 2 < words.count + 1 else { return false }
        return words.dropFirst(index + 1).prefix(2) == ["INITIALLY", "DEFERRED"] && !(index > 0 && words[index - 1] == "NOT")
    }

    /// The text inside the parenthesized group that follows `index`, and the index after its close.
    private static func group(after index: Int, in item: [Token], source: [Character]) -> (String, Int)? {
        guard index + 1 < item.count, item[index + 1].kind == .open else { return nil }
        var depth = 0
        for position in (index + 1)..<item.count {
            switch item[position].kind {
            case .open: depth += 1
            case .close:
                depth -= 1
                if depth == 0 {
                    guard position > index + 2 else { return ("", position + 1) }
                    let text = String(source[item[index + 2].start..<item[position - 1].end])
                    return (text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(separator: " "), position + 1)
                }
            default: break
            }
        }
        return nil
    }

    /// The names inside the group that follows `index` (`FOREIGN KEY (a, b)`).
    private static func groupNames(after index: Int, in item: [Token]) -> [String] {
        guard let open = item[index...].firstIndex(where: { $0.kind == .open }),
              let close = item[open...].firstIndex(where: { $0.kind == .close })
        else { return [] }
        return item[(open + 1)..<close].compactMap(\.name)
    }

    /// Splits SQL into tokens; comments and whitespace are dropped.
    static func tokenize(_ source: [Character]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        func scanQuoted(_ close: Character, from start: Int) -> Int {
            var position = start + 1
            while position < source.count {
                if source[position] == close {
                    if close != "]", position + 1 < source.count, source[position + 1] == close {
                        position += 2
                        continue
                    }
                    return position + 1
                }
                position += 1
            }
            return source.count
        }
        while index < source.count {
            let character = source[index]
            if character.isWhitespace {
                index += 1
            } else if character == "-", index + 1 < source.count, source[index + 1] == "-" {
                while index < source.count, source[index] != "\n" { index += 1 }
            } else if character == "/", index + 1 < source.count, source[index + 1] == "*" {
                index += 2
                while index + 1 < source.count, !(source[index] == "*" && source[index + 1] == "/") { index += 1 }
                index = min(index + 2, source.count)
            } else if character == "(" || character == ")" || character == "," {
                let kind: Token.Kind = character == "(" ? .open : character == ")" ? .close : .comma
                tokens.append(Token(kind: kind, text: String(character), start: index, end: index + 1))
                index += 1
            } else if character == "\"" || character == "`" || character == "[" {
                let end = scanQuoted(character == "[" ? "]" : character, from: index)
                var name = String(source[(index + 1)..<max(index + 1, end - 1)])
                if character != "[" { name = name.replacingOccurrences(of: String(repeating: character, count: 2), with: String(character)) }
                tokens.append(Token(kind: .quoted, text: name, start: index, end: end))
                index = end
            } else if character == "'" {
                let end = scanQuoted("'", from: index)
                tokens.append(Token(kind: .other, text: String(source[index..<end]), start: index, end: end))
                index = end
            } else if character.isLetter || character == "_" {
                var end = index
                while end < source.count, source[end].isLetter || source[end].isNumber || source[end] == "_" || source[end] == "$" { end += 1 }
                tokens.append(Token(kind: .word, text: String(source[index..<end]), start: index, end: end))
                index = end
            } else {
                var end = index + 1
                if character.isNumber {
                    while end < source.count, source[end].isNumber || source[end] == "." { end += 1 }
                }
                tokens.append(Token(kind: .other, text: String(source[index..<end]), start: index, end: end))
                index = end
            }
        }
        return tokens
    }
}
