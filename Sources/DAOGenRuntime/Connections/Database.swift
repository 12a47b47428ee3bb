import CSQLite
import Foundation

/// A SQLite database: for a file, one writer connection and a pool of reader connections
/// (write-ahead logging); for an in-memory database, one connection.
///
/// Calls are routed by what they do and by the scope the calling thread is in:
///
/// - Outside any scope, a query (`SELECT`, `VALUES`, a read-only `WITH`) runs on a reader, so
///   reads run concurrently with each other and with the writer, and see every transaction
///   committed before they began. Anything else runs on the writer.
/// - Inside ``transaction(_:)``, ``write(_:)`` or ``withLock(_:)`` every call runs on the writer.
/// - Inside the synchronous `read(_:)` every call runs on one reader, in one read transaction: one
///   consistent snapshot.
/// - Inside the body of ``withStatement(_:_:)``, nested calls reuse its connection (nested writes
///   inside a read go to the writer).
///
/// `@unchecked Sendable`: every connection is handed to one owner at a time under `pool`, which
/// also guards every `var` below marked "guarded by the pool lock"; the other properties are
/// constants. See `Connection`.
public final class Database: @unchecked Sendable {
    /// The path the database was opened with.
    public let path: String
    /// The writer (for an in-memory database, the only connection).
    @usableFromInline let writer: Connection
    /// How many reader connections may be open at once; 0 when reads use the writer (in-memory
    /// databases, and files that do not use write-ahead logging).
    @usableFromInline let maximumReaderCount: Int
    /// The options the connections are opened with.
    let configuration: Configuration
    /// Guards the pool state below; its condition wakes threads waiting for a connection.
    @usableFromInline let pool = ConditionLock()
    /// True once ``close()`` has begun; guarded by the pool lock.
    var isClosedFlag = false
    /// True while someone holds the writer; guarded by the pool lock.
    var writerBusy = false
    /// Threads and tasks waiting for the writer, served first in, first out, whatever API they
    /// came through; never empty unless ``writerBusy`` is false; guarded by the pool lock.
    var writerWaiters: [WriterWaiter] = []
    /// Readers that no one holds; guarded by the pool lock.
    var idleReaders: [Connection] = []
    /// Readers opened so far (held or idle); guarded by the pool lock.
    var openReaderCount = 0
    /// Threads and tasks waiting for a reader, served first in, first out, whatever API they came
    /// through; guarded by the pool lock.
    var readerWaiters: [ReaderWaiter] = []
    /// Threads blocked in `pool.wait()`; guarded by the pool lock.
    var blockedThreadCount = 0
    /// Connections handed out and not yet returned; guarded by the pool lock.
    var checkedOutCount = 0
    /// The holds of the writer begun and ended so far (a hand-over ends one and begins the next);
    /// guarded by the pool lock. See ``withWriterGeneration(_:)``.
    var writerHoldsBegun = 0
    var writerHoldsEnded = 0
    /// The observers of ``observe(throttle:_:)`` and the tables they depend on.
    let observations = ObservationCenter()
    /// The consumers of ``changes()``.
    let changeFeed = ChangeFeed()

    /// Opens (creating it if needed, unless read-only) the database file at `path`; `":memory:"`
    /// or `""` opens a private in-memory or temporary database.
    ///
    /// Opens the writer at once: sets the busy timeout, turns foreign keys on and, for a writable
    /// file, switches to WAL journaling, as `configuration` says. Readers are opened when reads
    /// first need them, up to ``Configuration/maximumReaderCount``, for files in WAL mode only. A
    /// file that can only be opened read-only (read-only media, or no write permission) opens
    /// read-only with its journal mode unchanged. Paths are plain file names, not `file:` URIs.
    /// - Throws: ``DatabaseError`` when the file cannot be opened or set up; the connection is
    ///   closed then.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        self.path = path
        self.configuration = configuration
        self.writer = try Connection(path: path, configuration: configuration, isWriter: true)
        let isFile = path != ":memory:" && !path.isEmpty
        self.maximumReaderCount = isFile && writer.usesWAL ? max(0, configuration.maximumReaderCount) : 0
    }

    deinit {
        // Streams of `changes()` do not keep the database: they finish when it goes away.
        changeFeed.close()
    }

    /// The identity that thread scopes are keyed by.
    @usableFromInline
    var identity: ObjectIdentifier { ObjectIdentifier(self) }

    /// True once ``close()`` was called.
    public var isClosed: Bool {
        pool.withLock { isClosedFlag }
    }

    /// Runs `body` holding the writer, with every call it makes on this database going to the
    /// writer: multi-statement work outside a transaction that no other thread interleaves with.
    /// - Throws: ``DAOGenError/databaseClosed(path:)`` after ``close()``, or what `body` throws.
    public func withLock<T>(_ body: () throws -> T) throws -> T {
        try withWriter { _ in try body() }
    }

    /// Runs `body` holding the writer, like ``withLock(_:)``, with `ATTACH` and `DETACH` refused by
    /// SQLite's authorizer on it: the schema's statements never open another file.
    func withAttachDenied<T>(_ body: () throws -> T) throws -> T {
        try withWriter { writer in
            let denied = writer.authorizations.deniesAttach
            writer.authorizations.deniesAttach = true
            defer { writer.authorizations.deniesAttach = denied }
            return try body()
        }
    }

    /// Runs `body` with the writer: the connection of the thread's scope when it is the writer,
    /// otherwise the writer checked out (waiting for it) inside a new writer scope.
    func withWriter<T>(_ body: (Connection) throws -> T) throws -> T {
        let scopes = ThreadScopes.current
        if let entry = scopes.entry(for: identity), entry.connection === writer {
            return try body(writer)
        }
        try checkOutWriter()
        scopes.entries.append(.init(owner: identity, connection: writer, kind: .writer, tracker: nil))
        defer {
            scopes.entries.removeLast()
            releaseWriter()
        }
        return try body(writer)
    }

    /// How many threads and tasks wait for the writer (for tests).
    var writerWaiterCount: Int { pool.withLock { writerWaiters.count } }

    /// The error that every use after ``close()`` throws.
    var closedError: DAOGenError { .databaseClosed(path: path) }

    // MARK: - The pool

    /// Takes the writer, or waits (blocking the thread) for its turn in the queue of waiters.
    @usableFromInline
    func checkOutWriter() throws {
        pool.lock()
        defer { pool.unlock() }
        if isClosedFlag { throw closedError }
        if !writerBusy {
            writerBusy = true
            writerHoldsBegun += 1
            checkedOutCount += 1
            return
        }
        let turn = WriterTurn()
        writerWaiters.append(.thread(turn))
        blockedThreadCount += 1
        defer { blockedThreadCount -= 1 }
        // `releaseWriter()` grants the turn, handing the writer over still checked out;
        // `close()` empties the queue instead.
        while !turn.isGranted {
            if isClosedFlag { throw closedError }
            pool.wait()
        }
    }

    /// Takes the writer, suspending (never blocking the thread) while someone else holds it.
    func checkOutWriterAsync() async throws {
        try Task.checkCancellation()
        let taken: Bool = try pool.withLock {
            if isClosedFlag { throw closedError }
            guard !writerBusy else { return false }
            writerBusy = true
            writerHoldsBegun += 1
            checkedOutCount += 1
            return true
        }
        if !taken {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                pool.lock()
                if isClosedFlag {
                    pool.unlock()
                    continuation.resume(throwing: closedError)
                } else if !writerBusy {
                    writerBusy = true
                    writerHoldsBegun += 1
                    checkedOutCount += 1
                    pool.unlock()
                    continuation.resume()
                } else {
                    writerWaiters.append(.task(continuation))
                    pool.unlock()
                }
            }
        }
        if Task.isCancelled {
            releaseWriter()
            throw CancellationError()
        }
    }

    /// Gives the writer back, handing it to the first waiter in the queue, if any; then tells
    /// observers about a commit. The commits recorded for ``changes()`` are published before the
    /// writer changes hands, so that they come in commit order.
    @usableFromInline
    func releaseWriter() {
        var committed: Set<String>?
        if writer.tracksChanges, !writer.changedTables.isEmpty, !writer.isInsideTransaction {
            committed = writer.takeChangedTables()
        }
        // The rows of the commits, when the writer records them (also for row-precise observers).
        var logs: [CommitLog]?
        if writer.recordsRows {
            logs = writer.recorder.takeSealed()
            if !logs!.isEmpty { changeFeed.publish(logs!) }
        }
        pool.lock()
        writerHoldsEnded += 1
        if !writerWaiters.isEmpty {
            // The writer stays checked out: it passes to the waiter without ever being free.
            writerHoldsBegun += 1
            switch writerWaiters.removeFirst() {
            case let .task(continuation):
                pool.unlock()
                continuation.resume()
            case let .thread(turn):
                turn.isGranted = true
                pool.broadcast()
                pool.unlock()
            }
        } else {
            writerBusy = false
            checkedOutCount -= 1
            if blockedThreadCount > 0 { pool.broadcast() }
            pool.unlock()
        }
        if let committed {
            observations.notify(changed: committed, logs: logs)
        }
    }

    /// Takes an idle reader, opens a new one, or waits (blocking the thread) for its turn in the queue
    /// of waiters.
    @usableFromInline
    func checkOutReader() throws -> Connection {
        pool.lock()
        if isClosedFlag {
            pool.unlock()
            throw closedError
        }
        switch takeReaderOrSlot() {
        case .reader(let reader):
            pool.unlock()
            return reader
        case .slot:
            pool.unlock()
            return try openReader()
        case .none:
            break
        }
        let turn = ReaderTurn()
        readerWaiters.append(.thread(turn))
        blockedThreadCount += 1
        defer {
            blockedThreadCount -= 1
            pool.unlock()
        }
        // `releaseReader(_:)` hands a reader to the turn, still checked out; `close()` empties the queue.
        while true {
            if let reader = turn.reader { return reader }
            if let error = turn.error { throw error }
            if isClosedFlag { throw closedError }
            pool.wait()
        }
    }

    /// Takes a reader, suspending (never blocking the thread) for its turn in the queue of waiters.
    func checkOutReaderAsync() async throws -> Connection {
        try Task.checkCancellation()
        let reader: Connection = try await withCheckedThrowingContinuation { continuation in
            pool.lock()
            if isClosedFlag {
                pool.unlock()
                continuation.resume(throwing: closedError)
                return
            }
            switch takeReaderOrSlot() {
            case .reader(let reader):
                pool.unlock()
                continuation.resume(returning: reader)
            case .slot:
                pool.unlock()
                continuation.resume(with: Result { try openReader() })
            case .none:
                readerWaiters.append(.task(continuation))
                pool.unlock()
            }
        }
        if Task.isCancelled {
            releaseReader(reader)
            throw CancellationError()
        }
        return reader
    }

    /// What a caller that asks for a reader gets at once.
    enum ReaderOffer {
        /// An idle reader, checked out.
        case reader(Connection)
        /// A slot for a new reader, counted: the caller opens it.
        case slot
    }

    /// An idle reader or a slot for a new one, checked out, when no one waits before the caller;
    /// nil when the caller must wait. The caller holds the pool lock.
    private func takeReaderOrSlot() -> ReaderOffer? {
        guard readerWaiters.isEmpty else { return nil }
        if let reader = idleReaders.popLast() {
            checkedOutCount += 1
            return .reader(reader)
        }
        if openReaderCount < maximumReaderCount {
            openReaderCount += 1
            checkedOutCount += 1
            return .slot
        }
        return nil
    }

    /// Opens a reader for a slot already counted in ``openReaderCount`` and ``checkedOutCount``.
    /// When it fails, the slot is given back, and the first waiter, if any, fails with the same error
    /// (no reader may come back for it to take).
    private func openReader() throws -> Connection {
        do {
            return try Connection(path: path, configuration: configuration, isWriter: false)
        } catch {
            pool.lock()
            openReaderCount -= 1
            checkedOutCount -= 1
            let next = readerWaiters.isEmpty ? nil : readerWaiters.removeFirst()
            if case let .thread(turn) = next { turn.error = error }
            if blockedThreadCount > 0 { pool.broadcast() }
            pool.unlock()
            if case let .task(continuation) = next { continuation.resume(throwing: error) }
            throw error
        }
    }

    /// Gives a reader back, handing it to the first waiter in the queue, thread or task, if any.
    @usableFromInline
    func releaseReader(_ reader: Connection) {
        pool.lock()
        guard !readerWaiters.isEmpty else {
            idleReaders.append(reader)
            checkedOutCount -= 1
            if blockedThreadCount > 0 { pool.broadcast() }
            pool.unlock()
            return
        }
        // The reader stays checked out: it passes to the waiter without ever being idle.
        switch readerWaiters.removeFirst() {
        case let .task(continuation):
            pool.unlock()
            continuation.resume(returning: reader)
        case let .thread(turn):
            turn.reader = reader
            pool.broadcast()
            pool.unlock()
        }
    }

    // MARK: - Closing

    /// Checkpoints the write-ahead log into the database file and closes every connection.
    ///
    /// Waits for calls in progress on other threads to finish; calls that wait for a connection,
    /// and every later call, throw ``DAOGenError/databaseClosed(path:)``. Observations finish
    /// (their streams end without an error). Closing a closed database does nothing. The last connection to close removes
    /// the `-wal` and `-shm` files, so the file can be copied or shared on its own.
    /// - Throws: ``DAOGenError/closeInsideAccess(path:)`` when called from inside a transaction,
    ///   a read or a statement's body on this database: nothing is closed then.
    public func close() throws {
        if ThreadScopes.current.entry(for: identity) != nil {
            throw DAOGenError.closeInsideAccess(path: path)
        }
        pool.lock()
        if isClosedFlag {
            pool.unlock()
            return
        }
        isClosedFlag = true
        let waitingReaders = readerWaiters
        let waitingWriters = writerWaiters
        readerWaiters = []
        writerWaiters = []
        pool.broadcast()
        while checkedOutCount > 0 {
            blockedThreadCount += 1
            pool.wait()
            blockedThreadCount -= 1
        }
        let readers = idleReaders
        idleReaders = []
        pool.unlock()
        for case let .task(waiter) in waitingReaders { waiter.resume(throwing: closedError) }
        for case let .task(waiter) in waitingWriters { waiter.resume(throwing: closedError) }
        observations.close()
        changeFeed.close()
        for reader in readers { reader.close() }
        if writer.usesWAL {
            // Moves every committed page into the database file; closing then deletes the WAL.
            try? writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        writer.close()
    }
}
