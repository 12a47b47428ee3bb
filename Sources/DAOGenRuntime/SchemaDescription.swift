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
            try database.tableNames().map { name in try Self.table(named: name, in: database) }
        }
        viewsAndTriggers = try database.withLock {
            try database.rows("SELECT type, name, sql FROM sqlite_master WHERE type IN ('view', 'trigger')").map { row in
                "\(Self.text(row[0])) \(Self.text(row[1])): " + Self.text(row[2]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }.sorted()
        }
    }

    private static func table(named name: String, in database: Database) throws -> Table {
        let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let columns = try database.rows("PRAGMA table_info(\(quoted))").map { row in
            Column(
                name: text(row[1]),
                type: text(row[2]).uppercased(),
                notNull: integer(row[3]) != 0,
                defaultValue: row[4] == .null ? nil : text(row[4]),
                primaryKeyPosition: integer(row[5]))
        }.sorted { $0.name < $1.name }
        let foreignKeys = try database.rows("PRAGMA foreign_key_list(\(quoted))").map { row in
            "(\(text(row[3]))) REFERENCES \(text(row[2]))(\(text(row[4]))) ON UPDATE \(text(row[5])) ON DELETE \(text(row[6]))"
        }.sorted()
        var indexes: [String] = []
        for row in try database.rows("PRAGMA index_list(\(quoted))") {
            let indexName = text(row[1])
            let unique = integer(row[2]) != 0
            let origin = text(row[3])
            let terms = try database.rows("PRAGMA index_xinfo(\"\(indexName.replacingOccurrences(of: "\"", with: "\"\""))\")")
                .filter { integer($0[5]) != 0 }
                .map { term in
                    text(term[2]) + (integer(term[3]) != 0 ? " DESC" : "") + " COLLATE " + text(term[4]).uppercased()
                }
            let sql = try database.rows("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", [.text(indexName)])
                .first?.first.map(text) ?? ""
            let condition = whereClause(of: sql)
            // SQLite names the indexes of UNIQUE and PRIMARY KEY constraints itself: compare those by content.
            let label = origin == "c" ? "index \(indexName)" : (origin == "pk" ? "primary key" : "unique constraint")
            indexes.append("\(label)\(unique ? " UNIQUE" : "") (\(terms.joined(separator: ", ")))\(condition.map { " WHERE \($0)" } ?? "")")
        }
        return Table(name: name, columns: columns, foreignKeys: foreignKeys, indexes: indexes.sorted())
    }

    /// The WHERE of a CREATE INDEX statement, whitespace folded.
    private static func whereClause(of sql: String) -> String? {
        guard let range = sql.range(of: " WHERE ", options: [.caseInsensitive, .backwards]) else { return nil }
        return sql[range.upperBound...].split(whereSeparator: \.isWhitespace).joined(separator: " ")
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
