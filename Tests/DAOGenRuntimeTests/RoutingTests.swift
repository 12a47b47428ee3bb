import DAOGenRuntime
import Foundation
import Testing

@Suite("Connection routing")
struct RoutingTests {
    @Test("a WITH that writes runs on the writer; a WITH that reads runs on a reader", arguments: [0, 4])
    func withStatements(readers: Int) throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.maximumReaderCount = readers
        let database = try Database(path: directory.path("db.sqlite"), configuration: configuration)
        try database.execute("CREATE TABLE t(x)")
        try database.withStatement(sql: "WITH v(x) AS (VALUES (1), (2)) INSERT INTO t SELECT x FROM v") { _ = try $0.step() }
        let sum = try database.withStatement(sql: "WITH s AS (SELECT sum(x) AS n FROM t) SELECT n FROM s") { statement in
            _ = try statement.step()
            return try statement.int64(at: 0)
        }
        #expect(sum == 3)
        #expect(try database.rows("/* leading comment */ select count(*) from t") == [[.integer(2)]])
    }

    @Test("a write inside the body of a read statement goes to the writer")
    func nestedWrite() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("db.sqlite"))
        try database.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1), (2)")
        try database.withStatement(sql: "SELECT x FROM t") { statement in
            while try statement.step() {
                let x = try statement.int64(at: 0)
                try database.execute("INSERT INTO t VALUES (\(x * 10))")
            }
        }
        #expect(try database.rows("SELECT count(*) FROM t") == [[.integer(4)]])
    }

    @Test("many threads read and write a file at once; every read sees a consistent count")
    func threads() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("db.sqlite"))
        try database.execute("CREATE TABLE t(x)")
        let errors = LockedArray<String>()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<100 {
                do {
                    if thread % 2 == 0 {
                        try database.transaction {
                            try database.execute("INSERT INTO t VALUES (\(step)); INSERT INTO t VALUES (\(step))")
                        }
                    } else {
                        let count = try database.read { try database.rows("SELECT count(*) FROM t") }
                        if case .integer(let n) = count.first?.first, n % 2 != 0 { errors.append("odd count \(n)") }
                    }
                } catch {
                    errors.append("\(error)")
                }
            }
        }
        #expect(errors.all == [])
        #expect(try database.rows("SELECT count(*) FROM t") == [[.integer(800)]])
        try database.close()
        #expect(database.isClosed)
        #expect(throws: DAOGenError.databaseClosed(path: database.path)) { try database.rows("SELECT 1") }
    }
}
