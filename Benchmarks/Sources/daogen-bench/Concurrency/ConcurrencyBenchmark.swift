import BenchSchemas
import DAOGenRuntime
import Foundation
import GRDB

/// `daogen-bench --concurrency [--rows N] [--runs N]`: the measurements of the connection pool, the
/// async API and observation (docs/Runtime.md, "Concurrency and observation"), printed as Markdown. Figures, not assertions.
enum ConcurrencyBenchmark {
    /// Runs every measurement and returns the Markdown.
    static func run(rows: Int, runs: Int) async throws -> String {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "daogen-concurrency-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = scratch.appending(path: "wide.sqlite").path(percentEncoded: false)
        do {
            let database = try BenchDatabase.open(path: path)
            try database.wide.insert(contentsOf: (0..<rows).map { i in
                let v = Int64(i)
                return Wide(c1: v, c2: v, c3: v, c4: v, c5: v, c6: v, c7: v, c8: v, c9: v, c10: v)
            })
            try database.close()
        }
        var lines: [String] = []
        func log(_ line: String) {
            lines.append(line)
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        log("### Concurrency (`daogen-bench --concurrency`)")
        log("")
        log("Median of \(runs) runs on \(ProcessInfo.processInfo.activeProcessorCount) cores.")
        log("")

        // 1. Concurrent reads: 4 tasks each fetching every row.
        let tasks = 4
        let pool = try BenchDatabase.open(path: path)
        var single = Database.Configuration()
        single.maximumReaderCount = 0
        let oneConnection = WideDAO(database: try Database(path: path, configuration: single))
        let grdbPool = try DatabasePool(path: path)
        _ = try await pool.read { try $0.wide.count() }  // opens nothing yet; the first run warms up
        let poolTime = try await median(runs) {
            try await concurrently(tasks) { _ = try await pool.read { try $0.wide.fetchAll() } }
        }
        let singleTime = try await median(runs) {
            try await concurrently(tasks) { _ = try oneConnection.fetchAll() }
        }
        let grdbTime = try await median(runs) {
            try await concurrently(tasks) { _ = try await grdbPool.read { db in try IndexedWide.fetchAll(db) } }
        }
        // The machine's ceiling: hand-written C API code, a connection per task, nothing shared.
        let rawTime = try await median(runs) {
            try await concurrently(tasks) { _ = try RawSQLiteImplementation().fetchWide(path: path) }
        }
        let oneTask = try await median(runs) { _ = try await pool.read { try $0.wide.fetchAll() } }
        let oneRawTask = try await median(runs) { _ = try RawSQLiteImplementation().fetchWide(path: path) }
        func rate(_ duration: Duration) -> String {
            String(format: "%.2f M rows/s", Double(tasks * rows) / seconds(duration) / 1e6)
        }
        log("| \(tasks) tasks × fetch \(rows.formatted()) rows | Wall time | Throughput | vs one connection |")
        log("|---|--:|--:|--:|")
        log("| daogen, reader pool (`await read {}`) | \(format(poolTime)) | \(rate(poolTime)) | \(ratio(singleTime, poolTime)) |")
        log("| daogen, one connection (`maximumReaderCount = 0`) | \(format(singleTime)) | \(rate(singleTime)) | 1.00× |")
        log("| GRDB `DatabasePool.read`, record by index | \(format(grdbTime)) | \(rate(grdbTime)) | \(ratio(singleTime, grdbTime)) |")
        log("| sqlite3 C API, a connection per task (the ceiling) | \(format(rawTime)) | \(rate(rawTime)) | \(ratio(singleTime, rawTime)) |")
        log("")
        log("One task alone: daogen \(format(oneTask)), C API \(format(oneRawTask)). daogen's pool is \(ratio(grdbTime, poolTime)) GRDB's pool throughput and \(ratio(rawTime, poolTime)) the C API's.")
        log("")

        // 2. Async overhead: one find(id:) per call.
        let keys = (0..<100_000).map { Int64($0 % rows + 1) }
        let dao = pool.wide
        let syncTime = try await median(runs) {
            for key in keys { _ = try dao.find(id: key) }
        }
        let syncReadTime = try await median(runs) {
            for key in keys { _ = try pool.read { try $0.wide.find(id: key) } }
        }
        let asyncTime = try await median(runs) {
            for key in keys { _ = try await pool.read { try $0.wide.find(id: key) } }
        }
        let perCall = { (duration: Duration) in seconds(duration) / Double(keys.count) * 1e6 }
        log("| \(keys.count.formatted()) × `find(id:)` | Per call | Extra per call |")
        log("|---|--:|--:|")
        log("| `dao.find(id:)` (sync, on a reader) | \(String(format: "%.2f µs", perCall(syncTime))) | |")
        log("| `read { $0.wide.find(id:) }` (sync snapshot) | \(String(format: "%.2f µs", perCall(syncReadTime))) | \(String(format: "%+.2f µs", perCall(syncReadTime) - perCall(syncTime))) |")
        log("| `await read { $0.wide.find(id:) }` | \(String(format: "%.2f µs", perCall(asyncTime))) | \(String(format: "%+.2f µs", perCall(asyncTime) - perCall(syncTime))) |")
        log("")

        // 3. Observation: commit-to-value latency, and the cost added to inserts.
        let small = scratch.appending(path: "observed.sqlite").path(percentEncoded: false)
        let observed = try BenchDatabase.open(path: small)
        var latencies: [Double] = []
        var values = observed.observe { try $0.wide.count() }.makeAsyncIterator()
        _ = try await values.next()
        for i in 0..<200 {
            let start = ContinuousClock.now
            try observed.wide.insert(Wide(c1: Int64(i), c2: 0, c3: 0, c4: 0, c5: 0, c6: 0, c7: 0, c8: 0, c9: 0, c10: 0))
            _ = try await values.next()
            latencies.append(seconds(ContinuousClock.now - start) * 1e6)
        }
        latencies.sort()
        log(String(format: "Observation of `wide.count()`: from the start of an insert (autocommit) to the observer's new value, median %.0f µs, 90th percentile %.0f µs (200 commits).", latencies[100], latencies[180]))
        log("")

        let insertRows = (0..<50_000).map { i in
            Wide(c1: Int64(i), c2: 0, c3: 0, c4: 0, c5: 0, c6: 0, c7: 0, c8: 0, c9: 0, c10: 0)
        }
        func insertCost(observers: Int) async throws -> (Duration, Duration) {
            let file = scratch.appending(path: "insert-\(observers).sqlite").path(percentEncoded: false)
            let database = try BenchDatabase.open(path: file)
            var iterators: [AsyncThrowingStream<Int, any Error>.Iterator] = []
            for _ in 0..<observers {
                var iterator = database.observe { try $0.customers.count() }.makeAsyncIterator()
                _ = try await iterator.next()
                iterators.append(iterator)
            }
            let batch = try await median(runs) {
                try database.wide.insert(contentsOf: insertRows)
            }
            let single = try await median(runs) {
                for record in insertRows.prefix(1_000) { try database.wide.insert(record) }
            }
            try database.close()
            return (batch, single)
        }
        let none = try await insertCost(observers: 0)
        let ten = try await insertCost(observers: 10)
        log("| Inserts into `wide` | No observer | 10 observers of another table | Ratio |")
        log("|---|--:|--:|--:|")
        log("| 50,000 rows, one transaction (`insert(contentsOf:)`) | \(format(none.0)) | \(format(ten.0)) | \(ratio(ten.0, none.0)) |")
        log("| 1,000 rows, one autocommit transaction each | \(format(none.1)) | \(format(ten.1)) | \(ratio(ten.1, none.1)) |")
        log("")
        try pool.close()
        try observed.close()
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs `body` in `count` tasks at once and waits for all.
    private static func concurrently(_ count: Int, _ body: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count { group.addTask { try await body() } }
            try await group.waitForAll()
        }
    }

    /// The median time of `runs` runs of `body`, after one untimed run.
    private static func median(_ runs: Int, _ body: () async throws -> Void) async throws -> Duration {
        try await body()
        var times: [Duration] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try await body()
            times.append(ContinuousClock.now - start)
        }
        return times.sorted()[times.count / 2]
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func format(_ duration: Duration) -> String {
        let ms = seconds(duration) * 1000
        return ms >= 100 ? String(format: "%.0f ms", ms) : String(format: "%.1f ms", ms)
    }

    /// `a / b` as a ratio.
    private static func ratio(_ a: Duration, _ b: Duration) -> String {
        String(format: "%.2f×", seconds(a) / seconds(b))
    }
}
