extension RecordSQL {
    /// The SQL every table and view reads with, written from its names: what a view's DAO runs, and the
    /// reads of a table's.
    public struct Reads: Sendable, Hashable {
        /// The table's or view's SQL name.
        public let name: String
        /// The columns' SQL names, in the order a record reads them.
        public let columns: [String]
        /// The quoted name: the FROM clause of the reads.
        public let quotedName: String
        /// `"a", "b", "c"`: every column, in order.
        public let selection: String
        /// `SELECT "a", "b", "c" FROM "t"`.
        public let selectAll: String
        /// `SELECT count(*) FROM "t"`.
        public let count: String

        /// The reads of table or view `name`, whose columns are `columns`, in order.
        public init(name: String, columns: [String]) {
            self.name = name
            self.columns = columns
            quotedName = SQLIdentifier.quoted(name)
            selection = RecordSQL.selection(columns)
            selectAll = RecordSQL.Select(columns: selection, from: quotedName).sql
            count = RecordSQL.count(from: name)
        }

        /// The SELECT of every column, with `condition` as its WHERE clause when there is one, in `orderBy`'s
        /// order, and paged when `paged`: what `fetchAll` runs.
        @inlinable
        public func select(where condition: String? = nil, orderBy: String = "", paged: Bool = false) -> String {
            guard condition != nil || !orderBy.isEmpty || paged else { return selectAll }
            return Select.sql(head: selectAll, condition: condition, orderBy: orderBy, paged: paged)
        }

        /// Every statement of the set, in a fixed order; with the paged select, which is the one dynamic
        /// statement whose shape does not depend on a condition.
        public var statements: [String] { [selectAll, select(paged: true), count] }
    }

    /// The SQL a table writes with, written from its names: the reads, the insert and the delete of
    /// every row. A table with generated columns (`GENERATED ALWAYS AS`) writes the other columns only
    /// (parameters numbered in that order, as ``TableRecord/bind(to:)`` binds them) and its insert
    /// returns the row (`RETURNING`), read back with the values SQLite computed; a table without
    /// generated columns runs no RETURNING.
    public struct Writes: Sendable, Hashable {
        /// What the table reads with.
        public let reads: Reads
        /// The SQL names of the columns insert, upsert and update write: every column but the generated ones.
        public let writtenColumns: [String]
        /// True when the insert and the upsert return the row (the table has generated columns).
        public let returnsRow: Bool
        /// The insert of every written column.
        public let insert: String
        /// `DELETE FROM "t"`.
        public let deleteAll: String

        /// The writes of table `name`, whose columns are `columns`, in order, of which `generated` are
        /// generated columns.
        public init(name: String, columns: [String], generated: [String] = []) {
            reads = Reads(name: name, columns: columns)
            writtenColumns = generated.isEmpty ? columns : columns.filter { !generated.contains($0) }
            returnsRow = !generated.isEmpty
            insert = RecordSQL.insert(into: name, columns: writtenColumns) + (returnsRow ? RecordSQL.returning(columns) : "")
            deleteAll = RecordSQL.delete(from: name)
        }

        /// ` RETURNING` every column when the table has generated columns, empty otherwise.
        var returning: String { returnsRow ? RecordSQL.returning(reads.columns) : "" }

        /// Every statement of the set, in a fixed order.
        public var statements: [String] { reads.statements + [insert, deleteAll] }
    }

    /// The SQL a table with a primary key writes with, written from its names: the table's writes, and
    /// the upsert, update, delete and select by the key.
    public struct KeyedWrites: Sendable, Hashable {
        /// What the table writes with without its key.
        public let writes: Writes
        /// The primary key's SQL names, in key order; never empty.
        public let primaryKey: [String]
        /// The upsert on the primary key, which updates every other written column.
        public let upsert: String
        /// The update of every other written column by the primary key.
        public let update: String
        /// The delete by primary key (parameters in key order).
        public let deleteByKey: String
        /// The select of every column by primary key (parameters in key order).
        public let findByKey: String

        /// The writes of table `name`, whose columns are `columns`, in order, of which `generated` are
        /// generated columns, and whose primary key is `primaryKey`, in key order.
        public init(name: String, columns: [String], primaryKey: [String], generated: [String] = []) {
            precondition(!primaryKey.isEmpty, "A keyed table has a primary key")
            writes = Writes(name: name, columns: columns, generated: generated)
            self.primaryKey = primaryKey
            upsert = RecordSQL.upsert(into: name, columns: writes.writtenColumns, conflict: primaryKey, kept: primaryKey) + writes.returning
            update = RecordSQL.update(name, columns: writes.writtenColumns, key: primaryKey)
            let key = RecordSQL.equality(primaryKey)
            deleteByKey = RecordSQL.delete(from: name, where: key)
            findByKey = writes.reads.select(where: key)
        }

        /// The upsert that resolves a conflict on `key`'s columns and returns the row as stored: every
        /// written column outside `key` and the primary key is updated.
        public func upsert(onConflict key: [String]) -> String {
            RecordSQL.upsert(into: writes.reads.name, columns: writes.writtenColumns, conflict: key, kept: primaryKey)
                + RecordSQL.returning(writes.reads.columns)
        }

        /// Every statement of the set, in a fixed order.
        public var statements: [String] { writes.statements + [upsert, update, deleteByKey, findByKey] }
    }
}
