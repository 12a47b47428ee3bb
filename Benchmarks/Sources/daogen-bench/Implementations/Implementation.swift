/// One way of doing the benchmark's work. Each method opens the file it is given, times only the
/// work the workload names (not opening or closing), and leaves the file closed.
protocol Implementation {
    /// The implementation's name in the results, such as `(1) sqlite3 C API`.
    var name: String { get }

    /// Inserts `rows` (whose `id`s are left for SQLite to assign) into the empty `wide` table of
    /// the file at `path`, in one transaction.
    func insertWide(_ rows: [WideRow], path: String) throws -> Duration

    /// Fetches every row of `wide` into an array of the implementation's records.
    func fetchWide(path: String) throws -> Sample

    /// Fetches every row of Northwind's `Orders` into an array of the implementation's records.
    func fetchOrders(path: String) throws -> Sample

    /// Finds the `wide` row of each key, one query per key, in one read transaction.
    func findWide(keys: [Int64], path: String) throws -> Sample

    /// Fetches every row of `book JOIN author` whose book key is above `after`, in key order
    /// (``JoinWorkload/sql``), into an array of the implementation's result structs.
    func fetchJoin(after: Int64, path: String) throws -> Sample

    /// Runs each query (``FilterWorkload/sql``: the products of its category under its price, at most 50,
    /// in index order) in one read transaction, into arrays of the implementation's records.
    func filterProducts(_ queries: [FilterQuery], path: String) throws -> Sample

    /// Updates every column of the `wide` row of each record's key, in one transaction.
    func updateWide(_ rows: [WideRow], path: String) throws -> Duration
}

/// A failure that stops the benchmark.
struct BenchError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String

    /// Creates an error with its message.
    init(_ description: String) {
        self.description = description
    }
}
