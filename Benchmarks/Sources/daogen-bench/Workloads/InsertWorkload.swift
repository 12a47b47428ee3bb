/// Inserts rows of ten INTEGER columns into the empty `wide` table of a fresh file, in one transaction.
struct InsertWorkload: Workload {
    /// The rows to insert; their ids are the ones SQLite assigns to a fresh table.
    let rows: [WideRow]
    /// The empty database every run copies.
    private var template = ""

    /// Creates the workload for `count` rows.
    init(count: Int) {
        rows = WideRow.rows(count: count)
    }

    /// The name `--workloads` takes.
    var identifier: String { "insert" }
    /// The row title in the results.
    var title: String { "Insert \(rows.count.grouped) rows (one transaction)" }
    /// Whether the fetch targets apply.
    var isFetch: Bool { false }
    /// The checksum every implementation must produce.
    var expected: Checksum? { Checksum(wideRows: rows) }

    /// Makes the template file the runs copy.
    mutating func setUp(_ scratch: Scratch) throws -> String? {
        template = try scratch.wideTemplate(rows: 0)
        return nil
    }

    /// Runs the workload once on a fresh copy of the template.
    func run(_ implementation: any Implementation, _ scratch: Scratch) throws -> Sample {
        let path = try scratch.copy(of: template)
        defer { scratch.remove(path) }
        let duration = try implementation.insertWide(rows, path: path)
        return Sample(duration: duration, checksum: Checksum(wideRows: try scratch.wideRows(path: path)))
    }
}
