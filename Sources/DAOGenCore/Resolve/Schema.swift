/// The typed, validated schema of a directory: every table, column and index with its version range.
public struct Schema: Sendable {
    /// Database-wide settings from `daogen.yaml`.
    public var settings: Settings
    /// Tables in declaration order: files sorted by name, then the order within each file.
    public var tables: [Table]
    /// Explicit data steps, by the version whose migration runs them.
    public var migrations: [Migration]
    /// Views, in declaration order (files sorted by name).
    public var views: [View] = []
    /// Triggers, in declaration order (files sorted by name).
    public var triggers: [Trigger] = []
    /// Virtual tables declared by their statement, in declaration order (files sorted by name).
    public var virtualTables: [VirtualTable] = []
}

extension Schema {
    /// The schema as it was when `version` was the latest: what code generated back then saw. Names
    /// stay the declared ones; `name(at:)` gives the names of that version.
    public func truncated(to version: Int) -> Schema {
        var schema = self
        schema.settings.version = version
        schema.tables = tables.compactMap { table in
            guard table.range.since <= version else { return nil }
            var table = table
            table.range = table.range.truncated(to: version)
            table.columns = table.columns.filter { $0.range.since <= version }.map { column in
                var column = column
                column.range = column.range.truncated(to: version)
                return column
            }
            table.indexes = table.indexes.filter { $0.range.since <= version }.map { index in
                var index = index
                index.range = index.range.truncated(to: version)
                return index
            }
            // Queries exist at the latest version only.
            if version != settings.version { table.queries = [] }
            table.checks = table.checks.filter { $0.range.since <= version }.map { check in
                var check = check
                check.range = check.range.truncated(to: version)
                return check
            }
            table.search = table.search.filter { $0.range.since <= version }.map { search in
                var search = search
                search.range = search.range.truncated(to: version)
                return search
            }
            return table
        }
        schema.migrations = migrations.filter { $0.version <= version }
        schema.views = views.filter { $0.range.since <= version }.map { view in
            var view = view
            view.range = view.range.truncated(to: version)
            if version != settings.version { view.queries = [] }
            return view
        }
        schema.triggers = triggers.filter { $0.range.since <= version }.map { trigger in
            var trigger = trigger
            trigger.range = trigger.range.truncated(to: version)
            return trigger
        }
        schema.virtualTables = virtualTables.filter { $0.range.since <= version }.map { table in
            var table = table
            table.range = table.range.truncated(to: version)
            return table
        }
        return schema
    }
}

/// The settings of `daogen.yaml`.
public struct Settings: Sendable {
    /// Swift name of the generated database type.
    public var databaseName = "AppDatabase"
    /// Where `database` is written in daogen.yaml, when it is.
    public var databaseLocation: SourceLocation?
    /// The latest schema version.
    public var version = 1
    /// The highest `version` accepted. Every version is created and proved at generation time, so
    /// the bound keeps a typo (`version: 9223372036854775807`) from running for hours.
    public static let maximumVersion = 10_000
    /// Access level of generated declarations.
    public var access: AccessLevel = .internal
    /// Removed from table names before deriving Swift names.
    public var stripPrefix: String?
    /// How Swift `Date` values are stored.
    public var dates: DateStorage = .iso8601
    /// How Swift `UUID` values are stored.
    public var uuids: UUIDStorage = .text
    /// A directory of template overrides, relative to the schema directory.
    public var templates: String?
    /// Where `templates` was written.
    var templatesLocation: SourceLocation?
    /// Where `version` was written, for range errors.
    var versionLocation: SourceLocation?
    /// `adoptsUserVersion`: a `user_version` the app set itself before it adopted daogen. A file at exactly
    /// this value is adopted by `open(path:baseline:)` like an unversioned one. Greater than `version`.
    public var adoptsUserVersion: Int?
}

/// Access level of generated declarations.
public enum AccessLevel: String, Sendable, CaseIterable {
    case `public`, package, `internal`
}

/// How a Swift `Date` is stored.
public enum DateStorage: String, Sendable, CaseIterable {
    /// TEXT, UTC, milliseconds: `2024-05-01T12:30:00.000Z`.
    case iso8601
    /// REAL seconds since 1970.
    case unixEpoch
    /// INTEGER milliseconds since 1970.
    case unixEpochMilliseconds
}

/// How a Swift `UUID` is stored.
public enum UUIDStorage: String, Sendable, CaseIterable {
    /// TEXT, lowercase canonical form.
    case text
    /// BLOB of 16 bytes.
    case blob
}

/// The versions an element is alive in: `since...until`, `until` nil meaning "still alive at the latest".
public struct VersionRange: Sendable, Hashable {
    /// First version the element exists in.
    public var since: Int
    /// Last version the element exists in; nil when it exists at the latest version.
    public var until: Int?

    /// True when the element exists at `version`.
    public func contains(_ version: Int) -> Bool {
        version >= since && (until.map { version <= $0 } ?? true)
    }

    /// The range as seen when `version` is the latest: anything alive then is alive "until the latest".
    func truncated(to version: Int) -> VersionRange {
        VersionRange(since: since, until: until.flatMap { $0 >= version ? nil : $0 })
    }
}

/// A rename: the element was called `oldName` before version `version`.
public struct Rename: Sendable, Hashable {
    /// The name it had before `version`.
    public var oldName: String
    /// The first version with the new name.
    public var version: Int
}

/// A table of the schema.
public struct Table: SchemaElement {
    /// The declaration's identity, given by Resolve.
    public var id = DeclarationID.synthetic
    /// SQL name at the latest version it exists in.
    public var name: String
    /// Swift name of the record type.
    public var swiftName: String
    /// Doc comment text.
    public var doc: String?
    /// Versions the table exists in.
    public var range: VersionRange
    /// Its former name, if it was renamed.
    public var renamedFrom: Rename?
    /// WITHOUT ROWID.
    public var withoutRowID: Bool
    /// STRICT.
    public var strict: Bool
    /// Columns in declaration order, across all versions.
    public var columns: [Column]
    /// Table-level primary key column names, when the key is declared at table level.
    public var primaryKey: [String]?
    /// Table-level UNIQUE constraints.
    public var uniqueConstraints: [[String]]
    /// Table-level CHECK constraints.
    public var checks: [TableCheck]
    /// Indexes, across all versions.
    public var indexes: [Index]
    /// `queries:`: statements that become methods of the table's DAO (latest version only).
    public var queries: [Query] = []
    /// `search:`: the table's full-text index, one declaration per version range (usually one).
    public var search: [TableSearch] = []
    /// The table's mapping node.
    public var location: SourceLocation
    /// Where each key's value was written.
    public var keyLocations: KeyLocations

    /// Columns alive at `version`.
    public func columns(at version: Int) -> [Column] {
        columns.filter { $0.range.contains(version) }
    }

    /// Indexes alive at `version`.
    public func indexes(at version: Int) -> [Index] {
        indexes.filter { $0.range.contains(version) }
    }
}

/// A table-level CHECK constraint, with the versions it applies to.
public struct TableCheck: Sendable {
    /// The declaration's identity, given by Resolve.
    public var id = DeclarationID.synthetic
    /// The SQL expression.
    public var sql: String
    /// Versions the constraint exists in.
    public var range: VersionRange
    /// Where it was written.
    public var location: SourceLocation
}

/// A column of a table.
public struct Column: SchemaElement {
    /// The declaration's identity, given by Resolve: the same column at two versions when it is the same.
    public var id: DeclarationID = DeclarationID.synthetic
    /// SQL name at the latest version it exists in.
    public var name: String
    /// Swift property name, not escaped.
    public var swiftName: String
    /// The declared SQL type, as written.
    public var sqlType: String
    /// The type's affinity by SQLite's rules.
    public var affinity: Affinity
    /// Doc comment text.
    public var doc: String?
    /// NOT NULL.
    public var notNull: Bool
    /// `notNull: false` written on a column: when the column is part of the primary key of a table
    /// with a rowid, it keeps SQLite's legacy quirk of accepting NULL in the key (for files made
    /// without daogen): no implicit NOT NULL, and an Optional property.
    public var nullableKey: Bool
    /// Column-level PRIMARY KEY.
    public var primaryKey: Bool
    /// `primaryKey: DESC`: `PRIMARY KEY DESC`, which in SQLite makes an INTEGER key a plain key and
    /// not the rowid alias (a documented quirk kept for compatibility).
    public var primaryKeyDescending: Bool
    /// AUTOINCREMENT.
    public var autoincrement: Bool
    /// Column-level UNIQUE.
    public var unique: Bool
    /// COLLATE name.
    public var collate: String?
    /// DEFAULT expression, as written.
    public var defaultSQL: String?
    /// Column-level CHECK expression.
    public var check: String?
    /// REFERENCES clause.
    public var references: ForeignKey?
    /// The Swift type of the property.
    public var swiftType: SwiftValueType
    /// `generated:`: the expression of a generated column (`GENERATED ALWAYS AS (...)`), which SQLite
    /// computes and the DAO never writes; nil for an ordinary column.
    public var generated: String? = nil
    /// `stored: true`: the generated column is STORED (computed on write), not VIRTUAL (on read).
    public var stored: Bool = false
    /// Versions the column exists in.
    public var range: VersionRange
    /// Its former name, if it was renamed.
    public var renamedFrom: Rename?
    /// The column's mapping node.
    public var location: SourceLocation
    /// Where each key's value was written.
    public var keyLocations: KeyLocations
}

/// The identity of one declaration of a table, column, table check or view (one YAML mapping), numbered by Resolve
/// in declaration order. Later stages compare declarations by it, not by name (a name can be declared
/// again for other versions) or by source location.
public struct DeclarationID: Hashable, Comparable, Sendable {
    /// The declaration's number, in declaration order across the schema's files.
    let number: Int

    /// A table or column that no declaration wrote, or one Resolve has not numbered yet (the default).
    static let synthetic = DeclarationID(number: -1)

    /// Declaration order.
    public static func < (lhs: DeclarationID, rhs: DeclarationID) -> Bool { lhs.number < rhs.number }
}

/// What one YAML mapping declares: identified by Resolve and written somewhere.
public protocol Declaration: Sendable {
    /// The declaration's identity, given by Resolve.
    var id: DeclarationID { get }
    /// The declaration's mapping node (a data step's `sql:`), for diagnostics.
    var location: SourceLocation { get }
}

/// A table, column, index, view or trigger: named, versioned, and written somewhere in the YAML.
public protocol SchemaElement: Declaration {
    /// SQL name at the latest version the element exists in.
    var name: String { get }
    /// Its former name, if it was renamed.
    var renamedFrom: Rename? { get }
    /// The element's mapping node.
    var location: SourceLocation { get }
    /// Where each key's value was written.
    var keyLocations: KeyLocations { get }
}

extension SchemaElement {
    /// The SQL name at `version`.
    public func name(at version: Int) -> String {
        if let renamedFrom, version < renamedFrom.version { return renamedFrom.oldName }
        return name
    }

    /// Where `key`'s value was written, or the element itself when the key is absent.
    func location(of key: String) -> SourceLocation { keyLocations[key] ?? location }
}

/// A REFERENCES clause.
public struct ForeignKey: Sendable, Hashable {
    /// The referenced table's SQL name.
    public var table: String
    /// The referenced column's SQL name.
    public var column: String
    /// ON DELETE action.
    public var onDelete: String?
    /// ON UPDATE action.
    public var onUpdate: String?
    /// DEFERRABLE INITIALLY DEFERRED.
    public var deferrable: Bool
    /// `relation:`: the name of the child's relation to its parent, when written.
    public var relation: String? = nil
    /// `inverse:`: the name of the parent's relation to its children, when written.
    public var inverse: String? = nil
    /// Where `relation:` was written.
    public var relationLocation: SourceLocation? = nil
    /// Where `inverse:` was written.
    public var inverseLocation: SourceLocation? = nil
}

/// An index of a table.
public struct Index: SchemaElement {
    /// The declaration's identity, given by Resolve.
    public var id = DeclarationID.synthetic
    /// SQL name.
    public var name: String
    /// Indexed columns in order.
    public var columns: [IndexedColumn]
    /// UNIQUE index.
    public var unique: Bool
    /// Partial index condition.
    public var whereSQL: String?
    /// Versions the index exists in.
    public var range: VersionRange
    /// Its former name, if it was renamed.
    public var renamedFrom: Rename?
    /// The index's mapping node.
    public var location: SourceLocation
    /// Where each key's value was written.
    public var keyLocations: KeyLocations
}

/// One term of an index: a column, its collation and direction.
public struct IndexedColumn: Sendable, Hashable {
    /// The column's SQL name.
    public var name: String
    /// COLLATE name.
    public var collate: String?
    /// DESC.
    public var descending: Bool
}

/// An explicit data step of a version's migration.
public struct Migration: Declaration {
    /// The declaration's identity, given by Resolve.
    public var id = DeclarationID.synthetic
    /// The version whose migration runs it.
    public var version: Int
    /// The SQL as written, one or more statements.
    public var sql: String
    /// Its statements, each trimmed to its tokens: what the migration runs, one at a time.
    public var statements: [String]
    /// Where it was written.
    public var location: SourceLocation
}
