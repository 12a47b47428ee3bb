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

    /// The first table declared as `name` that exists at `version`, as `schema.tables.first { ... }` finds it.
    func table(named name: String, at version: Int) -> Table? {
        guard let candidates = positions[name] else { return nil }
        for position in candidates where tables[position].range.contains(version) {
            return tables[position]
        }
        return nil
    }
}
