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

    /// One column, as `PRAGMA table_xinfo` reports it (generated columns included).
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
        /// `VIRTUAL` or `STORED` for a generated column (`GENERATED ALWAYS AS`), nil for an ordinary one.
        public var generated: String? = nil
    }

    /// Tables sorted by name; virtual tables and their shadow tables are in ``virtualTables``.
    public var tables: [Table]
    /// Every view and trigger: `view name: SQL` / `trigger name: SQL`, the SQL by meaning (its tokens
    /// without comments, names and keywords in lower case and unquoted; see `SQLMeaning`), sorted by name.
    public var viewsAndTriggers: [String] = []
    /// Every virtual table: `name USING module`, with the shadow tables its module keeps
    /// (`search_content`, ...) in parentheses, sorted.
    public var virtualTables: [String] = []

    /// Reads the schema of `database`.
    public init(database: Database) throws {
        let virtual = try database.withLock { try Self.virtualTables(of: database) }
        virtualTables = virtual.map { table in
            "\(table.name) USING \(table.module)" + (table.shadows.isEmpty ? "" : " (\(table.shadows.joined(separator: ", ")))")
        }
        let hidden = Set(virtual.flatMap { [$0.name] + $0.shadows })
        tables = try database.withLock {
            let names = try database.tableNames().filter { !hidden.contains($0) }
            guard !names.isEmpty else { return [] }
            // The CREATE INDEX statements, for the WHERE of partial indexes and the terms of expression ones.
            var indexSQL: [String: String] = [:]
            for row in try database.rows("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL") {
                indexSQL[Self.text(row[0])] = Self.text(row[1])
            }
            return try names.map { name in try Self.table(named: name, in: database, indexSQL: indexSQL) }
        }
        viewsAndTriggers = try database.withLock {
            try database.rows("SELECT type, name, sql FROM sqlite_master WHERE type IN ('view', 'trigger')").map { row in
                "\(Self.text(row[0])) \(Self.text(row[1])): " + SQLMeaning.normalized(Self.text(row[2]))
            }.sorted()
        }
    }

    /// The table `name` of `database`, from its pragmas: a few short statements per table and index.
    /// Their table-valued forms joined with `sqlite_master` (four statements for the whole schema) cost
    /// more at every size measured, to prepare (the joins' plans) and to run (the virtual table behind a
    /// pragma's table-valued form runs the pragma itself for each table it is joined with, and a LEFT
    /// JOIN scanned `sqlite_master` for each index). A generation of 100 tables (which describes 4-table
    /// parts 194 times) spent 446 M instructions describing that way, 183 M this way; an open that
    /// describes a file of 5, 30 or 100 tables 4.96 M, 21.3 M and 69.5 M, now 2.67 M, 13.2 M and 44.2 M.
    private static func table(named name: String, in database: Database, indexSQL: [String: String]) throws -> Table {
        let quoted = SQLIdentifier.quoted(name)
        let columns = try database.rows("PRAGMA table_xinfo(\(quoted))").map { row in
            Column(
                name: text(row[1]),
                type: text(row[2]).uppercased(),
                notNull: integer(row[3]) != 0,
                defaultValue: row[4] == .null ? nil : text(row[4]),
                primaryKeyPosition: integer(row[5]),
                // table_xinfo's hidden: 2 for a VIRTUAL generated column, 3 for a STORED one.
                generated: [2: "VIRTUAL", 3: "STORED"][integer(row[6])])
        }
        let foreignKeys = try database.rows("PRAGMA foreign_key_list(\(quoted))").map { row in
            "(\(text(row[3]))) REFERENCES \(text(row[2]))(\(text(row[4]))) ON UPDATE \(text(row[5])) ON DELETE \(text(row[6]))"
        }
        var indexes: [String] = []
        for row in try database.rows("PRAGMA index_list(\(quoted))") {
            let indexName = text(row[1])
            let unique = integer(row[2]) != 0
            let origin = text(row[3])
            let sql = indexSQL[indexName] ?? ""
            // The key columns, in order. An expression term (cid -2) has no name: it is described by
            // its text in the CREATE INDEX, by meaning.
            let terms = try database.rows("PRAGMA index_xinfo(\(SQLIdentifier.quoted(indexName)))").filter { integer($0[5]) != 0 }.map { term in
                var termName = text(term[2])
                if integer(term[1]) == -2 {
                    let written = SQLMeaning.indexTerms(ofCreateIndex: sql)
                    let position = integer(term[0])
                    termName = "expression " + (position < written.count ? written[position] : "?")
                }
                return termName + (integer(term[3]) != 0 ? " DESC" : "") + " COLLATE " + text(term[4]).uppercased()
            }
            let condition = integer(row[4]) != 0 ? SQLMeaning.whereClause(ofCreateIndex: sql) : nil
            // SQLite names the indexes of UNIQUE and PRIMARY KEY constraints itself: compare those by content.
            // Index names are compared without regard to ASCII case, as SQLite looks them up.
            let label = origin == "c" ? "index \(SQLMeaning.asciiLowercased(indexName))" : (origin == "pk" ? "primary key" : "unique constraint")
            indexes.append("\(label)\(unique ? " UNIQUE" : "") (\(terms.joined(separator: ", ")))\(condition.map { " WHERE \($0)" } ?? "")")
        }
        return Table(name: name, columns: columns.sorted { $0.name < $1.name }, foreignKeys: foreignKeys.sorted(), indexes: indexes.sorted())
    }

    /// The description of one file holding every schema of `parts`, which share no table: the
    /// generator describes a schema in independent parts. Not API.
    package static func merging(_ parts: [SchemaDescription]) -> SchemaDescription {
        guard parts.count != 1 else { return parts[0] }
        return SchemaDescription(
            tables: parts.flatMap(\.tables).sorted { $0.name < $1.name },
            viewsAndTriggers: parts.flatMap(\.viewsAndTriggers).sorted(),
            virtualTables: parts.flatMap(\.virtualTables).sorted())
    }

    private init(tables: [Table], viewsAndTriggers: [String], virtualTables: [String]) {
        self.tables = tables
        self.viewsAndTriggers = viewsAndTriggers
        self.virtualTables = virtualTables
    }

    /// A virtual table of the file and the shadow tables its module made for it.
    private struct VirtualTable {
        var name: String
        var module: String
        var shadows: [String]
    }

    /// The shadow tables SQLite's own modules make, by module: `<table>_<suffix>`.
    private static let shadowSuffixes: [String: [String]] = [
        "fts3": ["content", "segments", "segdir", "docsize", "stat"],
        "fts4": ["content", "segments", "segdir", "docsize", "stat"],
        "fts5": ["data", "idx", "content", "docsize", "config"],
        "rtree": ["node", "parent", "rowid"],
        "rtree_i32": ["node", "parent", "rowid"],
    ]

    /// The virtual tables of `database`, each with its shadow tables: those `PRAGMA table_list` reports
    /// as `shadow` (SQLite 3.37 and later, with the module loaded) and those named as SQLite's own
    /// modules name them.
    private static func virtualTables(of database: Database) throws -> [VirtualTable] {
        let rows = try database.rows(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")
        guard !rows.isEmpty else { return [] }
        let tables = Set(try database.tableNames())
        let reported = Set(((try? database.rows("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow'")) ?? [])
            .map { text($0[0]) })
        return rows.map { row in
            let name = text(row[0])
            let tokens = SQLMeaning.tokens(text(row[1]))
            let module = tokens.firstIndex(of: "using").flatMap { $0 + 1 < tokens.count ? tokens[$0 + 1] : nil } ?? "?"
            let prefix = name + "_"
            let shadows = tables.filter { table in
                guard table.count > prefix.count, table.lowercased().hasPrefix(prefix.lowercased()) else { return false }
                let suffix = String(table.dropFirst(prefix.count)).lowercased()
                return reported.contains(table) && !suffix.contains("_") || shadowSuffixes[module]?.contains(suffix) == true
            }
            return VirtualTable(name: name, module: module, shadows: shadows.sorted())
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
    /// Views and triggers are compared by meaning (see ``viewsAndTriggers``): one the schema does not
    /// declare is a difference like an extra table, since a table rebuild would fail on such a view or
    /// drop such a trigger. A virtual table is one difference, its shadow tables included.
    public func differences(from expected: SchemaDescription) -> [String] {
        var result: [String] = []
        let actualTables = Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0) })
        let expectedTables = Dictionary(uniqueKeysWithValues: expected.tables.map { ($0.name, $0) })
        for name in expectedTables.keys.sorted() where actualTables[name] == nil {
            result.append("table \(name) is missing")
        }
        for name in actualTables.keys.sorted() where expectedTables[name] == nil {
            result.append("table \(name) is not expected")
        }
        for table in expected.virtualTables where !virtualTables.contains(table) {
            result.append("virtual table \(table) is missing")
        }
        for table in virtualTables where !expected.virtualTables.contains(table) {
            result.append("virtual table \(table) is not expected")
        }
        // By `type name`, the name without regard to ASCII case, as SQLite looks names up.
        func split(_ items: [String]) -> [String: (label: String, sql: String)] {
            Dictionary(items.map { item in
                let colon = item.firstIndex(of: ":")!
                let label = String(item[..<colon])
                return (SQLMeaning.normalized(label), (label, String(item[item.index(colon, offsetBy: 2)...])))
            }, uniquingKeysWith: { first, _ in first })
        }
        let actualObjects = split(viewsAndTriggers), expectedObjects = split(expected.viewsAndTriggers)
        for key in expectedObjects.keys.sorted() {
            let wanted = expectedObjects[key]!
            guard let found = actualObjects[key] else {
                result.append("\(wanted.label) is missing")
                continue
            }
            if found.sql != wanted.sql {
                result.append("\(wanted.label) differs: it is `\(found.sql)`, expected `\(wanted.sql)`")
            }
        }
        for key in actualObjects.keys.sorted() where expectedObjects[key] == nil {
            result.append("\(actualObjects[key]!.label) is not expected")
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
        if let generated = column.generated { text += " GENERATED \(generated)" }
        return text
    }
}
