import Foundation

/// The shape of a database's schema as SQLite reports it: tables, columns (type, NOT NULL, default,
/// primary key), foreign keys and indexes (columns, uniqueness, WHERE). Two databases whose descriptions
/// are equal have the same schema, whatever the order of their columns.
public struct SchemaDescription: Sendable, Equatable {
    /// One table.
    public struct Table: Sendable, Equatable {
        /// The table's name.
        public var name: String
        /// Columns sorted by name.
        public var columns: [Column]
        /// Foreign keys, sorted.
        public var foreignKeys: [String]
        /// Indexes, including those SQLite makes for UNIQUE and PRIMARY KEY, sorted.
        public var indexes: [String]
    }

    /// One column, as `PRAGMA table_info` reports it.
    public struct Column: Sendable, Equatable {
        /// The column's name.
        public var name: String
        /// The declared type.
        public var type: String
        /// NOT NULL.
        public var notNull: Bool
        /// The DEFAULT expression's text, if any.
        public var defaultValue: String?
        /// Position in the primary key (1-based), or 0.
        public var primaryKeyPosition: Int
    }

    /// Tables sorted by name.
    public var tables: [Table]
    /// Every view and trigger: `view name: SQL` / `trigger name: SQL`, whitespace runs folded to
    /// one space, sorted.
    public var viewsAndTriggers: [String] = []

    /// Reads the schema of `database`.
    public init(database: Database) throws {
        tables = try database.withLock {
            let names = try database.tableNames()
            guard !names.isEmpty else { return [] }
            // Four queries for the whole schema (the pragmas' table-valued forms joined with
            // sqlite_master) rather than a few per table and index: the generator describes
            // thousands of small schemas. The pragmas report what `PRAGMA table_info(...)` and
            // the others report; only the number of statements changes.
            let tables = "sqlite_master AS m"
            let filter = "m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
            var columns: [String: [Column]] = [:]
            for row in try database.rows("""
                SELECT m.name, p.name, p.type, p."notnull", p.dflt_value, p.pk \
                FROM \(tables) JOIN pragma_table_info(m.name) AS p WHERE \(filter) ORDER BY m.name, p.cid
                """) {
                columns[Self.text(row[0]), default: []].append(Column(
                    name: Self.text(row[1]),
                    type: Self.text(row[2]).uppercased(),
                    notNull: Self.integer(row[3]) != 0,
                    defaultValue: row[4] == .null ? nil : Self.text(row[4]),
                    primaryKeyPosition: Self.integer(row[5])))
            }
            var foreignKeys: [String: [String]] = [:]
            for row in try database.rows("""
                SELECT m.name, f."from", f."table", f."to", f.on_update, f.on_delete \
                FROM \(tables) JOIN pragma_foreign_key_list(m.name) AS f WHERE \(filter) ORDER BY m.name, f.id, f.seq
                """) {
                foreignKeys[Self.text(row[0]), default: []].append(
                    "(\(Self.text(row[1]))) REFERENCES \(Self.text(row[2]))(\(Self.text(row[3]))) ON UPDATE \(Self.text(row[4])) ON DELETE \(Self.text(row[5]))")
            }
            // The key columns of every index, in order, by table and index name.
            var terms: [IndexKey: [String]] = [:]
            for row in try database.rows("""
                SELECT m.name, l.name, x.name, x."desc", x.coll \
                FROM \(tables) JOIN pragma_index_list(m.name) AS l JOIN pragma_index_xinfo(l.name) AS x \
                WHERE \(filter) AND x.key != 0 ORDER BY m.name, l.seq, x.seqno
                """) {
                terms[IndexKey(table: Self.text(row[0]), index: Self.text(row[1])), default: []].append(
                    Self.text(row[2]) + (Self.integer(row[3]) != 0 ? " DESC" : "") + " COLLATE " + Self.text(row[4]).uppercased())
            }
            var indexes: [String: [String]] = [:]
            for row in try database.rows("""
                SELECT m.name, l.name, l."unique", l.origin, s.sql \
                FROM \(tables) JOIN pragma_index_list(m.name) AS l \
                LEFT JOIN sqlite_master AS s ON s.type = 'index' AND s.name = l.name \
                WHERE \(filter) ORDER BY m.name, l.seq
                """) {
                let tableName = Self.text(row[0])
                let indexName = Self.text(row[1])
                let unique = Self.integer(row[2]) != 0
                let origin = Self.text(row[3])
                let condition = Self.whereClause(of: Self.text(row[4]))
                let indexTerms = terms[IndexKey(table: tableName, index: indexName)] ?? []
                // SQLite names the indexes of UNIQUE and PRIMARY KEY constraints itself: compare those by content.
                let label = origin == "c" ? "index \(indexName)" : (origin == "pk" ? "primary key" : "unique constraint")
                indexes[tableName, default: []].append(
                    "\(label)\(unique ? " UNIQUE" : "") (\(indexTerms.joined(separator: ", ")))\(condition.map { " WHERE \($0)" } ?? "")")
            }
            return names.map { name in
                Table(
                    name: name,
                    columns: (columns[name] ?? []).sorted { $0.name < $1.name },
                    foreignKeys: (foreignKeys[name] ?? []).sorted(),
                    indexes: (indexes[name] ?? []).sorted())
            }
        }
        viewsAndTriggers = try database.withLock {
            try database.rows("SELECT type, name, sql FROM sqlite_master WHERE type IN ('view', 'trigger')").map { row in
                "\(Self.text(row[0])) \(Self.text(row[1])): " + Self.text(row[2]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }.sorted()
        }
    }

    /// An index of a table, for gathering its terms.
    private struct IndexKey: Hashable {
        var table: String
        var index: String
    }

    /// The WHERE of a CREATE INDEX statement, whitespace folded.
    private static func whereClause(of sql: String) -> String? {
        // The last " WHERE ", any case, found on the UTF-8 bytes: Foundation's case-insensitive
        // search cost more than the rest of the description.
        let bytes = sql.utf8
        let keyword = Array(" where ".utf8)
        guard bytes.count >= keyword.count else { return nil }
        var start = bytes.index(bytes.endIndex, offsetBy: -keyword.count)
        while true {
            var matched = true
            var position = start
            for expected in keyword {
                let byte = bytes[position]
                let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                if lowered != expected {
                    matched = false
                    break
                }
                position = bytes.index(after: position)
            }
            if matched {
                return sql[position...].split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
            if start == bytes.startIndex { return nil }
            start = bytes.index(before: start)
        }
    }

    private static func text(_ value: DatabaseValue) -> String {
        switch value {
        case let .text(text): return text
        case let .integer(number): return String(number)
        case let .real(number): return String(number)
        case .null, .blob: return ""
        }
    }

    private static func integer(_ value: DatabaseValue) -> Int {
        if case let .integer(number) = value { return Int(number) }
        return 0
    }

    /// What differs between this schema (`actual`) and `expected`, one sentence each; empty when equal.
    /// With `ignoringUndeclaredViewsAndTriggers` (the baseline check), views and triggers `expected` does not
    /// name are not differences: they belong to the app, not to the schema.
    public func differences(from expected: SchemaDescription, ignoringUndeclaredViewsAndTriggers: Bool = false) -> [String] {
        var result: [String] = []
        let actualTables = Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0) })
        let expectedTables = Dictionary(uniqueKeysWithValues: expected.tables.map { ($0.name, $0) })
        for name in expectedTables.keys.sorted() where actualTables[name] == nil {
            result.append("table \(name) is missing")
        }
        for name in actualTables.keys.sorted() where expectedTables[name] == nil {
            result.append("table \(name) is not expected")
        }
        for item in expected.viewsAndTriggers where !viewsAndTriggers.contains(item) {
            result.append("\(item.prefix { $0 != ":" }) is missing or differs (expected \(item))")
        }
        let expectedNames = Set(expected.viewsAndTriggers.map { $0.prefix { $0 != ":" } })
        for item in viewsAndTriggers where !expected.viewsAndTriggers.contains(item) {
            if ignoringUndeclaredViewsAndTriggers && !expectedNames.contains(item.prefix { $0 != ":" }) { continue }
            result.append("\(item.prefix { $0 != ":" }) is not expected as \(item)")
        }
        for name in expectedTables.keys.sorted() {
            guard let actual = actualTables[name], let wanted = expectedTables[name], actual != wanted else { continue }
            let actualColumns = Dictionary(uniqueKeysWithValues: actual.columns.map { ($0.name, $0) })
            for column in wanted.columns {
                guard let found = actualColumns[column.name] else {
                    result.append("column \(name).\(column.name) is missing")
                    continue
                }
                if found != column {
                    result.append("column \(name).\(column.name) is \(describe(found)), expected \(describe(column))")
                }
            }
            for column in actual.columns where !wanted.columns.contains(where: { $0.name == column.name }) {
                result.append("column \(name).\(column.name) is not expected")
            }
            for key in wanted.foreignKeys where !actual.foreignKeys.contains(key) {
                result.append("table \(name) lacks foreign key \(key)")
            }
            for key in actual.foreignKeys where !wanted.foreignKeys.contains(key) {
                result.append("table \(name) has unexpected foreign key \(key)")
            }
            for index in wanted.indexes where !actual.indexes.contains(index) {
                result.append("table \(name) lacks \(index)")
            }
            for index in actual.indexes where !wanted.indexes.contains(index) {
                result.append("table \(name) has unexpected \(index)")
            }
        }
        return result
    }

    private func describe(_ column: Column) -> String {
        var text = column.type.isEmpty ? "untyped" : column.type
        if column.notNull { text += " NOT NULL" }
        if let defaultValue = column.defaultValue { text += " DEFAULT \(defaultValue)" }
        if column.primaryKeyPosition > 0 { text += " PRIMARY KEY (\(column.primaryKeyPosition))" }
        return text
    }
}
