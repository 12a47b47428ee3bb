@testable import DAOGenRuntime
import Foundation
import Testing

/// A statement run inside the body of another statement that reads on a reader: a read runs on that
/// same reader, a write on the writer, and no thread ever waits for a second reader while it holds one.
/// As many threads as readers, each inside a statement body, would otherwise wait for each other forever:
/// each case runs on threads of its own and fails after a minute instead of hanging.
@Suite("Nested statements never wait for a second reader")
struct NestedReadTests {
    /// How the outer statement runs.
    enum Outer: String, CaseIterable, Sendable {
        case statementSQL = "withStatement(sql:)"
        case statementKey = "withStatement(key)"
        case readBlock = "read {} around withStatement(sql:)"
    }

    /// How the inner statement runs, and whether it writes.
    enum Inner: String, CaseIterable, Sendable {
        case withSQL = "withStatement(sql:) WITH ... SELECT"
        case withKey = "withStatement(key) WITH ... SELECT"
        case rows = "rows(WITH ... SELECT)"
        case readBlock = "read { rows(WITH ... SELECT) }"
        case select = "withStatement(sql:) SELECT"
        case withInsert = "withStatement(sql:) WITH ... INSERT"
        case rowsWithInsert = "rows(WITH ... INSERT)"

        var writes: Bool { self == .withInsert || self == .rowsWithInsert }
    }

    static let outerKey = StatementKey("SELECT x FROM t ORDER BY x")
    static let innerKey = StatementKey("WITH doubled(y) AS (SELECT ?1 * 2) SELECT y FROM doubled")

    @Test(arguments: [1, 2], Outer.allCases)
    func asManyThreadsAsReaders(readers: Int, outer: Outer) throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.maximumReaderCount = readers
        let database = try Database(path: directory.path("db.sqlite"), configuration: configuration)
        try database.execute("CREATE TABLE t(x INTEGER); CREATE TABLE log(x INTEGER); INSERT INTO t VALUES (1), (2), (3)")
        let writer = Int(bitPattern: database.writer.handle)  // a connection's identity, which threads may share
        // Inside `read {}` a write fails with SQLITE_READONLY, as documented: only reads are nested there.
        for inner in Inner.allCases where outer != .readBlock || !inner.writes {
            let failures = Failures()
            let finished = DispatchGroup()
            for _ in 0..<readers {
                finished.enter()
                Thread {
                    defer { finished.leave() }
                    do {
                        try Self.run(outer, inner, on: database, writer: writer, failures: failures)
                    } catch {
                        failures.add("\(outer.rawValue) / \(inner.rawValue): \(error)")
                    }
                }.start()
            }
            guard finished.wait(timeout: .now() + 60) == .success else {
                Issue.record("\(readers) thread(s) running \(inner.rawValue) inside \(outer.rawValue) waited for each other for a minute")
                return
            }
            for failure in failures.all { Issue.record(Comment(rawValue: failure)) }
        }
        let written = outer == .readBlock ? 0 : Int64(2 * 3 * readers)  // two writing inner cases, three rows
        #expect(try database.rows("SELECT count(*) FROM log") == [[.integer(written)]])
    }

    @Test("outside any scope, a WITH that reads runs on a reader and one that writes on the writer")
    func withStatementsOutsideScopes() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("db.sqlite"))
        try database.execute("CREATE TABLE t(x INTEGER)")
        let writer = database.writer.handle
        try database.withStatement(sql: "WITH v(x) AS (VALUES (1), (2)) INSERT INTO t SELECT x FROM v") { statement in
            #expect(statement.connection == writer)
            _ = try statement.step()
        }
        try database.withStatement(sql: "WITH s AS (SELECT sum(x) AS n FROM t) SELECT n FROM s") { statement in
            #expect(statement.connection != writer)
            let stepped = try statement.step()
            let sum = try statement.int64(at: 0)
            #expect(stepped && sum == 3)
        }
    }

    /// Runs `inner` for each row of `outer`, checking the connection each ran on.
    private static func run(
        _ outer: Outer, _ inner: Inner, on database: Database, writer: Int, failures: Failures
    ) throws {
        func rows(_ statement: Statement) throws {
            if Int(bitPattern: statement.connection) == writer { failures.add("the outer statement ran on the writer") }
            while try statement.step() {
                try runInner(inner, x: try statement.int64(at: 0), outer: Int(bitPattern: statement.connection))
            }
        }
        func runInner(_ inner: Inner, x: Int64, outer connection: Int) throws {
            let expected = inner.writes ? writer : connection
            switch inner {
            case .withSQL, .select, .withInsert:
                let sql = [
                    Inner.withSQL: "WITH doubled(y) AS (SELECT ?1 * 2) SELECT y FROM doubled",
                    .select: "SELECT ?1 * 2",
                    .withInsert: "WITH v(y) AS (SELECT ?1) INSERT INTO log SELECT y FROM v",
                ][inner]!
                try database.withStatement(sql: sql) { statement in
                    if Int(bitPattern: statement.connection) != expected { failures.add("\(inner.rawValue) ran on the wrong connection") }
                    statement.bind(x, at: 1)
                    if try statement.step(), try statement.int64(at: 0) != x * 2 { failures.add("\(inner.rawValue) read a wrong value") }
                }
            case .withKey:
                try database.withStatement(innerKey) { statement in
                    if Int(bitPattern: statement.connection) != expected { failures.add("\(inner.rawValue) ran on the wrong connection") }
                    statement.bind(x, at: 1)
                    _ = try statement.step()
                }
            case .rows:
                _ = try database.rows("WITH doubled(y) AS (SELECT ?1 * 2) SELECT y FROM doubled", [.integer(x)])
            case .readBlock:
                _ = try database.read { try database.rows("WITH doubled(y) AS (SELECT 2) SELECT y FROM doubled") }
            case .rowsWithInsert:
                _ = try database.rows("WITH v(y) AS (SELECT ?1) INSERT INTO log SELECT y FROM v", [.integer(x)])
            }
        }
        switch outer {
        case .statementSQL: try database.withStatement(sql: "SELECT x FROM t ORDER BY x", rows)
        case .statementKey: try database.withStatement(outerKey, rows)
        case .readBlock: try database.read { try database.withStatement(sql: "SELECT x FROM t ORDER BY x", rows) }
        }
    }

    /// Failures found on other threads, recorded by the test's own.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var found: [String] = []
        func add(_ failure: String) { lock.withLock { found.append(failure) } }
        var all: [String] { lock.withLock { found } }
    }
}
