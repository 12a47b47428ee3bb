/// The schema of an existing SQLite file, as `daogen import` read it: what the YAML files it writes
/// hold, before they are written.
public struct ImportedSchema: Sendable, Equatable {
    /// Swift name of the database type.
    public var databaseName: String
    /// Tables, sorted by name.
    public var tables: [ImportedTable]
    /// What could not be expressed, one sentence each naming the object, in a stable order.
    public var warnings: [String]
    /// Views, sorted by name: each written to the YAML as its SELECT.
    public var views: [ImportedView] = []
    /// Triggers, sorted by name: each written as its CREATE TRIGGER statement.
    public var triggers: [ImportedTrigger] = []
    /// Virtual tables `search:` cannot describe, sorted by name: each written as its CREATE VIRTUAL TABLE statement.
    public var virtualTables: [ImportedVirtualTableStatement] = []
    /// The file's `user_version`, when the app set one above 1 itself: `adoptsUserVersion` in daogen.yaml.
    public var adoptsUserVersion: Int?
    /// What makes the file impossible to adopt as imported (`open(path:baseline: 1)` would refuse it),
    /// one sentence each naming the object. `daogen import` writes nothing when there is any.
    public var refusals: [String] = []
}

/// One view of an imported file.
public struct ImportedView: Sendable, Equatable {
    /// SQL name.
    public var name: String
    /// Swift type name, when the one daogen would derive is unusable or taken.
    public var swiftName: String?
    /// The SELECT after `AS`, as written in the file.
    public var sql: String
    /// `types:` entries (result column name, Swift type) for columns daogen cannot type from the schema.
    public var types: [(name: String, type: String)] = []

    /// Equal when every part is.
    public static func == (lhs: ImportedView, rhs: ImportedView) -> Bool {
        lhs.name == rhs.name && lhs.swiftName == rhs.swiftName && lhs.sql == rhs.sql
            && lhs.types.map(\.name) == rhs.types.map(\.name) && lhs.types.map(\.type) == rhs.types.map(\.type)
    }
}

/// One trigger of an imported file.
public struct ImportedTrigger: Sendable, Equatable {
    /// SQL name.
    public var name: String
    /// The whole CREATE TRIGGER statement, as the file holds it.
    public var sql: String
}

/// A virtual table of an imported file that `search:` cannot describe: `virtualTables:` in the YAML.
public struct ImportedVirtualTableStatement: Sendable, Equatable {
    /// SQL name.
    public var name: String
    /// The whole CREATE VIRTUAL TABLE statement, as the file holds it.
    public var sql: String
}

/// The `search:` of an imported table: an FTS5 index daogen keeps in step.
public struct ImportedSearch: Sendable, Equatable {
    /// The indexed columns, in order.
    public var columns: [String]
    /// FTS5's `tokenize=` argument, if the index has one.
    public var tokenizer: String?
}

/// One table of an imported file.
public struct ImportedTable: Sendable, Equatable {
    /// SQL name.
    public var name: String
    /// Swift type name, when the one daogen would derive is unusable or taken.
    public var swiftName: String?
    /// WITHOUT ROWID.
    public var withoutRowID = false
    /// STRICT.
    public var strict = false
    /// Columns in declaration order (generated columns left out, with a warning).
    public var columns: [ImportedColumn] = []
    /// A primary key of more than one column, in key order.
    public var primaryKey: [String]?
    /// Table-level UNIQUE constraints of more than one column.
    public var unique: [[String]] = []
    /// Table-level CHECK expressions.
    public var checks: [String] = []
    /// Indexes made by CREATE INDEX, sorted by name.
    public var indexes: [ImportedIndex] = []
    /// `search:`: an FTS5 index of the table that daogen's triggers keep in step.
    public var search: ImportedSearch?
}

/// One column of an imported table.
public struct ImportedColumn: Sendable, Equatable {
    /// SQL name.
    public var name: String
    /// Declared type as written; empty for a column without one.
    public var type: String
    /// Swift property name, when the one daogen would derive is unusable or taken.
    public var swiftName: String?
    /// NOT NULL.
    public var notNull = false
    /// A key column of a rowid table that SQLite lets hold NULL (`notNull: false` in the YAML).
    public var nullableKey = false
    /// The single-column primary key.
    public var primaryKey = false
    /// `PRIMARY KEY DESC` (on an INTEGER column: not the rowid alias).
    public var primaryKeyDescending = false
    /// AUTOINCREMENT.
    public var autoincrement = false
    /// Single-column UNIQUE.
    public var unique = false
    /// COLLATE name, upper case, when not BINARY.
    public var collate: String?
    /// DEFAULT expression, as SQLite reports it.
    public var defaultSQL: String?
    /// CHECK expression (several joined with AND).
    public var check: String?
    /// REFERENCES clause.
    public var references: ImportedReference?
    /// A `swift:` type, when the stored values do not fit the affinity's default type.
    public var swift: String?
    /// The expression of a generated column (`generated:`).
    public var generated: String?
    /// A STORED generated column (`stored: true`).
    public var stored = false
}

/// A single-column foreign key.
public struct ImportedReference: Sendable, Equatable {
    /// The referenced table, as written.
    public var table: String
    /// The referenced column, as written.
    public var column: String
    /// ON DELETE action, when not NO ACTION.
    public var onDelete: String?
    /// ON UPDATE action, when not NO ACTION.
    public var onUpdate: String?
    /// DEFERRABLE INITIALLY DEFERRED.
    public var deferrable = false
    /// `relation:`, written where the default name would clash.
    public var relation: String?
    /// `inverse:`, written where the default name would clash.
    public var inverse: String?
}

/// An index made by CREATE INDEX.
public struct ImportedIndex: Sendable, Equatable {
    /// SQL name.
    public var name: String
    /// Terms as the YAML writes them: `name`, `name DESC`, `name COLLATE NOCASE`.
    public var columns: [String]
    /// UNIQUE.
    public var unique: Bool
    /// Partial index condition.
    public var whereSQL: String?
}
