import DAOGenRuntime
import Foundation

/// Stage 4: builds every version in an in-memory SQLite database and prepares every generated statement,
/// so SQL that SQLite rejects is reported at the YAML node it came from.
struct SchemaVerifier {
    let schema: Schema
    /// The statements that create each version, shared with the other stages.
    let creation: CreationSQL
    /// The positions of `schema`'s tables in the schema `creation` was written for.
    let positions: [Int]
    var diagnostics = DiagnosticCollector()
    /// The schema of each version, as a freshly created database has it, for the migration proof.
    var expectedSchemas: [Int: SchemaDescription] = [:]
    /// Version 1 as created, for the migration proof to start from.
    var firstVersion: Database?
    /// The latest version as created, for the fingerprint.
    var latestVersion: CreatedFingerprint.Part?
    /// The fingerprinted older versions (`fingerprintedVersions(before:)`) as created, which the
    /// fingerprint migrates.
    var olderVersions: [Int: Database] = [:]

    /// The statements of each table's DAO at the latest version (Plan's), which it prepares.
    let statements: [DeclarationID: TableStatements]

    init(schema: Schema, creation: CreationSQL, positions: [Int], statements: [DeclarationID: TableStatements]) {
        self.schema = schema
        self.creation = creation
        self.positions = positions
        self.statements = statements
    }

    /// What verification found: the sample rows of the proof, and each part as created at the latest
    /// version and as migrated from the fingerprinted older versions.
    struct Verified: Sendable {
        /// The number of sample rows the migration proof used.
        var provedRowCount: Int
        /// Each part's database at the latest version, for the fingerprint.
        var latestParts: [CreatedFingerprint.Part]
        /// For each fingerprinted older version, each part's `sqlite_master` once migrated from it, in
        /// the order of `TableGroups.parts(of:)`.
        var migratedParts: [Int: [[MigratedMasterDigest.Entry]]]
    }

    /// Checks every version's SQL, then proves the migrations of `plan` (the planner's steps for
    /// `schema`). Independent parts of the schema (see `TableGroups`) are checked separately, on every core.
    @discardableResult
    static func verify(
        _ schema: Schema, plan: [Int: [MigrationStep]], creation: CreationSQL, statements: [DeclarationID: TableStatements]
    ) throws(DiagnosticsError) -> Verified {
        let parts = TableGroups.parts(of: schema)
        var diagnostics = DiagnosticCollector()
        var verified = Verified(provedRowCount: 0, latestParts: [], migratedParts: [:])
        let plans = steps(of: plan, for: parts.map(\.schema))
        let results = zip(parts, plans).map(PartToVerify.init).parallelMap { part in
            verify(part: part.part, plan: part.plan, creation: creation, statements: statements)
        }
        for result in results {
            diagnostics.append(contentsOf: result.diagnostics)
            verified.provedRowCount += result.rows
            if let latest = result.latest { verified.latestParts.append(latest) }
            for (older, entries) in result.migrated { verified.migratedParts[older, default: []].append(entries) }
        }
        try diagnostics.throwIfErrors()
        return verified
    }

    /// How many versions before the latest the fingerprint knows the migrated files of: a file created at
    /// one of them and migrated is confirmed at open by one query, an older one by its description. Each
    /// costs the generator the migration of an empty file from that version, part by part (`MigratedMasterDigest`;
    /// sixteen versions, migrated whole, cost 130% of the generation of 100 tables at version 10).
    static let fingerprintedOlderVersions = 2

    /// The versions before `latest` whose migrated files the fingerprint knows.
    static func fingerprintedVersions(before latest: Int) -> Range<Int> {
        max(1, latest - fingerprintedOlderVersions)..<latest
    }

    /// The fingerprint of the latest version: its digests as verification created it and migrated it
    /// from the fingerprinted older versions, in parts.
    static func fingerprint(
        of schema: Schema, creation: CreationSQL, plan: [Int: [MigrationStep]], verified: Verified
    ) -> SchemaFingerprint {
        let created = CreatedFingerprint.fingerprint(of: verified.latestParts, creation: creation.statements(at: schema.settings.version))
        let migrated = verified.migratedParts.keys.sorted().map { older in
            MigratedMasterDigest.digest(of: schema, from: older, creation: creation, plan: plan, parts: verified.migratedParts[older]!)
        }
        return SchemaFingerprint(masters: Array(Set(created.masters + migrated)), description: created.description)
    }

    private struct PartToVerify: Sendable {
        var part: TableGroups.Part
        /// The steps of the plan that belong to the part.
        var plan: [Int: [MigrationStep]]
        init(_ pair: (TableGroups.Part, [Int: [MigrationStep]])) { (part, plan) = pair }
    }

    /// Verifies one independent part: its SQL at every version, each created in a fresh database, then
    /// (when that is sound) its migrations, with row snapshots at every step; then migrates the part as
    /// created at the fingerprinted older versions, for the fingerprint.
    private static func verify(
        part: TableGroups.Part, plan: [Int: [MigrationStep]], creation: CreationSQL, statements: [DeclarationID: TableStatements]
    ) -> (diagnostics: [Diagnostic], rows: Int, latest: CreatedFingerprint.Part?, migrated: [Int: [MigratedMasterDigest.Entry]]) {
        var verifier = SchemaVerifier(schema: part.schema, creation: creation, positions: part.positions, statements: statements)
        verifier.verifyAllVersions()
        if verifier.diagnostics.hasErrors { return (verifier.diagnostics.diagnostics, 0, nil, [:]) }
        var proof = MigrationProof(
            schema: part.schema, plan: plan, expected: verifier.expectedSchemas, creation: creation, positions: part.positions)
        proof.firstVersion = verifier.firstVersion
        proof.prove()
        var diagnostics = proof.diagnostics
        if diagnostics.hasErrors { return (diagnostics.diagnostics, 0, nil, [:]) }
        // A version whose statements are an earlier one's has that version's database, and a database
        // serves one migration: the proof migrated version 1's.
        var migratedDatabases = Set(verifier.firstVersion.map { [ObjectIdentifier($0)] } ?? [])
        var migrated: [Int: [MigratedMasterDigest.Entry]] = [:]
        let latest = part.schema.settings.version
        for older in fingerprintedVersions(before: latest) {
            let kept = verifier.olderVersions[older].flatMap { migratedDatabases.insert(ObjectIdentifier($0)).inserted ? $0 : nil }
            do {
                migrated[older] = try MigratedMasterDigest.migrate(kept, part: part, from: older, creation: creation, plan: plan)
            } catch {
                diagnostics.error("cannot migrate version \(older) to \(latest) to fingerprint it: \(error)", at: part.schema.settings.versionLocation)
            }
        }
        return (diagnostics.diagnostics, proof.sampleRowCount, verifier.latestVersion, migrated)
    }

    /// The steps of `plan` that belong to the declarations of each of `parts`, in the plan's order:
    /// what the app runs on those tables. A step belongs where the declaration it comes from is; one
    /// from no declaration goes to the first part. One pass over the plan, whatever the number of parts.
    static func steps(of plan: [Int: [MigrationStep]], for parts: [Schema]) -> [[Int: [MigrationStep]]] {
        let owners = stepOwners(for: parts)
        var result = Array(repeating: [Int: [MigrationStep]](), count: parts.count)
        for version in plan.keys {
            for number in result.indices { result[number][version] = [] }
            for step in plan[version] ?? [] {
                for number in owners(step) { result[number][version, default: []].append(step) }
            }
        }
        return result
    }

    /// The parts (by number) a step runs in: where the declaration it comes from is; the first part for
    /// a step from no declaration; none for a step whose declaration is in no part.
    static func stepOwners(for parts: [Schema]) -> @Sendable (MigrationStep) -> [Int] {
        var partsOf: [DeclarationID: [Int]] = [:]
        for (number, part) in parts.enumerated() {
            func claim(_ declaration: some Declaration) {
                if partsOf[declaration.id]?.last != number { partsOf[declaration.id, default: []].append(number) }
            }
            for table in part.tables {
                claim(table)
                for column in table.columns { claim(column) }
                for index in table.indexes { claim(index) }
            }
            for migration in part.migrations { claim(migration) }
            for view in part.views { claim(view) }
            for trigger in part.triggers { claim(trigger) }
            for virtual in part.virtualTables { claim(virtual) }
        }
        let claimed = partsOf, isEmpty = parts.isEmpty
        return { step in step.declaration.map { claimed[$0] ?? [] } ?? (isEmpty ? [] : [0]) }
    }

    /// Creates each version in a fresh database and checks its SQL: its tables, indexes, views and
    /// triggers, the latest version's DAO statements, and each version's data steps (rolled back).
    ///
    /// A version whose statements are the previous version's has that version's database and
    /// description: the same statements create the same schema (the data steps checked on it roll back).
    mutating func verifyAllVersions() {
        let latest = schema.settings.version
        var previous: (statements: [String], database: Database, description: SchemaDescription?)?
        for version in 1...latest {
            let statements = creation.statements(at: version, of: positions)
            let database: Database
            var description: SchemaDescription?
            if let previous, previous.statements == statements {
                (database, description) = (previous.database, previous.description)
            } else {
                guard let fresh = try? Database.scratch() else {
                    diagnostics.error("cannot open an in-memory SQLite database to check the schema", at: nil)
                    return
                }
                database = fresh
                guard createVersion(version, in: database) else {
                    previous = nil
                    continue
                }
                do {
                    description = try SchemaDescription(database: database)
                } catch {
                    diagnostics.error("cannot describe version \(version) to compare migrations with: \(error)", at: schema.settings.versionLocation)
                }
            }
            expectedSchemas[version] = description
            if version == latest {
                prepareStatements(in: database)
                keepLatestVersion(database, description: description, statements: statements)
            }
            checkMigrations(for: version, in: database)
            if version == 1 { firstVersion = database }
            if Self.fingerprintedVersions(before: latest).contains(version) { olderVersions[version] = database }
            previous = (statements, database, description)
        }
    }

    /// Keeps what the fingerprint needs of the latest version as created (before the migration proof,
    /// which may migrate the same database when nothing changed since version 1).
    private mutating func keepLatestVersion(_ database: Database, description: SchemaDescription?, statements: [String]) {
        guard let description else { return }
        do {
            latestVersion = CreatedFingerprint.Part(entries: try CreatedFingerprint.entries(of: database), description: description, statements: statements)
        } catch {
            diagnostics.error("cannot read version \(schema.settings.version) to fingerprint it: \(error)", at: schema.settings.versionLocation)
        }
    }

    /// Creates every table and index of `version`; false when something failed.
    private mutating func createVersion(_ version: Int, in database: Database) -> Bool {
        var succeeded = true
        let tables = zip(schema.tables, positions).filter { $0.0.range.contains(version) }
        // One transaction around the version's DDL; each statement still runs (and fails) on its own.
        try? database.execute("BEGIN")
        defer { try? database.execute("COMMIT") }
        for (table, position) in tables {
            do {
                try database.execute(creation.createTable(position, at: version) ?? "")
            } catch {
                succeeded = false
                locateTableError(table, version: version, error: error, in: database)
            }
        }
        guard succeeded else { return false }
        for (table, position) in tables {
            for (index, sql) in zip(table.indexes(at: version), creation.createIndexes(position, at: version)) {
                do {
                    try database.execute(sql)
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
                let isWord = SwiftNaming.isIdentifier(defaultSQL.trimmingBlanks())
                let hint = isWord ? "; for the text \(defaultSQL) write default: \"'\(defaultSQL)'\"" : ""
                diagnostics.error("invalid SQL in 'default' of column '\(column.name)': \(problem)\(hint)", at: column.location(of: "default"))
                found = true
            }
            // The column's own name is in `bareColumns`, so the expression is tried on a probe column beside it.
            if let generated = column.generated,
               let problem = probe("\(bareColumns), \"_daogen_generated\" \(column.sqlType) GENERATED ALWAYS AS (\(generated))") {
                diagnostics.error("invalid SQL in 'generated' of column '\(column.name)': \(problem)", at: column.location(of: "generated"))
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

    /// Prepares every statement the DAOs of the latest version run, in `database` at that version.
    mutating func prepareStatements(in database: Database) {
        let version = schema.settings.version
        for table in schema.tables where table.range.contains(version) {
            guard let sql = statements[table.id] else { preconditionFailure("Plan writes the DAO statements of every table of the latest version") }
            // The runtime's set, as the generated record's `statements` holds it, then the finders and search.
            var statements = sql.records.statements
            statements += sql.uniqueFinders.map { sql.find(by: $0) }
            statements += sql.search.map { [$0] } ?? []
            statements += sql.indexFinders.map { sql.find(by: $0.columns) }
            statements += sql.indexFinders.filter { !$0.nullableColumns.isEmpty }.map { sql.find(by: $0.columns, matchingNull: $0.nullableColumns) }
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
                for statement in migration.statements { try database.execute(statement) }
            } catch {
                diagnostics.error("invalid SQL in migration to version \(version): \(message(of: error))", at: migration.location)
            }
        }
    }

    private func message(of error: Error) -> String {
        (error as? DatabaseError)?.message ?? "\(error)"
    }
}
