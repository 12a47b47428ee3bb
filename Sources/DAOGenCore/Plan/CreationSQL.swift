/// The CREATE statements of every table and index at every version, written once (on every core)
/// and shared by verification, the migration proof, the schema history and `daogen sql`, which
/// used to write each version's SQL again each.
struct CreationSQL: Sendable {
    /// By table (its position in `schema.tables`), then by version - 1: its CREATE TABLE, nil
    /// where the table does not exist.
    private let tables: [[String?]]
    /// Likewise, the CREATE INDEX statements of the table's indexes alive then.
    private let indexes: [[[String]]]
    /// By version - 1: the CREATE VIEW and CREATE TRIGGER statements, which follow every table and index.
    private let viewsAndTriggers: [[String]]
    /// The latest version written.
    let latest: Int

    /// Writes the statements of every version of `schema`.
    init(schema: Schema) {
        let latest = schema.settings.version
        let lookup = TableLookup(schema)
        let written = Array(schema.tables.indices).parallelMap { position in
            let table = schema.tables[position]
            let changes = Self.changeVersions(of: table, lookup: lookup)
            var creates: [String?] = []
            var indexes: [[String]] = []
            creates.reserveCapacity(latest)
            indexes.reserveCapacity(latest)
            for version in 1...max(latest, 1) {
                guard table.range.contains(version) else {
                    creates.append(nil)
                    indexes.append([])
                    continue
                }
                // Nothing the statements name changed since the version before: nor did they.
                if !changes.contains(version), let previous = creates.last, let previous {
                    creates.append(previous)
                    indexes.append(indexes[version - 2])
                    continue
                }
                creates.append(SQLWriter.createTable(table, at: version, findTable: lookup.table(named:at:)))
                indexes.append(table.indexes(at: version).map { SQLWriter.createIndex($0, of: table, at: version) })
            }
            return (creates, indexes)
        }
        self.tables = written.map(\.0)
        self.indexes = written.map(\.1)
        self.viewsAndTriggers = (1...max(latest, 1)).map { SQLWriter.viewAndTriggerStatements(for: schema, at: $0) }
        self.latest = latest
    }

    /// The versions at which the CREATE statements of `table` may differ from the version before's:
    /// where the table, one of its columns, indexes or CHECKs, or a table its REFERENCES clauses name
    /// (any declared with that name) or one of that table's columns, starts, ends or is renamed. What
    /// else the statements hold does not change with the version.
    static func changeVersions(of table: Table, lookup: TableLookup) -> Set<Int> {
        var versions = table.columnChangeVersions
        for index in table.indexes { versions.formUnion(index.range.changeVersions(renamed: index.renamedFrom)) }
        for check in table.checks { versions.formUnion(check.range.changeVersions(renamed: nil)) }
        for name in Set(table.columns.compactMap(\.references?.table)) {
            for target in lookup.tables(named: name) { versions.formUnion(target.columnChangeVersions) }
        }
        return versions
    }

    /// The CREATE TABLE of the table at `position` in `schema.tables` at `version`; nil when it does not exist then.
    func createTable(_ position: Int, at version: Int) -> String? {
        tables[position][version - 1]
    }

    /// The CREATE INDEX statements of the table at `position` at `version`.
    func createIndexes(_ position: Int, at version: Int) -> [String] {
        indexes[position][version - 1]
    }

    /// Every statement that creates `version` of the tables at `positions` (in declaration order)
    /// from an empty database: tables first, then indexes, as `SQLWriter.creationStatements` orders them.
    /// Views and triggers follow when `positions` are every table (a schema with views or triggers is
    /// never split into parts: they may name any table).
    func statements(at version: Int, of positions: some Collection<Int>) -> [String] {
        let views = positions.count == tables.count ? viewsAndTriggers[version - 1] : []
        return positions.compactMap { tables[$0][version - 1] } + positions.flatMap { indexes[$0][version - 1] } + views
    }

    /// Every statement that creates `version` from an empty database.
    func statements(at version: Int) -> [String] {
        statements(at: version, of: tables.indices)
    }
}

/// Finds the table a REFERENCES clause names by a dictionary rather than a scan of every table.
struct TableLookup: Sendable {
    private let tables: [Table]
    private let positions: [String: [Int]]

    init(_ schema: Schema) {
        tables = schema.tables
        var positions: [String: [Int]] = [:]
        for (position, table) in schema.tables.enumerated() {
            positions[table.name, default: []].append(position)
        }
        self.positions = positions
    }

    /// Every table declared as `name`, whatever its versions.
    func tables(named name: String) -> [Table] {
        (positions[name] ?? []).map { tables[$0] }
    }

    /// The first table declared as `name` that exists at `version`, as `schema.tables.first { ... }` finds it.
    func table(named name: String, at version: Int) -> Table? {
        guard let candidates = positions[name] else { return nil }
        for position in candidates where tables[position].range.contains(version) {
            return tables[position]
        }
        return nil
    }
}
