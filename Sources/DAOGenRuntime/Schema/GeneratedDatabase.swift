/// The database type daogen generates for a schema (`LibraryDatabase`): what is its own is generated,
/// its schema's definition and a DAO accessor per table; what every schema's database type does the same
/// way is this protocol's extension: opening (here), transactions, reads and writes
/// (`GeneratedDatabase+Transactions.swift`) and observation (`GeneratedDatabase+Observation.swift`).
///
/// ```swift
/// let db = try LibraryDatabase.open(path: path)
/// let books = try db.read { db in try db.book.fetchAll() }
/// ```
public protocol GeneratedDatabase: Sendable {
    /// The schema: the statements that create its latest version in an empty file, the migrations from
    /// each older version, and the fingerprint that confirms at open that a file has that version's schema.
    static var schema: SchemaDefinition { get }

    /// The connection the DAOs use.
    var database: Database { get }

    /// Wraps `database`, whose file ``open(path:configuration:)`` has created, migrated or checked: app code
    /// opens a database with `open`, which calls this.
    init(database: Database)
}

extension GeneratedDatabase {
    /// The schema version this code creates, migrates to and reads.
    public static var version: Int { schema.version }

    /// Opens the database at `path` (`":memory:"` for a private in-memory database). A new file is
    /// created at the latest version; an older one is migrated; a newer one, one with tables but no
    /// schema version, or one whose schema is not that of its version, is refused and left untouched.
    /// `configuration` sets the connections' options (busy timeout, readers, and for development
    /// `eraseDatabaseOnSchemaChange`); the schema's date and UUID storage always apply.
    public static func open(path: String, configuration: Database.Configuration = Database.Configuration()) throws -> Self {
        let database = try Database(path: path, configuration: schema.configuration(basedOn: configuration))
        try schema.prepare(database)
        return Self(database: database)
    }

    /// Opens a database whose tables were created without daogen: when its `user_version` is 0, its
    /// schema is compared with version `baseline`, stamped with it if they match, and migrated from there.
    /// When the schema sets `adoptsUserVersion` (the app's own count before daogen), a file whose
    /// `user_version` is that number is adopted the same way.
    public static func open(
        path: String, baseline: Int, configuration: Database.Configuration = Database.Configuration()
    ) throws -> Self {
        let database = try Database(path: path, configuration: schema.configuration(basedOn: configuration))
        try schema.prepare(database, baseline: baseline)
        return Self(database: database)
    }
}
