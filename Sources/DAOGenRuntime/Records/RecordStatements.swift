/// The statements a record's DAO runs, by what the record is: a view's reads (``RecordStatements``), a
/// table's writes (``TableRecordStatements``) or a keyed table's (``KeyedRecordStatements``). A
/// generated record declares the one of its level as `statements`; ``RecordDAO`` reaches each level
/// through ``reads``, ``TableRecordStatementSet/writes`` and ``KeyedRecordStatementSet/keyed``.
public protocol RecordStatementSet<Record>: Sendable {
    /// The record whose statements these are.
    associatedtype Record: DatabaseRecord
    /// The statements every table and view has.
    var reads: RecordStatements<Record> { get }
    /// The primary key's columns (SQL names, in key order); empty for a view or a table without one.
    var primaryKey: [String] { get }
}

extension RecordStatementSet {
    /// The table's or view's SQL name.
    public var name: String { reads.sql.name }
    /// `"a", "b", "c"`: every column, in the order ``DatabaseRecord/init(row:)`` reads them.
    public var selection: String { reads.sql.selection }
    /// `SELECT "a", "b", "c" FROM "t"`: what the generated finders extend with their WHERE clause.
    public var selectAll: String { reads.sql.selectAll }
}

/// The statements of a table's record: ``TableRecordStatements`` or ``KeyedRecordStatements``.
public protocol TableRecordStatementSet<Record>: RecordStatementSet where Record: TableRecord {
    /// The statements every table has.
    var writes: TableRecordStatements<Record> { get }
}

/// The statements of a keyed table's record: ``KeyedRecordStatements``.
public protocol KeyedRecordStatementSet<Record>: TableRecordStatementSet where Record: KeyedRecord {
    /// The statements by primary key.
    var keyed: KeyedRecordStatements<Record> { get }
}

/// The reads of one record's table or view, written once per record type by ``RecordSQL`` from the
/// record's names and prepared once per connection. A view's record declares it
/// (`static let statements = RecordStatements<BookSummary>(view: "book_summary")`); a table's has it as
/// the ``RecordStatementSet/reads`` of its set.
public final class RecordStatements<Record: DatabaseRecord>: RecordStatementSet {
    /// The SQL, written by ``RecordSQL/Reads``.
    public let sql: RecordSQL.Reads
    /// `SELECT count(*) FROM "t"`.
    @usableFromInline let count: StatementKey

    /// The statements of view `name`, whose columns are `Record.Column.allCases`, in order.
    public convenience init(view name: String) {
        self.init(RecordSQL.Reads(name: name, columns: Record.Column.allCases.map(\.rawValue)))
    }

    /// The statements of `sql`.
    init(_ sql: RecordSQL.Reads) {
        self.sql = sql
        count = StatementKey(sql.count)
    }

    /// Itself.
    public var reads: RecordStatements<Record> { self }

    /// None: a view has no primary key.
    public var primaryKey: [String] { [] }

    /// The SELECT of every column with the given clauses (``RecordSQL/Reads/select(where:orderBy:paged:)``),
    /// written from the one text it needs, on every call of a condition built at run time.
    @inlinable
    func select(where condition: String?, orderBy: String, paged: Bool) -> String {
        guard condition != nil || !orderBy.isEmpty || paged else { return sql.selectAll }
        return RecordSQL.Select.sql(head: sql.selectAll, condition: condition, orderBy: orderBy, paged: paged)
    }
}

/// The statements of one table's record without a primary key: its reads, its insert and the delete of
/// every row, written once per record type by ``RecordSQL`` and prepared once per connection.
///
/// A generated record declares one (`static let statements = TableRecordStatements<Event>(table:
/// "event")`). Its columns are `Record.Column.allCases`, in order. A table with generated columns names
/// them (`generated: [.titleLength]`): see ``RecordSQL/Writes``.
public final class TableRecordStatements<Record: TableRecord>: TableRecordStatementSet {
    /// The SQL, written by ``RecordSQL/Writes``.
    public let sql: RecordSQL.Writes
    /// The reads.
    public let reads: RecordStatements<Record>
    /// The insert.
    @usableFromInline let insert: StatementKey
    /// `DELETE FROM "t"`.
    @usableFromInline let deleteAll: StatementKey
    /// True when the insert and the upsert return the row (the table has generated columns).
    @usableFromInline let returnsRow: Bool

    /// The statements of table `name`, whose generated columns are `generated` (written by SQLite, never
    /// by the DAO).
    public convenience init(table name: String, generated: [Record.Column] = []) {
        self.init(RecordSQL.Writes(name: name, columns: Record.Column.allCases.map(\.rawValue), generated: generated.map(\.rawValue)))
    }

    /// The statements of `sql`.
    init(_ sql: RecordSQL.Writes) {
        self.sql = sql
        reads = RecordStatements(sql.reads)
        insert = StatementKey(sql.insert)
        deleteAll = StatementKey(sql.deleteAll)
        returnsRow = sql.returnsRow
    }

    /// Itself.
    public var writes: TableRecordStatements<Record> { self }

    /// None: the table has no primary key.
    public var primaryKey: [String] { [] }
}

/// The statements of one keyed table's record: its table's, and the upsert, update, delete and select
/// by primary key, written once per record type by ``RecordSQL`` and prepared once per connection.
///
/// A generated record declares one (`static let statements = KeyedRecordStatements<Book>(table: "book",
/// primaryKey: [.id])`), with its generated columns as ``TableRecordStatements`` takes them.
public final class KeyedRecordStatements<Record: KeyedRecord>: KeyedRecordStatementSet {
    /// The SQL, written by ``RecordSQL/KeyedWrites``.
    public let sql: RecordSQL.KeyedWrites
    /// The statements every table has.
    public let writes: TableRecordStatements<Record>
    /// The reads (``writes``' own).
    public let reads: RecordStatements<Record>
    /// The upsert on the primary key.
    @usableFromInline let upsert: StatementKey
    /// The update of every other column by the primary key.
    @usableFromInline let update: StatementKey
    /// The delete by primary key.
    @usableFromInline let deleteByKey: StatementKey
    /// The select by primary key.
    @usableFromInline let findByKey: StatementKey

    /// The statements of table `name`, whose primary key is `primaryKey` (in key order) and whose
    /// generated columns are `generated` (written by SQLite, never by the DAO).
    public init(table name: String, primaryKey: [Record.Column], generated: [Record.Column] = []) {
        let sql = RecordSQL.KeyedWrites(
            name: name, columns: Record.Column.allCases.map(\.rawValue), primaryKey: primaryKey.map(\.rawValue),
            generated: generated.map(\.rawValue))
        self.sql = sql
        writes = TableRecordStatements(sql.writes)
        reads = writes.reads
        upsert = StatementKey(sql.upsert)
        update = StatementKey(sql.update)
        deleteByKey = StatementKey(sql.deleteByKey)
        findByKey = StatementKey(sql.findByKey)
    }

    /// Itself.
    public var keyed: KeyedRecordStatements<Record> { self }

    /// The primary key's columns (SQL names, in key order).
    public var primaryKey: [String] { sql.primaryKey }
}
