import DAOGenRuntime

extension SchemaVerifier {
    /// Creates the views and triggers of `version` after its tables and indexes; false when one failed,
    /// reported at its `sql:` with SQLite's message.
    mutating func createViewsAndTriggers(_ version: Int, in database: Database) -> Bool {
        var succeeded = true
        for view in schema.views(at: version) {
            do {
                try database.execute(SQLWriter.createView(view, at: version))
                // SQLite checks a view's names when it is used, not when it is created.
                try database.execute("SELECT * FROM \(SQLWriter.quote(view.name(at: version))) LIMIT 0")
            } catch {
                succeeded = false
                diagnostics.error(
                    "SQLite rejects view '\(view.name(at: version))' at version \(version): \((error as? DatabaseError)?.message ?? "\(error)")",
                    at: view.location(of: "sql"))
            }
        }
        for trigger in schema.triggers(at: version) {
            do {
                try database.execute(trigger.sql)
            } catch {
                succeeded = false
                diagnostics.error(
                    "SQLite rejects trigger '\(trigger.name)' at version \(version): \((error as? DatabaseError)?.message ?? "\(error)")",
                    at: trigger.location(of: "sql"))
            }
        }
        return succeeded
    }
}
