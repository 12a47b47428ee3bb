/// The statements of one record's table or view, written once per record type by ``RecordSQL`` from
/// the record's names and prepared once per connection: what ``RecordDAO`` runs.
///
/// A generated record declares one (`static let statements = RecordStatements<Book>(table: "book",
/// primaryKey: [.id])`). Its columns are `Record.Column.allCases`, in order. A table with generated columns
/// (`GENERATED ALWAYS AS`) names them (`generated: [.titleLength]`): its insert, upsert and update write
/// the other columns only (parameters numbered in that order, as ``TableRecord/bind(to:)`` binds them),
/// and its insert and upsert return the row (`RETURNING`), read back with the values SQLite computed. A table
/// without generated columns runs no RETURNING.
public final class RecordStatements<Record: DatabaseRecord>: Sendable {
    /// The table's or view's SQL name.
    public let name: String
    /// `"a", "b", "c"`: every column, in the order ``DatabaseRecord/init(row:)`` reads them.
    public let selection: String
    /// `SELECT "a", "b", "c" FROM "t"`.
    public let selectAll: String
    /// The primary key's SQL names, in key order; empty for a view or a table without one.
    public let primaryKey: [String]
    /// The columns' SQL names, in order.
    let columns: [String]
    /// The SQL names of the columns insert, upsert and update write: every column but the generated ones.
    let writtenColumns: [String]
    /// True when the insert and the upsert return the row (the table has generated columns).
    @usableFromInline let returnsRow: Bool
    /// `SELECT count(*) FROM "t"`.
    @usableFromInline let count: StatementKey
    /// The insert (tables only).
    @usableFromInline let insert: StatementKey?
    /// `DELETE FROM "t"` (tables only).
    @usableFromInline let deleteAll: StatementKey?
    /// The upsert on the primary key (keyed tables only).
    @usableFromInline let upsert: StatementKey?
    /// The update of every other column by the primary key (keyed tables only).
    @usableFromInline let update: StatementKey?
    /// The delete by primary key (keyed tables only).
    @usableFromInline let deleteByKey: StatementKey?
    /// The select by primary key (keyed tables only).
    @usableFromInline let findByKey: StatementKey?

    /// The statements of view `name`: reads only.
    public init(view name: String) {
        self.name = name
        columns = Record.Column.allCases.map(\.rawValue)
        selection = RecordSQL.selection(columns)
        selectAll = RecordSQL.selectAll(from: name, columns: columns)
        primaryKey = []
        writtenColumns = []
        returnsRow = false
        count = StatementKey(RecordSQL.count(from: name))
        (insert, deleteAll, upsert, update, deleteByKey, findByKey) = (nil, nil, nil, nil, nil, nil)
    }

    /// The statements of table `name`, whose primary key is `primaryKey` (empty for none) and whose generated
    /// columns are `generated` (written by SQLite, never by the DAO).
    public init(table name: String, primaryKey: [Record.Column] = [], generated: [Record.Column] = []) {
        self.name = name
        let columns = Record.Column.allCases.map(\.rawValue)
        let key = primaryKey.map(\.rawValue)
        let generatedNames = Set(generated.map(\.rawValue))
        let written = generatedNames.isEmpty ? columns : columns.filter { !generatedNames.contains($0) }
        self.columns = columns
        self.primaryKey = key
        writtenColumns = written
        returnsRow = !generatedNames.isEmpty
        selection = RecordSQL.selection(columns)
        selectAll = RecordSQL.selectAll(from: name, columns: columns)
        let returning = returnsRow ? RecordSQL.returning(columns) : ""
        count = StatementKey(RecordSQL.count(from: name))
        insert = StatementKey(RecordSQL.insert(into: name, columns: written) + returning)
        deleteAll = StatementKey(RecordSQL.deleteAll(from: name))
        guard !key.isEmpty else {
            (upsert, update, deleteByKey, findByKey) = (nil, nil, nil, nil)
            return
        }
        upsert = StatementKey(RecordSQL.upsert(into: name, columns: written, conflict: key, kept: key) + returning)
        update = StatementKey(RecordSQL.update(name, columns: written, key: key))
        deleteByKey = StatementKey(RecordSQL.deleteAll(from: name) + RecordSQL.keyCondition(key))
        findByKey = StatementKey(selectAll + RecordSQL.keyCondition(key))
    }

    /// The upsert that resolves a conflict on `key`'s columns and returns the row as stored: every column
    /// outside `key` and the primary key is updated.
    func upsertSQL(onConflict key: [String]) -> String {
        RecordSQL.upsert(into: name, columns: writtenColumns, conflict: key, kept: primaryKey) + RecordSQL.returning(columns)
    }
}
