import DAOGenRuntime

/// The `sqlite_master` digests of the fingerprint (`SchemaFingerprint.masters`) for files created at an
/// older version and migrated, worked out part by part (`TableGroups`).
///
/// SQLite reloads the whole schema after every `ALTER TABLE`, so migrating one database of every table
/// costs each ALTER the parsing of every table: on 100 tables at version 5 (the generator benchmark's
/// schema) that was 45% of a generation's instructions. Each part is created and migrated alone here,
/// and the parts' entries are put back in the order one file of every table has them: SQLite gives a new
/// `sqlite_master` entry the rowid after the largest, so a file lists its entries in the order the
/// statements that made them ran (the creation's, in order, then the migrations' steps, in order), and
/// entries one statement made in the order of their rowids. `FingerprintPartsTests` compares the
/// result with the runtime's `SchemaFingerprint.addMigrated(from:creation:by:)`, which migrates one
/// whole file, on every fixture and on random schemas.
enum MigratedMasterDigest {
    /// The digest of `sqlite_master` of a file created at `older` and migrated by `plan` to the latest version.
    static func digest(of schema: Schema, from older: Int, creation: CreationSQL, plan: [Int: [MigrationStep]]) throws -> UInt64 {
        let parts = TableGroups.parts(of: schema)
        let whole = creation.statements(at: older)
        var order: [String: Int] = [:]
        for (position, statement) in whole.enumerated() where order[statement] == nil { order[statement] = position }
        // The migrations' statements in the order the file runs them, each with the parts it runs in.
        let owners = SchemaVerifier.stepOwners(for: parts.map(\.schema))
        var steps: [(statement: String, parts: [Int])] = []
        for version in (older + 1)...schema.settings.version {
            for step in plan[version] ?? [] {
                let numbers = owners(step)
                steps += step.statements.map { ($0, numbers) }
            }
        }
        let stepsToRun = steps, positions = order
        let outcomes = Array(parts.indices).parallelMap { number -> Result<[Entry], any Error> in
            let statements = creation.statements(at: older, of: parts[number].positions).map { ($0, positions[$0] ?? whole.count) }
                + stepsToRun.indices.filter { stepsToRun[$0].parts.contains(number) }.map { (stepsToRun[$0].statement, whole.count + $0) }
            return Result { try run(statements) }
        }
        let entries = try outcomes.map { try $0.get() }
        var digest = SchemaFingerprint.MasterDigest()
        var hasSequence = false
        for entry in entries.joined().sorted(by: { ($0.made, $0.rowid) < ($1.made, $1.rowid) }) {
            // The first AUTOINCREMENT table of a file makes `sqlite_sequence`, once: each part that has
            // one made its own, and the file has the first of them.
            if entry.name == "sqlite_sequence" {
                if hasSequence { continue }
                hasSequence = true
            }
            digest.add(entry.sql)
        }
        return digest.value
    }

    /// An entry of a part's `sqlite_master`: its name and SQL, and when the statement that made it runs in the file.
    private struct Entry: Sendable {
        var made: Int
        var rowid: Int64
        var name: String
        var sql: String?
    }

    /// Runs `statements` (each with its place in the file's run) in a fresh database, with foreign keys
    /// off as migrations run, and returns its `sqlite_master` entries, each with the place of the
    /// statement that made it.
    private static func run(_ statements: [(sql: String, place: Int)]) throws -> [Entry] {
        let database = try Database.scratch()
        try database.execute("PRAGMA foreign_keys = OFF")
        var made: [Int64: Int] = [:]
        for (sql, place) in statements {
            try database.execute(sql)
            var present: Set<Int64> = []
            for row in try database.rows("SELECT rowid FROM sqlite_master") {
                guard case let .integer(rowid) = row[0] else { continue }
                present.insert(rowid)
                if made[rowid] == nil { made[rowid] = place }
            }
            // A dropped entry's rowid may be given to a later one.
            for rowid in made.keys where !present.contains(rowid) { made[rowid] = nil }
        }
        return try database.rows("SELECT rowid, sql, name FROM sqlite_master").map { row in
            guard case let .integer(rowid) = row[0], case let .text(name) = row[2] else { return Entry(made: 0, rowid: 0, name: "", sql: nil) }
            let sql: String? = if case let .text(text) = row[1] { text } else { nil }
            return Entry(made: made[rowid] ?? 0, rowid: rowid, name: name, sql: sql)
        }
    }
}
