/// Updates every column of rows of `wide` by primary key, in one transaction.
struct UpdateWorkload: Workload {
    /// The new values of rows `1...count`, in key order.
    let rows: [WideRow]
    /// The number of rows in the table.
    let tableRows: Int
    /// The database every run copies.
    private var template = ""

    /// Creates the workload for updating the first `count` rows of a table of `tableRows` rows.
    init(count: Int, tableRows: Int) {
        self.tableRows = tableRows
        rows = WideRow.rows(count: min(count, tableRows), generation: 1)
    }

    /// The name `--workloads` takes.
    var identifier: String { "update" }
    /// The row title in the results.
    var title: String { "Update \(rows.count.grouped) rows by key (one transaction)" }
    /// Whether the fetch targets apply.
    var isFetch: Bool { false }
    /// The checksum every implementation must produce.
    var expected: Checksum? {
        Checksum(wideRows: rows + WideRow.rows(count: tableRows).dropFirst(rows.count))
    }

    /// Makes the template file the runs copy.
    mutating func setUp(_ scratch: Scratch) throws -> String? {
        template = try scratch.wideTemplate(rows: tableRows)
        return nil
    }

    /// Runs the workload once on a fresh copy of the template.
    func run(_ implementation: any Implementation, _ scratch: Scratch) throws -> Sample {
        let path = try scratch.copy(of: template)
        defer { scratch.remove(path) }
        let duration = try implementation.updateWide(rows, path: path)
        return Sample(duration: duration, checksum: Checksum(wideRows: try scratch.wideRows(path: path)))
    }
}
