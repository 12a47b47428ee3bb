import Foundation

extension RecordDAO where Record: TableRecord {
    /// Inserts a record and returns it as inserted: with its new rowid in its INTEGER PRIMARY KEY, if it
    /// has one and it was nil.
    @inlinable @discardableResult
    public func insert(_ record: Record) throws -> Record {
        try database.withStatement(Record.statements.writes.insert) { statement in
            try Self.insert(record, with: statement)
        }
    }

    /// Inserts records in one transaction: if one fails, none is inserted.
    @inlinable
    public func insert(contentsOf records: some Sequence<Record>) throws {
        // An array is iterated without a protocol call per element.
        let records = Array(records)
        try database.transaction {
            try database.withStatement(Record.statements.writes.insert) { statement in
                for record in records {
                    _ = try Self.insert(record, with: statement)
                }
            }
        }
    }

    /// Binds and runs an insert or upsert, and returns the record as inserted: read back from the row it
    /// returns when the table has generated columns, otherwise the record with its new rowid.
    @inlinable
    static func insert(_ record: Record, with statement: Statement) throws -> Record {
        record.bind(to: statement)
        if Record.statements.writes.returnsRow {
            return try insertReturning(with: statement)
        }
        try statement.execute()
        return record.inserted(rowID: statement.lastInsertedRowID)
    }

    /// Runs a bound insert or upsert that returns its row (`RETURNING`), and reads the record from it.
    @usableFromInline
    static func insertReturning(with statement: Statement) throws -> Record {
        guard let stored = try statement.fetchOne(Record.init(row:)) else {
            throw DatabaseError(resultCode: .error, message: "The insert returned no row.", sql: statement.sql)
        }
        return stored
    }

    /// Deletes every row and returns how many there were.
    @discardableResult
    public func deleteAll() throws -> Int {
        try database.withStatement(Record.statements.writes.deleteAll) { statement in
            try statement.execute()
            return statement.changes
        }
    }

    /// Deletes the rows matching `condition` and returns how many there were.
    @discardableResult
    public func delete(where condition: SQLCondition<Record>) throws -> Int {
        try database.withStatement(sql: RecordSQL.delete(from: Record.statements.name, where: condition.sql)) { statement in
            statement.bind(arguments: condition.arguments)
            try statement.execute()
            return statement.changes
        }
    }

    /// Deletes the rows matching the condition built from the record's typed columns and returns how many
    /// there were.
    @discardableResult
    public func delete(where condition: (Record.Columns) -> SQLCondition<Record>) throws -> Int {
        try delete(where: condition(Record.columns))
    }

    /// Sets columns of the rows matching `condition` and returns how many rows changed; sets nothing and
    /// returns 0 for no assignments.
    @discardableResult
    public func update(set assignments: [Record.Assignment], where condition: SQLCondition<Record>) throws -> Int {
        guard !assignments.isEmpty else { return 0 }
        let pairs = assignments.map(\.sqlAssignment)
        let sql = RecordSQL.update(Record.statements.name, set: pairs.map(\.column.rawValue), where: condition.sql)
        return try database.withStatement(sql: sql) { statement in
            statement.bind(arguments: pairs.map(\.value) + condition.arguments)
            try statement.execute()
            return statement.changes
        }
    }

    /// Sets columns of the rows matching the condition built from the record's typed columns and returns
    /// how many rows changed.
    @discardableResult
    public func update(set assignments: [Record.Assignment], where condition: (Record.Columns) -> SQLCondition<Record>) throws -> Int {
        try update(set: assignments, where: condition(Record.columns))
    }
}

extension RecordDAO where Record: KeyedRecord {
    /// Inserts a record, or updates every other column of the row with the same primary key.
    @inlinable @discardableResult
    public func upsert(_ record: Record) throws -> Record {
        try database.withStatement(Record.statements.keyed.upsert) { statement in
            try Self.insert(record, with: statement)
        }
    }

    /// Inserts a record or, when it conflicts with a row on `key`, updates every column of that row outside
    /// `key` and the primary key, and returns the record as stored (with that row's rowid). A conflict on
    /// another UNIQUE key still throws.
    @discardableResult
    public func upsert(_ record: Record, onConflict key: Record.UniqueKey) throws -> Record {
        let sql = Record.statements.keyed.sql.upsert(onConflict: key.keyColumns.map(\.rawValue))
        return try database.withStatement(sql: sql) { statement in
            record.bind(to: statement)
            guard let stored = try statement.fetchOne(Record.init(row:)) else {
                throw DatabaseError(resultCode: .error, message: "The upsert returned no row.", sql: sql)
            }
            return stored
        }
    }

    /// Updates the row with the record's primary key; false when there is none.
    @inlinable @discardableResult
    public func update(_ record: Record) throws -> Bool {
        try database.withStatement(Record.statements.keyed.update) { statement in
            record.bind(to: statement)
            try statement.execute()
            return statement.changes > 0
        }
    }

    /// Deletes the row with the record's primary key; false when there is none.
    @inlinable @discardableResult
    public func delete(_ record: Record) throws -> Bool {
        guard let key = record.primaryKey else { return false }
        return try delete(primaryKey: key)
    }

    /// Deletes the row with this primary key; false when there is none.
    @inlinable @discardableResult
    public func delete(primaryKey key: Record.Key) throws -> Bool {
        try database.withStatement(Record.statements.keyed.deleteByKey) { statement in
            Record.bind(key: key, to: statement)
            try statement.execute()
            return statement.changes > 0
        }
    }

    /// The row with this primary key, or nil.
    @inlinable
    public func find(primaryKey key: Record.Key) throws -> Record? {
        try fetchOne(Record.statements.keyed.findByKey) { Record.bind(key: key, to: $0) }
    }
}
