import DAOGenRuntime

/// The DML a table's DAO runs, at one version: the runtime's statement set of its level
/// (`RecordSQL.Reads`, `Writes` or `KeyedWrites`, asked for with the table's names, so what Verify
/// prepares is what the generated record runs), and the finders' SELECTs, which are the table's own,
/// written with `RecordSQL.Select`.
struct TableStatements: Sendable {
    let table: Table
    let version: Int
    let columns: [Column]
    /// Declared names of the primary key's columns.
    let keyNames: [String]

    /// The declared names of the columns that never hold NULL (`SQLWriter.isNeverNull`), decided once.
    let neverNull: Set<String>

    /// The runtime's statements of the table, at its level.
    let records: RecordSQLSet

    /// The statements of `table` at `version`.
    init(table: Table, version: Int) {
        self.table = table
        self.version = version
        self.columns = table.columns(at: version)
        let keyNames = table.primaryKeyNames(at: version)
        self.keyNames = keyNames
        neverNull = Set(columns.filter { SQLWriter.isNeverNull($0, of: table, at: version, keyNames: keyNames) }.map(\.name))
        let name = table.name(at: version)
        let columnNames = columns.map { $0.name(at: version) }
        let generated = columns.filter { $0.generated != nil }.map { $0.name(at: version) }
        if keyNames.isEmpty {
            records = .table(RecordSQL.Writes(name: name, columns: columnNames, generated: generated))
        } else {
            let key = keyNames.map { table.sqlName(ofColumn: $0, at: version) }
            records = .keyed(RecordSQL.KeyedWrites(name: name, columns: columnNames, primaryKey: key, generated: generated))
        }
    }

    /// The reads every table has.
    var reads: RecordSQL.Reads { records.reads }

    /// The table's SQL name at the version.
    var sqlName: String { reads.name }

    var hasPrimaryKey: Bool { !keyNames.isEmpty }

    /// The SELECT of the rows whose `names` (declared names) equal the arguments; a column in
    /// `matchingNull` is compared with `IS`, which SQLite answers through the same index as `=` and which
    /// a NULL argument matches.
    func find(by names: [String], matchingNull: [String] = []) -> String {
        let sqlName = { (name: String) in table.sqlName(ofColumn: name, at: version) }
        return reads.select(where: RecordSQL.equality(names.map(sqlName), matchingNull: matchingNull.map(sqlName)))
    }

    /// The full-text search of `search:` (`RecordDAO.search(matching:limit:offset:)`), when the table has one.
    var search: String? {
        table.search(at: version).map { _ in RecordSQL.search(sqlName, index: table.searchIndexName(at: version), columns: reads.columns) }
    }

    /// UNIQUE constraints that get a finder: distinct column sets other than the primary key.
    var uniqueFinders: [[String]] {
        var seen: Set<[String]> = [keyNames]
        return table.uniqueColumnSets(at: version).filter { seen.insert($0).inserted }
            + table.indexes(at: version).filter { $0.unique && $0.whereSQL == nil }.map { $0.columns.map(\.name) }.filter { seen.insert($0).inserted }
    }

    /// An index's `fetchAll(by...)`.
    struct IndexFinder {
        let index: Index
        /// Declared names of the indexed columns, in index order.
        let columns: [String]
        /// The columns of `columns` that can hold NULL, which the finder's overload taking Optionals compares
        /// with `IS`. Empty for a partial index: `"a" IS ?` does not imply its WHERE (for the usual
        /// `WHERE a IS NOT NULL` the NULL rows are not in the index), so SQLite would scan the table, even
        /// for a non-NULL argument. Then the index gets only its finder taking non-optional values.
        let nullableColumns: [String]
    }

    /// Indexes that get a `fetchAll(by...)`: one per distinct column list.
    var indexFinders: [IndexFinder] {
        var seen: Set<[String]> = []
        return table.indexes(at: version).compactMap { index in
            let names = index.columns.map(\.name)
            guard seen.insert(names).inserted else { return nil }
            return IndexFinder(index: index, columns: names, nullableColumns: index.whereSQL == nil ? names.filter(canHoldNull) : [])
        }
    }

    /// Whether the column declared as `name` can hold NULL: neither NOT NULL, nor a key column SQLite
    /// makes NOT NULL, nor the rowid alias (Optional in the record only until insert assigns it).
    func canHoldNull(_ name: String) -> Bool {
        guard let column = table.column(named: name, at: version) else { return false }
        return !neverNull.contains(column.name)
    }
}

extension TableStatements {
    /// The statements of each of `tables` at `version`, by the table's declaration.
    static func byDeclaration(_ tables: [Table], at version: Int) -> [DeclarationID: TableStatements] {
        Dictionary(tables.map { ($0.id, TableStatements(table: $0, version: version)) }, uniquingKeysWith: { first, _ in first })
    }
}
