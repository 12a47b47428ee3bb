extension SchemaResolver {
    static let searchKeys = ["columns", "tokenizer", "since", "until"]
    static let virtualTableKeys = ["name", "sql", "since", "until"]

    /// `search:` of a table: one mapping, or a list of mappings for versions that index differently.
    mutating func resolveSearch(_ node: YAMLNode, tableRange: VersionRange) -> [TableSearch] {
        if node.mapping != nil { return resolveSearchDeclaration(node, tableRange: tableRange).map { [$0] } ?? [] }
        guard let items = reader.list(node, key: "search") else { return [] }
        return items.compactMap { resolveSearchDeclaration($0, tableRange: tableRange) }
    }

    private mutating func resolveSearchDeclaration(_ node: YAMLNode, tableRange: VersionRange) -> TableSearch? {
        guard let values = reader.mapping(node, allowed: Self.searchKeys, what: "a search"),
              let columnsNode = reader.required(values, "columns", in: "search", at: node.location),
              let columns = columnList(columnsNode, key: "columns")
        else { return nil }
        var tokenizer: String?
        if let tokenizerNode = values["tokenizer"], let written = reader.name(tokenizerNode, key: "tokenizer") {
            if written.contains("'") || written.contains("\"") || written.contains(";") {
                reader.diagnostics.error(
                    "'tokenizer' is FTS5's tokenize argument without quotes (such as porter unicode61 or trigram), found \(written)",
                    at: tokenizerNode.location)
            } else {
                tokenizer = written
            }
        }
        return TableSearch(
            columns: columns, tokenizer: tokenizer, range: versionRange(values, enclosing: tableRange, what: "search"),
            location: node.location, keyLocations: values.mapValues(\.location))
    }

    /// A `virtualTables:` item: a name and its `CREATE VIRTUAL TABLE` statement, versioned like a view.
    mutating func resolveVirtualTable(_ node: YAMLNode) -> VirtualTable? {
        guard let values = reader.mapping(node, allowed: Self.virtualTableKeys, what: "a virtual table"),
              let nameNode = reader.required(values, "name", in: "virtual table", at: node.location),
              let name = reader.name(nameNode, key: "name"),
              let sqlNode = reader.required(values, "sql", in: "virtual table '\(name)'", at: node.location),
              let written = reader.name(sqlNode, key: "sql"),
              let sql = oneStatement(written, at: sqlNode, in: "virtual table '\(name)'", what: "a virtual table is one CREATE VIRTUAL TABLE statement")
        else { return nil }
        let tokens = SQLTokenizer.tokens(sql)
        guard tokens.count >= 6, tokens[0].isKeyword("CREATE"), tokens[1].isKeyword("VIRTUAL"), tokens[2].isKeyword("TABLE") else {
            reader.diagnostics.error("virtual table '\(name)': 'sql' must be a CREATE VIRTUAL TABLE statement", at: sqlNode.location)
            return nil
        }
        var nameIndex = 3
        if tokens[3].isKeyword("IF"), tokens.count > 8 { nameIndex = 6 }
        guard let using = tokens[(nameIndex + 1)...].firstIndex(where: { $0.isKeyword("USING") }), using == nameIndex + 1,
              using + 1 < tokens.count
        else {
            reader.diagnostics.error(
                "virtual table '\(name)': 'sql' must be CREATE VIRTUAL TABLE name USING module(...)", at: sqlNode.location)
            return nil
        }
        if tokens[nameIndex].text != name {
            reader.diagnostics.error(
                "virtual table '\(name)': its CREATE VIRTUAL TABLE statement names '\(tokens[nameIndex].text)'; the names must agree",
                at: sqlNode.location)
            return nil
        }
        return VirtualTable(
            name: name, module: tokens[using + 1].text.lowercased(), sql: sql,
            range: versionRange(values, enclosing: nil, what: "virtual table"),
            location: node.location, keyLocations: values.mapValues(\.location))
    }
}
