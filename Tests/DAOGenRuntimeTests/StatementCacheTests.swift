import DAOGenRuntime
import Foundation
import Testing

@Suite("Statement cache")
struct StatementCacheTests {
    static let insert = StatementKey("INSERT INTO t(a, b) VALUES (?, ?)")
    static let select = StatementKey("SELECT a, b FROM t ORDER BY rowid")

    @Test("two keys of one SQL text hold two statements: a key, not its text, finds the statement")
    func keysOfOneText() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(a, b)")
        let twin = StatementKey(Self.insert.sql)
        let first = try database.withStatement(Self.insert) { ObjectIdentifier($0) }
        let second = try database.withStatement(twin) { ObjectIdentifier($0) }
        #expect(first != second)
        #expect(try database.withStatement(twin) { ObjectIdentifier($0) } == second)
    }

    @Test("a key's statement is reused, with its bindings cleared between uses")
    func reuseClearsBindings() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(a, b)")
        var statements: [ObjectIdentifier] = []
        try database.withStatement(Self.insert) { statement in
            statements.append(ObjectIdentifier(statement))
            statement.bind(1, at: 1)
            statement.bind("one", at: 2)
            _ = try statement.step()
        }
        try database.withStatement(Self.insert) { statement in
            statements.append(ObjectIdentifier(statement))
            statement.bind(2, at: 1)
            _ = try statement.step()
        }
        #expect(statements[0] == statements[1])
        #expect(try database.rows("SELECT a, b FROM t ORDER BY rowid") == [[.integer(1), .text("one")], [.integer(2), .null]])
    }

    @Test("a statement abandoned mid-iteration is reset for the next use")
    func resetAfterPartialIteration() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 'x'), (2, 'y')")
        for _ in 0..<3 {
            let first = try database.withStatement(Self.select) { statement -> Int64 in
                _ = try statement.step()
                return try statement.int64(at: 0)
            }
            #expect(first == 1)
        }
    }

    @Test("the statement is reset also when the body throws")
    func resetAfterThrow() throws {
        struct Stop: Error {}
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 'x'), (2, 'y')")
        #expect(throws: Stop.self) {
            try database.withStatement(Self.select) { statement in
                _ = try statement.step()
                throw Stop()
            }
        }
        // An unfinished read would keep the write from committing a schema change otherwise.
        try database.execute("DROP TABLE t; CREATE TABLE t(a, b)")
        #expect(try database.withStatement(Self.select) { try $0.step() } == false)
    }

    @Test("re-entering with the same key gets a separate statement")
    func reentrantUse() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z')")
        let pairs = try database.withStatement(Self.select) { outer in
            var pairs: [String] = []
            while try outer.step() {
                let a = try outer.int64(at: 0)
                let inner = try database.withStatement(Self.select) { inner in
                    var names: [String] = []
                    while try inner.step() {
                        names.append(try inner.string(at: 1))
                    }
                    return names.joined()
                }
                pairs.append("\(a):\(inner)")
            }
            return pairs
        }
        #expect(pairs == ["1:xyz", "2:xyz", "3:xyz"])
    }

    @Test("run-time SQL is cached by its text")
    func sqlCache() throws {
        let database = try Database(path: ":memory:")
        let sql = "SELECT ? + 1"
        let first = try database.withStatement(sql: sql) { statement in
            statement.bind(1, at: 1)
            _ = try statement.step()
            return (ObjectIdentifier(statement), try statement.int64(at: 0))
        }
        let second = try database.withStatement(sql: sql) { statement in
            _ = try statement.step()
            return (ObjectIdentifier(statement), statement.isNull(at: 0))
        }
        #expect(first.0 == second.0)
        #expect(first.1 == 2)
        #expect(second.1)
    }

    @Test("one key works with several connections")
    func keyAcrossConnections() throws {
        let one = try Database(path: ":memory:")
        let two = try Database(path: ":memory:")
        for database in [one, two] {
            try database.execute("CREATE TABLE t(a, b)")
            try database.withStatement(Self.insert) { statement in
                statement.bind(1, at: 1)
                statement.bind(2, at: 2)
                _ = try statement.step()
            }
        }
        #expect(try one.rows("SELECT count(*) FROM t") == [[.integer(1)]])
        #expect(try two.rows("SELECT count(*) FROM t") == [[.integer(1)]])
    }

    @Test("a cached statement recompiles after the schema changes")
    func schemaChange() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 2)")
        let key = StatementKey("SELECT * FROM t")
        #expect(try database.withStatement(key) { try $0.step() ? $0.columnCount : 0 } == 2)
        try database.execute("ALTER TABLE t ADD COLUMN c")
        #expect(try database.withStatement(key) { try $0.step() ? $0.databaseValue(at: 0) : .null } == .integer(1))
    }
}
