/// A generated database's schema: the statements that create the latest version, and the steps that
/// migrate each older version to the next. Generated code declares it as SQL literals; nothing is
/// computed from app types at run time.
public struct SchemaDefinition: Sendable {
    /// The steps that migrate version `version - 1` to `version`.
    public struct Migration: Sendable {
        /// The version this migration produces.
        public var version: Int
        /// SQL run in order inside one transaction: schema steps, then the explicit data steps.
        public var steps: [String]

        /// Creates a migration.
        public init(version: Int, steps: [String]) {
            self.version = version
            self.steps = steps
        }
    }

    /// The latest version.
    public var version: Int
    /// Statements that create the latest version in an empty database.
    public var creation: [String]
    /// Statements that create version 1, when it is not the latest. With the migrations they give
    /// the schema of any older version, which adopting a file at an older baseline compares with.
    public var versionOneCreation: [String]
    /// Migrations to versions 2...`version`.
    public var migrations: [Migration]

    /// Creates a definition.
    public init(version: Int, creation: [String], versionOneCreation: [String] = [], migrations: [Migration]) {
        self.version = version
        self.creation = creation
        self.versionOneCreation = versionOneCreation
        self.migrations = migrations
    }

    /// Brings `database` to the latest version: creates the schema in an empty file, migrates an older
    /// file one version at a time (each step one transaction), and refuses newer or unversioned files
    /// without touching them. With `baseline`, an unversioned file whose schema matches that version is
    /// stamped with it first, then migrated.
    public func prepare(_ database: Database, baseline: Int? = nil) throws {
        try database.withLock {
            var current = try database.userVersion()
            if current > version {
                throw DAOGenError.newerFile(path: database.path, fileVersion: current, codeVersion: version)
            }
            if current == 0 {
                let tables = try database.tableNames()
                if tables.isEmpty {
                    try database.transaction {
                        for statement in creation { try database.execute(statement) }
                        try database.setUserVersion(version)
                    }
                    return
                }
                guard let baseline else {
                    throw DAOGenError.unversionedFile(path: database.path, tables: tables)
                }
                try adopt(database, at: baseline)
                current = baseline
            }
            while current < version {
                try migrate(database, to: current + 1)
                current += 1
            }
        }
    }

    /// Compares an unversioned file with version `baseline` and stamps it when they match.
    private func adopt(_ database: Database, at baseline: Int) throws {
        guard (1...version).contains(baseline) else {
            throw DAOGenError.invalidBaseline(baseline: baseline, codeVersion: version)
        }
        let expected = try SchemaDescription(database: schemaDatabase(at: baseline))
        let differences = try SchemaDescription(database: database).differences(from: expected)
        guard differences.isEmpty else {
            throw DAOGenError.baselineMismatch(path: database.path, version: baseline, differences: differences)
        }
        try database.setUserVersion(baseline)
    }

    /// An in-memory database holding the schema of version `target`: the latest creation, or
    /// version 1's creation followed by the migrations up to `target`.
    private func schemaDatabase(at target: Int) throws -> Database {
        let memory = try Database(path: ":memory:")
        if target == version {
            for statement in creation { try memory.execute(statement) }
            return memory
        }
        for statement in versionOneCreation { try memory.execute(statement) }
        try memory.setUserVersion(1)
        for next in stride(from: 2, through: target, by: 1) {
            try migrate(memory, to: next)
        }
        return memory
    }

    /// Runs the migration to `target` in one transaction with foreign keys off, checks foreign keys,
    /// and stamps the version; on failure everything of this step is rolled back.
    private func migrate(_ database: Database, to target: Int) throws {
        guard let migration = migrations.first(where: { $0.version == target }) else {
            throw DAOGenError.missingMigration(from: target - 1, to: target)
        }
        // foreign_keys cannot change inside a transaction: switch it off around the step, as SQLite's
        // documented table rebuild requires, and restore it afterwards.
        let foreignKeys = try database.rows("PRAGMA foreign_keys").first?.first == .integer(1)
        try database.execute("PRAGMA foreign_keys = OFF")
        defer { if foreignKeys { try? database.execute("PRAGMA foreign_keys = ON") } }
        try database.transaction {
            for step in migration.steps {
                do {
                    try database.execute(step)
                } catch let error as DatabaseError {
                    throw DAOGenError.migrationFailed(version: target, sql: step, underlying: error)
                }
            }
            let violations = try database.rows("PRAGMA foreign_key_check")
            if let violation = violations.first {
                let table = violation.first.map { "\($0)" } ?? "?"
                throw DAOGenError.migrationFailed(
                    version: target, sql: "PRAGMA foreign_key_check",
                    underlying: DatabaseError(
                        resultCode: .constraintForeignKey,
                        message: "\(violations.count) row(s) violate foreign keys, the first in table \(table)",
                        sql: "PRAGMA foreign_key_check"))
            }
            try database.setUserVersion(target)
        }
    }
}
