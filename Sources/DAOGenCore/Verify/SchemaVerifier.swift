import DAOGenRuntime
import Foundation

/// Stage 4: builds every version in an in-memory SQLite database and prepares every generated statement,
/// so SQL that SQLite rejects is reported at the YAML node it came from.
struct SchemaVerifier {
    let schema: Schema
    var diagnostics = DiagnosticCollector()
    /// The schema of each version that was created without error, for the migration proof.
    var descriptions: [Int: SchemaDescription] = [:]

    init(schema: Schema) {
        self.schema = schema
    }

    /// Checks every version's SQL, then proves the migrations; returns the number of sample rows the proof used.
    /// Independent parts of the schema (see `TableGroups`) are checked separately, on every core.
    @discardableResult
    static func verify(_ schema: Schema) throws(DiagnosticsError) -> Int {
        let parts = TableGroups.split(schema)
        let results = PartResults(count: parts.count)
        DispatchQueue.concurrentPerform(iterations: parts.count) { index in
            results.store(verify(part: parts[index]), at: index)
        }
        var diagnostics = DiagnosticCollector()
        var rows = 0
        for result in results.all {
            diagnostics.append(contentsOf: result.diagnostics)
            rows += result.rows
        }
        try diagnostics.throwIfErrors()
        return rows
    }

    /// Verifies one independent part: its SQL at every version, then (when that is sound) its migrations.
    private static func verify(part: Schema) -> (diagnostics: [Diagnostic], rows: Int) {
        var verifier = SchemaVerifier(schema: part)
        verifier.verifyAllVersions()
        if verifier.diagnostics.hasErrors { return (verifier.diagnostics.diagnostics, 0) }
        // The planner is a pure function of the schema: the part's plan is the whole plan's steps for its tables.
        guard let plan = try? MigrationPlanner.plan(part) else { return ([], 0) }
        var proof = MigrationProof(schema: part, plan: plan, expected: verifier.descriptions)
        proof.prove()
        return (proof.diagnostics.diagnostics, proof.sampleRowCount)
    }

    mutating func verifyAllVersions() {
        for version in 1...schema.settings.version {
            guard let database = try? Database(path: ":memory:") else {
                diagnostics.error("cannot open an in-memory SQLite database to check the schema", at: nil)
                return
            }
            let created = createVersion(version, in: database)
            if created && version == schema.settings.version {
                prepareStatements(in: database)
            }
            if created {
                if version > 1 { descriptions[version] = try? SchemaDescription(database: database) }
                checkMigrations(for: version, in: database)
            }
        }
    }

    /// Creates every table and index of `version`; false when something failed.
    private mutating func createVersion(_ version: Int, in database: Database) -> Bool {
        var succeeded = true
        let tables = schema.tables.filter { $0.range.contains(version) }
        for table in tables {
            do {
                try database.execute(SQLWriter.createTable(table, at: version, in: schema))
            } catch {
                succeeded = false
                locateTableError(table, version: version, error: error, in: database)
            }
        }
        guard succeeded else { return false }
        for table in tables {
            for index in table.indexes(at: version) {
                do {
                    try database.execute(SQLWriter.createIndex(index, of: table, at: version))
                } catch {
                    succeeded = false
                    let location = index.whereSQL == nil ? index.location(of: "name") : index.location(of: "where")
                    diagnostics.error("SQLite rejects index '\(index.name)' at version \(version): \(message(of: error))", at: location)
                }
            }
        }
        return succeeded && createViewsAndTriggers(version, in: database)
    }

    /// Finds the expression that made CREATE TABLE fail by trying each one alone on a bare copy of the table.
    private mutating func locateTableError(_ table: Table, version: Int, error: Error, in database: Database) {
        let columns = table.columns(at: version)
        let bareColumns = columns.map { "\(SQLWriter.quote($0.name(at: version))) \($0.sqlType)" }.joined(separator: ", ")
        var found = false
        func probe(_ definition: String) -> String? {
            defer { try? database.execute("DROP TABLE IF EXISTS \"_daogen_probe\"") }
            do {
                try database.execute("CREATE TABLE \"_daogen_probe\" (\(definition))")
                return nil
            } catch {
                return message(of: error)
            }
        }
        for column in columns {
            if let defaultSQL = column.defaultSQL,
               let problem = probe("\(SQLWriter.quote(column.name(at: version))) \(column.sqlType) DEFAULT \(SQLWriter.defaultExpression(defaultSQL))") {
                // A bare word is a column name to SQLite; the YAML quotes around it were probably meant for SQL.
                let isWord = SwiftNaming.isIdentifier(defaultSQL.trimmingCharacters(in: .whitespaces))
                let hint = isWord ? "; for the text \(defaultSQL) write default: \"'\(defaultSQL)'\"" : ""
                diagnostics.error("invalid SQL in 'default' of column '\(column.name)': \(problem)\(hint)", at: column.location(of: "default"))
                found = true
            }
            if let check = column.check, let problem = probe("\(bareColumns), CHECK (\(check))") {
                diagnostics.error("invalid SQL in 'check' of column '\(column.name)': \(problem)", at: column.location(of: "check"))
                found = true
            }
        }
        for check in table.checks where check.range.contains(version) {
            if let problem = probe("\(bareColumns), CHECK (\(check.sql))") {
                diagnostics.error("invalid SQL in 'checks' of table '\(table.name)': \(problem)", at: check.location)
                found = true
            }
        }
        if !found {
            diagnostics.error(
                "SQLite rejects table '\(table.name(at: version))' at version \(version): \(message(of: error))",
                at: table.location(of: "name"))
        }
    }

    /// Prepares every statement the DAOs of the latest version run.
    private mutating func prepareStatements(in database: Database) {
        let version = schema.settings.version
        for table in schema.tables where table.range.contains(version) {
            let sql = TableStatements(table: table, version: version)
            var statements = [sql.insert, sql.selectAll + " LIMIT ?1 OFFSET ?2", sql.count, sql.deleteAll]
            if sql.hasPrimaryKey {
                statements += [sql.upsert, sql.deleteByKey, sql.findByKey, sql.update]
            }
            statements += sql.uniqueFinders.map { sql.find(by: $0) }
            statements += sql.indexFinders.map { sql.find(by: $0.columns) }
            for statement in statements {
                do {
                    try database.withStatement(sql: statement) { _ in }
                } catch {
                    diagnostics.error(
                        "SQLite rejects a statement generated for table '\(table.name)': \(message(of: error))",
                        at: table.location(of: "name"))
                }
            }
        }
    }

    /// Runs the explicit migration SQL of `version` on its (empty) schema and rolls it back, so syntax errors
    /// and unknown names show at generation time.
    private mutating func checkMigrations(for version: Int, in database: Database) {
        for migration in schema.migrations where migration.version == version {
            do {
                try database.execute("SAVEPOINT daogen_check")
                defer { try? database.execute("ROLLBACK TO daogen_check; RELEASE daogen_check") }
                try database.execute(migration.sql)
            } catch {
                diagnostics.error("invalid SQL in migration to version \(version): \(message(of: error))", at: migration.location)
            }
        }
    }

    private func message(of error: Error) -> String {
        (error as? DatabaseError)?.message ?? "\(error)"
    }
}

/// The results of the parts, written from several threads.
private final class PartResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [(diagnostics: [Diagnostic], rows: Int)]

    init(count: Int) {
        results = Array(repeating: ([], 0), count: count)
    }

    func store(_ result: (diagnostics: [Diagnostic], rows: Int), at index: Int) {
        lock.withLock { results[index] = result }
    }

    var all: [(diagnostics: [Diagnostic], rows: Int)] {
        lock.withLock { results }
    }
}
