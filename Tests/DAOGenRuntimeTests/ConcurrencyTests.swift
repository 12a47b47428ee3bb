import DAOGenRuntime
import Foundation
import Testing

@Suite("Concurrent use")
struct ConcurrencyTests {
    static let insert = StatementKey("INSERT INTO t(thread, step) VALUES (?, ?)")
    static let count = StatementKey("SELECT count(*) FROM t")

    @Test("8 threads × 500 inserts on one connection all land")
    func concurrentInserts() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("db.sqlite"))
        try database.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, thread INTEGER NOT NULL, step INTEGER NOT NULL, UNIQUE (thread, step))")
        let errors = LockedArray<String>()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<500 {
                do {
                    try database.withStatement(Self.insert) { statement in
                        statement.bind(thread, at: 1)
                        statement.bind(step, at: 2)
                        _ = try statement.step()
                    }
                    if step % 50 == 0 {
                        _ = try database.withStatement(Self.count) { try $0.step() }
                    }
                } catch {
                    errors.append("\(error)")
                }
            }
        }
        #expect(errors.all == [])
        #expect(try database.rows("SELECT count(*), count(DISTINCT thread) FROM t") == [[.integer(4000), .integer(8)]])
    }

    @Test("transactions from several threads never mix")
    func concurrentTransactions() throws {
        struct Abort: Error {}
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("db.sqlite"))
        try database.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, thread INTEGER NOT NULL, step INTEGER NOT NULL)")
        let errors = LockedArray<String>()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<50 {
                do {
                    try database.transaction {
                        for step in 0..<4 {
                            try database.withStatement(Self.insert) { statement in
                                statement.bind(thread, at: 1)
                                statement.bind(round * 4 + step, at: 2)
                                _ = try statement.step()
                            }
                        }
                        if round % 2 == 1 {
                            throw Abort()
                        }
                    }
                } catch is Abort {
                    // Rolled back on purpose.
                } catch {
                    errors.append("\(error)")
                }
            }
        }
        #expect(errors.all == [])
        // Only the even rounds commit: 8 threads × 25 rounds × 4 rows.
        #expect(try database.rows("SELECT count(*) FROM t") == [[.integer(800)]])
        #expect(try database.rows("SELECT count(*) FROM t WHERE (step / 4) % 2 = 1") == [[.integer(0)]])
    }

    @Test("Database is usable from Swift concurrency tasks")
    func tasks() async throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, thread INTEGER NOT NULL, step INTEGER NOT NULL)")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for step in 0..<100 {
                        try database.withStatement(Self.insert) { statement in
                            statement.bind(thread, at: 1)
                            statement.bind(step, at: 2)
                            _ = try statement.step()
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try database.rows("SELECT count(*) FROM t") == [[.integer(400)]])
    }

    @Test("statement keys created on many threads get distinct slots")
    func concurrentKeys() throws {
        let keys = LockedArray<StatementKey>()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<50 {
                keys.append(StatementKey("SELECT \(thread * 1000 + step)"))
            }
        }
        let database = try Database(path: ":memory:")
        for key in keys.all {
            let value = try database.withStatement(key) { statement -> Int64 in
                _ = try statement.step()
                return try statement.int64(at: 0)
            }
            #expect("SELECT \(value)" == key.sql)
        }
    }
}
