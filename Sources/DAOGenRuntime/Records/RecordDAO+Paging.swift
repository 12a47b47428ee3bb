// Keyset paging: `fetchAll(after:)`, the rows that follow a record in an ordering.

extension RecordDAO where Record: KeyedRecord {
    /// The rows that follow `cursor` in `orderBy` then the primary key (ascending), optionally limited:
    /// the next page after `cursor`, typically the last record of the page before. Pages fetched so are
    /// disjoint and, together, exactly the rows of one unpaged `fetchAll` ordered by the same terms with
    /// the key last. NULLs are ordered as SQLite orders them (first in ascending order). The cursor's own
    /// values decide, so a cursor deleted since still works.
    @inlinable
    public func fetchAll(
        orderBy: [SQLOrdering<Record.Column>] = [], after cursor: Record, limit: Int? = nil, offset: Int? = nil
    ) throws -> [Record] {
        try fetchRecords(after: cursor, where: nil, arguments: [], orderBy: orderBy, limit: limit, offset: offset)
    }

    /// The rows matching `condition` that follow `cursor` in `orderBy` then the primary key: see
    /// ``fetchAll(orderBy:after:limit:offset:)``.
    @inlinable
    public func fetchAll(
        where condition: SQLCondition<Record>, orderBy: [SQLOrdering<Record.Column>] = [], after cursor: Record, limit: Int? = nil,
        offset: Int? = nil
    ) throws -> [Record] {
        try fetchRecords(after: cursor, where: condition.sql, arguments: condition.arguments, orderBy: orderBy, limit: limit, offset: offset)
    }

    /// The rows matching the condition built from the record's typed columns that follow `cursor` in
    /// `orderBy` then the primary key: `fetchAll(where: { $0.rating >= 4 }, orderBy: [.rating.descending],
    /// after: page.last!, limit: 50)`. See ``fetchAll(orderBy:after:limit:offset:)``.
    @inlinable
    public func fetchAll(
        where condition: (Record.Columns) -> SQLCondition<Record>, orderBy: [SQLOrdering<Record.Column>] = [], after cursor: Record,
        limit: Int? = nil, offset: Int? = nil
    ) throws -> [Record] {
        try fetchAll(where: condition(Record.columns), orderBy: orderBy, after: cursor, limit: limit, offset: offset)
    }

    /// `orderBy` followed by the primary key's columns it does not order by yet, ascending: the order in
    /// which no two rows tie, which keyset pages follow.
    @inlinable
    static func pagingOrder(_ orderBy: [SQLOrdering<Record.Column>]) -> [SQLOrdering<Record.Column>] {
        let key = Record.statements.primaryKey.compactMap(Record.Column.init(rawValue:))
        return orderBy + key.filter { column in !orderBy.contains { $0.column == column } }.map(\.ascending)
    }

    /// The rows after `cursor` in ``pagingOrder(_:)``, also matching `condition` (whose placeholders take
    /// `arguments`) when there is one.
    @inlinable
    func fetchRecords(
        after cursor: Record, where condition: String?, arguments: [any DatabaseValueConvertible],
        orderBy: [SQLOrdering<Record.Column>], limit: Int?, offset: Int?
    ) throws -> [Record] {
        let paged = Self.paged(after: cursor, where: condition, arguments: arguments, orderBy: orderBy)
        return try fetchRecords(where: paged.condition, arguments: paged.arguments, orderBy: paged.orderBy, limit: limit, offset: offset)
    }

    /// The WHERE clause, its arguments and the ORDER BY terms of the rows after `cursor` in
    /// ``pagingOrder(_:)`` that also match `condition` (whose placeholders take `arguments`) when there
    /// is one.
    @inlinable
    static func paged(
        after cursor: Record, where condition: String?, arguments: [any DatabaseValueConvertible], orderBy: [SQLOrdering<Record.Column>]
    ) -> (condition: String, arguments: [any DatabaseValueConvertible], orderBy: [SQLOrdering<Record.Column>]) {
        let order = pagingOrder(orderBy)
        let keyset = RecordSQL.keysetCondition(order.map { term in
            RecordSQL.KeysetTerm(column: term.column.rawValue, isDescending: term.isDescending, value: cursor.value(of: term.column))
        })
        let combined = condition.map { "(" + $0 + ") AND (" + keyset.sql + ")" } ?? keyset.sql
        return (combined, arguments + keyset.arguments, order)
    }
}
