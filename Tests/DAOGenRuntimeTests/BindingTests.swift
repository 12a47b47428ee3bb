import DAOGenRuntime
import Foundation
import Testing

@Suite("Binding and reading values")
struct BindingTests {
    @Test("Int64 round trips, extremes included", arguments: [Int64.min, -1, 0, 1, 42, Int64.max])
    func int64(value: Int64) throws {
        let database = try makeValueTable()
        let read = try roundTrip(database, bind: { $0.bind(value, at: 1) }, read: { try $0.int64(at: 0) })
        #expect(read == value)
        #expect(try storedValue(database) == .integer(value))
    }

    @Test("Int round trips", arguments: [Int.min, -7, 0, Int.max])
    func int(value: Int) throws {
        let database = try makeValueTable()
        let read = try roundTrip(database, bind: { $0.bind(value, at: 1) }, read: { try $0.value(at: 0, as: Int.self) })
        #expect(read == value)
        #expect(try storedType(database) == "integer")
    }

    @Test(
        "Double round trips bit for bit, extremes included",
        arguments: [
            0.0, -0.0, 1.5, -2.25, 0.1, Double.pi, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
            Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, Double.infinity, -Double.infinity,
        ])
    func double(value: Double) throws {
        let database = try makeValueTable()
        let read = try roundTrip(database, bind: { $0.bind(value, at: 1) }, read: { try $0.double(at: 0) })
        #expect(read.bitPattern == value.bitPattern)
        #expect(try storedType(database) == "real")
    }

    @Test("Bool is stored as INTEGER 0/1; other integers are not read as true")
    func bool() throws {
        let database = try makeValueTable()
        #expect(try roundTrip(database, bind: { $0.bind(true, at: 1) }, read: { try $0.bool(at: 0) }))
        #expect(try storedValue(database) == .integer(1))
        #expect(try !roundTrip(database, bind: { $0.bind(false, at: 1) }, read: { try $0.bool(at: 0) }))
        #expect(try storedValue(database) == .integer(0))
        // Read as true and written back, -5 and 2 would become 1: the lossy reads rule refuses them.
        #expect(throws: DAOGenError.invalidValue(column: "v", value: "-5", expected: "Bool", sql: "SELECT v FROM t")) {
            try roundTrip(database, bind: { $0.bind(Int64(-5), at: 1) }, read: { try $0.bool(at: 0) })
        }
        #expect(throws: DAOGenError.invalidValue(column: "v", value: "2", expected: "Bool", sql: "SELECT v FROM t")) {
            try roundTrip(database, bind: { $0.bind(Int64(2), at: 1) }, read: { try $0.value(at: 0, as: Bool.self) })
        }
    }

    @Test(
        "String round trips: empty, non-ASCII, emoji, embedded NUL, quotes",
        arguments: ["", "hello", "男", "👩‍👩‍👧‍👦 and 🇫🇷", "a\u{0}b\u{0}", "it's \"quoted\"", String(repeating: "x", count: 100_000)])
    func string(value: String) throws {
        let database = try makeValueTable()
        let read = try roundTrip(database, bind: { $0.bind(value, at: 1) }, read: { try $0.string(at: 0) })
        #expect(read == value)
        #expect(try storedValue(database) == .text(value))
        #expect(try storedType(database) == "text")
    }

    @Test("the empty string is not NULL, and NULL is not a String")
    func emptyStringVersusNull() throws {
        let database = try makeValueTable()
        let empty = try roundTrip(database, bind: { $0.bind("", at: 1) }, read: { ($0.isNull(at: 0), try $0.string(at: 0)) })
        #expect(empty == (false, ""))
        let error = try #require(throws: DAOGenError.self) {
            _ = try roundTrip(database, bind: { $0.bindNull(at: 1) }, read: { try $0.string(at: 0) })
        }
        #expect(error.description == "The column v holds NULL, which cannot be read as String, in: SELECT v FROM t")
        #expect(try storedValue(database) == .null)
    }

    @Test(
        "Data round trips, zero bytes included",
        arguments: [Data([0]), Data([0, 0, 0]), Data([1, 0, 2, 0, 255]), Data((0..<1000).map { UInt8($0 % 256) })])
    func data(value: Data) throws {
        let database = try makeValueTable()
        let read = try roundTrip(database, bind: { $0.bind(value, at: 1) }, read: { try $0.data(at: 0) })
        #expect(read == value)
        #expect(try storedValue(database) == .blob(value))
    }

    @Test("empty Data binds an empty blob, not NULL; NULL is not Data")
    func emptyData() throws {
        let database = try makeValueTable()
        let read = try roundTrip(database, bind: { $0.bind(Data(), at: 1) }, read: { ($0.isNull(at: 0), try $0.data(at: 0)) })
        #expect(read == (false, Data()))
        #expect(try storedType(database) == "blob")
        #expect(try storedValue(database) == .blob(Data()))
        let error = try #require(throws: DAOGenError.self) {
            _ = try roundTrip(database, bind: { $0.bindNull(at: 1) }, read: { try $0.data(at: 0) })
        }
        #expect(error.description == "The column v holds NULL, which cannot be read as Data, in: SELECT v FROM t")
    }

    @Test("a Data slice binds its own bytes")
    func dataSlice() throws {
        let database = try makeValueTable()
        let whole = Data([9, 8, 7, 6, 5])
        let slice = whole[2..<4]
        let read = try roundTrip(database, bind: { $0.bind(slice, at: 1) }, read: { try $0.data(at: 0) })
        #expect(read == Data([7, 6]))
    }

    @Test(
        "DatabaseValue round trips in its storage class",
        arguments: [
            DatabaseValue.null, .integer(Int64.min), .integer(Int64.max), .real(-0.5), .text(""), .text("男"),
            .blob(Data()), .blob(Data([0, 1, 0])),
        ])
    func databaseValue(value: DatabaseValue) throws {
        let database = try makeValueTable()
        let read = try roundTrip(database, bind: { $0.bind(value, at: 1) }, read: { $0.databaseValue(at: 0) })
        #expect(read == value)
        let generic = try roundTrip(database, bind: { $0.bind(Optional(value), at: 1) }, read: { try $0.value(at: 0, as: DatabaseValue.self) })
        #expect(generic == value)
    }

    @Test("the generic bind: nil binds NULL, a value binds its databaseValue")
    func genericBind() throws {
        let database = try makeValueTable()
        let none: Int? = nil
        #expect(try roundTrip(database, bind: { $0.bind(none, at: 1) }, read: { $0.isNull(at: 0) }))
        let some: String? = "x"
        #expect(try roundTrip(database, bind: { $0.bind(some, at: 1) }, read: { try $0.string(at: 0) }) == "x")
        let decimal: Decimal? = Decimal(string: "0.1")
        _ = try roundTrip(database, bind: { $0.bind(decimal, at: 1) }, read: { _ in () })
        #expect(try storedValue(database) == .text("0.1"))
        let optional = try roundTrip(database, bind: { $0.bind(none, at: 1) }, read: { try $0.value(at: 0, as: Int?.self) })
        #expect(optional == nil)
    }

    @Test("a failed bind is thrown by the next step, and reset forgets it")
    func bindFailureSurfacesOnStep() throws {
        let database = try makeValueTable()
        try database.withStatement(sql: "INSERT INTO t(v) VALUES (?)") { statement in
            statement.bind(Int64(1), at: 5)
            let error = try #require(throws: DatabaseError.self) { _ = try statement.step() }
            #expect(error.resultCode == .range)
            #expect(error.sql == "INSERT INTO t(v) VALUES (?)")
            statement.reset()
            statement.bind(Int64(1), at: 1)
            #expect(try statement.step() == false)
        }
        #expect(try database.rows("SELECT v FROM t") == [[.integer(1)]])
    }

    @Test("columnCount, changes and lastInsertedRowID")
    func statementInformation() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, x)")
        let key = StatementKey("INSERT INTO t(x) VALUES (?)")
        for expected in Int64(1)...3 {
            let rowID = try database.withStatement(key) { statement in
                statement.bind(expected * 10, at: 1)
                _ = try statement.step()
                #expect(statement.changes == 1)
                return statement.lastInsertedRowID
            }
            #expect(rowID == expected)
        }
        let changed = try database.withStatement(sql: "UPDATE t SET x = x + 1 WHERE id >= ?") { statement in
            statement.bind(2, at: 1)
            _ = try statement.step()
            return statement.changes
        }
        #expect(changed == 2)
        let count = try database.withStatement(sql: "SELECT id, x, x * 2 AS y FROM t") { $0.columnCount }
        #expect(count == 3)
    }

    @Test("reading every row of a query")
    func iteratingRows() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t(name) VALUES ('a'), ('b'), ('c')")
        let names = try database.withStatement(sql: "SELECT name FROM t ORDER BY id DESC") { statement in
            var names: [String] = []
            while try statement.step() {
                names.append(try statement.string(at: 0))
            }
            return names
        }
        #expect(names == ["c", "b", "a"])
        #expect(try database.rows("SELECT id FROM t WHERE name = ?1 OR name = ?2", [.text("a"), .text("c")]) == [[.integer(1)], [.integer(3)]])
    }

    @Test("invalid SQL, no statement and several statements are rejected")
    func rejectedSQL() throws {
        let database = try Database(path: ":memory:")
        let syntax = try #require(throws: DatabaseError.self) {
            try database.withStatement(sql: "SELEKT 1") { _ in }
        }
        #expect(syntax.resultCode == .error)
        #expect(syntax.description == "SQLite error 1 (SQLITE_ERROR): near \"SELEKT\": syntax error, in: SELEKT 1")
        let empty = try #require(throws: DatabaseError.self) {
            try database.withStatement(sql: " -- nothing") { _ in }
        }
        #expect(empty.resultCode == .misuse)
        let several = try #require(throws: DatabaseError.self) {
            _ = try database.rows("SELECT 1; SELECT 2")
        }
        #expect(several.resultCode == .misuse)
        // A trailing semicolon or comment is not another statement.
        #expect(try database.rows("SELECT 1; -- done\n") == [[.integer(1)]])
    }
}
