import DAOGenRuntime
import Foundation

// daogen-feed-bench: what the change feed (`Database.changes()`, issue 33) costs the writer, on the insert
// workload: 50,000 rows of 10 INTEGER columns into the empty `wide` table of a fresh file, in one
// transaction, through the runtime's cached statement (the path the generated `insert` takes). Figures, not
// assertions:
//   swift run -c release daogen-feed-bench [--runs N] [--rows N]      # medians of timed inserts, every mode
//   valgrind --tool=callgrind .build/release/daogen-feed-bench --mode MODE --runs 1
//   callgrind_annotate --inclusive=yes callgrind.out.PID | grep -E 'insertRows|readElement'
// Modes: `none` (no one ever listened), `ended` (a consumer listened and stopped before the insert: the hooks
// are gone again), `consumer` (a consumer listens during the insert and reads the element after it).
// The inclusive cost of `insertRows` is the insert transaction, on the writer's thread; that of `readElement`
// the consumer's reading (`--toggle-collect='*insertRows*'` undercounts: the insert's closure matches too, and
// entering it toggles collection off). The main is synchronous (it waits on a semaphore): valgrind could not
// run the program with an asynchronous one.

let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), arguments.index(after: index) < arguments.endIndex else { return nil }
    return arguments[arguments.index(after: index)]
}
let runs = option("--runs").flatMap(Int.init) ?? 7
let rowCount = option("--rows").flatMap(Int.init) ?? 50_000
let modes = option("--mode").map { [$0] } ?? ["none", "ended", "consumer"]

/// The insert of the workload.
let insert = StatementKey("INSERT INTO wide (c1, c2, c3, c4, c5, c6, c7, c8, c9) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")

/// Inserts `count` rows in one transaction.
@inline(never)
func insertRows(_ database: Database, count: Int) throws {
    try database.transaction {
        for row in 0..<count {
            try database.withStatement(insert) { statement in
                for column in 1...9 { statement.bind(Int64(row &* column), at: Int32(column)) }
                _ = try statement.step()
            }
        }
    }
}

/// Reads one element of the feed.
@inline(never)
func readElement(_ iterator: inout AsyncStream<DatabaseChanges>.Iterator) async -> DatabaseChanges? {
    await iterator.next()
}

/// One run of `mode` on a fresh file; returns the insert's duration in seconds.
func run(mode: String) async throws -> Double {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("daogen-feed-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = try Database(path: directory.appendingPathComponent("bench.sqlite").path)
    defer { try? database.close() }
    try database.execute("CREATE TABLE wide (id INTEGER PRIMARY KEY, c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER, c5 INTEGER, c6 INTEGER, c7 INTEGER, c8 INTEGER, c9 INTEGER)")
    var iterator: AsyncStream<DatabaseChanges>.Iterator?
    switch mode {
    case "consumer":
        iterator = database.changes().makeAsyncIterator()
    case "ended":
        do {
            var ended = database.changes().makeAsyncIterator()
            try database.execute("INSERT INTO wide (c1) VALUES (0)")
            _ = await readElement(&ended)
            try database.execute("DELETE FROM wide")
            _ = await readElement(&ended)
        }
        // The last consumer gone, the hooks come off once the writer is free.
        try await Task.sleep(nanoseconds: 100_000_000)
    default:
        break
    }
    let start = DispatchTime.now().uptimeNanoseconds
    try insertRows(database, count: rowCount)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    if var consumer = iterator {
        let element = await readElement(&consumer)
        guard element?.tables["wide"]?.inserted.count == rowCount else {
            fatalError("The feed did not report the \(rowCount) rows")
        }
        iterator = consumer
    }
    return seconds
}

/// Every mode, `runs` times each: the figures.
func measure() async throws {
    for mode in modes {
        var durations: [Double] = []
        for _ in 0..<runs { durations.append(try await run(mode: mode)) }
        durations.sort()
        let median = durations[durations.count / 2]
        print("\(mode): median \(String(format: "%.1f", median * 1000)) ms of \(runs) runs (min \(String(format: "%.1f", durations[0] * 1000)), max \(String(format: "%.1f", durations[durations.count - 1] * 1000)))")
    }
}

// A synchronous main that waits for the work on a semaphore: valgrind stopped with an internal SIGSEGV on
// this program while its main was asynchronous (top-level `await`).
let finished = DispatchSemaphore(value: 0)
Task.detached {
    do {
        try await measure()
    } catch {
        print("daogen-feed-bench: \(error)")
        exit(1)
    }
    finished.signal()
}
finished.wait()
