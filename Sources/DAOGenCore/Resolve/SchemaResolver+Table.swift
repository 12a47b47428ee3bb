extension SchemaResolver {
    static let tableKeys = [
        "name", "swiftName", "doc", "since", "until", "renamedFrom", "withoutRowID", "strict", "columns",
        "primaryKey", "unique", "checks", "indexes", "queries", "search",
    ]

    mutating func resolveTable(_ node: YAMLNode) -> Table? {
        guard let values = reader.mapping(node, allowed: Self.tableKeys, what: "a table"),
              let nameNode = reader.required(values, "name", in: "table", at: node.location),
              let name = reader.name(nameNode, key: "name")
        else { return nil }
        var keyLocations = values.mapValues(\.location)
        keyLocations["table"] = node.location

        let range = versionRange(values, enclosing: nil, what: "table")
        var table = Table(
            name: name,
            swiftName: defaultTypeName(for: name),
            doc: values["doc"].flatMap { reader.string($0, key: "doc") },
            range: range,
            renamedFrom: rename(values, range: range),
            withoutRowID: values["withoutRowID"].flatMap { reader.bool($0, key: "withoutRowID") } ?? false,
            strict: values["strict"].flatMap { reader.bool($0, key: "strict") } ?? false,
            columns: [],
            primaryKey: nil,
            uniqueConstraints: [],
            checks: [],
            indexes: [],
            location: node.location,
            keyLocations: keyLocations)

        // Checked with the other Swift names, once the whole schema is known (`SchemaValidator`).
        if let node = values["swiftName"], let swiftName = reader.name(node, key: "swiftName") {
            table.swiftName = swiftName
        }
        if let columnsNode = reader.required(values, "columns", in: "table '\(name)'", at: node.location),
           let items = reader.list(columnsNode, key: "columns") {
            if items.isEmpty {
                reader.diagnostics.error("table '\(name)' has no columns", at: columnsNode.location)
            }
            table.columns = items.compactMap { resolveColumn($0, tableRange: range, hasRowID: !table.withoutRowID) }
        }
        if let keyNode = values["primaryKey"] {
            table.primaryKey = columnList(keyNode, key: "primaryKey")
        }
        if let uniqueNode = values["unique"], let items = reader.list(uniqueNode, key: "unique") {
            table.uniqueConstraints = items.compactMap { columnList($0, key: "unique") }
        }
        if let checksNode = values["checks"], let items = reader.list(checksNode, key: "checks") {
            table.checks = items.compactMap { resolveCheck($0, tableRange: range) }
        }
        if let indexesNode = values["indexes"], let items = reader.list(indexesNode, key: "indexes") {
            table.indexes = items.compactMap { resolveIndex($0, tableRange: range) }
        }
        if let searchNode = values["search"] {
            table.search = resolveSearch(searchNode, tableRange: range)
        }
        if let queriesNode = values["queries"] {
            if range.until != nil {
                reader.diagnostics.error(
                    "table '\(name)' has 'queries' but does not exist at the latest version; queries run at the latest version only",
                    at: queriesNode.location)
            } else {
                table.queries = resolveQueries(queriesNode)
            }
        }
        return table
    }

    /// UpperCamelCase of the name without `stripPrefix`.
    func defaultTypeName(for name: String) -> String {
        var base = name
        if let prefix = settings.stripPrefix, base.hasPrefix(prefix), base.count > prefix.count {
            base.removeFirst(prefix.count)
        }
        return SwiftNaming.upperCamelCase(base)
    }

    /// A list of column names, or a single name standing for a one-column list.
    mutating func columnList(_ node: YAMLNode, key: String) -> [String]? {
        if node.scalar != nil, !node.isNull {
            return reader.name(node, key: key).map { [$0] }
        }
        guard let items = reader.list(node, key: key) else { return nil }
        if items.isEmpty {
            reader.diagnostics.error("'\(key)' must name at least one column", at: node.location)
            return nil
        }
        let names = items.compactMap { reader.name($0, key: key) }
        return names.count == items.count ? names : nil
    }

    /// `"expr"`, or `{ sql: "expr", since: 3 }` for a constraint that applies to some versions only.
    mutating func resolveCheck(_ node: YAMLNode, tableRange: VersionRange) -> TableCheck? {
        if node.mapping == nil {
            return expression(node, key: "checks", of: "a table").map { TableCheck(sql: $0, range: tableRange, location: node.location) }
        }
        guard let values = reader.mapping(node, allowed: ["sql", "since", "until"], what: "a check"),
              let sqlNode = reader.required(values, "sql", in: "check", at: node.location),
              let sql = expression(sqlNode, key: "sql", of: "a check")
        else { return nil }
        return TableCheck(sql: sql, range: versionRange(values, enclosing: tableRange, what: "check"), location: sqlNode.location)
    }

    static let indexKeys = ["name", "columns", "unique", "where", "since", "until", "renamedFrom"]

    mutating func resolveIndex(_ node: YAMLNode, tableRange: VersionRange) -> Index? {
        guard let values = reader.mapping(node, allowed: Self.indexKeys, what: "an index"),
              let nameNode = reader.required(values, "name", in: "index", at: node.location),
              let name = reader.name(nameNode, key: "name"),
              let columnsNode = reader.required(values, "columns", in: "index '\(name)'", at: node.location),
              let terms = columnList(columnsNode, key: "columns")
        else { return nil }
        var columns: [IndexedColumn] = []
        for term in terms {
            guard let column = IndexedColumn(term: term) else {
                reader.diagnostics.error(
                    "index column '\(term)' must be a column name, optionally followed by COLLATE name and ASC or DESC",
                    at: columnsNode.location)
                return nil
            }
            columns.append(column)
        }
        let range = versionRange(values, enclosing: tableRange, what: "index")
        return Index(
            name: name,
            columns: columns,
            unique: values["unique"].flatMap { reader.bool($0, key: "unique") } ?? false,
            whereSQL: values["where"].flatMap { expression($0, key: "where", of: "index '\(name)'") },
            range: range,
            renamedFrom: rename(values, range: range),
            location: node.location,
            keyLocations: values.mapValues(\.location))
    }
}

extension IndexedColumn {
    /// Parses `name`, `name DESC`, `name COLLATE NOCASE ASC`; nil for anything else.
    init?(term: String) {
        var words = term.split(separator: " ").map(String.init)
        guard let name = words.first else { return nil }
        words.removeFirst()
        var descending = false
        if let last = words.last?.uppercased(), last == "ASC" || last == "DESC" {
            descending = last == "DESC"
            words.removeLast()
        }
        var collate: String?
        if words.count == 2, words[0].uppercased() == "COLLATE" {
            collate = words[1].uppercased()
            words.removeAll()
        }
        guard words.isEmpty, SwiftNaming.words(name).joined() != "" else { return nil }
        self.init(name: name, collate: collate, descending: descending)
    }
}
