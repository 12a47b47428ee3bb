import Foundation

/// Reads the rows of a table or view as `Record`s: the DAO every generated record shares.
///
/// A generated DAO is this type (`public typealias BookDAO = RecordDAO<Book>`); a table's record adds
/// the writes (``TableRecord``), a keyed table's the key-based ones (``KeyedRecord``), and the generated
/// code adds the record's own finders and queries in extensions. Every statement is prepared once per
/// connection and every value is bound.
public struct RecordDAO<Record: DatabaseRecord>: Sendable {
    /// The connection the DAO uses.
    public let database: Database

    /// Creates a DAO on a connection whose schema has the record's table or view.
    public init(database: Database) {
        self.database = database
    }

    /// Every row, in the given order, optionally limited.
    @inlinable
    public func fetchAll(orderBy: [SQLOrdering<Record.Column>] = [], limit: Int? = nil, offset: Int? = nil) throws -> [Record] {
        try fetchRecords(where: nil, arguments: [], orderBy: orderBy, limit: limit, offset: offset)
    }

    /// The rows matching `condition`, in the given order, optionally limited.
    @inlinable
    public func fetchAll(
        where condition: SQLCondition<Record>, orderBy: [SQLOrdering<Record.Column>] = [], limit: Int? = nil, offset: Int? = nil
    ) throws -> [Record] {
        try fetchRecords(where: condition.sql, arguments: condition.arguments, orderBy: orderBy, limit: limit, offset: offset)
    }

    /// The rows matching the condition built from the record's typed columns:
    /// `fetchAll(where: { $0.rating >= 4 }, orderBy: [.title.ascending])`.
    @inlinable
    public func fetchAll(
        where condition: (Record.Columns) -> SQLCondition<Record>, orderBy: [SQLOrdering<Record.Column>] = [],
        limit: Int? = nil, offset: Int? = nil
    ) throws -> [Record] {
        try fetchAll(where: condition(Record.columns), orderBy: orderBy, limit: limit, offset: offset)
    }

    /// The rows matching an SQL condition whose `?` placeholders take `arguments`, bound and never spliced;
    /// throws `DAOGenError.argumentCountMismatch` when there are more or fewer arguments than placeholders.
    public func fetchAll(
        where condition: String, _ arguments: any DatabaseValueConvertible..., orderBy: [SQLOrdering<Record.Column>] = [],
        limit: Int? = nil, offset: Int? = nil
    ) throws -> [Record] {
        try fetchAll(where: condition, arguments: arguments, orderBy: orderBy, limit: limit, offset: offset)
    }

    /// The rows matching an SQL condition whose `?` placeholders take the array `arguments`, bound and never
    /// spliced; throws `DAOGenError.argumentCountMismatch` when there are more or fewer arguments than placeholders.
    public func fetchAll(
        where condition: String, arguments: [any DatabaseValueConvertible], orderBy: [SQLOrdering<Record.Column>] = [],
        limit: Int? = nil, offset: Int? = nil
    ) throws -> [Record] {
        let sql = Record.statements.reads.select(where: "(" + condition + ")", orderBy: RecordSQL.orderBy(orderBy), paged: true)
        return try database.withStatement(sql: sql) { statement in
            try statement.bind(arguments: arguments, limit: limit, offset: offset)
            return try statement.fetchAll(Record.init(row:))
        }
    }

    /// The first row matching `condition` in the given order, or nil.
    @inlinable
    public func fetchOne(where condition: SQLCondition<Record>, orderBy: [SQLOrdering<Record.Column>] = []) throws -> Record? {
        try fetchAll(where: condition, orderBy: orderBy, limit: 1).first
    }

    /// The first row matching the condition built from the record's typed columns, or nil.
    @inlinable
    public func fetchOne(
        where condition: (Record.Columns) -> SQLCondition<Record>, orderBy: [SQLOrdering<Record.Column>] = []
    ) throws -> Record? {
        try fetchOne(where: condition(Record.columns), orderBy: orderBy)
    }

    /// The number of rows.
    public func count() throws -> Int {
        try database.withStatement(Record.statements.reads.count) { statement in
            _ = try statement.step()
            return try Int(statement.int64(at: 0))
        }
    }

    /// The number of rows matching `condition`.
    public func count(where condition: SQLCondition<Record>) throws -> Int {
        try database.withStatement(sql: RecordSQL.count(from: Record.statements.name, where: condition.sql)) { statement in
            statement.bind(arguments: condition.arguments)
            _ = try statement.step()
            return try Int(statement.int64(at: 0))
        }
    }

    /// The number of rows matching the condition built from the record's typed columns.
    public func count(where condition: (Record.Columns) -> SQLCondition<Record>) throws -> Int {
        try count(where: condition(Record.columns))
    }

    /// True when a row matches `condition`.
    public func exists(where condition: SQLCondition<Record>) throws -> Bool {
        try database.withStatement(sql: RecordSQL.exists(in: Record.statements.name, where: condition.sql)) { statement in
            statement.bind(arguments: condition.arguments)
            _ = try statement.step()
            return try statement.bool(at: 0)
        }
    }

    /// True when a row matches the condition built from the record's typed columns.
    public func exists(where condition: (Record.Columns) -> SQLCondition<Record>) throws -> Bool {
        try exists(where: condition(Record.columns))
    }

    /// The record read from the one row of `key`'s statement, after `bind` bound its parameters; nil for no
    /// row. The generated unique finders call it.
    @inlinable
    public func fetchOne(_ key: StatementKey, _ bind: (Statement) -> Void) throws -> Record? {
        try database.withStatement(key) { statement in
            bind(statement)
            return try statement.fetchOne(Record.init(row:))
        }
    }

    /// The records read from the rows of `key`'s statement, after `bind` bound its parameters. The generated
    /// index finders and queries call it.
    @inlinable
    public func fetchAll(_ key: StatementKey, _ bind: (Statement) -> Void) throws -> [Record] {
        try database.withStatement(key) { statement in
            bind(statement)
            return try statement.fetchAll(Record.init(row:))
        }
    }

    /// The rows of the SELECT of every column, with `condition` as its WHERE clause when there is one
    /// (its placeholders, `?` only, take `arguments`), in the given order, paged when `limit` or `offset`
    /// is given.
    @inlinable
    func fetchRecords(
        where condition: String?, arguments: [any DatabaseValueConvertible], orderBy: [SQLOrdering<Record.Column>], limit: Int?,
        offset: Int?
    ) throws -> [Record] {
        try withSelect(where: condition, arguments: arguments, orderBy: orderBy, limit: limit, offset: offset) { statement in
            try statement.fetchAll(Record.init(row:))
        }
    }

    /// Calls `body` with the SELECT of every column, its parameters bound: `condition` as its WHERE clause
    /// when there is one (its placeholders, `?` only, take `arguments`), in the given order, paged when
    /// `limit` or `offset` is given (the limit and offset take the two parameters after the arguments).
    @inlinable
    func withSelect<Result>(
        where condition: String?, arguments: [any DatabaseValueConvertible], orderBy: [SQLOrdering<Record.Column>], limit: Int?,
        offset: Int?, _ body: (Statement) throws -> Result
    ) throws -> Result {
        let paged = limit != nil || offset != nil
        let sql = Record.statements.reads.select(where: condition, orderBy: RecordSQL.orderBy(orderBy), paged: paged)
        return try database.withStatement(sql: sql) { statement in
            statement.bind(arguments: arguments)
            if paged {
                statement.bind(limit ?? -1, at: Int32(arguments.count + 1))
                statement.bind(offset ?? 0, at: Int32(arguments.count + 2))
            }
            return try body(statement)
        }
    }
}
