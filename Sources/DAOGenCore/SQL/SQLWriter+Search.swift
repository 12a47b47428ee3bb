extension SQLWriter {
    /// A trigger that keeps a `search:` index in step with its table.
    struct SearchTrigger: Equatable {
        /// `<table>_fts_ai`, `_ad`, `_au`.
        var name: String
        /// The `CREATE TRIGGER` statement.
        var sql: String
    }

    /// The `CREATE VIRTUAL TABLE` of `table`'s `search:` at `version`, nil when it has none then: an
    /// external-content FTS5 table `<table>_fts` on the table's rowid (SQLite's FTS5 documentation,
    /// section 4.4.3), with the tokenizer written, if any.
    static func createSearchIndex(of table: Table, at version: Int) -> String? {
        guard let search = table.search(at: version) else { return nil }
        return createSearchIndex(
            named: table.searchIndexName(at: version), table: table.name(at: version),
            columns: columnNames(of: search, in: table, at: version), tokenizer: search.tokenizer)
    }

    /// The `CREATE VIRTUAL TABLE` of the FTS5 index `index` over `columns` of `table`.
    static func createSearchIndex(named index: String, table: String, columns: [String], tokenizer: String?) -> String {
        var arguments = columns.map(quote)
        arguments.append("content = " + literal(table))
        if let tokenizer { arguments.append("tokenize = " + literal(tokenizer)) }
        return "CREATE VIRTUAL TABLE \(quote(index)) USING fts5(\(arguments.joined(separator: ", ")))"
    }

    /// The three triggers that keep `table`'s `search:` index in step at `version` (none when it has no
    /// index then): after an insert the new row is indexed, after a delete the old one is removed (an
    /// external-content index is told the old values: FTS5's `'delete'` command), after an update both.
    static func searchTriggers(of table: Table, at version: Int) -> [SearchTrigger] {
        guard let search = table.search(at: version) else { return [] }
        return searchTriggers(
            index: table.searchIndexName(at: version), table: table.name(at: version), columns: columnNames(of: search, in: table, at: version))
    }

    /// The three triggers that keep the FTS5 index `index` over `columns` of `table` in step.
    static func searchTriggers(index name: String, table: String, columns names: [String]) -> [SearchTrigger] {
        let index = quote(name)
        let tableName = quote(table)
        let columns = names.map(quote)
        let list = columns.joined(separator: ", ")
        func values(_ row: String) -> String { columns.map { "\(row).\($0)" }.joined(separator: ", ") }
        let insert = "INSERT INTO \(index) (\"rowid\", \(list)) VALUES (new.\"rowid\", \(values("new")));"
        let delete = "INSERT INTO \(index) (\(index), \"rowid\", \(list)) VALUES ('delete', old.\"rowid\", \(values("old")));"
        func trigger(_ suffix: String, _ event: String, _ body: String) -> SearchTrigger {
            let triggerName = name + "_" + suffix
            return SearchTrigger(name: triggerName, sql: "CREATE TRIGGER \(quote(triggerName)) AFTER \(event) ON \(tableName) BEGIN \(body) END")
        }
        return [
            trigger("ai", "INSERT", insert),
            trigger("ad", "DELETE", delete),
            trigger("au", "UPDATE", delete + " " + insert),
        ]
    }

    /// FTS5's `'rebuild'` command: empties the index of `name` and fills it again from every row of its table.
    static func rebuildSearchIndex(named name: String) -> String {
        "INSERT INTO \(quote(name)) (\(quote(name))) VALUES ('rebuild')"
    }

    /// `DROP TABLE` of a virtual table, which drops its shadow tables too.
    static func dropVirtualTable(named name: String) -> String {
        "DROP TABLE IF EXISTS \(quote(name))"
    }

    /// The SQL names at `version` of the columns `search` indexes, in its order.
    static func columnNames(of search: TableSearch, in table: Table, at version: Int) -> [String] {
        search.columns.map { table.sqlName(ofColumn: $0, at: version) }
    }

    /// The statements that create the virtual tables of `version`: those declared in `virtualTables:`,
    /// then the FTS5 tables of `search:`, in declaration order.
    static func virtualTableStatements(for schema: Schema, at version: Int) -> [String] {
        schema.virtualTables(at: version).map(\.sql) + schema.tables.compactMap { createSearchIndex(of: $0, at: version) }
    }

    /// The triggers that keep the `search:` indexes of `version` in step, in table order.
    static func searchTriggers(for schema: Schema, at version: Int) -> [SearchTrigger] {
        schema.tables.flatMap { searchTriggers(of: $0, at: version) }
    }
}
