import Foundation

/// The bodies that every generated DAO shares, written once: a DAO method calls one of these with its
/// own statement and its record's `init(row:)`.
extension Database {
    /// What a generated `fetchAll(orderBy:limit:offset:)` appends to its SELECT when it has a limit or an
    /// offset: `?1` takes the limit (-1 for none), `?2` the offset.
    public static let limitOffsetClause = " LIMIT ?1 OFFSET ?2"

    /// The rows of `selectAll` (`SELECT ... FROM ...`, without WHERE), in the given order, optionally
    /// limited, each read with `decode`. The generated `fetchAll(orderBy:limit:offset:)` calls it.
    ///
    /// The SQL is `selectAll ORDER BY ...`, followed by ``limitOffsetClause`` when `limit` or `offset` is
    /// given, and cached by its text.
    /// - Throws: ``DatabaseError`` when SQLite fails; ``DAOGenError/databaseClosed(path:)`` after ``close()``.
    @inlinable
    public func fetchAll<Row, Term: SQLOrderingTerm>(
        _ selectAll: String,
        orderBy: [Term],
        limit: Int?,
        offset: Int?,
        _ decode: (Statement) throws -> Row
    ) throws -> [Row] {
        let sql = selectAll + orderBy.orderByClause
        guard limit != nil || offset != nil else {
            return try withStatement(sql: sql) { statement in try statement.fetchAll(decode) }
        }
        return try withStatement(sql: sql + Self.limitOffsetClause) { statement in
            statement.bind(limit ?? -1, at: 1)
            statement.bind(offset ?? 0, at: 2)
            return try statement.fetchAll(decode)
        }
    }

    /// The integer in the first column of the first row of `key`'s statement (a `SELECT count(*)`).
    /// The generated `count()` calls it.
    /// - Throws: ``DatabaseError`` when SQLite fails; ``DAOGenError/databaseClosed(path:)`` after ``close()``.
    public func count(_ key: StatementKey) throws -> Int {
        try withStatement(key) { statement in
            _ = try statement.step()
            return try Int(statement.int64(at: 0))
        }
    }

    /// Runs `key`'s statement (an INSERT, UPDATE or DELETE) and returns the number of rows it changed.
    /// The generated `deleteAll()` calls it.
    /// - Throws: ``DatabaseError`` when SQLite fails; ``DAOGenError/databaseClosed(path:)`` after ``close()``.
    @discardableResult
    public func executeReturningChanges(_ key: StatementKey) throws -> Int {
        try withStatement(key) { statement in
            try statement.execute()
            return statement.changes
        }
    }
}
