import Foundation

/// What a generated column holds, as the test knows it: enough to write the YAML, the Swift values of
/// adversarial rows, and the property types of every version's code, without reading generated Swift.
enum ValueKind: Equatable {
    case int64, int, int32, int16, int8, uint8, bool, double, float, string, data, date, uuid
    case textEnum([String])
    case intEnum(names: [String], values: [Int64])

    /// SQLite's affinity of the declared types this kind is written with.
    var isEnum: Bool {
        switch self {
        case .textEnum, .intEnum: return true
        default: return false
        }
    }

    /// Kinds with at least six distinct values, so key and UNIQUE columns can hold six rows.
    var hasSixValues: Bool {
        switch self {
        case .bool, .textEnum, .intEnum: return false
        default: return true
        }
    }
}

/// One declaration of a column: the definition it has for the versions `since...until`.
struct ColumnDeclaration {
    var since: Int
    var until: Int
    var kind: ValueKind
    var sqlType: String
    var notNull: Bool
    var defaultSQL: String?
    var unique: Bool

    func contains(_ version: Int) -> Bool { (since...until).contains(version) }

    /// The declared type's affinity, by SQLite's rules.
    var affinity: String {
        let type = sqlType.uppercased()
        if type.contains("INT") { return "INTEGER" }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return "TEXT" }
        if type.contains("BLOB") || type.isEmpty { return "BLOB" }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return "REAL" }
        return "NUMERIC"
    }
}

/// A column through its history: one or more declarations under one name, renames, a key or a reference.
struct HistoryColumn {
    var name: String
    var renamedFrom: (name: String, in: Int)?
    var declarations: [ColumnDeclaration]
    /// Part of the primary key.
    var isKey = false
    /// Column-level `primaryKey: true` (a single-column key).
    var isColumnKey = false
    /// The rowid alias: `Int64?` in Swift.
    var isRowID = false
    /// Every row holds a different value (keys, UNIQUE columns).
    var isDistinct = false
    /// The table whose `id` this column references.
    var references: String?

    var since: Int { declarations.first!.since }
    var until: Int { declarations.last!.until }

    func declaration(at version: Int) -> ColumnDeclaration? {
        declarations.first { $0.contains(version) }
    }

    func name(at version: Int) -> String {
        if let renamedFrom, version < renamedFrom.in { return renamedFrom.name }
        return name
    }
}

/// An index through its history.
struct HistoryIndex {
    var name: String
    var columns: [String]
    var descending: [Bool]
    var unique: Bool
    var whereSQL: String?
    var since: Int
    var until: Int
}

/// A table through its history.
struct HistoryTable {
    var name: String
    var renamedFrom: (name: String, in: Int)?
    var since: Int
    var until: Int
    var withoutRowID: Bool
    var columns: [HistoryColumn]
    /// A table-level key (composite, or a single column written at table level).
    var tablePrimaryKey: [String]?
    var uniques: [[String]]
    var indexes: [HistoryIndex]

    func contains(_ version: Int) -> Bool { (since...until).contains(version) }

    func name(at version: Int) -> String {
        if let renamedFrom, version < renamedFrom.in { return renamedFrom.name }
        return name
    }

    /// The record's Swift name: UpperCamelCase of its declared (latest) SQL name, at every version.
    var swiftName: String { Naming.upperCamel(name) }

    /// The database type's accessor of the DAO.
    var accessor: String { Naming.lowerCamel(name) }

    var hasKey: Bool { tablePrimaryKey != nil || columns.contains { $0.isColumnKey } }
}

/// An explicit data step.
struct HistoryMigration {
    var version: Int
    var sql: String
    /// The columns (table name, column name at `version`) the step writes: left out of the comparison.
    var table: String
    var column: String
}

/// A random, valid schema history: `daogen.yaml` settings, tables, and data steps.
struct SchemaHistory {
    var seed: UInt64
    var version: Int
    var dates: String
    var uuids: String
    var access: String
    var tables: [HistoryTable]
    var migrations: [HistoryMigration]

    static let databaseName = "GenDB"
}

/// The naming rules of daogen for the plain names the generator uses (lowercase words, `_`, digits).
enum Naming {
    static func words(_ name: String) -> [String] {
        name.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    static func upperCamel(_ name: String) -> String {
        words(name).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// For names whose first word is lowercase.
    static func lowerCamel(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return name }
        return ([first] + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }).joined()
    }

    static let swiftKeywords: Set<String> = ["default", "where", "self", "in", "is", "as", "for", "case", "class", "let", "var", "func", "return", "Type"]

    /// The name as a Swift identifier in code: backticked when it is a keyword.
    static func escaped(_ name: String) -> String {
        swiftKeywords.contains(name) ? "`\(name)`" : name
    }
}
