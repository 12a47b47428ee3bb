import DAOGenRuntime
import Foundation
import Testing

@Suite("Errors")
struct ErrorTests {
    @Test("a UNIQUE violation is a DatabaseError with its codes, message and SQL")
    func uniqueViolation() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(x UNIQUE)")
        let key = StatementKey("INSERT INTO t(x) VALUES (?)")
        try database.withStatement(key) { statement in
            statement.bind(1, at: 1)
            _ = try statement.step()
        }
        let error = try #require(throws: DatabaseError.self) {
            try database.withStatement(key) { statement in
                statement.bind(1, at: 1)
                _ = try statement.step()
            }
        }
        #expect(error.resultCode == .constraint)
        #expect(error.extendedResultCode == .constraintUnique)
        #expect(error.message == "UNIQUE constraint failed: t.x")
        #expect(error.sql == "INSERT INTO t(x) VALUES (?)")
        #expect(error.description == "SQLite error 19 (SQLITE_CONSTRAINT_UNIQUE): UNIQUE constraint failed: t.x, in: INSERT INTO t(x) VALUES (?)")
        // The statement is usable again afterwards.
        try database.withStatement(key) { statement in
            statement.bind(2, at: 1)
            _ = try statement.step()
        }
        #expect(try database.rows("SELECT x FROM t ORDER BY x") == [[.integer(1)], [.integer(2)]])
    }

    @Test("other constraint violations have their extended codes")
    func otherConstraints() throws {
        let database = try Database(path: ":memory:")
        try database.execute("""
            CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT NOT NULL, n INTEGER CHECK (n > 0));
            CREATE TABLE p(code TEXT PRIMARY KEY);
            INSERT INTO t VALUES (1, 'a', 1);
            INSERT INTO p VALUES ('x');
            """)
        let cases: [(String, ResultCode)] = [
            ("INSERT INTO t VALUES (2, NULL, 1)", .constraintNotNull),
            ("INSERT INTO t VALUES (2, 'b', 0)", .constraintCheck),
            ("INSERT INTO t VALUES (1, 'b', 1)", .constraintPrimaryKey),
            ("INSERT INTO p VALUES ('x')", .constraintPrimaryKey),
        ]
        for (sql, code) in cases {
            let error = try #require(throws: DatabaseError.self) { try database.execute(sql) }
            #expect(error.extendedResultCode == code, "\(sql)")
            #expect(error.resultCode == .constraint)
            #expect(error.sql == sql)
        }
        try database.execute("CREATE TRIGGER no_z BEFORE INSERT ON p WHEN NEW.code = 'z' BEGIN SELECT RAISE(ABORT, 'no z'); END")
        let trigger = try #require(throws: DatabaseError.self) { try database.execute("INSERT INTO p VALUES ('z')") }
        #expect(trigger.extendedResultCode == .constraintTrigger)
        #expect(trigger.message == "no z")
    }

    @Test("DatabaseError derives the primary code and describes itself without SQL")
    func databaseErrorInit() {
        let error = DatabaseError(resultCode: .constraintNotNull, message: "NOT NULL constraint failed: t.name", sql: nil)
        #expect(error.resultCode == .constraint)
        #expect(error.extendedResultCode == .constraintNotNull)
        #expect(error.description == "SQLite error 19 (SQLITE_CONSTRAINT_NOTNULL): NOT NULL constraint failed: t.name")
        let busy = DatabaseError(resultCode: .busy, message: "database is locked", sql: "BEGIN IMMEDIATE")
        #expect(busy.description == "SQLite error 5 (SQLITE_BUSY): database is locked, in: BEGIN IMMEDIATE")
        #expect(busy == DatabaseError(resultCode: .busy, message: "database is locked", sql: "BEGIN IMMEDIATE"))
        #expect(busy != DatabaseError(resultCode: .busy, message: "database is locked", sql: nil))
    }

    @Test("execute reports the failing script")
    func executeError() throws {
        let database = try Database(path: ":memory:")
        let error = try #require(throws: DatabaseError.self) {
            try database.execute("CREATE TABLE a(x); INSERT INTO missing VALUES (1)")
        }
        #expect(error.description == "SQLite error 1 (SQLITE_ERROR): no such table: missing, in: CREATE TABLE a(x); INSERT INTO missing VALUES (1)")
        #expect(try database.tableNames() == ["a"])
    }

    @Test("reading a value of the wrong kind throws invalidValue with the column name")
    func invalidValue() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, age); INSERT INTO t(age) VALUES ('abc')")
        let sql = "SELECT id, age AS years FROM t"
        let error = try #require(throws: DAOGenError.self) {
            try database.withStatement(sql: sql) { statement in
                _ = try statement.step()
                #expect(try statement.value(at: 0, as: Int.self) == 1)
                return try statement.value(at: 1, as: Int.self)
            }
        }
        #expect(error == .invalidValue(column: "years", value: "'abc'", expected: "Int", sql: sql))
        #expect(error.description == "The column years holds 'abc', which cannot be read as Int, in: SELECT id, age AS years FROM t")

        try database.execute("UPDATE t SET age = 300")
        let range = try #require(throws: DAOGenError.self) {
            try database.withStatement(sql: "SELECT age FROM t") { statement in
                _ = try statement.step()
                return try statement.value(at: 0, as: UInt8.self)
            }
        }
        #expect(range == .invalidValue(column: "age", value: "300", expected: "UInt8", sql: "SELECT age FROM t"))

        try database.execute("UPDATE t SET age = NULL")
        let null = try #require(throws: DAOGenError.self) {
            try database.withStatement(sql: "SELECT age FROM t") { statement in
                _ = try statement.step()
                return try statement.value(at: 0, as: String.self)
            }
        }
        #expect(null.description == "The column age holds NULL, which cannot be read as String, in: SELECT age FROM t")
    }

    @Test("DAOGenError descriptions are full sentences")
    func daoGenErrorDescriptions() {
        let underlying = DatabaseError(resultCode: .error, message: "no such table: books", sql: nil)
        let cases: [(DAOGenError, String)] = [
            (.newerFile(path: "/data/app.sqlite", fileVersion: 5, codeVersion: 3),
             "The database at /data/app.sqlite is at schema version 5, newer than version 3 that this code knows; it was left untouched."),
            (.unversionedFile(path: "/data/app.sqlite", tables: ["authors", "books"]),
             "The database at /data/app.sqlite has no schema version but already has tables (authors, books), so its schema is unknown; it was left untouched. If these tables were made without daogen, open the file with open(path:baseline:) to compare them with a schema version and adopt the file at that version."),
            (.invalidBaseline(baseline: 4, codeVersion: 3),
             "The baseline schema version 4 is invalid: it must be between 1 and 3, the version that this code knows."),
            (.baselineMismatch(path: "/data/app.sqlite", version: 2, differences: ["table books lacks column isbn", "table shelves is missing"]),
             "The database at /data/app.sqlite does not match schema version 2: table books lacks column isbn; table shelves is missing; it was left untouched."),
            (.migrationFailed(version: 4, sql: "ALTER TABLE books ADD COLUMN isbn TEXT", underlying: underlying),
             "The migration to schema version 4 failed: SQLite error 1 (SQLITE_ERROR): no such table: books, in: ALTER TABLE books ADD COLUMN isbn TEXT"),
            (.missingMigration(from: 2, to: 3),
             "There is no migration from schema version 2 to version 3."),
            (.invalidValue(column: "created_at", value: "'soon'", expected: "Date", sql: "SELECT created_at FROM books"),
             "The column created_at holds 'soon', which cannot be read as Date, in: SELECT created_at FROM books"),
            (.argumentCountMismatch(expected: 2, given: 1, sql: "SELECT * FROM books WHERE (a = ? AND b = ?) LIMIT :daogen_limit"),
             "The SQL takes 2 arguments but 1 was given, so no argument was bound, in: SELECT * FROM books WHERE (a = ? AND b = ?) LIMIT :daogen_limit"),
            (.unstorableValue(parameter: 3, value: "nan", reason: "SQLite stores NaN as NULL", sql: "INSERT INTO books(rating) VALUES (?3)"),
             "The value nan bound to parameter 3 cannot be stored: SQLite stores NaN as NULL, in: INSERT INTO books(rating) VALUES (?3)"),
        ]
        for (error, sentence) in cases {
            #expect(error.description == sentence)
        }
    }

    @Test("ResultCode names, numbers and primary codes")
    func resultCodes() {
        #expect(ResultCode.constraintUnique.description == "SQLITE_CONSTRAINT_UNIQUE (2067)")
        #expect(ResultCode.constraintUnique.primary == .constraint)
        #expect(ResultCode.constraint.primary == .constraint)
        #expect(ResultCode.ok.description == "SQLITE_OK (0)")
        #expect(ResultCode.notADB.description == "SQLITE_NOTADB (26)")
        #expect(ResultCode.done.description == "SQLITE_DONE (101)")
        #expect(ResultCode(rawValue: 5898).description == "SQLITE_IOERR_DELETE_NOENT (5898)")
        #expect(ResultCode(rawValue: 99 << 8 | 19).description == "SQLITE_CONSTRAINT_? (25363)")
        #expect(ResultCode(rawValue: 77).description == "SQLITE_UNKNOWN (77)")
        let codes: [ResultCode] = [
            .ok, .error, .busy, .locked, .readonly, .interrupt, .ioErr, .corrupt, .full, .cantOpen, .constraint,
            .mismatch, .misuse, .range, .notADB, .row, .done, .constraintCheck, .constraintForeignKey,
            .constraintNotNull, .constraintPrimaryKey, .constraintUnique, .constraintTrigger,
        ]
        #expect(codes.map(\.rawValue) == [0, 1, 5, 6, 8, 9, 10, 11, 13, 14, 19, 20, 21, 25, 26, 100, 101, 275, 787, 1299, 1555, 2067, 1811])
        #expect(Set(codes).count == codes.count)
    }
}
