import CSQLite

extension Database {
    /// Runs one or more SQL statements with no arguments and no results (`sqlite3_exec`).
    ///
    /// - Throws: ``DatabaseError`` with the whole `sql` at the first statement that fails; the
    ///   statements before it have run.
    public func execute(_ sql: String) throws {
        try withLock {
            try Self.execute(sql, connection: connection)
        }
    }

    /// Runs `sql` with `sqlite3_exec` on `connection`, which the caller holds exclusively.
    static func execute(_ sql: String, connection: OpaquePointer) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(connection, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: text, sql: sql)
        }
    }

    /// Runs a query and returns every row as an array of column values, for tools, tests and
    /// migrations rather than the hot path: the statement is prepared anew and not cached.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement.
    ///   - arguments: Values bound to the parameters `?1`, `?2`, … in order.
    /// - Throws: ``DatabaseError`` when the SQL is invalid, holds more than one statement, or fails.
    public func rows(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [[DatabaseValue]] {
        try withLock {
            let statement = try Statement(connection: connection, sql: sql, persistent: false)
            for (offset, argument) in arguments.enumerated() {
                statement.bind(argument, at: Int32(offset + 1))
            }
            let columns = statement.columnCount
            var rows: [[DatabaseValue]] = []
            while try statement.step() {
                var row: [DatabaseValue] = []
                row.reserveCapacity(Int(columns))
                for column in 0..<columns {
                    row.append(statement.databaseValue(at: column))
                }
                rows.append(row)
            }
            return rows
        }
    }
}
