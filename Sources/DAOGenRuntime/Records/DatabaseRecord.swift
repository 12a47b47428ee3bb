/// A generated record: one row of a table or a view, with what the runtime needs to read it.
///
/// The generator writes a record's own decisions (its columns, how its row is read, its typed columns
/// and its SQL names); ``RecordDAO`` holds the reading and writing that has the same shape for every
/// record, once.
public protocol DatabaseRecord: Sendable {
    /// The columns: one case per column, in the order ``init(row:)`` reads them, raw values the SQL names.
    associatedtype Column: SQLColumn
    /// The typed columns a `where:` closure receives: one property per column, named like the record's.
    associatedtype Columns: Sendable
    /// The statements of the record's level: ``RecordStatements`` for a view, ``TableRecordStatements``
    /// for a table, ``KeyedRecordStatements`` for a table with a primary key.
    associatedtype Statements: RecordStatementSet<Self>

    /// The typed columns, for conditions built in Swift: `Book.columns.rating >= 4`.
    static var columns: Columns { get }
    /// The statements that read (and, for a table, write) the record.
    static var statements: Statements { get }

    /// Reads a record from the current row of a statement that selects every column, in column order
    /// (``RecordSQL/Reads/selection``).
    init(row statement: Statement) throws
}

/// A record of a table: one that can be written.
public protocol TableRecord: DatabaseRecord where Statements: TableRecordStatementSet<Self> {
    /// One case per column, with a value of the column's Swift type: what `update(set:where:)` sets.
    associatedtype Assignment: SQLAssignment where Assignment.Column == Column

    /// Binds every column to parameters `?1`...`?n`, in column order.
    func bind(to statement: Statement)

    /// The record as inserted at `rowID`: with `rowID` in its INTEGER PRIMARY KEY when that was nil.
    /// The record itself by default (a table without a rowid alias).
    func inserted(rowID: Int64) -> Self
}

extension TableRecord {
    /// The record itself: a table without a rowid alias keeps no rowid in its record.
    @inlinable
    public func inserted(rowID: Int64) -> Self { self }
}

/// A record of a table with a primary key: one that can be found, updated and deleted by its key.
public protocol KeyedRecord: TableRecord where Statements: KeyedRecordStatementSet<Self> {
    /// The primary key's Swift value: the column's type, or a tuple of the columns' types.
    associatedtype Key
    /// One case per UNIQUE constraint and one for the primary key: what `upsert(_:onConflict:)` takes.
    associatedtype UniqueKey: SQLUniqueKey where UniqueKey.Column == Column

    /// The record's primary key; nil while a part of it is nil (a record not inserted yet).
    var primaryKey: Key? { get }

    /// Binds a primary key to parameters `?1`...`?k`, in key order.
    static func bind(key: Key, to statement: Statement)

    /// The record's value in `column`, bound as the column binds it: where `fetchAll(after:)` pages from.
    func value(of column: Column) -> any DatabaseValueConvertible
}

/// A value that sets one column in `update(set:where:)`: a generated record's `Assignment`.
public protocol SQLAssignment: Sendable {
    /// The record's columns.
    associatedtype Column: SQLColumn

    /// The column set and the value it is set to.
    var sqlAssignment: (column: Column, value: any DatabaseValueConvertible) { get }
}

/// A UNIQUE constraint or primary key of a record, which `upsert(_:onConflict:)` resolves conflicts on:
/// a generated record's `UniqueKey`.
public protocol SQLUniqueKey: Hashable, Sendable {
    /// The record's columns.
    associatedtype Column: SQLColumn

    /// The key's columns, in the constraint's order.
    var keyColumns: [Column] { get }
}
