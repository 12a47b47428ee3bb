import Foundation

/// Fetches every row of Northwind's `Orders` (text, dates, reals and nulls) into records, from a
/// copy of `../shared/data/northwind.sqlite`.
struct FetchOrdersWorkload: Workload {
    /// The Northwind file, which is only ever copied.
    let source: String
    /// The copy every run copies again.
    private var template = ""
    /// The number of rows in `Orders`, once known.
    private var count: Int?

    /// Creates the workload for the Northwind file at `source`.
    init(source: String) {
        self.source = source
    }

    /// `<repository>/../shared/data/northwind.sqlite`, where the repository is the parent of this package.
    static var defaultSource: String {
        URL(filePath: #filePath)
            .deletingLastPathComponent()  // Workloads
            .deletingLastPathComponent()  // daogen-bench
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()  // Benchmarks
            .deletingLastPathComponent()  // the repository
            .appending(path: "../shared/data/northwind.sqlite")
            .standardizedFileURL
            .path(percentEncoded: false)
    }

    /// The name `--workloads` takes.
    var identifier: String { "orders" }
    /// The row title in the results.
    var title: String { "Fetch \(count.map { $0.grouped + " " } ?? "")Northwind Orders" }
    /// Whether the fetch targets apply.
    var isFetch: Bool { true }
    /// None: every implementation must agree with the hand-written one.
    var expected: Checksum? { nil }

    /// Copies the Northwind file, or skips when it does not exist.
    mutating func setUp(_ scratch: Scratch) throws -> String? {
        guard FileManager.default.fileExists(atPath: source) else {
            return "skipped: \(source) does not exist"
        }
        template = scratch.path("northwind.sqlite")
        try FileManager.default.copyItem(atPath: source, toPath: template)
        count = Int(try RawConnection(path: template).integer("SELECT count(*) FROM Orders"))
        return nil
    }

    /// Runs the workload once on a fresh copy of the template.
    func run(_ implementation: any Implementation, _ scratch: Scratch) throws -> Sample {
        let path = try scratch.copy(of: template)
        defer { scratch.remove(path) }
        let sample = try implementation.fetchOrders(path: path)
        guard sample.checksum.rows == count else {
            throw BenchError("\(implementation.name) fetched \(sample.checksum.rows) Orders rows, not \(count ?? 0)")
        }
        return sample
    }
}
