extension SchemaResolver {
    static let viewKeys = ["name", "swiftName", "doc", "sql", "since", "until", "renamedFrom", "queries", "types"]
    static let triggerKeys = ["name", "sql", "since", "until"]

    mutating func resolveView(_ node: YAMLNode) -> View? {
        guard let values = reader.mapping(node, allowed: Self.viewKeys, what: "a view"),
              let nameNode = reader.required(values, "name", in: "view", at: node.location),
              let name = reader.name(nameNode, key: "name"),
              let sqlNode = reader.required(values, "sql", in: "view '\(name)'", at: node.location),
              let written = reader.name(sqlNode, key: "sql"),
              let sql = oneStatement(written, at: sqlNode, in: "view '\(name)'", what: "a view is one SELECT statement (daogen writes CREATE VIEW around it)")
        else { return nil }
        if SQLTokenizer.tokens(sql).first.map({ $0.isKeyword("SELECT") || $0.isKeyword("WITH") || $0.isKeyword("VALUES") }) != true {
            reader.diagnostics.error("view '\(name)': 'sql' must be a SELECT statement (daogen writes CREATE VIEW around it)", at: sqlNode.location)
            return nil
        }
        let range = versionRange(values, enclosing: nil, what: "view")
        var view = View(
            name: name, swiftName: defaultTypeName(for: name), doc: values["doc"].flatMap { reader.string($0, key: "doc") },
            sql: sql, range: range, renamedFrom: rename(values, range: range),
            location: node.location, keyLocations: values.mapValues(\.location))
        view.sqlPlacement = sqlNode.placement
        view.resultTypes = values["types"].map { typeAnnotations($0, key: "types") } ?? []
        // Checked with the other Swift names, once the whole schema is known (`SchemaValidator`).
        if let node = values["swiftName"], let swiftName = reader.name(node, key: "swiftName") {
            view.swiftName = swiftName
        }
        if let queriesNode = values["queries"] {
            if range.until != nil {
                reader.diagnostics.error(
                    "view '\(name)' has 'queries' but does not exist at the latest version; queries run at the latest version only",
                    at: queriesNode.location)
            } else {
                view.queries = resolveQueries(queriesNode)
            }
        }
        return view
    }

    mutating func resolveTrigger(_ node: YAMLNode) -> Trigger? {
        guard let values = reader.mapping(node, allowed: Self.triggerKeys, what: "a trigger"),
              let nameNode = reader.required(values, "name", in: "trigger", at: node.location),
              let name = reader.name(nameNode, key: "name"),
              let sqlNode = reader.required(values, "sql", in: "trigger '\(name)'", at: node.location),
              let written = reader.name(sqlNode, key: "sql"),
              let sql = oneStatement(written, at: sqlNode, in: "trigger '\(name)'", what: "a trigger is one CREATE TRIGGER statement")
        else { return nil }
        let tokens = SQLTokenizer.tokens(sql)
        let words = tokens.prefix(3)
        guard words.count == 3, words[0].isKeyword("CREATE"), words[1].isKeyword("TRIGGER"),
              words[2].isName || words[2].kind == .word
        else {
            reader.diagnostics.error("trigger '\(name)': 'sql' must be a CREATE TRIGGER statement", at: sqlNode.location)
            return nil
        }
        var nameIndex = 2
        if tokens[2].isKeyword("IF"), tokens.count > 5 { nameIndex = 5 }
        if tokens[nameIndex].text != name {
            reader.diagnostics.error(
                "trigger '\(name)': its CREATE TRIGGER statement names '\(tokens[nameIndex].text)'; the names must agree", at: sqlNode.location)
            return nil
        }
        return Trigger(
            name: name, sql: sql, range: versionRange(values, enclosing: nil, what: "trigger"),
            location: node.location, keyLocations: values.mapValues(\.location))
    }

    /// The one statement of `written`, the value of the `sql:` at `node`, trimmed to its tokens; nil, with
    /// an error at the second statement, when SQLite would run more than one (see `SQLStatements`).
    mutating func oneStatement(_ written: String, at node: YAMLNode, in owner: String, what: String) -> String? {
        let statements = SQLStatements.split(written)
        guard let first = statements.first else {
            reader.diagnostics.error("\(owner): 'sql' is empty", at: node.location)
            return nil
        }
        if statements.count > 1 {
            reader.diagnostics.error(
                "\(owner): 'sql' holds a second statement after ';'; \(what), and nothing may follow it",
                at: ScalarPlacement.location(ofOffset: statements[1].offset, in: written, placement: node.placement, node: node.location))
            return nil
        }
        return first.text
    }
}
