/// What the tokens of one statement say about its tables: the parts of the statement that typing
/// parameters needs (result columns are typed on `SelectParser`'s syntax tree).
struct SQLShape {
    /// A table or view the statement names in FROM, JOIN, UPDATE, INSERT INTO or DELETE FROM.
    struct Source: Hashable {
        var name: String
        var alias: String?
        /// On the side of an outer join that may have no row (right of LEFT JOIN, left of RIGHT JOIN, FULL).
        var nullable: Bool
    }

    let tokens: [SQLToken]
    var sources: [Source] = []
    /// The target of INSERT INTO and its column list, when written.
    var insertTable: String?
    var insertColumns: [String] = []

    init(sql: String) {
        tokens = SQLTokenizer.tokens(sql)
        findSources()
    }

    /// The first keyword: SELECT, INSERT, UPDATE, DELETE, REPLACE, WITH, VALUES...
    var leadingKeyword: String? {
        tokens.first.map { $0.text.uppercased() }
    }

    /// The index of the token that closes the group opened at `open`, or the end.
    func closing(_ open: Int) -> Int {
        var depth = 0
        for index in open..<tokens.count {
            if tokens[index].isSymbol("(") { depth += 1 }
            if tokens[index].isSymbol(")") { depth -= 1; if depth == 0 { return index } }
        }
        return tokens.count
    }

    /// The index of the `(` enclosing token `index`, if any.
    func opening(before index: Int) -> Int? {
        var depth = 0
        var current = index - 1
        while current >= 0 {
            if tokens[current].isSymbol(")") { depth += 1 }
            if tokens[current].isSymbol("(") {
                if depth == 0 { return current }
                depth -= 1
            }
            current -= 1
        }
        return nil
    }

    private static let clauseEnds: Set<String> = [
        "WHERE", "GROUP", "ORDER", "LIMIT", "HAVING", "WINDOW", "UNION", "EXCEPT", "INTERSECT", "SET", "VALUES",
        "RETURNING", "ON", "USING", "DEFAULT", "SELECT", "DO",
    ]

    private mutating func findSources() {
        var inFrom = Set<Int>()  // depths with an open FROM clause
        var depth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.isSymbol("(") { depth += 1; index += 1; continue }
            if token.isSymbol(")") { inFrom.remove(depth); depth -= 1; index += 1; continue }
            let word = token.kind == .word ? token.text.uppercased() : ""
            if Self.clauseEnds.contains(word) { inFrom.remove(depth) }
            var startsSource = false
            var joinKind = ""
            switch word {
            case "FROM":
                inFrom.insert(depth)
                startsSource = true
            case "JOIN":
                startsSource = true
                let before = (max(0, index - 3)..<index).map { tokens[$0].text.uppercased() }
                if before.contains("LEFT") { joinKind = "LEFT" }
                if before.contains("RIGHT") { joinKind = "RIGHT" }
                if before.contains("FULL") { joinKind = "FULL" }
            case "UPDATE", "INTO":
                // `ON CONFLICT ... DO UPDATE SET` names no table.
                startsSource = !(index > 0 && tokens[index - 1].isKeyword("DO"))
            default:
                startsSource = token.isSymbol(",") && inFrom.contains(depth)
            }
            index += 1
            guard startsSource, index < tokens.count, tokens[index].isName || tokens[index].kind == .word else { continue }
            // `UPDATE OR REPLACE t`, `INSERT OR IGNORE INTO t`: skip the conflict clause.
            if tokens[index].isKeyword("OR"), index + 2 < tokens.count { index += 2 }
            var name = tokens[index].text
            index += 1
            if index + 1 < tokens.count, tokens[index].isSymbol("."), tokens[index + 1].isName {
                name = tokens[index + 1].text  // schema-qualified: main.book
                index += 2
            }
            if word != "INTO", index < tokens.count, tokens[index].isSymbol("(") { continue }  // a table-valued function
            var alias: String?
            if index + 1 < tokens.count, tokens[index].isKeyword("AS"), tokens[index + 1].isName {
                alias = tokens[index + 1].text
                index += 2
            } else if index < tokens.count, tokens[index].isName, !tokens[index].isKeyword("INDEXED") {
                alias = tokens[index].text
                index += 1
            }
            if word == "INTO", insertTable == nil {
                insertTable = name
                if index < tokens.count, tokens[index].isSymbol("(") {
                    let end = closing(index)
                    insertColumns = tokens[(index + 1)..<end].filter(\.isName).map(\.text)
                    index = end
                }
            }
            switch joinKind {
            case "RIGHT":
                for offset in sources.indices { sources[offset].nullable = true }
                sources.append(Source(name: name, alias: alias, nullable: false))
            case "FULL":
                for offset in sources.indices { sources[offset].nullable = true }
                sources.append(Source(name: name, alias: alias, nullable: true))
            default:
                sources.append(Source(name: name, alias: alias, nullable: joinKind == "LEFT"))
            }
        }
    }
}
