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

        /// The default options.
        public init() {}
    }
}
