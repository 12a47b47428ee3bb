import Foundation

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
    /// the schema of any older version, which adopting a file at an older baseline compares with, and
    /// opening a file at an older version checks before migrating it (without them, it does not).
    public var versionOneCreation: [String]
    /// Migrations to versions 2...`version`.
    public var migrations: [Migration]
    /// A `user_version` the app set itself before it adopted daogen (`adoptsUserVersion:` in daogen.yaml;
    /// FMDB apps count their own migrations there), greater than `version`. `prepare(_:baseline:)` with a
    /// baseline adopts a file at exactly this value like an unversioned one; without a baseline it
    /// refuses it as ``DAOGenError/unversionedFile(path:tables:)``.
    public var adoptsUserVersion: Int?
    /// How the schema stores dates and UUIDs (`dates:` and `uuids:` in daogen.yaml).
    public var valueStorage: ValueStorage
    /// The digests of the latest version's schema, which make confirming a file at that version cheap;
    /// without them `prepare(_:baseline:)` compares the file with a schema it builds in memory.
    public var fingerprint: SchemaFingerprint?

    /// Creates a definition.
    public init(
        version: Int, adoptsUserVersion: Int? = nil, valueStorage: ValueStorage = ValueStorage(), creation: [String],
        versionOneCreation: [String] = [], migrations: [Migration], fingerprint: SchemaFingerprint? = nil
    ) {
        self.version = version
        self.valueStorage = valueStorage
        self.adoptsUserVersion = adoptsUserVersion
        self.creation = creation
        self.versionOneCreation = versionOneCreation
        self.migrations = migrations
        self.fingerprint = fingerprint
    }

    /// The options a database of this schema opens with: the defaults, with the schema's ``valueStorage``.
    public var configuration: Database.Configuration {
        configuration(basedOn: Database.Configuration())
    }

    /// The options a database of this schema opens with: `options`, with the schema's ``valueStorage``.
    public func configuration(basedOn options: Database.Configuration) -> Database.Configuration {
        var configuration = options
        configuration.valueStorage = valueStorage
        return configuration
    }

    /// Brings `database` to the latest version: creates the schema in an empty file, migrates an older
    /// file one version at a time (each step one transaction), and refuses newer or unversioned files
    /// without touching them. With `baseline`, an unversioned file whose schema matches that version is
    /// stamped with it first, then migrated; so is a file at ``adoptsUserVersion``, the app's own count.
    ///
    /// A file at a version the code knows must have that version's schema: one that does not (made
    /// before that version's YAML changed, during development) is refused with
    /// ``DAOGenError/schemaMismatch(path:version:differences:)``, or, when the database's
    /// ``Database/Configuration/eraseDatabaseOnSchemaChange`` is set, emptied and created anew. At the
    /// latest version the check costs one query when the file matches ``fingerprint``.
    ///
    /// A file already at the latest version is only read, so a read-only file opens. Otherwise every
    /// step (creation, adoption, each migration) takes the write lock with `BEGIN IMMEDIATE` and reads
    /// `user_version` again under it: when several connections or processes open an old or new file at
    /// once, one does each step and the others wait for it (up to the busy timeout), then go on from
    /// the version it left.
    /// - Throws: ``DAOGenError/invalidBaseline(baseline:codeVersion:)`` when `baseline` is not in
    ///   `1...version`, before anything is read; the other ``DAOGenError`` cases for a file that
    ///   cannot be brought to the latest version; ``DatabaseError`` when SQLite fails.
    public func prepare(_ database: Database, baseline: Int? = nil) throws {
        if let baseline, !(1...version).contains(baseline) {
            throw DAOGenError.invalidBaseline(baseline: baseline, codeVersion: version)
        }
        try database.withAttachDenied {
            // A first look without the write lock: the common case, a file at the latest version, and
            // the refusals leave the file untouched (and work on read-only files).
            let (seen, mismatch) = try firstLook(at: database)
            if seen == version {
                guard !mismatch.isEmpty else { return }
                guard database.configuration.eraseDatabaseOnSchemaChange else {
                    throw DAOGenError.schemaMismatch(path: database.path, version: version, differences: mismatch)
                }
                try erase(database)
                return
            }
            if seen == adoptsUserVersion {
                guard baseline != nil else {
                    throw DAOGenError.unversionedFile(path: database.path, tables: try database.tableNames())
                }
            } else if seen > version {
                throw DAOGenError.newerFile(path: database.path, fileVersion: seen, codeVersion: version)
            }
            // Whether an unversioned file is empty is decided under the write lock: read here, its
            // tables could be another process's creation committed just after `user_version` was read.
            var current = seen
            if current == 0 || current == adoptsUserVersion {
                current = try writeStep(database) { current in
                    // another connection created or adopted it
                    guard current == 0 || current == adoptsUserVersion else { return current }
                    let tables = try database.tableNames()
                    if tables.isEmpty, current == 0 {
                        for statement in creation { try database.execute(statement) }
                        try database.setUserVersion(version)
                        return version
                    }
                    guard let baseline else {
                        throw DAOGenError.unversionedFile(path: database.path, tables: tables)
                    }
                    try adopt(database, at: baseline)
                    return baseline
                }
            }
            // The file as found must have its version's schema (checked under the write lock, as another
            // process may be migrating it); the steps after that are proved at generation.
            // nil: this call created or adopted it, and compared; or older versions are not known.
            let found = current == seen && !versionOneCreation.isEmpty ? seen : nil
            while current < version {
                current = try withForeignKeysOff(database) {
                    try writeStep(database) { current in
                        try check(database, at: current, baseline: baseline)
                        guard current < version else { return current }  // another connection migrated it
                        if current == found {
                            let differences = try differences(of: database, at: current)
                            if !differences.isEmpty {
                                guard database.configuration.eraseDatabaseOnSchemaChange else {
                                    throw DAOGenError.schemaMismatch(path: database.path, version: current, differences: differences)
                                }
                                try recreate(database)
                                return version
                            }
                        }
                        try migrate(database, to: current + 1)
                        return current + 1
                    }
                }
            }
        }
    }

    /// Throws when a file at `current` cannot be brought to the latest version: it is newer, or it is
    /// unversioned with tables and there is no baseline.
    private func check(_ database: Database, at current: Int, baseline: Int?) throws {
        if current > version, current != adoptsUserVersion {
            throw DAOGenError.newerFile(path: database.path, fileVersion: current, codeVersion: version)
        }
        if current == 0, baseline == nil {
            let tables = try database.tableNames()
            if !tables.isEmpty {
                throw DAOGenError.unversionedFile(path: database.path, tables: tables)
            }
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction with the file's `user_version`, read after the
    /// write lock is taken; rolls back when it throws.
    ///
    /// While another connection or process holds the write lock (migrating the file, maybe for longer
    /// than the busy timeout), it keeps asking for the lock, each time for up to the busy timeout, until
    /// ``Database/Configuration/migrationWaitTimeout`` has passed; then `body` reads the version the
    /// other left.
    func writeStep<T>(_ database: Database, _ body: (_ current: Int) throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(database.configuration.migrationWaitTimeout)
        while true {
            do {
                return try database.transaction {
                    try body(try database.userVersion())
                }
            } catch let error as DatabaseError where error.resultCode == .busy && Date() < deadline {
                // Busy before anything was done (the transaction is rolled back): ask again.
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    /// Runs `body` with `PRAGMA foreign_keys` off, as SQLite's documented table rebuild requires, and
    /// restores it afterwards. The pragma cannot change inside a transaction, so this wraps one.
    func withForeignKeysOff<T>(_ database: Database, _ body: () throws -> T) throws -> T {
        let foreignKeys = try database.rows("PRAGMA foreign_keys").first?.first == .integer(1)
        if foreignKeys { try database.execute("PRAGMA foreign_keys = OFF") }
        defer { if foreignKeys { try? database.execute("PRAGMA foreign_keys = ON") } }
        return try body()
    }

    /// Compares an unversioned file with version `baseline` and stamps it when they match; the caller
    /// holds the write lock.
    private func adopt(_ database: Database, at baseline: Int) throws {
        let expected = try SchemaDescription(database: schemaDatabase(at: baseline))
        // Views and triggers are compared like tables: one the schema does not declare is refused, since
        // a later table rebuild would fail on such a view or silently drop such a trigger.
        let differences = try SchemaDescription(database: database).differences(from: expected)
        guard differences.isEmpty else {
            throw DAOGenError.baselineMismatch(path: database.path, version: baseline, differences: differences)
        }
        try database.setUserVersion(baseline)
    }

    /// An in-memory database holding the schema of version `target`: the latest creation, or
    /// version 1's creation followed by the migrations up to `target`.
    func schemaDatabase(at target: Int) throws -> Database {
        var configuration = Database.Configuration()
        configuration.allowsAttach = false
        let memory = try Database(path: ":memory:", configuration: configuration)
        if target == version {
            for statement in creation { try memory.execute(statement) }
            return memory
        }
        for statement in versionOneCreation { try memory.execute(statement) }
        try memory.setUserVersion(1)
        for next in stride(from: 2, through: target, by: 1) {
            try withForeignKeysOff(memory) {
                try memory.transaction { try migrate(memory, to: next) }
            }
        }
        return memory
    }

    /// Runs the steps of the migration to `target`, checks foreign keys and stamps the version. The
    /// caller has switched foreign keys off and opened the transaction, which a failure rolls back.
    private func migrate(_ database: Database, to target: Int) throws {
        guard let migration = migrations.first(where: { $0.version == target }) else {
            throw DAOGenError.missingMigration(from: target - 1, to: target)
        }
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
