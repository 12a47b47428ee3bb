/// Fetches every row of a `wide` table of ten INTEGER columns into records.
struct FetchWideWorkload: Workload {
    /// The number of rows in the table.
    let count: Int
    /// The database every run copies.
    private var template = ""

    /// Creates the workload for a table of `count` rows.
    init(count: Int) {
        self.count = count
    }

    /// The name `--workloads` takes.
    var identifier: String { "fetch" }
    /// The row title in the results.
    var title: String { "Fetch \(count.grouped) rows of 10 INTEGER columns" }
    /// Whether the fetch targets apply.
    var isFetch: Bool { true }
    /// The checksum every implementation must produce.
    var expected: Checksum? { Checksum(wideRows: WideRow.rows(count: count)) }

    /// Makes the template file the runs copy.
    mutating func setUp(_ scratch: Scratch) throws -> String? {
        template = try scratch.wideTemplate(rows: count)
        return nil
    }

    /// Runs the workload once on a fresh copy of the template.
    func run(_ implementation: any Implementation, _ scratch: Scratch) throws -> Sample {
        let path = try scratch.copy(of: template)
        defer { scratch.remove(path) }
        return try implementation.fetchWide(path: path)
    }
}
