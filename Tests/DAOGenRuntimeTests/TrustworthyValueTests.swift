@testable import DAOGenRuntime
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Values are never lost silently: what reading checks, what binding refuses, and argument counts.
@Suite("Reading and binding checks")
struct TrustworthyValueTests {
    /// Reads the one value `sql` selects (as column `v`) with `read`.
    func read<T>(_ sql: String, _ read: (Statement) throws -> T) throws -> T {
        let database = try Database(path: ":memory:")
        return try database.withStatement(sql: sql) { statement in
            try #require(try statement.step())
            return try read(statement)
        }
    }

    @Test(
        "NULL and non-numeric values do not read as 0 or false",
        arguments: [
            ("SELECT NULL AS v", "Int64", "NULL"), ("SELECT 'abc' AS v", "Int64", "'abc'"),
            ("SELECT X'00' AS v", "Int64", "X'00'"), ("SELECT 0.5 AS v", "Int64", "0.5"),
        ])
    func integers(sql: String, expected: String, value: String) throws {
        let error = try #require(throws: DAOGenError.self) { try read(sql) { try $0.int64(at: 0) } }
        #expect(error.description == "The column v holds \(value), which cannot be read as Int64, in: \(sql)")
    }

    /// Every kind of stored value: the one-call optional readers must read what `isNull(at:)` then
    /// the non-optional reader reads, or throw the same error.
    static let storedValues = ["NULL", "0", "0.0", "-0.0", "5", "-3", "2.5", "'abc'", "'12abc'", "'0'", "''", "X'00'", "X''", "9223372036854775807"]

    @Test("optionalInt64 and optionalDouble read as isNull then int64 / double", arguments: storedValues)
    func optionalNumbers(value: String) throws {
        let sql = "SELECT \(value) AS v"
        func outcome<T>(_ read: (Statement) throws -> T?) -> String {
            do { return "\(String(describing: try self.read(sql, read)))" } catch { return "\(error)" }
        }
        #expect(outcome { try $0.optionalInt64(at: 0) } == outcome { $0.isNull(at: 0) ? nil : try $0.int64(at: 0) })
        #expect(outcome { try $0.optionalDouble(at: 0) } == outcome { $0.isNull(at: 0) ? nil : try $0.double(at: 0) })
    }

    @Test("the readers' error names the Swift type; zero values read as zero")
    func everyReader() throws {
        let null = "SELECT NULL AS v"
        #expect(throws: DAOGenError.invalidValue(column: "v", value: "NULL", expected: "Bool", sql: null)) { try read(null) { try $0.bool(at: 0) } }
        #expect(throws: DAOGenError.invalidValue(column: "v", value: "NULL", expected: "Double", sql: null)) { try read(null) { try $0.double(at: 0) } }
        #expect(throws: DAOGenError.invalidValue(column: "v", value: "NULL", expected: "String", sql: null)) { try read(null) { try $0.string(at: 0) } }
        #expect(throws: DAOGenError.invalidValue(column: "v", value: "NULL", expected: "Data", sql: null)) { try read(null) { try $0.data(at: 0) } }
        #expect(throws: DAOGenError.invalidValue(column: "v", value: "NULL", expected: "Date (seconds since 1970)", sql: null)) {
            try read(null) { try $0.unixEpochDate(at: 0) }
        }
        #expect(throws: DAOGenError.invalidValue(column: "v", value: "NULL", expected: "Date (milliseconds since 1970)", sql: null)) {
            try read(null) { try $0.unixEpochMillisecondsDate(at: 0) }
        }
        let yes = "SELECT 'yes' AS v"
        #expect(throws: DAOGenError.invalidValue(column: "v", value: "'yes'", expected: "Bool", sql: yes)) { try read(yes) { try $0.bool(at: 0) } }
        let text = "SELECT 'abc' AS v"
        #expect(throws: DAOGenError.invalidValue(column: "v", value: "'abc'", expected: "Double", sql: text)) { try read(text) { try $0.double(at: 0) } }

        #expect(try read("SELECT 0") { try $0.int64(at: 0) } == 0)
        #expect(try read("SELECT 0.0") { try $0.int64(at: 0) } == 0)
        #expect(try read("SELECT 0") { try $0.bool(at: 0) } == false)
        #expect(try read("SELECT 0") { try $0.double(at: 0) } == 0)
        #expect(try read("SELECT -0.0") { try $0.double(at: 0) } == 0)
        #expect(try read("SELECT 0") { try $0.unixEpochDate(at: 0) } == Date(timeIntervalSince1970: 0))
        #expect(try read("SELECT 0") { try $0.unixEpochMillisecondsDate(at: 0) } == Date(timeIntervalSince1970: 0))
        #expect(try read("SELECT ''") { try $0.string(at: 0) } == "")
        #expect(try read("SELECT X''") { try $0.data(at: 0) } == Data())
        #expect(try read("SELECT ''") { try $0.data(at: 0) } == Data())
        // SQLite's own conversions are lossy reads (docs/Runtime.md): refused, not truncated or reformatted.
        #expect(throws: DAOGenError.invalidValue(column: "2.75", value: "2.75", expected: "Int64", sql: "SELECT 2.75")) {
            try read("SELECT 2.75") { try $0.int64(at: 0) }
        }
        #expect(throws: DAOGenError.invalidValue(column: "'12abc'", value: "'12abc'", expected: "Int64", sql: "SELECT '12abc'")) {
            try read("SELECT '12abc'") { try $0.int64(at: 0) }
        }
        #expect(throws: DAOGenError.invalidValue(column: "42", value: "42", expected: "String", sql: "SELECT 42")) {
            try read("SELECT 42") { try $0.string(at: 0) }
        }
        #expect(try read("SELECT 2.0") { try $0.int64(at: 0) } == 2)
    }

    @Test("NaN is refused when bound, not stored as NULL")
    func nan() throws {
        let database = try makeValueTable()
        let sql = "INSERT INTO t(v) VALUES (?)"
        for bind in [{ (statement: Statement) in statement.bind(Double.nan, at: 1) },
                     { $0.bind(DatabaseValue.real(.nan), at: 1) },
                     { $0.bind(Float.nan as Float?, at: 1) },
                     { $0.bindUnixEpoch(Date(timeIntervalSince1970: .nan), at: 1) }] {
            let error = try #require(throws: DAOGenError.self) {
                try database.withStatement(sql: sql) { statement in
                    bind(statement)
                    try statement.execute()
                }
            }
            #expect(error == .unstorableValue(parameter: 1, value: "nan", reason: "SQLite stores NaN as NULL", sql: sql))
            #expect(error.description == "The value nan bound to parameter 1 cannot be stored: SQLite stores NaN as NULL, in: \(sql)")
        }
        #expect(try database.rows("SELECT count(*) FROM t") == [[.integer(0)]])
        // Infinities are stored and read back.
        let infinity = try roundTrip(database, bind: { $0.bind(Double.infinity, at: 1) }, read: { try $0.double(at: 0) })
        #expect(infinity == .infinity)
    }

    @Test("a date out of the stored range is refused, not clamped")
    func datesOutOfRange() throws {
        let database = try makeValueTable()
        let sql = "INSERT INTO t(v) VALUES (?)"
        let far = Date(timeIntervalSince1970: 8.64e12 + 1)
        let reason = "it is outside the range of stored dates, 8.64e15 milliseconds (about 273,790 years) either side of 1970"
        for bind in [{ (statement: Statement) in statement.bindISO8601(far, at: 1) }, { $0.bindUnixEpochMilliseconds(far, at: 1) }] {
            let error = try #require(throws: DAOGenError.self) {
                try database.withStatement(sql: sql) { statement in
                    bind(statement)
                    try statement.execute()
                }
            }
            #expect(error == .unstorableValue(parameter: 1, value: "8640000000001.0 seconds since 1970", reason: reason, sql: sql))
        }
        let nan = try #require(throws: DAOGenError.self) {
            try database.withStatement(sql: sql) { statement in
                statement.bindISO8601(Date(timeIntervalSince1970: .nan), at: 1)
                try statement.execute()
            }
        }
        #expect(nan.description == "The value nan seconds since 1970 bound to parameter 1 cannot be stored: a NaN date has no stored form, in: \(sql)")
        // The limit itself is stored; the REAL seconds storage keeps any date.
        let limit = Date(timeIntervalSince1970: -8.64e12)
        #expect(try roundTrip(database, bind: { $0.bindISO8601(limit, at: 1) }, read: { try $0.iso8601Date(at: 0) }) == limit)
        #expect(try roundTrip(database, bind: { $0.bindUnixEpoch(far, at: 1) }, read: { try $0.unixEpochDate(at: 0) }) == far)
        // Date's DatabaseValueConvertible conformance cannot throw: it stores REAL seconds, read back exactly.
        #expect(far.databaseValue == .real(8.64e12 + 1))
        #expect(Date.fromDatabaseValue(far.databaseValue) == far)
    }

    @Test("a condition's arguments must match its parameters")
    func argumentCounts() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t(name) VALUES ('a'), ('b'), ('c')")
        func names(_ condition: String, _ arguments: [any DatabaseValueConvertible], limit: Int? = nil) throws -> [String] {
            try RecordDAO<NameRow>(database: database).fetchAll(where: condition, arguments: arguments, limit: limit).map(\.name)
        }
        #expect(try names("id > ?", [1]) == ["b", "c"])
        #expect(try names("id > ?", [1], limit: 1) == ["b"])
        #expect(try names("name = :name OR id = :id", ["a", 3]) == ["a", "c"])
        #expect(try names("name = $n OR name = @m OR name = $n", ["a", "b"]) == ["a", "b"])
        #expect(throws: DAOGenError.argumentCountMismatch(expected: 1, given: 0, sql: "SELECT \"name\" FROM \"t\" WHERE (id > ?) LIMIT :daogen_limit OFFSET :daogen_offset")) {
            try names("id > ?", [], limit: 2)
        }
        #expect(throws: DAOGenError.argumentCountMismatch(expected: 2, given: 3, sql: "SELECT \"name\" FROM \"t\" WHERE (id > ? AND id < ?) LIMIT :daogen_limit OFFSET :daogen_offset")) {
            try names("id > ? AND id < ?", [1, 2, 3])
        }
        // A comment cannot swallow the LIMIT clause: the condition is closed in parentheses.
        #expect(throws: DatabaseError.self) { try names("id > ? -- comment", [1]) }
    }

    @Test("a file that is already at the latest version is prepared without writing")
    func readOnlyPrepare() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let schema = SchemaDefinition(version: 1, creation: ["CREATE TABLE t(x)"], migrations: [])
        try schema.prepare(try Database(path: path))
        var configuration = Database.Configuration()
        configuration.readOnly = true
        let reader = try Database(path: path, configuration: configuration)
        try schema.prepare(reader)
        #expect(try reader.userVersion() == 1)
        // A file that needs work cannot be prepared read-only: SQLite says so.
        let newer = SchemaDefinition(version: 2, creation: ["CREATE TABLE t(x)"], migrations: [.init(version: 2, steps: ["CREATE TABLE u(y)"])])
        let error = try #require(throws: DAOGenError.self) { try newer.prepare(reader) }
        #expect(error.description == "The migration to schema version 2 failed: SQLite error 8 (SQLITE_READONLY): attempt to write a readonly database, in: CREATE TABLE u(y)")
        #expect(try reader.userVersion() == 1)

        // Without root privileges, a file without write permission opens read-only, in its journal mode.
        if getuid() != 0 {
            let plain = directory.path("plain.sqlite")
            do {
                var options = Database.Configuration()
                options.journalModeWAL = false
                try schema.prepare(try Database(path: plain, configuration: options))
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: plain)
            let database = try Database(path: plain)
            try schema.prepare(database)
            #expect(try database.rows("PRAGMA journal_mode") == [[.text("delete")]])
        }
    }
}

/// A row of table `t` read through the runtime's `RecordDAO`, as a generated view record would be.
private struct NameRow: DatabaseRecord {
    enum Column: String, SQLColumn { case name }
    struct Columns: Sendable { let name = TypedColumn<NameRow, String>("name") }
    static let columns = Columns()
    static let statements = RecordStatements<NameRow>(view: "t")
    var name: String
    init(row statement: Statement) throws { name = try statement.value(at: 0) }
}
