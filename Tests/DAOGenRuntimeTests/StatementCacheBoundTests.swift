import CSQLite
@testable import DAOGenRuntime
import Foundation
import Testing
import Seeded

/// The statements of SQL built at run time are bounded per connection (docs/Runtime.md, "The statement cache"; issue
/// 23): the least recently used are finalized first, whatever the number of distinct texts.
@Suite("Statement cache bound")
struct StatementCacheBoundTests {
    /// An in-memory database (one connection) keeping at most `capacity` run-time statements, with
    /// a table `t(v)` holding 1, 2 and 3.
    static func database(capacity: Int) throws -> Database {
        var configuration = Database.Configuration()
        configuration.maximumCachedStatements = capacity
        let database = try Database(path: ":memory:", configuration: configuration)
        try database.execute("CREATE TABLE t(v); INSERT INTO t VALUES (1), (2), (3)")
        return database
    }

    /// The `sqlite3_stmt`s alive on `connection`, cached or not: what finalization is measured by.
    static func liveStatementCount(_ connection: Connection) -> Int {
        var count = 0
        var statement = sqlite3_next_stmt(connection.handle, nil)
        while let current = statement {
            count += 1
            statement = sqlite3_next_stmt(connection.handle, current)
        }
        return count
    }

    /// The value of `SELECT ?1 + k`, a distinct text for each `k`, with `argument` bound.
    static func plus(_ k: Int, _ argument: Int, in database: Database) throws -> Int64 {
        try database.withStatement(sql: "SELECT ?1 + \(k)") { statement in
            statement.bind(argument, at: 1)
            _ = try statement.step()
            return try statement.int64(at: 0)
        }
    }

    @Test("the default keeps 128 run-time statements per connection")
    func defaultCapacity() throws {
        #expect(Database.Configuration().maximumCachedStatements == 128)
        let database = try Database(path: ":memory:")
        for k in 0..<1_000 {
            #expect(try Self.plus(k, 1, in: database) == Int64(k + 1))
        }
        #expect(database.writer.statements.sqlStatementCount == 128)
        #expect(Self.liveStatementCount(database.writer) == 128)
    }

    @Test("many distinct texts never hold more than the bound, and the dropped ones are finalized")
    func neverAboveBound() throws {
        for capacity in [1, 2, 7, 64] {
            let database = try Self.database(capacity: capacity)
            for k in 0..<(capacity * 20 + 50) {
                #expect(try Self.plus(k, k, in: database) == Int64(2 * k))
                #expect(database.writer.statements.sqlStatementCount == min(k + 1, capacity))
                #expect(Self.liveStatementCount(database.writer) == min(k + 1, capacity))
            }
        }
    }

    @Test("the least recently used statement goes first; one used again survives")
    func leastRecentlyUsedFirst() throws {
        let database = try Self.database(capacity: 3)
        var kept: [Int: Statement] = [:]
        for k in [0, 1, 2, 0, 3] {
            try database.withStatement(sql: "SELECT ?1 + \(k)") { kept[k] = $0 }
        }
        // 0 was used after 1 and 2, so 3 took the place of 1.
        #expect(database.writer.statements.sqlTextsByRecency == ["SELECT ?1 + 3", "SELECT ?1 + 0", "SELECT ?1 + 2"])
        try database.withStatement(sql: "SELECT ?1 + 0") { #expect($0 === kept[0]) }
        try database.withStatement(sql: "SELECT ?1 + 2") { #expect($0 === kept[2]) }
        try database.withStatement(sql: "SELECT ?1 + 1") { #expect($0 !== kept[1]) }
        #expect(database.writer.statements.sqlTextsByRecency == ["SELECT ?1 + 1", "SELECT ?1 + 2", "SELECT ?1 + 0"])
    }

    @Test("random uses keep exactly the most recently used texts, in order, and reuse their statements")
    func matchesReferenceModel() throws {
        var random = SeededRandom(seed: 23)
        for round in 0..<40 {
            let capacity = random.below(12)
            let textCount = 1 + random.below(30)
            let database = try Self.database(capacity: capacity)
            // The model: texts from the most to the least recently used, at most `capacity`.
            var model: [Int] = []
            var statements: [Int: Statement] = [:]
            for _ in 0..<200 {
                let k = random.below(textCount)
                let argument = random.below(1_000)
                let wasCached = model.contains(k)
                let (value, statement) = try database.withStatement(sql: "SELECT ?1 + \(k)") { statement in
                    statement.bind(argument, at: 1)
                    _ = try statement.step()
                    return (try statement.int64(at: 0), statement)
                }
                #expect(value == Int64(argument + k), "round \(round)")
                if wasCached {
                    #expect(statement === statements[k], "round \(round): \(k) was re-prepared")
                }
                statements[k] = statement
                model.removeAll { $0 == k }
                model.insert(k, at: 0)
                if model.count > capacity { model.removeLast(model.count - capacity) }
                #expect(
                    database.writer.statements.sqlTextsByRecency == model.map { "SELECT ?1 + \($0)" },
                    "round \(round), capacity \(capacity)")
            }
            statements = [:]
            #expect(Self.liveStatementCount(database.writer) == model.count, "round \(round)")
        }
    }

    @Test("a statement dropped while in use keeps working, is checked in, then finalized")
    func evictedWhileInUse() throws {
        let database = try Self.database(capacity: 2)
        let outerSQL = "SELECT v FROM t ORDER BY v"
        var outerStatement: ObjectIdentifier?
        let rows = try database.withStatement(sql: outerSQL) { outer -> [String] in
            outerStatement = ObjectIdentifier(outer)
            var rows: [String] = []
            while try outer.step() {
                let v = try outer.int64(at: 0)
                // Three other texts push the outer statement out of a cache of 2.
                var sums: [Int64] = []
                for k in 10..<13 {
                    sums.append(try Self.plus(k, Int(v), in: database))
                }
                #expect(!database.writer.statements.sqlTextsByRecency.contains(outerSQL))
                // The outer text again, while its first statement is still stepping: a new one.
                let count = try database.withStatement(sql: outerSQL) { inner -> Int in
                    #expect(ObjectIdentifier(inner) != outerStatement)
                    var count = 0
                    while try inner.step() { count += 1 }
                    return count
                }
                rows.append("\(v):\(sums.map(String.init).joined(separator: ",")):\(count)")
            }
            return rows
        }
        #expect(rows == ["1:11,12,13:3", "2:12,13,14:3", "3:13,14,15:3"])
        // The outer statement was checked in and finalized: only the cached two remain.
        #expect(database.writer.statements.sqlStatementCount == 2)
        #expect(Self.liveStatementCount(database.writer) == 2)
        // The cached statement of the outer text is not left in use: the next call reuses it.
        var first: Statement?
        try database.withStatement(sql: outerSQL) { first = $0 }
        try database.withStatement(sql: outerSQL) { #expect($0 === first) }
    }

    @Test("a statement dropped while in use is reset when checked in, so it holds no read open")
    func evictedWhileInUseIsReset() throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.maximumCachedStatements = 1
        configuration.maximumReaderCount = 0
        let database = try Database(path: directory.path("reset.sqlite"), configuration: configuration)
        try database.execute("CREATE TABLE t(v); INSERT INTO t VALUES (1), (2), (3)")
        var kept: Statement?
        try database.withStatement(sql: "SELECT v FROM t") { outer in
            kept = outer
            _ = try outer.step()
            _ = try Self.plus(1, 1, in: database)
        }
        // The evicted statement is still alive (held here), but reset: a schema change can commit.
        try database.execute("DROP TABLE t")
        #expect(kept?.isInUse == false)
        #expect(Self.liveStatementCount(database.writer) == 2)
        kept = nil
        #expect(Self.liveStatementCount(database.writer) == 1)
    }

    @Test("results stay right when texts are dropped and prepared again, with no binding left over")
    func reprepared() throws {
        let database = try Self.database(capacity: 3)
        var random = SeededRandom(seed: 8)
        for _ in 0..<2_000 {
            let k = random.below(8)
            if random.below(3) == 0 {
                // Unbound: a statement prepared again, or reused, has no argument left from before.
                let isNull = try database.withStatement(sql: "SELECT ?1 + \(k)") { statement in
                    _ = try statement.step()
                    return statement.isNull(at: 0)
                }
                #expect(isNull)
            } else {
                let argument = random.below(100)
                #expect(try Self.plus(k, argument, in: database) == Int64(argument + k))
            }
        }
        // Statements that write, dropped and prepared again, write once each call.
        for round in 0..<20 {
            try database.withStatement(sql: "INSERT INTO t VALUES (\(round % 5) + 100)") { _ = try $0.step() }
        }
        #expect(try database.rows("SELECT count(*) FROM t WHERE v >= 100") == [[.integer(20)]])
    }

    @Test("a capacity of 0 caches nothing and finalizes each statement after use")
    func zeroCapacity() throws {
        for capacity in [0, -5] {
            let database = try Self.database(capacity: capacity)
            var seen: Statement?
            for k in 0..<50 {
                #expect(try Self.plus(k % 3, k, in: database) == Int64(k + k % 3))
                #expect(database.writer.statements.sqlStatementCount == 0)
                #expect(Self.liveStatementCount(database.writer) == 0)
            }
            try database.withStatement(sql: "SELECT 1") { seen = $0 }
            try database.withStatement(sql: "SELECT 1") { #expect($0 !== seen) }
        }
    }

    @Test("a huge capacity keeps every statement, and reserves nothing for it")
    func hugeCapacity() throws {
        let database = try Self.database(capacity: .max)
        for k in 0..<500 {
            #expect(try Self.plus(k, 1, in: database) == Int64(k + 1))
        }
        #expect(database.writer.statements.sqlStatementCount == 500)
        #expect(Self.liveStatementCount(database.writer) == 500)
    }

    @Test("the statements of keys are kept besides the bound, and not counted in it")
    func keysNotCounted() throws {
        let database = try Self.database(capacity: 2)
        let keys = (0..<5).map { StatementKey("SELECT v + \($0) FROM t WHERE v = 1") }
        for round in 0..<3 {
            for (index, key) in keys.enumerated() {
                #expect(try database.withStatement(key) { try $0.step() ? $0.int64(at: 0) : 0 } == Int64(1 + index))
                _ = try Self.plus(round * 10 + index, 0, in: database)
            }
        }
        #expect(database.writer.statements.sqlStatementCount == 2)
        #expect(Self.liveStatementCount(database.writer) == 2 + keys.count)
    }

    @Test("every connection of the pool keeps at most the bound, with reads on several threads")
    func boundAcrossThePool() async throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.maximumCachedStatements = 5
        configuration.maximumReaderCount = 3
        let database = try Database(path: directory.path("pool.sqlite"), configuration: configuration)
        try database.execute("CREATE TABLE t(v); INSERT INTO t VALUES (1), (2), (3)")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for k in 0..<300 {
                        let text = "SELECT v + \(k % 40) FROM t WHERE v = ?1"
                        let value = try database.withStatement(sql: text) { statement in
                            statement.bind(task % 3 + 1, at: 1)
                            _ = try statement.step()
                            return try statement.int64(at: 0)
                        }
                        #expect(value == Int64(task % 3 + 1 + k % 40))
                        // And writes, on the writer.
                        try database.withStatement(sql: "UPDATE t SET v = v WHERE v = \(k % 40)") { _ = try $0.step() }
                    }
                }
            }
            try await group.waitForAll()
        }
        let connections = [database.writer] + database.pool.withLock { database.idleReaders }
        // The writer ran 40 distinct texts; a reader, however many it was handed.
        #expect(database.writer.statements.sqlStatementCount == 5)
        for connection in connections {
            #expect(connection.statements.sqlStatementCount <= 5)
            #expect(Self.liveStatementCount(connection) == connection.statements.sqlStatementCount)
        }
    }
}
