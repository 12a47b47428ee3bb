import CSQLite

extension Database {
    /// Starts a write transaction at once, taking the write lock.
    private static let beginKey = StatementKey("BEGIN IMMEDIATE")
    /// Ends the transaction, keeping its changes.
    private static let commitKey = StatementKey("COMMIT")
    /// Ends the transaction, discarding its changes.
    private static let rollbackKey = StatementKey("ROLLBACK")

    /// Runs `body` in a transaction (`BEGIN IMMEDIATE` … `COMMIT`), or in a savepoint when a
    /// transaction is already open, and returns its result.
    ///
    /// When `body` throws, or the commit fails, the transaction (or savepoint) is rolled back
    /// and the error rethrown; an outer transaction keeps the work done outside the savepoint.
    /// The lock is held for the whole of `body`, so other threads' statements never join the
    /// transaction.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try withLock {
            if isInsideTransaction {
                return try savepoint(body)
            }
            try run(Self.beginKey)
            do {
                let result = try body()
                try run(Self.commitKey)
                return result
            } catch {
                if isInsideTransaction {
                    try? run(Self.rollbackKey)
                }
                throw error
            }
        }
    }

    /// True while a transaction is open (`!sqlite3_get_autocommit`).
    public var isInsideTransaction: Bool {
        withLock { sqlite3_get_autocommit(connection) == 0 }
    }

    /// Runs `body` in a savepoint nested in the open transaction; the caller holds the lock.
    private func savepoint<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "daogen_savepoint_\(savepointDepth)"
        try run(sql: "SAVEPOINT \(name)")
        do {
            let result = try body()
            try run(sql: "RELEASE \(name)")
            return result
        } catch {
            if isInsideTransaction {
                try? run(sql: "ROLLBACK TO \(name)")
                try? run(sql: "RELEASE \(name)")
            }
            throw error
        }
    }

    /// Steps the statement of `key` once.
    private func run(_ key: StatementKey) throws {
        try withStatement(key) { _ = try $0.step() }
    }

    /// Steps the cached statement of `sql` once.
    private func run(sql: String) throws {
        try withStatement(sql: sql) { _ = try $0.step() }
    }
}
