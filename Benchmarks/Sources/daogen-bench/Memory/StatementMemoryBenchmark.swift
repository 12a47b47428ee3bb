import BenchSchemas
import DAOGenRuntime
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `daogen-bench --statement-memory [--first N] [--more N] [--capacity N]`: the process's memory
/// after SQL of many distinct texts (docs/Runtime.md, "The statement cache"; issue 23), printed as Markdown. Figures,
/// not assertions.
///
/// Four threads run distinct conditions through the generated `fetchAll(where:)` (on the readers)
/// and, one call in four, distinct `withStatement(sql:)` updates (on the writer), so every
/// connection of the pool fills its cache. The resident memory is read after the first `--first`
/// texts (10,000) and again after `--more` further ones (100,000); the contract asks for less than
/// 50 MB between the two. `--capacity` sets ``Database/Configuration/maximumCachedStatements``
/// (a huge value shows what an unbounded cache costs); its default otherwise.
enum StatementMemoryBenchmark {
    /// The threads that run the texts, as many as the pool's readers.
    static let threads = 4

    /// Runs the measurement and returns the Markdown.
    static func run(first: Int, more: Int, capacity: Int?) throws -> String {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "daogen-statement-memory-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = scratch.appending(path: "wide.sqlite").path(percentEncoded: false)
        do {
            let database = try BenchDatabase.open(path: path)
            try database.wide.insert(contentsOf: (0..<1_000).map { i in
                let v = Int64(i)
                return Wide(c1: v, c2: v, c3: v, c4: v, c5: v, c6: v, c7: v, c8: v, c9: v, c10: v)
            })
            try database.close()
        }
        var configuration = Database.Configuration()
        if let capacity { configuration.maximumCachedStatements = capacity }
        let capacity = configuration.maximumCachedStatements
        let database = try Database(path: path, configuration: configuration)
        defer { try? database.close() }
        let wide = WideDAO(database: database)

        let start = Memory.current()
        let firstTime = try runTexts(0..<first, wide)
        let afterFirst = Memory.current()
        let moreTime = try runTexts(first..<(first + more), wide)
        let afterMore = Memory.current()
        // The same number of calls over 64 texts, each cached after its first call: hits.
        let repeatedTime = try runTexts(0..<more, wide, distinctTexts: 64)

        func megabytes(_ bytes: Int?) -> String {
            bytes.map { String(format: "%.1f MB", Double($0) / 1e6) } ?? "n/a"
        }
        func growth(_ from: Int?, _ to: Int?) -> String {
            guard let from, let to else { return "n/a" }
            return String(format: "%+.1f MB", Double(to - from) / 1e6)
        }
        func microseconds(_ seconds: Double, _ calls: Int) -> String {
            String(format: "%.1f µs", seconds / Double(calls) * 1e6)
        }
        var lines: [String] = []
        lines.append("### Statement cache memory (`daogen-bench --statement-memory`)")
        lines.append("")
        lines.append(
            "\(threads) threads, `maximumCachedStatements = \(capacity.formatted())`, distinct texts: "
                + "`fetchAll(where:)` conditions on the readers, one `withStatement(sql:)` update in four on the writer.")
        lines.append("")
        lines.append("| After | Resident | Peak resident | Time |")
        lines.append("|---|--:|--:|--:|")
        lines.append("| opening | \(megabytes(start.resident)) | \(megabytes(start.peak)) | |")
        lines.append(
            "| the first \(first.formatted()) texts | \(megabytes(afterFirst.resident)) | \(megabytes(afterFirst.peak)) "
                + "| \(String(format: "%.2f s", firstTime)) |")
        lines.append(
            "| \(more.formatted()) more | \(megabytes(afterMore.resident)) | \(megabytes(afterMore.peak)) "
                + "| \(String(format: "%.2f s", moreTime)) |")
        lines.append("")
        lines.append(
            "Growth over the \(more.formatted()) more texts: \(growth(afterFirst.resident, afterMore.resident)) resident, "
                + "\(growth(afterFirst.peak, afterMore.peak)) peak (the contract: under 50 MB).")
        lines.append("")
        lines.append(
            "Wall time per call, \(threads) threads: \(microseconds(moreTime, more)) with a new text each time (prepared; beyond the capacity, the least recently used "
                + "statement finalized), \(microseconds(repeatedTime, more)) over 64 texts that stay cached.")
        lines.append("")
        return lines.map { $0 + "\n" }.joined()
    }

    /// Runs the texts numbered `range` (modulo `distinctTexts`, when given), split between ``threads``
    /// threads; returns the seconds taken.
    private static func runTexts(_ range: Range<Int>, _ wide: WideDAO, distinctTexts: Int? = nil) throws -> Double {
        let failure = FirstError()
        let started = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            do {
                for call in stride(from: range.lowerBound + thread, to: range.upperBound, by: threads) {
                    let n = distinctTexts.map { call % $0 } ?? call
                    if n % 4 == 3 {
                        try wide.database.withStatement(sql: "UPDATE wide SET c3 = c3 WHERE id = ?1 AND c4 <> \(n)") {
                            statement in
                            statement.bind(Int64(n % 1_000 + 1), at: 1)
                            try statement.execute()
                        }
                    } else {
                        let rows = try wide.fetchAll(where: "id = ? AND c2 < \(n + 1_000)", Int64(n % 1_000 + 1))
                        guard rows.count == 1 else { throw BenchmarkError.wrongRowCount(n: n, count: rows.count) }
                    }
                }
            } catch {
                failure.set(error)
            }
        }
        if let error = failure.get() { throw error }
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// A failed check of the benchmark's own results.
    enum BenchmarkError: Error {
        /// Condition `n` matched `count` rows instead of one.
        case wrongRowCount(n: Int, count: Int)
    }

    /// The first error of the threads.
    final class FirstError: @unchecked Sendable {  // `error` is guarded by `lock`
        private let lock = NSLock()
        private var error: (any Error)?

        func set(_ error: any Error) { lock.withLock { if self.error == nil { self.error = error } } }
        func get() -> (any Error)? { lock.withLock { error } }
    }
}

/// The process's memory, in bytes.
struct Memory {
    /// The resident set size now (`/proc/self/statm` on Linux; nil elsewhere).
    var resident: Int?
    /// The largest resident set size so far (`getrusage`'s `ru_maxrss`).
    var peak: Int?

    /// The figures now.
    static func current() -> Memory {
        Memory(resident: residentNow(), peak: peakResident())
    }

    /// The resident pages of `/proc/self/statm` (its second field) times the page size.
    private static func residentNow() -> Int? {
        #if canImport(Glibc)
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return nil
        #endif
    }

    /// `ru_maxrss`: kilobytes on Linux, bytes on Darwin.
    private static func peakResident() -> Int? {
        #if canImport(Glibc) || canImport(Darwin)
        var usage = rusage()
        #if canImport(Darwin)
        let who = RUSAGE_SELF
        #else
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #endif
        guard getrusage(who, &usage) == 0 else { return nil }
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)
        #else
        return Int(usage.ru_maxrss) * 1024
        #endif
        #else
        return nil
        #endif
    }
}
