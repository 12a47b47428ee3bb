import CSQLite

extension Database {
    /// Runs one or more SQL statements with no arguments and no results (`sqlite3_exec`), on the
    /// writer, or on the connection of the transaction or read the thread is in.
    ///
    /// - Throws: ``DatabaseError`` with the whole `sql` at the first statement that fails; the
    ///   statements before it have run. ``DAOGenError/databaseClosed(path:)`` after ``close()``.
    public func execute(_ sql: String) throws {
        try withConnection(kind: .write) { connection, _ in
            try connection.execute(sql)
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
    /// migrations rather than the hot path: the statement is prepared anew and not cached. A
    /// `SELECT` or `VALUES` outside a transaction runs on a reader, anything else on the writer; inside
    /// the body of a statement on a reader, a read (a `WITH` that SQLite says reads) runs on that reader.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement.
    ///   - arguments: Values bound to the parameters `?1`, `?2`, … in order.
    /// - Throws: ``DatabaseError`` when the SQL is invalid, holds more than one statement, or fails;
    ///   ``DAOGenError/databaseClosed(path:)`` after ``close()``.
    public func rows(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [[DatabaseValue]] {
        return try withConnection(for: sql) { connection, tracker in
            let statement = try connection.prepare(sql, persistent: false)
            tracker?.tables.formUnion(statement.readTables)
            connection.noteWrites(of: statement)
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
