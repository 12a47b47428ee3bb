import CSQLite

extension Database {
    /// Starts a write transaction at once, taking the write lock.
    static let beginImmediateKey = StatementKey("BEGIN IMMEDIATE")
    /// Starts a read transaction; its snapshot is taken by the first read.
    static let beginDeferredKey = StatementKey("BEGIN DEFERRED")
    /// Ends the transaction, keeping its changes.
    static let commitKey = StatementKey("COMMIT")
    /// Ends the transaction, discarding its changes.
    static let rollbackKey = StatementKey("ROLLBACK")

    /// Runs `body` in a transaction (`BEGIN IMMEDIATE` … `COMMIT`) on the writer, or in a
    /// savepoint when a transaction is already open, and returns its result.
    ///
    /// When `body` throws, or the commit fails, the transaction (or savepoint) is rolled back
    /// and the error rethrown; an outer transaction keeps the work done outside the savepoint.
    /// The thread holds the writer for the whole of `body`, so other threads' statements never
    /// join the transaction, and every call `body` makes on this database runs in it.
    /// - Throws: ``DAOGenError/databaseClosed(path:)`` after ``close()``, ``DatabaseError`` when
    ///   SQLite fails, or what `body` throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try withWriter { writer in try runTransaction(on: writer, body) }
    }

    /// True while the connection the thread's calls go to (the writer, outside any scope) has a
    /// transaction open (`!sqlite3_get_autocommit`).
    public var isInsideTransaction: Bool {
        if let entry = ThreadScopes.current.entry(for: identity) {
            return entry.connection.isInsideTransaction
        }
        return (try? withWriter { $0.isInsideTransaction }) ?? false
    }

    /// Runs `body` in a transaction on `writer`, which the thread holds in a writer scope.
    func runTransaction<T>(on writer: Connection, _ body: () throws -> T) throws -> T {
        if writer.isInsideTransaction {
            return try savepoint(on: writer, body)
        }
        try writer.run(Self.beginImmediateKey)
        do {
            let result = try body()
            try writer.run(Self.commitKey)
            return result
        } catch {
            if writer.isInsideTransaction {
                try? writer.run(Self.rollbackKey)
            }
            throw error
        }
    }

    /// Runs `body` in a savepoint nested in the open transaction of `connection`.
    private func savepoint<T>(on connection: Connection, _ body: () throws -> T) throws -> T {
        connection.savepointDepth += 1
        defer { connection.savepointDepth -= 1 }
        let name = "daogen_savepoint_\(connection.savepointDepth)"
        try connection.run(sql: "SAVEPOINT \(name)")
        // The change feed drops what a rolled-back savepoint recorded.
        connection.recorder.savepointBegan()
        do {
            let result = try body()
            try connection.run(sql: "RELEASE \(name)")
            connection.recorder.savepointEnded(rolledBack: false)
            return result
        } catch {
            if connection.isInsideTransaction {
                try? connection.run(sql: "ROLLBACK TO \(name)")
                try? connection.run(sql: "RELEASE \(name)")
            }
            connection.recorder.savepointEnded(rolledBack: true)
            throw error
        }
    }

    /// Runs `body` in one read transaction on `connection`, which the thread holds, with every call
    /// it makes on this database going to that connection; `tracker` collects the tables read.
    func runSnapshot<T>(on connection: Connection, tracker: TableTracker?, _ body: () throws -> T) throws -> T {
        let scopes = ThreadScopes.current
        scopes.entries.append(.init(owner: identity, connection: connection, kind: .snapshot, tracker: tracker))
        defer { scopes.entries.removeLast() }
        if connection.isInsideTransaction {
            return try body()
        }
        try connection.run(Self.beginDeferredKey)
        do {
            let result = try body()
            try connection.run(Self.commitKey)
            return result
        } catch {
            if connection.isInsideTransaction {
                try? connection.run(Self.rollbackKey)
            }
            throw error
        }
    }
}
