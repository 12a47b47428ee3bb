import DAOGenRuntime

extension SchemaVerifier {
    /// Creates the views and triggers of `version` after its tables and indexes, then checks that each
    /// works (`ViewAndTriggerCheck`); false when one failed, reported at its `sql:` with SQLite's message.
    mutating func createViewsAndTriggers(_ version: Int, in database: Database) -> Bool {
        var succeeded = createVirtualTables(version, in: database)
        var viewsCreated = true
        for view in schema.views(at: version) {
            do {
                try database.execute(SQLWriter.createView(view, at: version))
            } catch {
                succeeded = false
                viewsCreated = false
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
        succeeded = createSearchTriggers(version, in: database) && succeeded
        // A trigger that was not created is not checked; a view that was not created would only fail again.
        guard viewsCreated else { return false }
        for problem in ViewAndTriggerCheck.problems(of: schema, at: version, in: database, after: "") {
            succeeded = false
            diagnostics.error(problem.message, at: problem.location)
        }
        return succeeded
    }
}

/// Checks that the views and triggers of a version work in a database at that version.
///
/// SQLite checks the names a view or a trigger's body uses only when the view is read or the trigger
/// fires, not when it is created (nor when a migration drops or renames what they use). So each view
/// is read (`SELECT * ... LIMIT 0`), and each trigger is compiled by preparing, without running, a
/// statement that fires it (`EXPLAIN`), with the other triggers dropped for the moment (inside a savepoint rolled
/// back at once) so that an error is the trigger's own.
enum ViewAndTriggerCheck {
    struct Problem {
        var message: String
        var location: SourceLocation
    }

    /// The views and triggers of `schema` at `version` that fail in `database`; `context` follows the
    /// version in messages (e.g. " after the migration from version 1").
    static func problems(of schema: Schema, at version: Int, in database: Database, after context: String) -> [Problem] {
        var problems: [Problem] = []
        for view in schema.views(at: version) {
            let name = view.name(at: version)
            do {
                _ = try database.rows("SELECT * FROM \(SQLWriter.quote(name)) LIMIT 0")
            } catch {
                problems.append(Problem(
                    message: "SQLite rejects view '\(name)' at version \(version)\(context): \(message(of: error))",
                    location: view.location(of: "sql")))
            }
        }
        let triggers = schema.triggers(at: version)
        for trigger in triggers {
            do {
                try database.execute("SAVEPOINT daogen_trigger_check")
                defer { try? database.execute("ROLLBACK TO daogen_trigger_check; RELEASE daogen_trigger_check") }
                for other in triggers where other.name != trigger.name {
                    try database.execute("DROP TRIGGER IF EXISTS \(SQLWriter.quote(other.name))")
                }
                // EXPLAIN compiles the statement, and the trigger programs it fires, without running it.
                for statement in try firingStatements(of: trigger, in: database) {
                    _ = try database.rows("EXPLAIN " + statement)
                }
            } catch {
                problems.append(Problem(
                    message: "SQLite rejects trigger '\(trigger.name)' at version \(version)\(context): \(message(of: error))",
                    location: trigger.location(of: "sql")))
            }
        }
        return problems
    }

    /// Statements that fire `trigger` (created in `database`): its event on its table or view.
    private static func firingStatements(of trigger: Trigger, in database: Database) throws -> [String] {
        guard let target = try database.rows(
            "SELECT tbl_name FROM sqlite_schema WHERE type = 'trigger' AND name = ?1", [.text(trigger.name)]
        ).first?.first, case let .text(table) = target else { return [] }
        let quoted = SQLWriter.quote(table)
        let tokens = SQLTokenizer.tokens(trigger.sql)
        // The event is the first of these words after the trigger's name (BEFORE, AFTER, INSTEAD OF come first).
        let event = tokens.dropFirst(3).first { $0.isKeyword("INSERT") || $0.isKeyword("UPDATE") || $0.isKeyword("DELETE") }
        switch event?.text.uppercased() {
        case "INSERT":
            return ["INSERT INTO \(quoted) DEFAULT VALUES"]
        case "DELETE":
            return ["DELETE FROM \(quoted)"]
        default:
            let columns = try database.rows("SELECT name FROM pragma_table_info(?1)", [.text(table)]).compactMap { row -> String? in
                if case let .text(name)? = row.first { return SQLWriter.quote(name) }
                return nil
            }
            guard !columns.isEmpty else { return [] }
            return ["UPDATE \(quoted) SET " + columns.map { "\($0) = \($0)" }.joined(separator: ", ")]
        }
    }

    private static func message(of error: Error) -> String {
        (error as? DatabaseError)?.message ?? "\(error)"
    }
}
