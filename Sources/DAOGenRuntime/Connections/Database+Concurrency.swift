extension Database {
    /// Runs `body` on one consistent snapshot: every read it makes sees the database as it was
    /// when the first of them ran, and every transaction committed before `read` was called.
    ///
    /// For a file database the calls of `body` run on one reader connection in one read
    /// transaction, concurrently with the writer and other readers; a write inside fails with
    /// `SQLITE_READONLY`. An in-memory database reads on its only connection. Inside a
    /// transaction or another read, `body` simply runs there.
    /// - Throws: ``DAOGenError/databaseClosed(path:)`` after ``close()``, ``DatabaseError``, or
    ///   what `body` throws.
    public func read<T>(_ body: () throws -> T) throws -> T {
        if ThreadScopes.current.entry(for: identity) != nil {
            return try body()
        }
        if maximumReaderCount == 0 {
            try checkOutWriter()
            defer { releaseWriter() }
            return try runSnapshot(on: writer, tracker: nil, body)
        }
        let reader = try checkOutReader()
        defer { releaseReader(reader) }
        return try runSnapshot(on: reader, tracker: nil, body)
    }

    /// Runs `body` on one consistent snapshot, like the synchronous `read(_:)`, from async code.
    ///
    /// Waiting for a reader suspends the task and never blocks its thread; `body` itself runs
    /// synchronously on the task's thread. A task cancelled before it gets a connection throws
    /// `CancellationError` and `body` does not run.
    /// - Throws: `CancellationError`, ``DAOGenError/databaseClosed(path:)`` after ``close()``,
    ///   ``DatabaseError``, or what `body` throws.
    public func read<T: Sendable>(_ body: @Sendable () throws -> T) async throws -> T {
        try await read(tracker: nil, body)
    }

    /// The async read, with a tracker that collects the tables read (for observation).
    func read<T>(tracker: TableTracker?, _ body: () throws -> T) async throws -> T {
        if maximumReaderCount == 0 {
            try await checkOutWriterAsync()
            defer { releaseWriter() }
            return try runSnapshot(on: writer, tracker: tracker, body)
        }
        let reader = try await checkOutReaderAsync()
        defer { releaseReader(reader) }
        return try runSnapshot(on: reader, tracker: tracker, body)
    }

    /// Runs `body` in a transaction on the writer, like ``transaction(_:)``, from async code.
    ///
    /// Waiting for the writer suspends the task and never blocks its thread; `body` itself runs
    /// synchronously on the task's thread. A task cancelled before it gets the writer throws
    /// `CancellationError` and `body` does not run.
    /// - Throws: `CancellationError`, ``DAOGenError/databaseClosed(path:)`` after ``close()``,
    ///   ``DatabaseError``, or what `body` throws; the transaction is rolled back then.
    @discardableResult
    public func write<T: Sendable>(_ body: @Sendable () throws -> T) async throws -> T {
        try await checkOutWriterAsync()
        defer { releaseWriter() }
        let scopes = ThreadScopes.current
        scopes.entries.append(.init(owner: identity, connection: writer, kind: .writer, tracker: nil))
        defer { scopes.entries.removeLast() }
        return try runTransaction(on: writer, body)
    }
}
