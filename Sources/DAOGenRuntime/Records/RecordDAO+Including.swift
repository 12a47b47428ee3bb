// `including:`: records read with what a relation relates to them, in two statements (a few more per
// 1,000 records), in one read.

extension RecordDAO {
    /// Every row, in the given order, optionally limited, each with what `relation` relates to it:
    /// `fetchAll(orderBy: [.name.ascending], including: { $0.books })` -> `[Including<Author, [Book]>]`.
    ///
    /// The records are one statement and their related rows one more per 1,000 distinct keys, read in
    /// one read transaction (or in the read or transaction around the call), so they never disagree.
    /// - Throws: ``DAOGenError/missingRelatedRow(table:row:column:value:relatedTable:relatedColumn:)`` when a
    ///   NOT NULL foreign key names no row, or what reading throws.
    @inlinable
    public func fetchAll<Relation: IncludableRelation>(
        orderBy: [SQLOrdering<Record.Column>] = [], limit: Int? = nil, offset: Int? = nil,
        including relation: (Record.Columns) -> Relation
    ) throws -> [Including<Record, Relation.Related>] where Relation.Record == Record {
        try fetchIncluding(relation(Record.columns), where: nil, arguments: [], orderBy: orderBy, limit: limit, offset: offset)
    }

    /// The rows matching `condition`, in the given order, optionally limited, each with what `relation`
    /// relates to it (see ``fetchAll(orderBy:limit:offset:including:)``).
    @inlinable
    public func fetchAll<Relation: IncludableRelation>(
        where condition: SQLCondition<Record>, orderBy: [SQLOrdering<Record.Column>] = [], limit: Int? = nil, offset: Int? = nil,
        including relation: (Record.Columns) -> Relation
    ) throws -> [Including<Record, Relation.Related>] where Relation.Record == Record {
        try fetchIncluding(relation(Record.columns), where: condition.sql, arguments: condition.arguments, orderBy: orderBy, limit: limit,
                     offset: offset)
    }

    /// The rows matching the condition built from the record's typed columns, each with what `relation`
    /// relates to it: `fetchAll(where: { $0.name.like("U%") }, including: { $0.books.ordered(by: [.title.ascending]) })`
    /// (see ``fetchAll(orderBy:limit:offset:including:)``).
    @inlinable
    public func fetchAll<Relation: IncludableRelation>(
        where condition: (Record.Columns) -> SQLCondition<Record>, orderBy: [SQLOrdering<Record.Column>] = [], limit: Int? = nil,
        offset: Int? = nil, including relation: (Record.Columns) -> Relation
    ) throws -> [Including<Record, Relation.Related>] where Relation.Record == Record {
        try fetchAll(where: condition(Record.columns), orderBy: orderBy, limit: limit, offset: offset, including: relation)
    }

    /// The first row in the given order with what `relation` relates to it, or nil when there is no row.
    @inlinable
    public func fetchOne<Relation: IncludableRelation>(
        orderBy: [SQLOrdering<Record.Column>] = [], including relation: (Record.Columns) -> Relation
    ) throws -> Including<Record, Relation.Related>? where Relation.Record == Record {
        try fetchAll(orderBy: orderBy, limit: 1, including: relation).first
    }

    /// The first row matching `condition` in the given order with what `relation` relates to it, or nil.
    @inlinable
    public func fetchOne<Relation: IncludableRelation>(
        where condition: SQLCondition<Record>, orderBy: [SQLOrdering<Record.Column>] = [], including relation: (Record.Columns) -> Relation
    ) throws -> Including<Record, Relation.Related>? where Relation.Record == Record {
        try fetchAll(where: condition, orderBy: orderBy, limit: 1, including: relation).first
    }

    /// The first row matching the condition built from the record's typed columns, with what `relation`
    /// relates to it, or nil: `fetchOne(where: { $0.id == 1 }, including: { $0.books })`.
    @inlinable
    public func fetchOne<Relation: IncludableRelation>(
        where condition: (Record.Columns) -> SQLCondition<Record>, orderBy: [SQLOrdering<Record.Column>] = [],
        including relation: (Record.Columns) -> Relation
    ) throws -> Including<Record, Relation.Related>? where Relation.Record == Record {
        try fetchAll(where: condition(Record.columns), orderBy: orderBy, limit: 1, including: relation).first
    }

    /// The records of the SELECT of every column (``withSelect(where:arguments:orderBy:limit:offset:_:)``) with what `relation`
    /// loads for them, in one read.
    @inlinable
    func fetchIncluding<Relation: IncludableRelation>(
        _ relation: Relation, where condition: String?, arguments: [any DatabaseValueConvertible], orderBy: [SQLOrdering<Record.Column>],
        limit: Int?, offset: Int?
    ) throws -> [Including<Record, Relation.Related>] where Relation.Record == Record {
        try database.read {
            let (records, keys) = try fetchRecordsAndKeys(
                where: condition, arguments: arguments, orderBy: orderBy, limit: limit, offset: offset, keyColumn: relation.keyColumn)
            guard !records.isEmpty else { return [] }
            let related = try relation.related(of: records, keys: keys, in: database)
            var result: [Including<Record, Relation.Related>] = []
            result.reserveCapacity(records.count)
            for index in records.indices {
                result.append(Including(record: records[index], related: related[index]))
            }
            return result
        }
    }

    /// The rows of the SELECT of every column, like `fetchRecords(where:arguments:orderBy:limit:offset:)`,
    /// each with its value of `keyColumn`, read from the same row.
    @inlinable
    func fetchRecordsAndKeys(
        where condition: String?, arguments: [any DatabaseValueConvertible], orderBy: [SQLOrdering<Record.Column>], limit: Int?,
        offset: Int?, keyColumn: Record.Column
    ) throws -> (records: [Record], keys: [DatabaseValue]) {
        let keyIndex = Self.index(of: keyColumn)
        return try withSelect(where: condition, arguments: arguments, orderBy: orderBy, limit: limit, offset: offset) { statement in
            defer { statement.resetAfterStepping() }
            var records: [Record] = [], keys: [DatabaseValue] = []
            while try statement.step() {
                records.append(try Record(row: statement))
                keys.append(statement.databaseValue(at: keyIndex))
            }
            return (records, keys)
        }
    }

    /// Calls `body` with each row whose `column` holds one of `keys` and matches `condition`, and the row's
    /// value of `column`: one statement per 1,000 keys (``RecordSQL/relatedRows(selectAll:column:keyCount:condition:orderBy:tieBreak:)``).
    /// When `ordered`, the rows of each key come in `orderBy`'s order, then the primary key's (the rowid's).
    /// `keys` hold no NULL and no key twice.
    @inlinable
    func forEachRecord(
        whose column: Record.Column, isIn keys: [DatabaseValue], where condition: SQLCondition<Record>?,
        orderBy: [SQLOrdering<Record.Column>], ordered: Bool, _ body: (DatabaseValue, Record) throws -> Void
    ) throws {
        let keyIndex = Self.index(of: column)
        let primaryKey = Record.statements.primaryKey
        let tieBreak = !ordered ? [] : primaryKey.isEmpty ? ["rowid"] : primaryKey
        var start = 0
        while start < keys.count {
            let chunk = keys[start..<min(start + Self.keysPerStatement, keys.count)]
            start = chunk.endIndex
            let sql = RecordSQL.relatedRows(
                selectAll: Record.statements.selectAll, column: column.rawValue, keyCount: chunk.count, condition: condition?.sql,
                orderBy: orderBy, tieBreak: tieBreak)
            try database.withStatement(sql: sql) { statement in
                defer { statement.resetAfterStepping() }
                // The keys, padded with the last one, then the condition's values.
                let placeholders = InList.paddedCount(chunk.count)
                for parameter in 0..<placeholders {
                    statement.bind(chunk[min(chunk.startIndex + parameter, chunk.endIndex - 1)], at: Int32(parameter + 1))
                }
                for (offset, argument) in (condition?.arguments ?? []).enumerated() {
                    argument.bind(to: statement, at: Int32(placeholders + offset + 1))
                }
                while try statement.step() {
                    try body(statement.databaseValue(at: keyIndex), try Record(row: statement))
                }
            }
        }
    }

    /// The most keys one statement of ``forEachRecord(whose:isIn:where:orderBy:ordered:_:)`` binds.
    @usableFromInline
    static var keysPerStatement: Int { 1_000 }

    /// The 0-based position of `column` in the rows of the SELECT of every column.
    @inlinable
    static func index(of column: Record.Column) -> Int32 {
        Int32(Record.Column.allCases.prefix { $0 != column }.count)
    }
}

extension RecordDAO {
    /// The rows whose `column` holds one of the values of `keys` that are not NULL, by that value: one
    /// statement per 1,000 distinct values.
    @inlinable
    func recordsByKey(whose column: Record.Column, isIn keys: [DatabaseValue]) throws -> [DatabaseValue: Record] {
        var seen: Set<DatabaseValue> = []
        var distinct: [DatabaseValue] = []
        for key in keys where key != .null && seen.insert(key).inserted {
            distinct.append(key)
        }
        var records: [DatabaseValue: Record] = [:]
        records.reserveCapacity(distinct.count)
        try forEachRecord(whose: column, isIn: distinct, where: nil, orderBy: [], ordered: false) { key, record in
            records[key] = record
        }
        return records
    }
}

extension RecordDAO where Record: KeyedRecord {
    /// The rows that follow `cursor` in `orderBy` then the primary key (``fetchAll(orderBy:after:limit:offset:)``),
    /// each with what `relation` relates to it: a "load more" page of parents with their related rows.
    @inlinable
    public func fetchAll<Relation: IncludableRelation>(
        orderBy: [SQLOrdering<Record.Column>] = [], after cursor: Record, limit: Int? = nil, offset: Int? = nil,
        including relation: (Record.Columns) -> Relation
    ) throws -> [Including<Record, Relation.Related>] where Relation.Record == Record {
        let paged = Self.paged(after: cursor, where: nil, arguments: [], orderBy: orderBy)
        return try fetchIncluding(
            relation(Record.columns), where: paged.condition, arguments: paged.arguments, orderBy: paged.orderBy, limit: limit, offset: offset)
    }

    /// The rows matching `condition` that follow `cursor`, each with what `relation` relates to it (see
    /// ``fetchAll(orderBy:after:limit:offset:including:)``).
    @inlinable
    public func fetchAll<Relation: IncludableRelation>(
        where condition: SQLCondition<Record>, orderBy: [SQLOrdering<Record.Column>] = [], after cursor: Record, limit: Int? = nil,
        offset: Int? = nil, including relation: (Record.Columns) -> Relation
    ) throws -> [Including<Record, Relation.Related>] where Relation.Record == Record {
        let paged = Self.paged(after: cursor, where: condition.sql, arguments: condition.arguments, orderBy: orderBy)
        return try fetchIncluding(
            relation(Record.columns), where: paged.condition, arguments: paged.arguments, orderBy: paged.orderBy, limit: limit, offset: offset)
    }

    /// The rows matching the condition built from the record's typed columns that follow `cursor`, each
    /// with what `relation` relates to it (see ``fetchAll(orderBy:after:limit:offset:including:)``).
    @inlinable
    public func fetchAll<Relation: IncludableRelation>(
        where condition: (Record.Columns) -> SQLCondition<Record>, orderBy: [SQLOrdering<Record.Column>] = [], after cursor: Record,
        limit: Int? = nil, offset: Int? = nil, including relation: (Record.Columns) -> Relation
    ) throws -> [Including<Record, Relation.Related>] where Relation.Record == Record {
        try fetchAll(where: condition(Record.columns), orderBy: orderBy, after: cursor, limit: limit, offset: offset, including: relation)
    }
}
