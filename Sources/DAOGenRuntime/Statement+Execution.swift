import CSQLite

extension Statement {
    /// Runs a statement that returns no rows to completion, then resets it for the next execution
    /// (its bindings stay until they are replaced or cleared).
    @inlinable
    public func execute() throws {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Decodes the first row with `decode`, or returns nil when there is none; resets the statement.
    @inlinable
    public func fetchOne<Row>(_ decode: (Statement) throws -> Row) throws -> Row? {
        defer { sqlite3_reset(handle) }
        return try step() ? decode(self) : nil
    }

    /// Decodes every row with `decode`; resets the statement.
    @inlinable
    public func fetchAll<Row>(_ decode: (Statement) throws -> Row) throws -> [Row] {
        defer { sqlite3_reset(handle) }
        var rows: [Row] = []
        while try step() {
            rows.append(try decode(self))
        }
        return rows
    }

    /// Binds `arguments` to parameters 1...n, in order.
    public func bind(arguments: [any DatabaseValueConvertible]) {
        for (offset, argument) in arguments.enumerated() {
            bind(argument.databaseValue, at: Int32(offset + 1))
        }
    }
}
