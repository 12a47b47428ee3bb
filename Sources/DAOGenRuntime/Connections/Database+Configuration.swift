import Foundation

extension Database {
    /// Options for opening a ``Database``.
    public struct Configuration: Sendable {
        /// How long, in seconds, a statement waits for another connection's lock before failing
        /// with ``ResultCode/busy``. 5 by default; 0 fails at once.
        public var busyTimeout: TimeInterval = 5
        /// Whether foreign key constraints are enforced (`PRAGMA foreign_keys = ON`). On by default.
        public var foreignKeys = true
        /// Whether a file database uses write-ahead logging (`PRAGMA journal_mode = WAL`), so that
        /// readers in other connections do not block the writer. On by default; ignored for
        /// in-memory databases and for files opened read-only, by ``readOnly`` or because SQLite
        /// could not open them for writing (read-only media or permissions).
        public var journalModeWAL = true
        /// Whether the file is opened read-only, and not created when missing. Off by default.
        public var readOnly = false
        /// How many reader connections a file database in WAL mode may open, each when reads first
        /// need it; reads beyond that wait for a free reader. 4 by default; 0 sends every read to
        /// the writer. In-memory databases always use one connection.
        public var maximumReaderCount = 4
        /// Whether `ATTACH` and `DETACH` statements may run, opening or creating other files through
        /// this database's connections. On by default. Whatever this says, the schema's own statements
        /// (creation, migration, adoption by ``SchemaDefinition/prepare(_:baseline:)``) never may:
        /// SQLite's authorizer refuses them while those run.
        public var allowsAttach = true
        /// How dates and UUIDs are stored: every statement binds and reads them so. A generated database
        /// sets its schema's `dates:` and `uuids:`; ISO-8601 text dates and text UUIDs by default.
        public var valueStorage = ValueStorage()
        /// How many prepared statements of SQL built at run time each connection keeps for reuse:
        /// ``Database/withStatement(sql:_:)`` and the generated methods whose SQL depends on their
        /// arguments (conditions, raw `where:` strings, IN-list lengths, orderings). When a new one
        /// would exceed it, the least recently used is finalized, so memory stays flat however many
        /// distinct texts a program runs. 128 by default: about 1 MB per connection for statements
        /// like a record's `fetchAll(where:)` (7 KB each, by `daogen-bench --statement-memory`); 0
        /// prepares such SQL on every call. The statements of ``StatementKey``s (the generated
        /// code's fixed SQL) are always kept and not counted.
        // 128, like Python's sqlite3 (`cached_statements`): above the few dozen shapes a program
        // repeats (a loop over more texts than the capacity misses every time, and a miss, a
        // preparation and a finalization, took four times a hit's whole call in the benchmark),
        // and small enough that a pool of five connections holds about 5 MB. GRDB keeps every
        // statement until a memory warning.
        public var maximumCachedStatements = 128

        /// Whether opening a file whose schema is not that of its version (``DAOGenError/schemaMismatch(path:version:differences:)``,
        /// typically a development file made before the version's YAML changed) deletes every table,
        /// view, trigger and row in it and creates the latest version instead of failing. Off by default,
        /// and meant for development only: it loses data. Like GRDB's `eraseDatabaseOnSchemaChange`.
        public var eraseDatabaseOnSchemaChange = false

        /// How long, in seconds, opening a file waits for another connection or process that holds the
        /// write lock to finish creating or migrating it, asking again each time ``busyTimeout`` runs out,
        /// before it fails with ``ResultCode/busy``. 300 by default: far above one slow migration step
        /// (a rebuild of a few hundred thousand rows takes seconds), so that an app launched twice (a
        /// widget, an extension, a second window) waits for the migration in progress.
        public var migrationWaitTimeout: TimeInterval = 300

        /// Called with the SQL of each statement a connection of the database runs, each time it runs:
        /// as prepared, with its placeholders, never the bound values. Transaction control and the
        /// PRAGMAs the runtime runs are reported too; a trigger is part of the statement that fired it.
        /// Nil (no trace) by default. An app can log the statements; a test can count them. It is
        /// called on the thread that runs the statement, so it must be quick and thread-safe.
        public var trace: (@Sendable (String) -> Void)?

        /// The default options.
        public init() {}
    }
}
