/// Finds rows of `wide` by primary key, one query per key, in one read transaction.
struct FindByKeyWorkload: Workload {
    /// The keys, pseudo-random in `1...tableRows`, in the order every implementation looks them up.
    let keys: [Int64]
    /// The number of rows in the table.
    let tableRows: Int
    /// The database every run copies.
    private var template = ""

    /// Creates the workload for `count` lookups in a table of `tableRows` rows.
    init(count: Int, tableRows: Int) {
        self.tableRows = tableRows
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        keys = (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int64(state % UInt64(tableRows)) + 1
        }
    }

    /// The name `--workloads` takes.
    var identifier: String { "find" }
    /// The row title in the results.
    var title: String { "Find by primary key \(keys.count.grouped) times" }
    /// Whether the fetch targets apply.
    var isFetch: Bool { false }
    /// The checksum every implementation must produce.
    var expected: Checksum? {
        var checksum = Checksum()
        for key in keys { checksum.add(WideRow(id: key)) }
        return checksum
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
        return try implementation.findWide(keys: keys, path: path)
    }
}
