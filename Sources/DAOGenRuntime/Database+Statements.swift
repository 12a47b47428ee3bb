import Foundation

extension Database {
    /// Runs `body` with the cached prepared statement for `key`, holding the connection's lock.
    ///
    /// The statement is prepared (with `SQLITE_PREPARE_PERSISTENT`) on first use and kept. It is
    /// reset and its bindings cleared afterwards, also when `body` throws. When `body` re-enters
    /// with the same key (a recursive query), the inner call gets a fresh, uncached statement.
    /// - Throws: ``DatabaseError`` when the SQL does not prepare, or what `body` throws.
    @inlinable
    public func withStatement<T>(_ key: StatementKey, _ body: (Statement) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let statement = try checkOutStatement(for: key)
        defer { checkIn(statement) }
        return try body(statement)
    }

    /// Runs `body` with the cached prepared statement for SQL built at run time, cached by its
    /// text; otherwise like ``withStatement(_:_:)``.
    @inlinable
    public func withStatement<T>(sql: String, _ body: (Statement) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let statement = try checkOutStatement(forSQL: sql)
        defer { checkIn(statement) }
        return try body(statement)
    }

    /// The statement for `key`, marked in use; the caller holds the lock.
    @usableFromInline
    func checkOutStatement(for key: StatementKey) throws -> Statement {
        if let cached = statements.statement(for: key) {
            return try checkOut(cached)
        }
        let statement = try Statement(connection: connection, sql: key.sql, persistent: true)
        statements.store(statement, for: key)
        statement.isInUse = true
        return statement
    }

    /// The statement for `sql`, marked in use; the caller holds the lock.
    @usableFromInline
    func checkOutStatement(forSQL sql: String) throws -> Statement {
        if let cached = statements.statement(forSQL: sql) {
            return try checkOut(cached)
        }
        let statement = try Statement(connection: connection, sql: sql, persistent: true)
        statements.store(statement, forSQL: sql)
        statement.isInUse = true
        return statement
    }

    /// `cached`, marked in use, or a fresh uncached statement of its SQL when it is already in use.
    private func checkOut(_ cached: Statement) throws -> Statement {
        guard !cached.isInUse else {
            return try Statement(connection: connection, sql: cached.sql, persistent: false)
        }
        cached.isInUse = true
        return cached
    }

    /// Resets a statement that `body` is done with and makes it available again.
    @usableFromInline
    func checkIn(_ statement: Statement) {
        statement.reset()
        statement.isInUse = false
    }
}
