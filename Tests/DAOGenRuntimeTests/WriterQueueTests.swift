@testable import DAOGenRuntime
import Foundation
import Testing

/// The writer is handed to its waiters in arrival order, whether they wait on a thread
/// (`transaction`, DAO writes) or in a task (async `write`).
@Suite("Writer queue")
struct WriterQueueTests {
    /// Waits until `count` callers wait for the writer (they were started on other threads).
    static func waitForWaiters(_ count: Int, _ database: Database) async throws {
        while database.writerWaiterCount < count {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    @Test("threads and tasks get the writer in the order they asked for it")
    func arrivalOrder() async throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("db.sqlite"))
        try database.execute("CREATE TABLE t(name TEXT NOT NULL)")
        let order = LockedArray<String>()
        @Sendable func record(_ name: String) throws {
            order.append(name)
            try database.execute("INSERT INTO t(name) VALUES ('\(name)')")
        }

        // Holds the writer while the others line up: task, thread, task, thread, task.
        try database.checkOutWriter()
        var tasks: [Task<Void, any Error>] = []
        let finished = DispatchGroup()
        for (position, name) in ["task 1", "thread 1", "task 2", "thread 2", "task 3"].enumerated() {
            if name.hasPrefix("task") {
                tasks.append(Task.detached { try await database.write { try record(name) } })
            } else {
                finished.enter()
                let thread = Thread {
                    defer { finished.leave() }
                    do { try database.transaction { try record(name) } } catch { order.append("\(error)") }
                }
                thread.start()
            }
            try await Self.waitForWaiters(position + 1, database)
        }
        database.releaseWriter()
        for task in tasks { try await task.value }
        finished.wait()
        #expect(order.all == ["task 1", "thread 1", "task 2", "thread 2", "task 3"])
        #expect(try database.rows("SELECT name FROM t ORDER BY rowid").map { $0.first } == order.all.map { .text($0) })
    }

    @Test("a synchronous writer is served while async writers write without pause")
    func synchronousWriterIsNotStarved() async throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("db.sqlite"))
        try database.execute("CREATE TABLE t(writer TEXT NOT NULL)")
        // Each async writer writes until the thread is done, or until it has made `budget` writes.
        // Served in arrival order, the thread waits behind at most one write of each task per
        // transaction; served tasks first (as before), it got 2 writes in 27,000.
        let budget = 1_000
        let threadWrites = 20
        let progress = Progress()
        let finished = DispatchGroup()
        finished.enter()
        let thread = Thread {
            defer { finished.leave() }
            // Starts once the tasks write without pause.
            while progress.taskWrites < 40 {
                usleep(1_000)
            }
            do {
                for _ in 0..<threadWrites {
                    try database.transaction { try database.execute("INSERT INTO t(writer) VALUES ('thread')") }
                }
            } catch {
                progress.fail("\(error)")
            }
            progress.finishThread()
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<budget where !progress.isThreadDone {
                        try await database.write { try database.execute("INSERT INTO t(writer) VALUES ('task')") }
                        progress.countTaskWrite()
                    }
                }
            }
            thread.start()
            try await group.waitForAll()
        }
        finished.wait()
        #expect(progress.failures == [])
        let counts = try database.rows("SELECT writer, count(*) FROM t GROUP BY writer ORDER BY writer")
        #expect(counts.first == [.text("task"), .integer(Int64(progress.taskWrites))])
        #expect(counts.last == [.text("thread"), .integer(Int64(threadWrites))])
        // The thread finished its writes before the tasks ran out of theirs.
        let tasksAtThreadEnd = try #require(progress.taskWritesWhenThreadFinished)
        #expect(tasksAtThreadEnd < 4 * budget, "the tasks made \(tasksAtThreadEnd) writes while the thread made \(threadWrites)")
    }
}

/// What the writers of `synchronousWriterIsNotStarved` did, under a lock.
private final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private var taskWriteCount = 0
    private var threadEnd: Int?
    private var errors: [String] = []

    /// Runs `body` holding the lock.
    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Counts one write of a task.
    func countTaskWrite() {
        locked { taskWriteCount += 1 }
    }

    /// Records that the thread made all its writes, and how many the tasks had made by then.
    func finishThread() {
        locked { threadEnd = taskWriteCount }
    }

    /// Records an error of the thread.
    func fail(_ message: String) {
        locked { errors.append(message) }
    }

    /// True once the thread made all its writes.
    var isThreadDone: Bool { locked { threadEnd != nil } }
    /// The writes the tasks made.
    var taskWrites: Int { locked { taskWriteCount } }
    /// The writes the tasks had made when the thread finished.
    var taskWritesWhenThreadFinished: Int? { locked { threadEnd } }
    /// The thread's errors.
    var failures: [String] { locked { errors } }
}
