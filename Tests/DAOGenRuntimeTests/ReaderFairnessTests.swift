import DAOGenRuntime
import Foundation
import Testing

/// Readers are handed out first in, first out, to threads and tasks alike: a thread reading while tasks
/// read without pause gets its turn after at most one read of each task waiting before it.
@Suite("Fair readers")
struct ReaderFairnessTests {
    /// A read that takes a while (a fraction of a millisecond), so that a thread's wake-up is short
    /// beside it and the reads counted while the thread waits are those of the tasks ahead of it.
    static let slowRead = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3000) SELECT count(*) FROM c"

    @Test(arguments: [(readers: 1, tasks: 8), (readers: 2, tasks: 16)])
    func aThreadGetsItsTurnAmongTasks(readers: Int, tasks: Int) async throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.maximumReaderCount = readers
        let database = try Database(path: directory.path("db.sqlite"), configuration: configuration)
        try database.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        let asyncReads = Counter()
        let syncReads = Counter()
        let stop = Counter()
        // The most reads of the tasks while the thread waited for one of its own.
        let longestWait = Counter()
        // The thread reads until the tasks have read enough: the figures are reads, not times.
        let thread = Thread {
            while stop.value == 0 {
                let before = asyncReads.value
                _ = try? database.read { try database.rows(Self.slowRead) }
                longestWait.raise(to: asyncReads.value - before)
                syncReads.increment()
            }
        }
        thread.start()
        let target = 60 * tasks
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    while asyncReads.value < target {
                        _ = try await database.read { try database.rows(Self.slowRead) }
                        asyncReads.increment()
                    }
                }
            }
            try await group.waitForAll()
        }
        stop.increment()
        // First in, first out: while the thread waits, each task ahead of it in the queue reads once
        // (and those holding readers finish); four times that leaves room for the counters' lag and the
        // thread's wake-up. The unfair queue let the tasks read thousands of times meanwhile.
        print("fairness: \(readers) reader(s), \(tasks) tasks: the thread read \(syncReads.value) times, the tasks \(asyncReads.value); the thread waited for at most \(longestWait.value) of theirs")
        #expect(longestWait.value <= 4 * (tasks + readers), "the thread waited while the tasks read \(longestWait.value) times")
        // So the thread reads about as often as each task (the unfair queue gave it 1 read to their 60).
        #expect(syncReads.value * tasks >= asyncReads.value / 4)
    }

    /// A count shared by threads and tasks.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        func raise(to value: Int) { lock.withLock { count = max(count, value) } }
        var value: Int { lock.withLock { count } }
    }
}
