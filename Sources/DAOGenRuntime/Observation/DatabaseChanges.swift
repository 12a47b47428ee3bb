/// What one commit changed: an element of ``Database/changes()``.
///
/// Apply an element to a copy of a table's rowids by removing ``TableChanges/deleted`` first, then
/// adding ``TableChanges/inserted`` (``TableChanges/updated`` rows exist before and after). Where
/// ``TableChanges/isComplete`` is false, the sets say nothing: treat every row of the table as changed.
public struct DatabaseChanges: Sendable, Equatable {
    /// The tables the commit changed, by their SQL name (of the `main` database).
    public var tables: [String: TableChanges]

    /// Creates an element (for tests and adapters that build their own).
    public init(tables: [String: TableChanges]) {
        self.tables = tables
    }
}

/// The rows of one table that one commit changed, by rowid.
///
/// A row deleted and inserted again in one commit may be in both ``deleted`` and ``inserted``; one
/// inserted and deleted in one commit is in ``deleted`` or nowhere; ``updated`` may name a row whose
/// `UPDATE` changed no value.
public struct TableChanges: Sendable, Equatable {
    /// Rowids of rows inserted (also by `REPLACE` and the insert of an upsert).
    public var inserted: Set<Int64>
    /// Rowids of rows updated (also by an upsert's `DO UPDATE`).
    public var updated: Set<Int64>
    /// Rowids of rows deleted.
    public var deleted: Set<Int64>
    /// False when SQLite did not report the rows one by one (a `WITHOUT ROWID` or virtual table, a
    /// statement that may delete rows by `REPLACE` or change a rowid, a rolled-back savepoint the
    /// runtime did not open, another process's commit, or a consumer that fell behind): the sets
    /// then say nothing, and every row of the table may have changed.
    public var isComplete: Bool

    /// Creates the changes of one table.
    public init(inserted: Set<Int64> = [], updated: Set<Int64> = [], deleted: Set<Int64> = [], isComplete: Bool = true) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.isComplete = isComplete
    }

    /// A table whose rows are unknown.
    static let incomplete = TableChanges(isComplete: false)
}
