import Foundation

extension Database {
    /// How often, in seconds, the writer reads `PRAGMA data_version` while observers exist, to see
    /// commits of other processes (and of other `Database` instances on the same file).
    static let externalChangePollInterval: UInt64 = 250_000_000

    /// Observes a value fetched from the database: yields it at once, then again after each
    /// committed transaction that changed a table the fetch read, when the value differs from the
    /// last one yielded.
    ///
    /// Each fetch runs like the synchronous `read(_:)` on one snapshot. The tables it read are those that
    /// SQLite's authorizer reported when its statements were prepared (views count as the tables
    /// they read); a transaction that changes none of them causes no fetch, and a rolled-back one
    /// none at all. Commits of other processes to the same file are seen within a second (the
    /// writer polls `PRAGMA data_version` while observers exist) and cause a fetch. The stream
    /// ends when its iteration ends (the consuming task is cancelled or breaks out), with the
    /// fetch's error when it throws, and normally (without an error) when ``close()`` closes the
    /// database. Observing a database that is already closed throws
    /// ``DAOGenError/databaseClosed(path:)``.
    ///
    /// With a `throttle`, fetches start at least that far apart: the first commit after a quiet
    /// interval fetches at once, commits that come while the interval runs wait for its end and cause
    /// one fetch between them, which sees them all (no change is left unseen). Commits to tables the
    /// fetch did not read still cause no fetch. Without one (nil, the default), every relevant commit
    /// fetches as soon as the previous fetch is done.
    public func observe<T: Equatable & Sendable>(
        throttle: Duration? = nil, _ fetch: @escaping @Sendable () throws -> T
    ) -> AsyncThrowingStream<T, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                await self.runObservation(throttle: throttle, fetch, continuation)
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The loop of one observation: fetch, yield when changed, wait for a relevant commit (and, with a
    /// throttle, for the end of the interval since the last fetch began).
    private func runObservation<T: Equatable & Sendable>(
        throttle: Duration?, _ fetch: @Sendable () throws -> T,
        _ continuation: AsyncThrowingStream<T, any Error>.Continuation
    ) async {
        let (id, signals) = observations.register()
        var iterator = signals.makeAsyncIterator()
        // True once the observation is set up: from then on, closing the database finishes it.
        var started = false
        do {
            try await updateTracking()
            started = true
            var last: T?
            let clock = ContinuousClock()
            var lastStart: ContinuousClock.Instant?
            repeat {
                if let throttle, let lastStart, clock.now < lastStart + throttle {
                    // Commits arriving meanwhile leave one signal, consumed by the next wait.
                    try await Task.sleep(until: lastStart + throttle, clock: clock)
                    if isClosed { break }
                }
                lastStart = clock.now
                // Until this fetch's tables are known, every commit wakes the observer again.
                observations.setTables(nil, for: id)
                let tracker = TableTracker()
                let value = try await read(tracker: tracker, fetch)
                observations.setTables(tracker.tables, keyed: tracker.keyed, for: id)
                if !tracker.keyed.isEmpty && !observations.isRecordingRows {
                    // Which rows a commit changed is known only while the writer records them.
                    try await updateTracking()
                }
                if value != last {
                    continuation.yield(value)
                    last = value
                }
            } while await iterator.next() != nil && !Task.isCancelled && !isClosed
            continuation.finish()
        } catch is CancellationError {
            continuation.finish()
        } catch DAOGenError.databaseClosed where started {
            // `close()` raced with a fetch: the observation ends as it does between fetches.
            continuation.finish()
        } catch {
            continuation.finish(throwing: error)
        }
        observations.unregister(id)
        try? await updateTracking()
    }

    /// Makes the writer record the tables its statements change exactly while observers exist, and
    /// starts or stops the poll for other processes' commits; runs holding the writer.
    private func updateTracking() async throws {
        try await checkOutWriterAsync()
        defer { releaseWriter() }
        let observed = observations.hasObservers
        if writer.tracksChanges != observed {
            writer.tracksChanges = observed
            writer.forgetChangedTables()
        }
        updateRecording()
        try updatePolling()
    }

    /// Makes the writer record the rows each commit changes exactly while consumers of ``changes()`` or
    /// observers that read rows by rowid exist; the caller holds the writer.
    func updateRecording() {
        let wanted = changeFeed.hasSubscribers || observations.hasKeyedObservers
        if wanted && !writer.recordsRows {
            // Statements prepared before are prepared again, under the authorizer that collects what
            // the recorder needs and turns off the truncate optimization.
            writer.statements.removeAll()
            writer.authorizations.collectsDetails = true
            writer.recorder.activate(
                on: writer.handle, inTransaction: writer.isInsideTransaction,
                allTables: ChangeRecorder.allTables(writer.handle))
            writer.recordsRows = true
        } else if !wanted && writer.recordsRows {
            writer.recordsRows = false
            writer.authorizations.collectsDetails = false
            writer.recorder.deactivate(on: writer.handle)
        }
        observations.isRecordingRows = writer.recordsRows
    }

    /// Starts the poll for other processes' commits while observers or consumers of ``changes()``
    /// exist, and stops it when none is left; the caller holds the writer.
    func updatePolling() throws {
        if !observations.hasObservers && !changeFeed.hasSubscribers {
            observations.stopPolling()
        } else if maximumReaderCount > 0 || path != ":memory:" && !path.isEmpty, !observations.isPolling {
            let version = try dataVersion()
            observations.startPolling(Task { [weak self] in
                await self?.pollDataVersion(from: version)
            })
        }
    }

    /// `PRAGMA data_version` of the writer, which the caller holds: it changes when another
    /// connection commits.
    private func dataVersion() throws -> Int64 {
        let statement = try writer.checkOutStatement(for: Self.dataVersionKey)
        defer { writer.checkIn(statement) }
        _ = try statement.step()
        return try statement.int64(at: 0)
    }

    /// Reads the writer's data version.
    private static let dataVersionKey = StatementKey("PRAGMA data_version")

    /// Polls the writer's data version until cancelled or closed, waking every observer when
    /// another connection committed, and giving consumers of ``changes()`` an element in which every
    /// table is incomplete (published holding the writer, in order with its own commits).
    private func pollDataVersion(from start: Int64) async {
        var known = start
        while !Task.isCancelled {
            do {
                try await Task.sleep(nanoseconds: Self.externalChangePollInterval)
                try await checkOutWriterAsync()
                let version: Int64
                do {
                    defer { releaseWriter() }
                    version = try dataVersion()
                    if version != known, changeFeed.hasSubscribers {
                        changeFeed.publishIncomplete(ChangeRecorder.allTables(writer.handle))
                    }
                }
                if version != known {
                    known = version
                    observations.notifyAll()
                }
            } catch {
                return
            }
        }
    }
}

/// The observers of one ``Database``: the tables each depends on, and how to wake it.
///
/// `@unchecked Sendable`: every property is guarded by ``lock``.
final class ObservationCenter: @unchecked Sendable {
    /// One observer.
    private struct Observer {
        /// The tables its last fetch read (other than by rowid); nil while unknown (any commit wakes it).
        var tables: Set<String>?
        /// The rowids its last fetch read by rowid only, by table (none of them in ``tables``): a commit
        /// wakes it for such a table only when it changed one of these rows, or rows it did not report.
        var keyed: [String: Set<Int64>] = [:]
        /// Wakes it; keeps only the newest signal.
        var signal: AsyncStream<Void>.Continuation
    }

    /// Guards the properties below.
    private let lock = NSLock()
    /// The observers, by id.
    private var observers: [Int: Observer] = [:]
    /// The id the next observer gets.
    private var nextID = 0
    /// The task polling `PRAGMA data_version`, while observers exist.
    private var poller: Task<Void, Never>?
    /// True after ``close()``.
    private var isClosed = false
    /// Whether the writer records rows (``Connection/recordsRows``), as last set holding it.
    private var recordingRows = false

    /// Adds an observer that any commit wakes until it has tables; returns its id and signals.
    func register() -> (Int, AsyncStream<Void>) {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        lock.lock()
        defer { lock.unlock() }
        let id = nextID
        nextID += 1
        if isClosed {
            continuation.yield()
        }
        observers[id] = Observer(tables: nil, signal: continuation)
        return (id, stream)
    }

    /// Removes an observer.
    func unregister(_ id: Int) {
        lock.lock()
        let observer = observers.removeValue(forKey: id)
        lock.unlock()
        observer?.signal.finish()
    }

    /// Sets the tables an observer depends on, and the rows of tables it read only by rowid.
    func setTables(_ tables: Set<String>?, keyed: [String: Set<Int64>] = [:], for id: Int) {
        lock.lock()
        defer { lock.unlock() }
        observers[id]?.tables = tables
        observers[id]?.keyed = tables.map { tables in keyed.filter { !tables.contains($0.key) } } ?? [:]
    }

    /// True while an observer depends on rows read by rowid.
    var hasKeyedObservers: Bool {
        lock.lock()
        defer { lock.unlock() }
        return observers.values.contains { !$0.keyed.isEmpty }
    }

    /// Whether the writer records the rows commits change.
    var isRecordingRows: Bool {
        get {
            lock.lock()
            defer { lock.unlock() }
            return recordingRows
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            recordingRows = newValue
        }
    }

    /// True while observers exist.
    var hasObservers: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !observers.isEmpty
    }

    /// True while the poll runs.
    var isPolling: Bool {
        lock.lock()
        defer { lock.unlock() }
        return poller != nil
    }

    /// Keeps the polling task (cancelled by ``stopPolling()`` or ``close()``).
    func startPolling(_ task: Task<Void, Never>) {
        lock.lock()
        defer { lock.unlock() }
        if isClosed || poller != nil {
            task.cancel()
        } else {
            poller = task
        }
    }

    /// Cancels the polling task.
    func stopPolling() {
        lock.lock()
        let task = poller
        poller = nil
        lock.unlock()
        task?.cancel()
    }

    /// Wakes the observers that depend on a table in `changed`: for a table an observer read only by
    /// rowid, only when `logs` (the commits' recorded rows, nil when the writer did not record them)
    /// changed one of its rows, or did not report the table's rows.
    func notify(changed: Set<String>, logs: [CommitLog]?) {
        lock.lock()
        defer { lock.unlock() }
        var touched: [String: Set<Int64>?] = [:]
        for observer in observers.values {
            guard let tables = observer.tables, tables.isDisjoint(with: changed) else {
                observer.signal.yield()
                continue
            }
            for (table, keys) in observer.keyed where changed.contains(table) {
                guard let logs else {
                    observer.signal.yield()
                    break
                }
                if touched[table] == nil { touched[table] = CommitLog.rowids(of: table, in: logs) }
                guard let rowids = touched[table]!, rowids.isDisjoint(with: keys) else {
                    observer.signal.yield()
                    break
                }
            }
        }
    }

    /// Wakes every observer.
    func notifyAll() {
        lock.lock()
        defer { lock.unlock() }
        for observer in observers.values {
            observer.signal.yield()
        }
    }

    /// Stops polling and wakes every observer, which then finds the database closed and finishes.
    func close() {
        lock.lock()
        isClosed = true
        let task = poller
        poller = nil
        let all = Array(observers.values)
        lock.unlock()
        task?.cancel()
        for observer in all { observer.signal.yield() }
    }
}
