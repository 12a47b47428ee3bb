import DAOGenRuntime
import Foundation
import Testing

@Suite("Opening a database")
struct DatabaseOpeningTests {
    @Test("opening a path creates the file")
    func createsFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.sqlite")
        #expect(!FileManager.default.fileExists(atPath: path))
        let database = try Database(path: path)
        #expect(database.path == path)
        try database.execute("CREATE TABLE t(x)")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("a file uses WAL journaling and enforces foreign keys")
    func walAndForeignKeys() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("db.sqlite"))
        #expect(try database.rows("PRAGMA journal_mode") == [[.text("wal")]])
        #expect(try database.rows("PRAGMA foreign_keys") == [[.integer(1)]])
    }

    @Test("the configuration can turn WAL and foreign keys off")
    func configurationOff() throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.journalModeWAL = false
        configuration.foreignKeys = false
        let database = try Database(path: directory.path("db.sqlite"), configuration: configuration)
        #expect(try database.rows("PRAGMA journal_mode") == [[.text("delete")]])
        #expect(try database.rows("PRAGMA foreign_keys") == [[.integer(0)]])
    }

    @Test("default configuration values")
    func defaultConfiguration() {
        let configuration = Database.Configuration()
        #expect(configuration.busyTimeout == 5)
        #expect(configuration.foreignKeys)
        #expect(configuration.journalModeWAL)
        #expect(!configuration.readOnly)
    }

    @Test("in-memory databases open with foreign keys, without WAL", arguments: [":memory:", ""])
    func inMemory(path: String) throws {
        let database = try Database(path: path)
        #expect(try database.rows("PRAGMA journal_mode") != [[.text("wal")]])
        #expect(try database.rows("PRAGMA foreign_keys") == [[.integer(1)]])
    }

    @Test("foreign key violations fail")
    func foreignKeyViolation() throws {
        let database = try Database(path: ":memory:")
        try database.execute("""
            CREATE TABLE parent(id INTEGER PRIMARY KEY);
            CREATE TABLE child(parent_id INTEGER REFERENCES parent(id));
            """)
        let error = try #require(throws: DatabaseError.self) {
            try database.execute("INSERT INTO child(parent_id) VALUES (42)")
        }
        #expect(error.resultCode == .constraint)
        #expect(error.extendedResultCode == .constraintForeignKey)
    }

    @Test("a file in a missing directory fails to open with SQLITE_CANTOPEN")
    func missingDirectory() throws {
        let directory = try TemporaryDirectory()
        let error = try #require(throws: DatabaseError.self) {
            _ = try Database(path: directory.path("missing/db.sqlite"))
        }
        #expect(error.resultCode == .cantOpen)
        #expect(error.sql == nil)
    }

    @Test("read-only: a missing file is not created, an existing one cannot be written")
    func readOnly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        var configuration = Database.Configuration()
        configuration.readOnly = true
        #expect(throws: DatabaseError.self) {
            _ = try Database(path: path, configuration: configuration)
        }
        #expect(!FileManager.default.fileExists(atPath: path))

        do {
            let writer = try Database(path: path)
            try writer.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        }
        let reader = try Database(path: path, configuration: configuration)
        #expect(try reader.rows("SELECT x FROM t") == [[.integer(1)]])
        let error = try #require(throws: DatabaseError.self) {
            try reader.execute("INSERT INTO t VALUES (2)")
        }
        #expect(error.resultCode == .readonly)
    }

    @Test("a file that is not a database fails with SQLITE_NOTADB")
    func notADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("text.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: DatabaseError.self) {
            let database = try Database(path: path)
            _ = try database.tableNames()
        }
        #expect(error.resultCode == .notADB)
    }

    @Test("two connections to one file see each other's committed work")
    func twoConnections() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let writer = try Database(path: path)
        let reader = try Database(path: path)
        try writer.execute("CREATE TABLE t(x)")
        try writer.transaction {
            try writer.execute("INSERT INTO t VALUES (1)")
        }
        #expect(try reader.rows("SELECT count(*) FROM t") == [[.integer(1)]])
    }

    @Test("user_version and table names")
    func schemaQueries() throws {
        let database = try Database(path: ":memory:")
        #expect(try database.userVersion() == 0)
        #expect(try database.tableNames() == [])
        try database.setUserVersion(7)
        #expect(try database.userVersion() == 7)
        try database.execute("""
            CREATE TABLE zebra(id INTEGER PRIMARY KEY AUTOINCREMENT);
            CREATE TABLE apple(x);
            CREATE TABLE sqlitex(y);
            CREATE INDEX apple_x ON apple(x);
            CREATE VIEW v AS SELECT 1;
            INSERT INTO zebra DEFAULT VALUES;
            """)
        // sqlite_sequence exists now (AUTOINCREMENT) and is excluded; "sqlitex" is a user table.
        #expect(try database.tableNames() == ["apple", "sqlitex", "zebra"])
    }
}
