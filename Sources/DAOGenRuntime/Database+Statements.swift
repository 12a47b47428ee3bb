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

    /// The rows of `selection` (`SELECT ... FROM ...`, without WHERE) that match `condition`, in
    /// the given order, optionally limited, each read with `decode`. The generated
    /// `fetchAll(where:_:orderBy:limit:)` calls it.
    ///
    /// The SQL is `selection WHERE (condition) ORDER BY ... LIMIT :daogen_limit`, cached by its
    /// text. `arguments` are bound, never spliced, to the condition's parameters, which must number
    /// exactly as many: see ``Statement/bind(arguments:limit:)``.
    /// - Throws: ``DAOGenError/argumentCountMismatch(expected:given:sql:)`` when the number of
    ///   arguments differs from the condition's parameters; ``DatabaseError`` when SQLite fails.
    public func fetchAll<Row, Term: SQLOrderingTerm>(
        _ selection: String,
        where condition: String,
        arguments: [any DatabaseValueConvertible],
        orderBy: [Term],
        limit: Int?,
        _ decode: (Statement) throws -> Row
    ) throws -> [Row] {
        let sql = selection + " WHERE (" + condition + ")" + orderBy.orderByClause + " LIMIT " + Statement.limitParameter
        return try withStatement(sql: sql) { statement in
            try statement.bind(arguments: arguments, limit: limit)
            return try statement.fetchAll(decode)
        }
    }
}
