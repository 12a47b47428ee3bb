import BenchSchemas
import CSQLiteBench

/// Runs a filter decided at run time many times: the products of a category under a price, at most
/// ``limit`` of them (`WHERE category = ? AND price < ? LIMIT 50`), for many (category, price) pairs,
/// in one read transaction.
///
/// daogen builds the condition in Swift from its typed columns for each pair
/// (`fetchAll(where: { $0.category == c && $0.price < p }, limit: 50)`); the C API prepares that SQL
/// once and binds each pair; GRDB runs its query interface
/// (`filter(Column("category") == c && Column("price") < p).limit(50)`).
struct FilterWorkload: Workload {
    /// The number of rows each query returns at most.
    static let limit = 50
    /// The most expensive price, in hundredths: prices are `0.00 ..< 1000.00`.
    static let priceCents: UInt64 = 100_000

    /// The number of products in the table.
    let products: Int
    /// The number of categories, `1...categories`.
    let categories: Int
    /// The (category, price) pairs, in the order every implementation runs them.
    let queries: [FilterQuery]
    /// The database every run copies.
    private var template = ""

    /// The query the hand-written implementation prepares once, and GRDB tuned takes from its cache.
    static let sql = "SELECT id, category, price, name FROM product WHERE category = ? AND price < ? LIMIT 50"

    /// Creates the workload for `count` queries on `products` products in `categories` categories.
    ///
    /// Each query's price is pseudo-random below twice the price under which a category holds
    /// ``limit`` products, so about half the queries return ``limit`` rows and the others fewer
    /// (none, for some).
    init(count: Int, products: Int, categories: Int) {
        self.products = products
        self.categories = max(1, min(categories, products))
        let perCategory = max(1, products / self.categories)
        let bound = max(1, 2 * UInt64(Self.limit) * Self.priceCents / UInt64(perCategory))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        /// The next pseudo-random number (xorshift64).
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let categoryCount = UInt64(self.categories)
        queries = (0..<count).map { _ in
            let category = Int64(next() % categoryCount) + 1
            let price = Double(next() % bound) / 100
            return FilterQuery(category: category, price: price)
        }
    }

    /// The name `--workloads` takes.
    var identifier: String { "filter" }
    /// The row title in the results.
    var title: String {
        "Filter \(queries.count.grouped) times: category = ? AND price < ? LIMIT 50 (\(products.grouped) rows)"
    }
    /// Whether the fetch targets apply.
    var isFetch: Bool { false }
    /// Issue 23's target: a condition built at run time, within 1.15× of SQL prepared once.
    var daogenTarget: Double { 1.15 }

    /// The checksum every implementation must produce: each query's rows in the order of the index on
    /// (category, price), ties by key, which SQLite reads them in.
    var expected: Checksum? {
        var byCategory: [Int64: [ProductRow]] = [:]
        for row in ProductRow.rows(count: products, categories: categories) {
            byCategory[row.category, default: []].append(row)
        }
        for key in byCategory.keys {
            byCategory[key]!.sort { ($0.price, $0.id) < ($1.price, $1.id) }
        }
        var checksum = Checksum()
        for query in queries {
            for row in (byCategory[query.category] ?? []).prefix(while: { $0.price < query.price }).prefix(Self.limit) {
                checksum.add(row)
            }
        }
        return checksum
    }

    /// Makes the template file: daogen's schema and `products` products.
    mutating func setUp(_ scratch: Scratch) throws -> String? {
        template = scratch.path("product-\(products)-\(categories).sqlite")
        do {
            // The schema is daogen's own, so that BenchDatabase.open accepts the copies.
            _ = try BenchDatabase.open(path: template)
        }
        let connection = try RawConnection(path: template)
        try connection.execute("BEGIN")
        let insert = try connection.prepare("INSERT INTO product (id, category, price, name) VALUES (?, ?, ?, ?)")
        defer { sqlite3_finalize(insert) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for row in ProductRow.rows(count: products, categories: categories) {
            sqlite3_bind_int64(insert, 1, row.id)
            sqlite3_bind_int64(insert, 2, row.category)
            sqlite3_bind_double(insert, 3, row.price)
            guard sqlite3_bind_text(insert, 4, row.name, -1, transient) == SQLITE_OK,
                  sqlite3_step(insert) == SQLITE_DONE
            else { throw connection.error("template product") }
            sqlite3_reset(insert)
        }
        try connection.execute("COMMIT")
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return nil
    }

    /// Runs the workload once on a fresh copy of the template.
    func run(_ implementation: any Implementation, _ scratch: Scratch) throws -> Sample {
        let path = try scratch.copy(of: template)
        defer { scratch.remove(path) }
        return try implementation.filterProducts(queries, path: path)
    }
}

/// One run of the filter: the products of `category` cheaper than `price`.
struct FilterQuery {
    /// The category the products are in.
    var category: Int64
    /// The price the products are under.
    var price: Double
}

/// A row of `product` as plain values: the data the template holds and the record of the
/// hand-written implementation.
struct ProductRow: Equatable {
    /// The INTEGER PRIMARY KEY.
    var id: Int64
    /// The category, in `1...categories`.
    var category: Int64
    /// The price, a whole number of hundredths below 1000.
    var price: Double
    /// A short name.
    var name: String
}

extension ProductRow {
    /// The rows `1...count` of a table of products in `categories` categories, each category and price
    /// a deterministic pseudo-random function of the key.
    static func rows(count: Int, categories: Int) -> [ProductRow] {
        (0..<count).map { offset in
            let id = Int64(offset + 1)
            var x = UInt64(bitPattern: id &* 0x2545_F491 &+ 0x4F6C_DD1D)
            x ^= x >> 31
            x = x &* 0x94D0_49BB_1331_11EB
            x ^= x >> 29
            return ProductRow(
                id: id,
                category: Int64(x % UInt64(max(1, categories))) + 1,
                price: Double((x >> 20) % FilterWorkload.priceCents) / 100,
                name: "Product \(id)")
        }
    }
}

extension Checksum {
    /// Feeds a row of `product`.
    mutating func add(_ row: ProductRow) {
        addRow()
        add(row.id)
        add(row.category)
        add(row.price)
        add(row.name)
    }
}
