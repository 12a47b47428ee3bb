extension GeneratedDatabase {
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// Nested calls use savepoints.
    @inlinable
    @discardableResult
    public func transaction<T>(_ body: (Self) throws -> T) throws -> T {
        try database.transaction { try body(self) }
    }

    /// Runs `body` on one consistent snapshot: every read in it sees the same state, which includes every
    /// transaction committed before the call. A file database reads on a reader connection, concurrently
    /// with the writer and other readers.
    @inlinable
    public func read<T>(_ body: (Self) throws -> T) throws -> T {
        try database.read { try body(self) }
    }

    /// Runs `body` on one consistent snapshot from async code, suspending without blocking the thread while
    /// every reader is busy; a cancelled task throws `CancellationError` before `body` runs.
    @inlinable
    public func read<T: Sendable>(_ body: @Sendable (Self) throws -> T) async throws -> T {
        try await database.read { try body(self) }
    }

    /// Runs `body` in a transaction on the writer from async code, suspending without blocking the thread
    /// while the writer is busy; a cancelled task throws `CancellationError` before `body` runs.
    @inlinable
    @discardableResult
    public func write<T: Sendable>(_ body: @Sendable (Self) throws -> T) async throws -> T {
        try await database.write { try body(self) }
    }

    /// Checkpoints the write-ahead log into the file and closes every connection; any later use throws
    /// ``DAOGenError/databaseClosed(path:)``.
    public func close() throws {
        try database.close()
    }
}
