import Foundation

/// The consumers of one ``Database``'s ``Database/changes()``.
///
/// `@unchecked Sendable`: every property is guarded by ``lock``.
final class ChangeFeed: @unchecked Sendable {
    /// Guards the properties below.
    private let lock = NSLock()
    /// The consumers, by id.
    private var subscriptions: [Int: ChangeSubscription] = [:]
    /// The id the next consumer gets.
    private var nextID = 0
    /// True after ``close()``.
    private var isClosed = false

    /// Adds a consumer; false (and the subscription finished) once closed.
    func add(_ subscription: ChangeSubscription) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else {
            subscription.finish()
            return false
        }
        subscription.id = nextID
        subscriptions[nextID] = subscription
        nextID += 1
        return true
    }

    /// Removes a consumer; returns true when none is left.
    func remove(_ subscription: ChangeSubscription) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        subscriptions.removeValue(forKey: subscription.id)
        return subscriptions.isEmpty
    }

    /// True while someone consumes.
    var hasSubscribers: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !subscriptions.isEmpty
    }

    /// Gives each consumer the commits of `logs`, in order.
    func publish(_ logs: [CommitLog]) {
        lock.lock()
        defer { lock.unlock() }
        for subscription in subscriptions.values {
            subscription.enqueue(logs.map { .commit($0) })
        }
    }

    /// Gives each consumer an element in which `tables` are incomplete (another process committed).
    func publishIncomplete(_ tables: Set<String>) {
        guard !tables.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        for subscription in subscriptions.values {
            subscription.enqueue([.incomplete(tables)])
        }
    }

    /// Finishes every consumer's stream after the elements it has not read yet.
    func close() {
        lock.lock()
        isClosed = true
        let all = Array(subscriptions.values)
        subscriptions = [:]
        lock.unlock()
        for subscription in all { subscription.finish() }
    }
}

/// One consumer of ``Database/changes()``: the elements it has not read yet, and its waiting `next()`.
///
/// `@unchecked Sendable`: every property is guarded by ``lock``.
final class ChangeSubscription: @unchecked Sendable {
    /// How many elements may wait before they collapse into one.
    static let maximumWaiting = 10_000

    /// One waiting element, turned into ``DatabaseChanges`` by the consumer.
    enum Pending: Sendable {
        /// A commit of this database's writer.
        case commit(CommitLog)
        /// Tables whose rows are unknown.
        case incomplete(Set<String>)

        /// The element.
        var changes: DatabaseChanges {
            switch self {
            case .commit(let log):
                return log.changes()
            case .incomplete(let tables):
                return DatabaseChanges(tables: Dictionary(uniqueKeysWithValues: tables.map { ($0, .incomplete) }))
            }
        }

        /// The tables it names.
        var tableNames: Set<String> {
            switch self {
            case .commit(let log): return log.tableNames
            case .incomplete(let tables): return tables
            }
        }
    }

    /// Guards the properties below.
    private let lock = NSLock()
    /// Its id in the ``ChangeFeed``; set once, when added.
    var id = -1
    /// Elements not read yet: `queue[head...]`.
    private var queue: [Pending] = []
    /// The first unread element of ``queue``.
    private var head = 0
    /// The `next()` waiting for an element.
    private var waiter: CheckedContinuation<Pending?, Never>?
    /// True once no element will come after those in the queue.
    private var isFinished = false

    /// Adds elements, handing the first to a waiting `next()`; past ``maximumWaiting`` waiting, they
    /// collapse into one in which every table they named is incomplete.
    func enqueue(_ elements: [Pending]) {
        lock.lock()
        guard !isFinished else {
            lock.unlock()
            return
        }
        var elements = elements[...]
        var resumed: (CheckedContinuation<Pending?, Never>, Pending)?
        if let waiter, let first = elements.first {
            self.waiter = nil
            resumed = (waiter, first)
            elements = elements.dropFirst()
        }
        queue.append(contentsOf: elements)
        if queue.count - head > Self.maximumWaiting {
            var tables = Set<String>()
            for element in queue[head...] { tables.formUnion(element.tableNames) }
            queue = [.incomplete(tables)]
            head = 0
        }
        lock.unlock()
        if let (waiter, element) = resumed { waiter.resume(returning: element) }
    }

    /// Ends the stream after the waiting elements.
    func finish() {
        lock.lock()
        isFinished = true
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(returning: nil)
    }

    /// Ends the stream at once (the consumer stopped).
    func cancel() {
        lock.lock()
        isFinished = true
        queue = []
        head = 0
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(returning: nil)
    }

    /// The next element, waiting for it; nil when the stream ended.
    func next() async -> DatabaseChanges? {
        let pending: Pending? = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Pending?, Never>) in
                lock.lock()
                if head < queue.count {
                    let element = queue[head]
                    head += 1
                    if head == queue.count || head > 1024 && head * 2 > queue.count {
                        queue.removeSubrange(..<head)
                        head = 0
                    }
                    lock.unlock()
                    continuation.resume(returning: element)
                } else if isFinished || Task.isCancelled {
                    lock.unlock()
                    continuation.resume(returning: nil)
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            cancel()
        }
        return pending?.changes
    }
}
