import CSQLite
import Foundation

/// One SQLite connection.
///
/// Thread-safe: every call is serialized by a recursive lock, so it is `Sendable`, and a thread
/// may call back into the connection from inside ``withStatement(_:_:)``, ``transaction(_:)`` or
/// ``withLock(_:)``.
public final class Database: @unchecked Sendable {
    /// The path the connection was opened with.
    public let path: String
    /// Serializes every use of ``connection`` and of the mutable state below.
    @usableFromInline let lock = NSRecursiveLock()
    /// The `sqlite3` handle.
    let connection: OpaquePointer
    /// Prepared statements kept for reuse; guarded by ``lock``.
    @exclusivity(unchecked) var statements = StatementCache()
    /// How many savepoints ``transaction(_:)`` has open; guarded by ``lock``.
    var savepointDepth = 0

    /// Opens (creating it if needed, unless read-only) the database file at `path`; `":memory:"`
    /// or `""` opens a private in-memory or temporary database.
    ///
    /// Sets the busy timeout, turns foreign keys on and, for a writable file, switches to WAL
    /// journaling, as `configuration` says. A file that can only be opened read-only (read-only
    /// media, or no write permission) opens read-only with its journal mode unchanged. Paths are plain file names, not `file:` URIs.
    /// - Throws: ``DatabaseError`` when the file cannot be opened or set up; the connection is
    ///   closed then.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        self.path = path
        self.connection = try Self.open(path: path, configuration: configuration)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(connection)
    }

    /// Serializes `body` with every other use of this connection (the recursive lock), for
    /// multi-statement work outside a transaction.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Opens and sets up a connection.
    private static func open(path: String, configuration: Configuration) throws -> OpaquePointer {
        var handle: OpaquePointer?
        var flags = configuration.readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        flags |= SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = DatabaseError(
                code: handle.map { sqlite3_extended_errcode($0) } ?? code, connection: handle, sql: nil)
            sqlite3_close_v2(handle)
            throw error
        }
        do {
            sqlite3_extended_result_codes(handle, 1)
            sqlite3_busy_timeout(handle, busyTimeoutMilliseconds(configuration.busyTimeout))
            if configuration.foreignKeys {
                try execute("PRAGMA foreign_keys = ON", connection: handle)
            }
            let isFile = path != ":memory:" && !path.isEmpty
            // A file that SQLite could only open read-only (read-only media, no write permission)
            // keeps its journal mode: changing it would write, and fail.
            let isReadOnly = configuration.readOnly || sqlite3_db_readonly(handle, "main") == 1
            if configuration.journalModeWAL && isFile && !isReadOnly {
                try switchToWAL(handle, timeout: configuration.busyTimeout)
            }
        } catch {
            sqlite3_close_v2(handle)
            throw error
        }
        return handle
    }

    /// Sets WAL journaling, retrying while another connection holds a lock. Changing the journal
    /// mode escalates from a shared lock, and SQLite answers SQLITE_BUSY at once, without its busy
    /// handler, when that could deadlock: several processes opening a new file at once all see it.
    private static func switchToWAL(_ handle: OpaquePointer, timeout: TimeInterval) throws {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var pause: UInt32 = 1_000
        while true {
            do {
                try execute("PRAGMA journal_mode = WAL", connection: handle)
                return
            } catch let error as DatabaseError where error.resultCode == .busy && Date() < deadline {
                usleep(pause)
                pause = min(pause * 2, 50_000)
            }
        }
    }

    /// A timeout in seconds as the whole milliseconds `sqlite3_busy_timeout` takes (0 turns it off).
    private static func busyTimeoutMilliseconds(_ seconds: TimeInterval) -> Int32 {
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds > 0 else { return 0 }
        return milliseconds >= Double(Int32.max) ? Int32.max : Int32(milliseconds)
    }
}
