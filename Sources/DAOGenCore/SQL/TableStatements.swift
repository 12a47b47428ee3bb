import DAOGenRuntime

/// The DML a table's DAO runs, at one version: the runtime's `RecordSQL` for the statements every table has,
/// and the finders' SELECTs, which are the table's own.
struct TableStatements: Sendable {
    let table: Table
    let version: Int
    let columns: [Column]
    /// Declared names of the primary key's columns.
    let keyNames: [String]

    /// The quoted table name.
    let tableName: String
    /// `"id", "title", ...`: every column in declaration order.
    let selection: String

    /// The declared names of the columns that never hold NULL (`SQLWriter.isNeverNull`), decided once.
    let neverNull: Set<String>

    init(table: Table, version: Int) {
        self.table = table
        self.version = version
        self.columns = table.columns(at: version)
        let keyNames = table.primaryKeyNames(at: version)
        self.keyNames = keyNames
        neverNull = Set(columns.filter { SQLWriter.isNeverNull($0, of: table, at: version, keyNames: keyNames) }.map(\.name))
        tableName = SQLWriter.quote(table.name(at: version))
        selection = columns.map { SQLWriter.quote($0.name(at: version)) }.joined(separator: ", ")
    }

    /// The 1-based parameter of the column declared as `name`.
    func parameter(of name: String) -> Int {
        let id = table.column(named: name, at: version)?.id
        return (columns.firstIndex { $0.id == id } ?? 0) + 1
    }

    func quotedName(_ name: String) -> String {
        SQLWriter.quote(table.sqlName(ofColumn: name, at: version))
    }

    /// `"a" = ?1 AND "b" = ?2`, numbered in list order; `IS` instead of `=` for the columns in
    /// `matchingNull`, so a NULL argument finds the rows where that column is NULL.
    func condition(sequential names: [String], matchingNull: [String] = []) -> String {
        names.enumerated().map { offset, name in
            "\(quotedName(name)) \(matchingNull.contains(name) ? "IS" : "=") ?\(offset + 1)"
        }.joined(separator: " AND ")
    }

    /// The columns' SQL names at the version, in order: what the runtime's `RecordStatements` names them.
    var columnNames: [String] { columns.map { $0.name(at: version) } }

    /// The primary key's SQL names at the version, in key order.
    var keyColumnNames: [String] { keyNames.map { table.sqlName(ofColumn: $0, at: version) } }

    /// The table's SQL name at the version.
    var sqlName: String { table.name(at: version) }

    // The statements the runtime's `RecordDAO` runs, written by the runtime's `RecordSQL`, so what is
    // verified here is what runs.

    var selectAll: String { RecordSQL.selectAll(from: sqlName, columns: columnNames) }

    /// The SQL names of the columns the DAO writes: every column but the generated ones.
    var writtenColumnNames: [String] { columns.filter { $0.generated == nil }.map { $0.name(at: version) } }

    /// ` RETURNING` every column when the table has generated columns (the record comes back with their
    /// values), empty otherwise: as the runtime's `RecordStatements` writes it.
    var returning: String { columns.contains { $0.generated != nil } ? RecordSQL.returning(columnNames) : "" }

    var insert: String { RecordSQL.insert(into: sqlName, columns: writtenColumnNames) + returning }

    var hasPrimaryKey: Bool { !keyNames.isEmpty }

    var upsert: String {
        RecordSQL.upsert(into: sqlName, columns: writtenColumnNames, conflict: keyColumnNames, kept: keyColumnNames) + returning
    }

    var update: String { RecordSQL.update(sqlName, columns: writtenColumnNames, key: keyColumnNames) }

    var deleteByKey: String { deleteAll + RecordSQL.keyCondition(keyColumnNames) }

    var findByKey: String { selectAll + RecordSQL.keyCondition(keyColumnNames) }

    /// The SELECT of the rows whose `names` equal the arguments; a column in `matchingNull` is compared
    /// with `IS`, which SQLite answers through the same index as `=` and which a NULL argument matches.
    func find(by names: [String], matchingNull: [String] = []) -> String {
        "\(selectAll) WHERE \(condition(sequential: names, matchingNull: matchingNull))"
    }

    var count: String { RecordSQL.count(from: sqlName) }
    /// The full-text search of `search:` (`RecordDAO.search(matching:limit:offset:)`), when the table has one.
    var search: String? {
        table.search(at: version).map { _ in RecordSQL.search(sqlName, index: table.searchIndexName(at: version), columns: columnNames) }
    }

    var deleteAll: String { RecordSQL.deleteAll(from: sqlName) }

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
