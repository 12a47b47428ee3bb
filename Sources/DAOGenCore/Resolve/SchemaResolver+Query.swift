extension SchemaResolver {
    static let queryKeys = ["name", "doc", "sql", "returns", "types", "params"]

    /// `queries:` of a table: each a mapping with a method name and one SQL statement.
    mutating func resolveQueries(_ node: YAMLNode) -> [Query] {
        guard let items = reader.list(node, key: "queries") else { return [] }
        var queries: [Query] = []
        for item in items {
            guard let query = resolveQuery(item) else { continue }
            if let first = queries.first(where: { $0.name == query.name }) {
                reader.diagnostics.error(
                    "query '\(query.name)' is declared twice (first at \(first.location(of: "name")))", at: query.location(of: "name"))
                continue
            }
            queries.append(query)
        }
        return queries
    }

    mutating func resolveQuery(_ node: YAMLNode) -> Query? {
        guard let values = reader.mapping(node, allowed: Self.queryKeys, what: "a query"),
              let nameNode = reader.required(values, "name", in: "query", at: node.location),
              let name = reader.name(nameNode, key: "name")
        else { return nil }
        guard SwiftNaming.isIdentifier(name), !SwiftNaming.keywords.contains(name), name.first?.isUppercase == false else {
            reader.diagnostics.error("query 'name' must be a lowerCamelCase Swift identifier, found '\(name)'", at: nameNode.location)
            return nil
        }
        guard let sqlNode = reader.required(values, "sql", in: "query '\(name)'", at: node.location),
              let written = reader.name(sqlNode, key: "sql")
        else { return nil }
        // Trailing whitespace (a block scalar's final line break) is not part of the SQL; leading
        // whitespace is kept so offsets into the SQL stay offsets into the YAML value.
        var sql = Substring(written)
        while let last = sql.last, last.isWhitespace { sql = sql.dropLast() }
        var returnsOne = false
        if let returnsNode = values["returns"], let returns = reader.choice(returnsNode, key: "returns", from: ["many", "one"]) {
            returnsOne = returns == "one"
        }
        return Query(
            name: name,
            doc: values["doc"].flatMap { reader.string($0, key: "doc") },
            sql: String(sql),
            returnsOne: returnsOne,
            resultTypes: values["types"].map { typeAnnotations($0, key: "types") } ?? [],
            parameterTypes: values["params"].map { typeAnnotations($0, key: "params") } ?? [],
            location: node.location,
            keyLocations: values.mapValues(\.location),
            sqlPlacement: sqlNode.placement)
    }

    /// `{ name: Type, ... }`; the types are checked by the query stage, which knows the schema's enums.
    mutating func typeAnnotations(_ node: YAMLNode, key: String) -> [TypeAnnotation] {
        guard let pairs = node.mapping else {
            reader.diagnostics.error("'\(key)' must be a mapping of names to Swift types, found \(node.kindDescription)", at: node.location)
            return []
        }
        var annotations: [TypeAnnotation] = []
        for (nameNode, typeNode) in pairs {
            guard let name = reader.name(nameNode, key: key), let written = reader.name(typeNode, key: key) else { continue }
            if annotations.contains(where: { $0.name == name }) {
                reader.diagnostics.error("'\(name)' is typed twice in '\(key)'", at: nameNode.location)
                continue
            }
            annotations.append(TypeAnnotation(name: name, written: written.trimmingBlanks(), location: typeNode.location))
        }
        return annotations
    }
}
