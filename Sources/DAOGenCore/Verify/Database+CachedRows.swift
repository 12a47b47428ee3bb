import DAOGenRuntime

extension Database {
    /// What `rows(_:_:)` returns, with the statement prepared once per connection and kept: the
    /// migration proof runs the same INSERT and SELECT texts at every version. SQLite prepares a
    /// kept statement again by itself when the schema changed since.
    func cachedRows(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [[DatabaseValue]] {
        try withStatement(sql: sql) { statement in
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
