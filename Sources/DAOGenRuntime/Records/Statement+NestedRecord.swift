extension Statement {
    /// Reads a record from the columns of the current row that begin at 0-based `first`, in the record's
    /// column order: the property a query's result term `t.*` becomes (`public var book: Book`).
    ///
    /// - Throws: What the record's `init(row:)` throws.
    @inlinable
    public func record<Record: DatabaseRecord>(columnsFrom first: Int32, as type: Record.Type = Record.self) throws -> Record {
        let offset = columnOffset
        columnOffset = offset &+ first
        defer { columnOffset = offset }
        return try Record(row: self)
    }

    /// Reads a record like ``record(columnsFrom:as:)``, or nil when the column at 0-based `key`, one of the
    /// record's key (or NOT NULL) columns, is NULL: a `t.*` on the nullable side of an outer join, where no
    /// row was joined. A joined row whose other columns are all NULL is still a record.
    ///
    /// - Throws: What the record's `init(row:)` throws.
    @inlinable
    public func record<Record: DatabaseRecord>(columnsFrom first: Int32, nilWhenNullAt key: Int32, as type: Record.Type = Record.self) throws -> Record? {
        if isNull(at: key &+ columnOffset) {
            return nil
        }
        return try record(columnsFrom: first, as: Record.self)
    }
}
