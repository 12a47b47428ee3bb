extension SQLWriter {
    /// `CREATE VIEW` for `view` as it is at `version`.
    static func createView(_ view: View, at version: Int) -> String {
        "CREATE VIEW \(quote(view.name(at: version))) AS \(view.sql)"
    }

    /// The statements that create the virtual tables, views and triggers of `version`, after its tables
    /// and indexes: virtual tables first (views and triggers may use them), the triggers of `search:` last.
    static func viewAndTriggerStatements(for schema: Schema, at version: Int) -> [String] {
        virtualTableStatements(for: schema, at: version)
            + schema.views(at: version).map { createView($0, at: version) } + schema.triggers(at: version).map(\.sql)
            + searchTriggers(for: schema, at: version).map(\.sql)
    }
}
