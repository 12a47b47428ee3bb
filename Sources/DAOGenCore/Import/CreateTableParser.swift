import DAOGenRuntime

/// Reads what SQLite's pragmas do not report from a `CREATE TABLE` or `CREATE INDEX` statement as
/// `sqlite_schema` stores it: column COLLATE, AUTOINCREMENT, CHECK constraints, DEFERRABLE
/// references, `WITHOUT ROWID` / `STRICT`, and an index's WHERE. Only top-level tokens are looked
/// at, so a keyword inside a string, a quoted name or a parenthesized expression is never mistaken
/// for a clause. Tokens are ``SQLLexer``'s, as SQLite reads them.
struct CreateTableParser {
    /// One token of SQL, with its place in the source.
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
        /// UTF-8 offsets in the source, `start..<end`.
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
        let source = Array(sql.utf8)
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
        let source = Array(sql.utf8)
        let tokens = tokenize(source)
        var depth = 0
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .open: depth += 1
            case .close: depth -= 1
            default:
                if depth == 0, token.keyword == "WHERE", index + 1 < tokens.count {
                    let text = String(decoding: source[tokens[index + 1].start..<tokens[tokens.count - 1].end], as: UTF8.self)
                    return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(separator: " ")
                }
            }
        }
        return nil
    }

    private static let tableConstraintKeywords: Set<String> = ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"]

    private mutating func parse(item: [Token], source: [UInt8]) {
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
    private static func group(after index: Int, in item: [Token], source: [UInt8]) -> (String, Int)? {
        guard index + 1 < item.count, item[index + 1].kind == .open else { return nil }
        var depth = 0
        for position in (index + 1)..<item.count {
            switch item[position].kind {
            case .open: depth += 1
            case .close:
                depth -= 1
                if depth == 0 {
                    guard position > index + 2 else { return ("", position + 1) }
                    let text = String(decoding: source[item[index + 2].start..<item[position - 1].end], as: UTF8.self)
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

    /// The tokens of `source` (UTF-8); comments and white space are dropped.
    static func tokenize(_ source: [UInt8]) -> [Token] {
        source.withUnsafeBufferPointer { SQLLexer.tokens(in: $0) }.map { token in
            let text = SQLLexer.text(token.range, in: source)
            let kind: Token.Kind
            var value = text
            switch token.kind {
            case .word: kind = .word
            case .quotedName:
                kind = .quoted
                let open = source[token.range.lowerBound]
                value = String(text.dropFirst().dropLast(token.isUnterminated ? 0 : 1))
                if open != UInt8(ascii: "[") {
                    let quote = String(UnicodeScalar(open))
                    value = value.replacingOccurrences(of: quote + quote, with: quote)
                }
            case .symbol where text == "(": kind = .open
            case .symbol where text == ")": kind = .close
            case .symbol where text == ",": kind = .comma
            default: kind = .other
            }
            return Token(kind: kind, text: value, start: token.range.lowerBound, end: token.range.upperBound)
        }
    }
}
