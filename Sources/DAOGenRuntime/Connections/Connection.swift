import CSQLite
import Foundation

/// One `sqlite3` connection of a ``Database``, with its statement cache.
///
/// `@unchecked Sendable`: a connection is used by one thread at a time. The ``Database`` that owns
/// it hands it out under its pool lock to a single owner (a thread, or a task that resumes on one
/// thread at a time), and takes it back before anyone else gets it; every mutable property is
/// touched only by the current owner.
@usableFromInline
final class Connection: @unchecked Sendable {
    /// The `sqlite3` handle.
    @usableFromInline let handle: OpaquePointer
    /// True for the writer, false for a reader.
    @usableFromInline let isWriter: Bool
    /// How the connection's statements bind and read dates and UUIDs.
    let valueStorage: ValueStorage
    /// Prepared statements kept for reuse.
    @exclusivity(unchecked) var statements: StatementCache
    /// How many savepoints ``Database/transaction(_:)`` has open.
    var savepointDepth = 0
    /// The tables SQLite's authorizer reported since ``Authorizations/reset()``.
    let authorizations = Authorizations()
    /// True while observers exist: the writer then records the tables its statements change.
    @exclusivity(unchecked) @usableFromInline var tracksChanges = false
    /// True while someone reads ``Database/changes()`` or an observer reads rows by rowid: the writer
    /// then records the rows its statements change (``recorder`` is active).
    @exclusivity(unchecked) @usableFromInline var recordsRows = false
    /// Records the rows each transaction changes, for ``Database/changes()`` and row-precise observers.
    let recorder = ChangeRecorder()
    /// Tables changed since the last commit or rollback, while ``tracksChanges``: added by
    /// ``noteWrites(of:)`` and ``noteWritten(_:)``, emptied by ``takeChangedTables()`` and
    /// ``forgetChangedTables()``.
    @exclusivity(unchecked) @usableFromInline private(set) var changedTables: Set<String> = []
    /// Changes each time ``changedTables`` is emptied (and when tracking starts or stops). A
    /// statement whose ``Statement/notedChangeGeneration`` equals it has its tables in
    /// ``changedTables`` already: running it again in the same transaction adds nothing, so
    /// noting it costs one comparison instead of hashing its table names (which added 12% to a
    /// 50,000-row insert while observers existed).
    @exclusivity(unchecked) @usableFromInline private(set) var changeGeneration: UInt64 = 1
    /// True once closed.
    private var isClosed = false
    /// Reports the connection's statements to ``Database/Configuration/trace``, when set.
    private let trace: StatementTrace?

    /// Opens a connection; see ``Database/init(path:configuration:)``.
    init(path: String, configuration: Database.Configuration, isWriter: Bool) throws {
        let trace = configuration.trace.map(StatementTrace.init)
        self.handle = try Self.open(path: path, configuration: configuration, isWriter: isWriter, trace: trace)
        self.trace = trace
        self.isWriter = isWriter
        self.valueStorage = configuration.valueStorage
        self.statements = StatementCache(sqlCapacity: configuration.maximumCachedStatements)
        authorizations.deniesAttach = !configuration.allowsAttach
        let context = Unmanaged.passUnretained(authorizations).toOpaque()
        sqlite3_set_authorizer(handle, { context, action, first, second, _, _ in
            guard let context else { return SQLITE_OK }
            let authorizations = Unmanaged<Authorizations>.fromOpaque(context).takeUnretainedValue()
            if action == SQLITE_ATTACH || action == SQLITE_DETACH {
                return authorizations.deniesAttach ? SQLITE_DENY : SQLITE_OK
            }
            guard let first else { return SQLITE_OK }
            switch action {
            case SQLITE_READ:
                authorizations.noteRead(first)
            case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
                let table = String(cString: first)
                authorizations.written.insert(table)
                if authorizations.collectsDetails {
                    if action == SQLITE_UPDATE, let second {
                        authorizations.updatedColumns[table, default: []].insert(String(cString: second))
                    }
                    // While the change feed records, every deleted row is reported: SQLITE_IGNORE on a
                    // DELETE turns off the truncate optimization, whose rows the update hook misses.
                    if action == SQLITE_DELETE { return SQLITE_IGNORE }
                }
            case SQLITE_SAVEPOINT:
                if strcmp(first, "ROLLBACK") == 0 { authorizations.rollsBackSavepoint = true }
            default:
                break
            }
            return SQLITE_OK
        }, context)
        if isWriter {
            // A rollback discards the changes noted for observers and the change feed.
            sqlite3_rollback_hook(handle, { context in
                guard let context else { return }
                let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
                connection.forgetChangedTables()
                connection.recorder.rolledBack()
            }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    deinit {
        close()
    }

    /// Finalizes the cached statements and closes the handle (once).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Prepares `sql`, noting the tables it reads and writes.
    func prepare(_ sql: String, persistent: Bool) throws -> Statement {
        authorizations.reset()
        let statement = try Statement(connection: handle, sql: sql, persistent: persistent, valueStorage: valueStorage)
        statement.readTables = authorizations.read
        statement.writtenTables = authorizations.written
        if authorizations.read.count == 1, authorizations.written.isEmpty, let table = authorizations.read.first {
            statement.keyedLookup = .readsOnly(table)
        }
        if isWriter {
            statement.recorder = recorder
            statement.rollsBackSavepoint = authorizations.rollsBackSavepoint
            if recordsRows {
                statement.unreportedTables = recorder.unreportedTables(
                    written: statement.writtenTables, updated: authorizations.updatedColumns, sql: sql, on: handle)
            }
        }
        return statement
    }

    /// The statement for `key`, marked in use. Inlined into the DAOs' hot path.
    @usableFromInline @inline(__always)
    func checkOutStatement(for key: StatementKey) throws -> Statement {
        if let cached = statements.statement(for: key) {
            return try checkOut(cached)
        }
        let statement = try prepare(key.sql, persistent: true)
        statements.store(statement, for: key)
        statement.isInUse = true
        return statement
    }

    /// The statement for `sql`, marked in use: the cached one, which becomes the most recently used,
    /// or a new one, cached in place of the least recently used when the cache is full. A statement
    /// dropped while in use stays with its user until checked in, and is finalized then.
    @usableFromInline
    func checkOutStatement(forSQL sql: String) throws -> Statement {
        if let cached = statements.statement(forSQL: sql) {
            return try checkOut(cached)
        }
        let caches = statements.cachesSQL
        let statement = try prepare(sql, persistent: caches)
        if caches { statements.store(statement, forSQL: sql) }
        statement.isInUse = true
        return statement
    }

    /// `cached`, marked in use, or a fresh uncached statement of its SQL when it is already in use.
    /// Inlined: on the DAOs' hot path a call cost a retain and a release of the statement.
    @inline(__always)
    private func checkOut(_ cached: Statement) throws -> Statement {
        guard !cached.isInUse else {
            let fresh = try Statement(connection: handle, sql: cached.sql, persistent: false, valueStorage: valueStorage)
            fresh.readTables = cached.readTables
            fresh.writtenTables = cached.writtenTables
            fresh.unreportedTables = cached.unreportedTables
            fresh.keyedLookup = cached.keyedLookup
            fresh.rollsBackSavepoint = cached.rollsBackSavepoint
            fresh.recorder = cached.recorder
            return fresh
        }
        cached.isInUse = true
        return cached
    }

    /// Resets a statement that its user is done with and makes it available again.
    @usableFromInline @inline(__always)
    func checkIn(_ statement: Statement) {
        if statement.keyTracker != nil { KeyedRead.noteKey(of: statement) }
        statement.resetForReuse()
        statement.isInUse = false
    }

    /// Runs `sql` with `sqlite3_exec`, noting the tables it writes for observers.
    func execute(_ sql: String) throws {
        authorizations.reset()
        defer { noteWritten(authorizations.written) }
        guard recordsRows else {
            return try Database.execute(sql, connection: handle)
        }
        let start = recorder.scriptWillRun(on: handle)
        var failed = true
        defer {
            recorder.scriptDidRun(start, on: handle, sql: sql, authorizations: authorizations, failed: failed)
        }
        try Database.execute(sql, connection: handle)
        failed = false
    }

    /// Notes, while ``tracksChanges``, the tables `statement` writes, unless it was noted since
    /// ``changedTables`` was last emptied; and, while ``recordsRows``, where its changes begin.
    @inlinable
    func noteWrites(of statement: Statement) {
        if tracksChanges, statement.notedChangeGeneration != changeGeneration {
            noteWrittenSlowPath(statement)
        }
        if recordsRows {
            noteRunSlowPath(statement)
        }
    }

    /// Tells the change recorder that `statement` is about to run (the path of ``noteWrites(of:)`` while
    /// rows are recorded; out of line, so that the inlined test stays small).
    @usableFromInline
    func noteRunSlowPath(_ statement: Statement) {
        recorder.willRun(statement)
    }

    /// Adds the tables of `statement` to ``changedTables`` (the rare path of ``noteWrites(of:)``).
    @usableFromInline
    func noteWrittenSlowPath(_ statement: Statement) {
        changedTables.formUnion(statement.writtenTables)
        statement.notedChangeGeneration = changeGeneration
    }

    /// Notes, while ``tracksChanges``, that `tables` were written.
    func noteWritten(_ tables: Set<String>) {
        if tracksChanges, !tables.isEmpty { changedTables.formUnion(tables) }
    }

    /// Returns the tables changed since the last commit or rollback and forgets them.
    func takeChangedTables() -> Set<String> {
        let tables = changedTables
        forgetChangedTables()
        return tables
    }

    /// Forgets the changed tables (after a rollback, or when tracking starts or stops).
    func forgetChangedTables() {
        if !changedTables.isEmpty { changedTables = [] }
        changeGeneration &+= 1
    }

    /// Steps the cached statement of `key` once.
    func run(_ key: StatementKey) throws {
        let statement = try checkOutStatement(for: key)
        defer { checkIn(statement) }
        _ = try statement.step()
    }

    /// Steps the cached statement of `sql` once.
    func run(sql: String) throws {
        let statement = try checkOutStatement(forSQL: sql)
        defer { checkIn(statement) }
        _ = try statement.step()
    }

    /// True while a transaction is open (`!sqlite3_get_autocommit`).
    @usableFromInline
    var isInsideTransaction: Bool {
        sqlite3_get_autocommit(handle) == 0
    }

    /// Opens and sets up a handle.
    private static func open(
        path: String, configuration: Database.Configuration, isWriter: Bool, trace: StatementTrace?
    ) throws -> OpaquePointer {
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
        trace?.install(on: handle)
        do {
            sqlite3_extended_result_codes(handle, 1)
            sqlite3_busy_timeout(handle, busyTimeoutMilliseconds(configuration.busyTimeout))
            if configuration.foreignKeys {
                try Database.execute("PRAGMA foreign_keys = ON", connection: handle)
            }
            if isWriter {
                let isFile = path != ":memory:" && !path.isEmpty
                // A file that SQLite could only open read-only (read-only media, no write permission)
                // keeps its journal mode: changing it would write, and fail.
                let isReadOnly = configuration.readOnly || sqlite3_db_readonly(handle, "main") == 1
                if configuration.journalModeWAL && isFile && !isReadOnly {
                    try switchToWAL(handle, timeout: configuration.busyTimeout)
                }
            } else {
                // A reader never writes, even when asked to inside `read {}`.
                try Database.execute("PRAGMA query_only = ON", connection: handle)
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
                try Database.execute("PRAGMA journal_mode = WAL", connection: handle)
                return
            } catch let error as DatabaseError where error.resultCode == .busy && Date() < deadline {
                usleep(pause)
                pause = min(pause * 2, 50_000)
            }
        }
    }

    /// True when the connection's main database uses write-ahead logging.
    var usesWAL: Bool {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, "PRAGMA journal_mode", -1, &statement, nil) == SQLITE_OK else { return false }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return false }
        return String(cString: text).lowercased() == "wal"
    }

    /// A timeout in seconds as the whole milliseconds `sqlite3_busy_timeout` takes (0 turns it off).
    private static func busyTimeoutMilliseconds(_ seconds: TimeInterval) -> Int32 {
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds > 0 else { return 0 }
        return milliseconds >= Double(Int32.max) ? Int32.max : Int32(milliseconds)
    }
}

/// The tables that SQLite's authorizer reported while a connection prepared statements: how the
/// runtime learns what a statement reads (for observation) and writes (for notifications).
final class Authorizations {
    /// Tables read (`SQLITE_READ`, also with an empty column for `count(*)`).
    var read: Set<String> = []
    /// Tables inserted into, updated or deleted from, by the statement or its triggers.
    var written: Set<String> = []
    /// True while the change feed records on this connection: the authorizer then collects
    /// ``updatedColumns`` and turns off the truncate optimization.
    var collectsDetails = false
    /// The columns updated, by table, while ``collectsDetails``.
    var updatedColumns: [String: Set<String>] = [:]
    /// True when a statement rolls back to a savepoint.
    var rollsBackSavepoint = false
    /// Whether `ATTACH` and `DETACH` are refused: always while the schema's own statements run, and
    /// on every statement where ``Database/Configuration/allowsAttach`` is false.
    var deniesAttach = false

    /// The table of the last read: SQLite reports a read per column, so a repeat is recognized by
    /// comparing bytes, without making and hashing a string.
    private var lastRead: String?

    /// Notes a read of the table named `name`.
    func noteRead(_ name: UnsafePointer<CChar>) {
        if let lastRead, Self.equals(lastRead, name) { return }
        let table = String(cString: name)
        lastRead = table
        read.insert(table)
    }

    /// Whether `name` (NUL-terminated) is `text`, compared in place: `strncmp` stops at the NUL of a
    /// shorter name, and the name then ends where the text does.
    private static func equals(_ text: String, _ name: UnsafePointer<CChar>) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { bytes in
                guard let base = bytes.baseAddress else { return name[0] == 0 }
                return strncmp(base, name, bytes.count) == 0 && name[bytes.count] == 0
            }
        }
    }

    /// Forgets what was reported.
    func reset() {
        lastRead = nil
        if !read.isEmpty { read.removeAll() }
        if !written.isEmpty { written.removeAll() }
        if !updatedColumns.isEmpty { updatedColumns.removeAll() }
        rollsBackSavepoint = false
    }
}
