import DAOGenRuntime
import Foundation
import Testing

/// A database type written as daogen generates one: its connection, its schema, nothing else. Version 2
/// adds `counter.label`.
private struct CounterDatabase: GeneratedDatabase {
    var database: Database

    init(database: Database) {
        self.database = database
    }

    static let schema = SchemaDefinition(
        version: 2,
        creation: ["CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, label TEXT)"],
        versionOneCreation: ["CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)"],
        migrations: [SchemaDefinition.Migration(version: 2, steps: ["ALTER TABLE counter ADD COLUMN label TEXT"])])

    /// The number of rows: what a DAO accessor would read.
    func count() throws -> Int64 {
        let rows = try database.rows("SELECT count(*) FROM counter")
        guard case let .integer(count) = rows.first?.first else { return -1 }
        return count
    }

    func insert(_ n: Int) throws {
        try database.execute("INSERT INTO counter (n) VALUES (\(n))")
    }
}

/// What `GeneratedDatabase` gives every generated database type: opening, transactions, reads, writes,
/// observation and closing, each passing the database type itself to its closure.
@Suite struct GeneratedDatabaseTests {
    @Test func openCreatesTheLatestVersionAndMigratesAnOlderFile() throws {
        #expect(CounterDatabase.version == 2)
        let directory = try TemporaryDirectory()
        let created = try CounterDatabase.open(path: directory.path("new.sqlite"))
        #expect(try created.database.rows("PRAGMA user_version") == [[.integer(2)]])
        try created.close()

        let old = try Database(path: directory.path("old.sqlite"))
        try old.execute("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL); PRAGMA user_version = 1")
        try old.close()
        let migrated = try CounterDatabase.open(path: directory.path("old.sqlite"))
        #expect(try migrated.database.rows("PRAGMA user_version") == [[.integer(2)]])
        #expect(try migrated.database.rows("SELECT name FROM pragma_table_info('counter') ORDER BY cid").last == [.text("label")])
    }

    @Test func openWithABaselineAdoptsAFileMadeWithoutDaogen() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let unversioned = try Database(path: path)
        try unversioned.execute("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL); INSERT INTO counter (n) VALUES (7)")
        try unversioned.close()
        #expect(throws: DAOGenError.self) { try CounterDatabase.open(path: path) }
        let adopted = try CounterDatabase.open(path: path, baseline: 1)
        #expect(try adopted.database.rows("PRAGMA user_version") == [[.integer(2)]])
        #expect(try adopted.count() == 1)
    }

    @Test func aTransactionCommitsWhenItReturnsAndRollsBackWhenItThrows() throws {
        struct Failure: Error {}
        let db = try CounterDatabase.open(path: ":memory:")
        let inserted = try db.transaction { db in
            try db.insert(1)
            return try db.count()
        }
        #expect(inserted == 1)
        #expect(throws: Failure.self) {
            try db.transaction { db in
                try db.insert(2)
                // A nested transaction is a savepoint of the outer one: the outer rollback undoes it too.
                try db.transaction { db in try db.insert(3) }
                throw Failure()
            }
        }
        #expect(try db.read { db in try db.count() } == 1)
    }

    @Test func asyncReadsAndWritesPassTheDatabaseType() async throws {
        let directory = try TemporaryDirectory()
        let db = try CounterDatabase.open(path: directory.path("async.sqlite"))
        try await db.write { db in
            try db.insert(1)
            try db.insert(2)
        }
        #expect(try await db.read { db in try db.count() } == 2)
        try db.close()
    }

    @Test func observeYieldsAtOnceAndAfterACommitThatChangesTheValue() async throws {
        let directory = try TemporaryDirectory()
        let db = try CounterDatabase.open(path: directory.path("observed.sqlite"))
        var values: [Int64] = []
        for try await count in db.observe({ db in try db.count() }) {
            values.append(count)
            if values.count == 1 { try await db.write { db in try db.insert(1) } }
            if values.count == 2 { break }
        }
        #expect(values == [0, 1])
        try db.close()
    }

    @Test func closeEndsEveryLaterUse() throws {
        let directory = try TemporaryDirectory()
        let db = try CounterDatabase.open(path: directory.path("closed.sqlite"))
        try db.close()
        #expect(throws: DAOGenError.self) { try db.read { db in try db.count() } }
        #expect(throws: DAOGenError.self) { try db.transaction { db in try db.insert(1) } }
    }
}
