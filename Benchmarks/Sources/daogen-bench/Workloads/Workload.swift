import Foundation

/// One kind of work that every implementation does, with the files it needs.
protocol Workload {
    /// A short identifier for `--workloads`, such as `insert`.
    var identifier: String { get }
    /// The row title in the results, such as `Insert 50,000 rows (one transaction)`.
    var title: String { get }
    /// True for the fetch workloads, which the "2× faster than GRDB Codable" target covers.
    var isFetch: Bool { get }
    /// The largest ratio of daogen's time to the C API's that the workload's target allows.
    var daogenTarget: Double { get }
    /// The checksum every implementation must produce, when the workload knows it in advance;
    /// otherwise every implementation must agree with the first one, the hand-written baseline.
    var expected: Checksum? { get }

    /// Prepares the files the workload copies for each run; returns a one-line reason when the
    /// workload cannot run here.
    mutating func setUp(_ scratch: Scratch) throws -> String?

    /// Does the work once with `implementation`, on fresh copies of the prepared files.
    func run(_ implementation: any Implementation, _ scratch: Scratch) throws -> Sample
}

extension Workload {
    /// Within 1.10× of the C API, the target of most workloads.
    var daogenTarget: Double { 1.10 }
}

/// How many rows each workload handles.
struct WorkloadSizes {
    /// Rows inserted into a fresh file.
    var insertRows = 50_000
    /// Rows in the file that the fetch, find and update workloads use.
    var tableRows = 200_000
    /// Primary-key lookups.
    var findKeys = 100_000
    /// Rows updated.
    var updateRows = 50_000
    /// Books in the join workload's file; the join returns each once.
    var joinBooks = 200_000
    /// Authors in the join workload's file.
    var joinAuthors = 1_000
    /// Products in the filter workload's file.
    var filterProducts = 200_000
    /// Categories the products are in; each filter query picks one.
    var filterCategories = 100
    /// Filter queries.
    var filterQueries = 10_000

    /// The sizes of the workloads, multiplied by `scale` (at least one row each).
    static func scaled(_ scale: Double) -> WorkloadSizes {
        /// One scaled count.
        func scaled(_ count: Int) -> Int { max(1, Int((Double(count) * scale).rounded())) }
        let full = WorkloadSizes()
        var sizes = WorkloadSizes(
            insertRows: scaled(full.insertRows), tableRows: scaled(full.tableRows),
            findKeys: scaled(full.findKeys), updateRows: scaled(full.updateRows),
            joinBooks: scaled(full.joinBooks), joinAuthors: scaled(full.joinAuthors),
            filterProducts: scaled(full.filterProducts), filterCategories: scaled(full.filterCategories),
            filterQueries: scaled(full.filterQueries))
        sizes.updateRows = min(sizes.updateRows, sizes.tableRows)
        return sizes
    }

    /// A few hundred rows per workload: enough to run every code path, for CI.
    static let smoke = WorkloadSizes(
        insertRows: 300, tableRows: 500, findKeys: 300, updateRows: 300, joinBooks: 500, joinAuthors: 20,
        filterProducts: 500, filterCategories: 5, filterQueries: 300)
}

extension Int {
    /// The number with thousands separators, as in "50,000".
    var grouped: String {
        let digits = String(self.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}
