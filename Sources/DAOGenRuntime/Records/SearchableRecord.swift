/// A record of a table with a full-text index (`search:` in the schema): an external-content FTS5 table
/// `<table>_fts` on the table's rowid, kept in step by triggers. ``RecordDAO`` gives such a record
/// ``RecordDAO/search(matching:limit:offset:)``.
public protocol SearchableRecord: TableRecord {
    /// The statements of the record's full-text search, prepared once per connection.
    static var searchStatements: SearchStatements<Self> { get }
}

/// The statements of one record's full-text search, written once per record type by ``RecordSQL``.
///
/// A generated record declares one (`static let searchStatements = SearchStatements<Book>(table: "book",
/// index: "book_fts")`).
public final class SearchStatements<Record: DatabaseRecord>: Sendable {
    /// The FTS5 table's SQL name: `<table>_fts`.
    public let index: String
    /// The search: every column of the record's rows whose text matches `?1`, best match (bm25) first,
    /// `LIMIT ?2 OFFSET ?3`.
    @usableFromInline let search: StatementKey

    /// The search statements of table `table`, whose FTS5 table is `index`.
    public init(table: String, index: String) {
        self.index = index
        search = StatementKey(RecordSQL.search(table, index: index, columns: Record.Column.allCases.map(\.rawValue)))
    }
}

extension RecordDAO where Record: SearchableRecord {
    /// The records whose indexed text matches `query`, in FTS5 query syntax (`"new york" OR boston`,
    /// `title: swift*`), best match (bm25) first; `offset` works with or without `limit`.
    /// - Throws: ``DatabaseError`` with SQLite's message when `query` is not valid FTS5 query syntax.
    @inlinable
    public func search(matching query: String, limit: Int? = nil, offset: Int? = nil) throws -> [Record] {
        try database.withStatement(Record.searchStatements.search) { statement in
            statement.bind(query, at: 1)
            statement.bind(limit ?? -1, at: 2)
            statement.bind(offset ?? 0, at: 3)
            return try statement.fetchAll(Record.init(row:))
        }
    }
}
