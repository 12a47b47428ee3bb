import DAOGenRuntime
import Foundation
import Testing

/// An error thrown on purpose.
private struct Boom: Error, Equatable {}

/// Runs `body` and tells whether it threw ``Boom``.
///
/// A plain function, with the outcome checked outside the closures: in debug builds, Swift 6.3.1
/// ran a sibling closure instead of the closure of an `#expect(throws:)` nested two closures deep,
/// and crashed compiling `#expect(...)` around a closure there.
private func throwsBoom(_ body: () throws -> Void) -> Bool {
    do {
        try body()
        return false
    } catch {
        return error is Boom
    }
}

/// A database with a table `t(x)`.
private func makeDatabase() throws -> Database {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t(x)")
    return database
}

/// The values of `t.x`, in insertion order.
private func values(_ database: Database) throws -> [Int64] {
    try database.rows("SELECT x FROM t ORDER BY rowid").compactMap { $0.first.flatMap(Int64.fromDatabaseValue) }
}

/// Inserts `value` into `t`.
private func insert(_ value: Int64, into database: Database) throws {
    try database.withStatement(sql: "INSERT INTO t(x) VALUES (?)") { statement in
        statement.bind(value, at: 1)
        _ = try statement.step()
    }
}

@Suite("Transactions")
struct TransactionTests {
    @Test("a transaction commits and returns the body's result")
    func commit() throws {
        let database = try makeDatabase()
        #expect(!database.isInsideTransaction)
        let result = try database.transaction {
            #expect(database.isInsideTransaction)
            try insert(1, into: database)
            try insert(2, into: database)
            return "done"
        }
        #expect(result == "done")
        #expect(!database.isInsideTransaction)
        #expect(try values(database) == [1, 2])
    }

    @Test("a throwing body rolls everything back and the error is rethrown")
    func rollback() throws {
        let database = try makeDatabase()
        #expect(throws: Boom.self) {
            try database.transaction {
                try insert(1, into: database)
                try insert(2, into: database)
                throw Boom()
            }
        }
        #expect(!database.isInsideTransaction)
        #expect(try values(database) == [])
    }

    @Test("a failing statement rolls the transaction back")
    func rollbackOnDatabaseError() throws {
        let database = try makeDatabase()
        try database.execute("CREATE UNIQUE INDEX t_x ON t(x)")
        let error = try #require(throws: DatabaseError.self) {
            try database.transaction {
                try insert(1, into: database)
                try insert(1, into: database)
            }
        }
        #expect(error.extendedResultCode == .constraintUnique)
        #expect(try values(database) == [])
    }

    @Test("a nested transaction is a savepoint: its rollback keeps the outer work")
    func nestedRollback() throws {
        let database = try makeDatabase()
        var innerRolledBack = false
        var stillInside = false
        var deepRolledBack = false
        try database.transaction {
            try insert(1, into: database)
            innerRolledBack = throwsBoom {
                try database.transaction {
                    try insert(2, into: database)
                    throw Boom()
                }
            }
            stillInside = database.isInsideTransaction
            try database.transaction {
                try insert(3, into: database)
                try database.transaction {
                    try insert(4, into: database)
                }
                deepRolledBack = throwsBoom {
                    try database.transaction {
                        try insert(5, into: database)
                        throw Boom()
                    }
                }
            }
        }
        #expect(innerRolledBack)
        #expect(stillInside)
        #expect(deepRolledBack)
        #expect(try values(database) == [1, 3, 4])
    }

    @Test("an outer rollback discards released savepoints too")
    func outerRollback() throws {
        let database = try makeDatabase()
        #expect(throws: Boom.self) {
            try database.transaction {
                try database.transaction {
                    try insert(1, into: database)
                }
                throw Boom()
            }
        }
        #expect(try values(database) == [])
    }

    @Test("a transaction on a file is durable across connections, and a failed one leaves nothing")
    func fileTransaction() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        do {
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t(x)")
            try database.transaction {
                for value in Int64(0)..<100 {
                    try insert(value, into: database)
                }
            }
            _ = try? database.transaction {
                try insert(1000, into: database)
                throw Boom()
            }
        }
        let reopened = try Database(path: path)
        #expect(try reopened.rows("SELECT count(*), max(x) FROM t") == [[.integer(100), .integer(99)]])
    }

    @Test("a manual transaction opened with execute is joined with a savepoint")
    func manualTransaction() throws {
        let database = try makeDatabase()
        try database.execute("BEGIN")
        #expect(database.isInsideTransaction)
        _ = try? database.transaction {
            try insert(1, into: database)
            throw Boom()
        }
        try insert(2, into: database)
        try database.execute("COMMIT")
        #expect(try values(database) == [2])
    }

    @Test("a failing COMMIT (deferred foreign key) rolls back and throws")
    func commitFailure() throws {
        let database = try Database(path: ":memory:")
        try database.execute("""
            CREATE TABLE parent(id INTEGER PRIMARY KEY);
            CREATE TABLE child(parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
            """)
        let error = try #require(throws: DatabaseError.self) {
            try database.transaction {
                try database.execute("INSERT INTO child VALUES (1)")
            }
        }
        #expect(error.extendedResultCode == .constraintForeignKey)
        #expect(error.sql == "COMMIT")
        #expect(!database.isInsideTransaction)
        #expect(try database.rows("SELECT count(*) FROM child") == [[.integer(0)]])
        // The connection is usable again.
        try database.transaction {
            try database.execute("INSERT INTO parent VALUES (1); INSERT INTO child VALUES (1)")
        }
        #expect(try database.rows("SELECT count(*) FROM child") == [[.integer(1)]])
    }

    @Test("a second writer fails with SQLITE_BUSY once its busy timeout has passed")
    func busy() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let first = try Database(path: path)
        try first.execute("CREATE TABLE t(x)")
        var configuration = Database.Configuration()
        configuration.busyTimeout = 0.05
        let second = try Database(path: path, configuration: configuration)
        var error: DatabaseError?
        try first.transaction {
            try insert(1, into: first)
            do {
                try second.transaction {
                    try insert(2, into: second)
                }
            } catch let caught as DatabaseError {
                error = caught
            }
        }
        #expect(error?.resultCode == .busy)
        #expect(error?.sql == "BEGIN IMMEDIATE")
        #expect(!second.isInsideTransaction)
        #expect(try values(second) == [1])
    }
}
