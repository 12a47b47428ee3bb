import DAOGenRuntime

/// The `sqlite_master` digests of the fingerprint (`SchemaFingerprint.masters`) for files created at an
/// older version and migrated, worked out part by part (`TableGroups`).
///
/// SQLite reloads the whole schema after every `ALTER TABLE`, so migrating one database of every table
/// costs each ALTER the parsing of every table: on 100 tables at version 5 (the generator benchmark's
/// schema) that was 45% of a generation's instructions. Each part is migrated alone here, from the
/// database verification created it in at the older version when no other check migrated that one
/// (else from a new one), and the parts' entries are put back in the order one file of every table has
/// them: SQLite gives a new `sqlite_master` entry the rowid after the largest, so a file lists its
/// entries in the order the statements that made them ran (the creation's, in order, then the
/// migrations' steps, in order), and entries one statement made in the order of their rowids.
/// `MigratedMasterDigestTests` compares the result with the runtime's
/// `SchemaFingerprint.addMigrated(from:creation:by:)`, which migrates one whole file.
enum MigratedMasterDigest {
    /// An entry of a part's `sqlite_master` after the migration: its name and SQL, and the part's
    /// statement that made it.
    struct Entry: Sendable {
        var made: Statement
        var rowid: Int64
        var name: String
        var sql: String?
    }

    /// A statement a part ran.
    enum Statement: Sendable, Hashable {
        /// One of the statements that create the older version (its text).
        case creation(String)
        /// The part's migration statement of this number, counting from the first after the older version.
        case step(Int)
    }

    /// The digest of `sqlite_master` of a file created at `older` and migrated by `plan` to the latest
    /// version, from the entries of each part of `schema` (`TableGroups.parts(of:)`, in its order) after
    /// `migrate(_:part:from:creation:plan:)`.
    static func digest(of schema: Schema, from older: Int, creation: CreationSQL, plan: [Int: [MigrationStep]], parts entries: [[Entry]]) -> UInt64 {
        let parts = TableGroups.parts(of: schema)
        let whole = creation.statements(at: older)
        var order: [String: Int] = [:]
        for (position, statement) in whole.enumerated() where order[statement] == nil { order[statement] = position }
        // The migrations' statements in the order the file runs them; each part ran those it owns, in that order.
        let owners = SchemaVerifier.stepOwners(for: parts.map(\.schema))
        var ran = Array(repeating: [Int](), count: parts.count)
        var place = whole.count
        for version in (older + 1)...schema.settings.version {
            for step in plan[version] ?? [] {
                let numbers = owners(step)
                for _ in step.statements {
                    for number in numbers { ran[number].append(place) }
                    place += 1
                }
            }
        }
        var tagged: [(made: Int, entry: Entry)] = []
        for (number, part) in entries.enumerated() {
            for entry in part {
                let made = switch entry.made {
                case let .creation(statement): order[statement] ?? whole.count
                case let .step(step): ran[number][step]
                }
                tagged.append((made, entry))
            }
        }
        var digest = SchemaFingerprint.MasterDigest()
        var hasSequence = false
        for (_, entry) in tagged.sorted(by: { ($0.made, $0.entry.rowid) < ($1.made, $1.entry.rowid) }) {
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

    /// Migrates `part` from `older` to the latest version with its steps of `plan`, in `database` when
    /// it holds the part as created at `older` (which it then no longer does), else in a new one, and
    /// returns its `sqlite_master` entries, each with the statement that made it. Foreign keys are off,
    /// as migrations run.
    static func migrate(
        _ database: Database?, part: TableGroups.Part, from older: Int, creation: CreationSQL, plan: [Int: [MigrationStep]]
    ) throws -> [Entry] {
        let created = creation.statements(at: older, of: part.positions)
        let steps = ((older + 1)...part.schema.settings.version).flatMap { plan[$0] ?? [] }.flatMap(\.statements)
        let migrated = try database ?? Database.scratch()
        try migrated.execute("PRAGMA foreign_keys = OFF")
        var made: [Int64: Statement] = [:]
        /// Runs `sql` and tags the entries it added.
        func run(_ sql: String, as statement: Statement) throws {
            try migrated.execute(sql)
            var present: Set<Int64> = []
            for row in try migrated.rows("SELECT rowid FROM sqlite_master") {
                guard case let .integer(rowid) = row[0] else { continue }
                present.insert(rowid)
                if made[rowid] == nil { made[rowid] = statement }
            }
            // A dropped entry's rowid may be given to a later one.
            for rowid in made.keys where !present.contains(rowid) { made[rowid] = nil }
        }
        if database == nil {
            for sql in created { try run(sql, as: .creation(sql)) }
        } else {
            // Created in the file's order: each entry that starts a statement starts the next one (as `CreatedFingerprint` reads them).
            var number = -1
            for entry in try CreatedFingerprint.entries(of: migrated) where !created.isEmpty {
                if entry.startsStatement || number < 0 { number = min(number + 1, created.count - 1) }
                made[entry.rowid] = .creation(created[number])
            }
        }
        for (number, sql) in steps.enumerated() { try run(sql, as: .step(number)) }
        return try migrated.rows("SELECT rowid, sql, name FROM sqlite_master").map { row in
            guard case let .integer(rowid) = row[0], case let .text(name) = row[2] else { return Entry(made: .step(0), rowid: 0, name: "", sql: nil) }
            let sql: String? = if case let .text(text) = row[1] { text } else { nil }
            return Entry(made: made[rowid] ?? .creation(""), rowid: rowid, name: name, sql: sql)
        }
    }
}
