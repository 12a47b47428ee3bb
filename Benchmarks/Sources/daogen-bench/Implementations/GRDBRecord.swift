import Foundation
import GRDB

/// Implementation (4): GRDB with hand-written `FetchableRecord` / `PersistableRecord` conformances
/// that read columns by index and encode into GRDB's persistence container.
struct GRDBRecordImplementation: Implementation {
    /// The column title in the results.
    let name = "(4) GRDB record by index"

    /// `insert(_:)` of each record inside one `DatabaseQueue.write`.
    func insertWide(_ rows: [WideRow], path: String) throws -> Duration {
        let queue = try DatabaseQueue(path: path)
        let records = rows.map { IndexedWide(c1: $0.c1, c2: $0.c2, c3: $0.c3, c4: $0.c4, c5: $0.c5, c6: $0.c6, c7: $0.c7, c8: $0.c8, c9: $0.c9, c10: $0.c10) }
        return try Stopwatch.time {
            try queue.write { db in
                for var record in records {
                    try record.insert(db)
                }
            }
        }.duration
    }

    /// `fetchAll(_:)` inside `DatabaseQueue.read`.
    func fetchWide(path: String) throws -> Sample {
        let queue = try DatabaseQueue(path: path)
        let (duration, records) = try Stopwatch.time {
            try queue.read { db in try IndexedWide.fetchAll(db) }
        }
        return Sample(duration: duration, checksum: Checksum(wideRows: records.map(\.row)))
    }

    /// `fetchAll(_:)` inside `DatabaseQueue.read`.
    func fetchOrders(path: String) throws -> Sample {
        let queue = try DatabaseQueue(path: path)
        let (duration, orders) = try Stopwatch.time {
            try queue.read { db in try IndexedOrder.fetchAll(db) }
        }
        var checksum = Checksum()
        for order in orders { checksum.add(order.fields) }
        return Sample(duration: duration, checksum: checksum)
    }

    /// `fetchAll(_:sql:arguments:)` of a record that reads by index, inside `DatabaseQueue.read`.
    func fetchJoin(after: Int64, path: String) throws -> Sample {
        let queue = try DatabaseQueue(path: path)
        let (duration, rows) = try Stopwatch.time {
            try queue.read { db in try IndexedBookWithAuthor.fetchAll(db, sql: JoinWorkload.sql, arguments: [after]) }
        }
        var checksum = Checksum()
        for row in rows {
            checksum.add(JoinRow(id: row.id, title: row.title, rating: row.rating, authorName: row.authorName))
        }
        return Sample(duration: duration, checksum: checksum)
    }

    /// `fetchOne(_:key:)` for each key, inside one `DatabaseQueue.read`.
    func findWide(keys: [Int64], path: String) throws -> Sample {
        let queue = try DatabaseQueue(path: path)
        let (duration, checksum) = try Stopwatch.time {
            try queue.read { db in
                var checksum = Checksum()
                for key in keys {
                    guard let record = try IndexedWide.fetchOne(db, key: key) else {
                        throw BenchError("GRDB record: no row \(key)")
                    }
                    checksum.add(record.row)
                }
                return checksum
            }
        }
        return Sample(duration: duration, checksum: checksum)
    }

    /// GRDB's query interface for each query, `filter(Column("category") == c && Column("price") < p).limit(50)`,
    /// into a record that reads by index, inside one `DatabaseQueue.read`.
    func filterProducts(_ queries: [FilterQuery], path: String) throws -> Sample {
        let queue = try DatabaseQueue(path: path)
        let (duration, results) = try Stopwatch.time {
            try queue.read { db in
                var results: [[IndexedProduct]] = []
                results.reserveCapacity(queries.count)
                for query in queries {
                    results.append(try IndexedProduct
                        .filter(Column("category") == query.category && Column("price") < query.price)
                        .limit(FilterWorkload.limit)
                        .fetchAll(db))
                }
                return results
            }
        }
        var checksum = Checksum()
        for records in results {
            for record in records { checksum.add(record.row) }
        }
        return Sample(duration: duration, checksum: checksum)
    }

    /// `update(_:)` of each record inside one `DatabaseQueue.write`.
    func updateWide(_ rows: [WideRow], path: String) throws -> Duration {
        let queue = try DatabaseQueue(path: path)
        let records = rows.map { IndexedWide(id: $0.id, c1: $0.c1, c2: $0.c2, c3: $0.c3, c4: $0.c4, c5: $0.c5, c6: $0.c6, c7: $0.c7, c8: $0.c8, c9: $0.c9, c10: $0.c10) }
        return try Stopwatch.time {
            try queue.write { db in
                for record in records {
                    try record.update(db)  // throws RecordError.recordNotFound when no row has the key
                }
            }
        }.duration
    }
}

/// A `wide` row as a hand-written GRDB record: it selects its columns in a fixed order and reads
/// them by index.
struct IndexedWide: FetchableRecord, MutablePersistableRecord {
    /// The table the record reads and writes.
    static let databaseTableName = "wide"

    /// The columns, in the order ``init(row:)`` reads them.
    static var databaseSelection: [any SQLSelectable] {
        [
            Column("id"), Column("c1"), Column("c2"), Column("c3"), Column("c4"), Column("c5"),
            Column("c6"), Column("c7"), Column("c8"), Column("c9"), Column("c10"),
        ]
    }

    /// The INTEGER PRIMARY KEY; nil until inserted.
    var id: Int64?
    /// Column `c1`.
    var c1: Int64
    /// Column `c2`.
    var c2: Int64
    /// Column `c3`.
    var c3: Int64
    /// Column `c4`.
    var c4: Int64
    /// Column `c5`.
    var c5: Int64
    /// Column `c6`.
    var c6: Int64
    /// Column `c7`.
    var c7: Int64
    /// Column `c8`.
    var c8: Int64
    /// Column `c9`.
    var c9: Int64
    /// Column `c10`.
    var c10: Int64

    /// Creates a record from its values.
    init(id: Int64? = nil, c1: Int64, c2: Int64, c3: Int64, c4: Int64, c5: Int64, c6: Int64, c7: Int64, c8: Int64, c9: Int64, c10: Int64) {
        self.id = id
        self.c1 = c1
        self.c2 = c2
        self.c3 = c3
        self.c4 = c4
        self.c5 = c5
        self.c6 = c6
        self.c7 = c7
        self.c8 = c8
        self.c9 = c9
        self.c10 = c10
    }

    /// Reads the columns of ``databaseSelection`` by index.
    init(row: Row) {
        id = row[0]
        c1 = row[1]
        c2 = row[2]
        c3 = row[3]
        c4 = row[4]
        c5 = row[5]
        c6 = row[6]
        c7 = row[7]
        c8 = row[8]
        c9 = row[9]
        c10 = row[10]
    }

    /// Writes every column into GRDB's container.
    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["c1"] = c1
        container["c2"] = c2
        container["c3"] = c3
        container["c4"] = c4
        container["c5"] = c5
        container["c6"] = c6
        container["c7"] = c7
        container["c8"] = c8
        container["c9"] = c9
        container["c10"] = c10
    }

    /// Takes the rowid SQLite assigned.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The record's values, for ``Checksum``.
    var row: WideRow {
        WideRow(id: id ?? 0, c1: c1, c2: c2, c3: c3, c4: c4, c5: c5, c6: c6, c7: c7, c8: c8, c9: c9, c10: c10)
    }
}

/// A Northwind `Orders` row as a hand-written GRDB record that reads its columns by index.
private struct IndexedOrder: FetchableRecord, TableRecord {
    /// The table the record reads and writes.
    static let databaseTableName = "Orders"

    /// The columns, in the order ``init(row:)`` reads them.
    static var databaseSelection: [any SQLSelectable] {
        [
            Column("OrderID"), Column("CustomerID"), Column("EmployeeID"), Column("OrderDate"),
            Column("RequiredDate"), Column("ShippedDate"), Column("ShipVia"), Column("Freight"),
            Column("ShipName"), Column("ShipAddress"), Column("ShipCity"), Column("ShipRegion"),
            Column("ShipPostalCode"), Column("ShipCountry"),
        ]
    }

    /// `OrderID`, the INTEGER PRIMARY KEY.
    var orderID: Int64?
    /// `CustomerID`.
    var customerID: String?
    /// `EmployeeID`.
    var employeeID: Int64?
    /// `OrderDate`.
    var orderDate: Date?
    /// `RequiredDate`.
    var requiredDate: Date?
    /// `ShippedDate`.
    var shippedDate: Date?
    /// `ShipVia`.
    var shipVia: Int64?
    /// `Freight`.
    var freight: Double?
    /// `ShipName`.
    var shipName: String?
    /// `ShipAddress`.
    var shipAddress: String?
    /// `ShipCity`.
    var shipCity: String?
    /// `ShipRegion`.
    var shipRegion: String?
    /// `ShipPostalCode`.
    var shipPostalCode: String?
    /// `ShipCountry`.
    var shipCountry: String?

    /// Reads the columns of ``databaseSelection`` by index.
    init(row: Row) {
        orderID = row[0]
        customerID = row[1]
        employeeID = row[2]
        orderDate = row[3]
        requiredDate = row[4]
        shippedDate = row[5]
        shipVia = row[6]
        freight = row[7]
        shipName = row[8]
        shipAddress = row[9]
        shipCity = row[10]
        shipRegion = row[11]
        shipPostalCode = row[12]
        shipCountry = row[13]
    }

    /// The fields, for ``Checksum``.
    var fields: OrderFields {
        OrderFields(
            orderID: orderID, customerID: customerID, employeeID: employeeID, orderDate: orderDate,
            requiredDate: requiredDate, shippedDate: shippedDate, shipVia: shipVia, freight: freight,
            shipName: shipName, shipAddress: shipAddress, shipCity: shipCity, shipRegion: shipRegion,
            shipPostalCode: shipPostalCode, shipCountry: shipCountry)
    }
}

/// A row of the join as a hand-written GRDB record that reads the columns of ``JoinWorkload/sql``
/// by index.
struct IndexedBookWithAuthor: FetchableRecord {
    /// `book.id`.
    var id: Int64
    /// `book.title`.
    var title: String
    /// `book.rating`.
    var rating: Double?
    /// `author.name AS author_name`.
    var authorName: String

    /// Reads the columns by index.
    init(row: Row) {
        id = row[0]
        title = row[1]
        rating = row[2]
        authorName = row[3]
    }
}

/// A `product` row as a hand-written GRDB record that reads its columns by index.
private struct IndexedProduct: FetchableRecord, TableRecord {
    /// The table the record reads.
    static let databaseTableName = "product"

    /// The columns, in the order ``init(row:)`` reads them.
    static var databaseSelection: [any SQLSelectable] {
        [Column("id"), Column("category"), Column("price"), Column("name")]
    }

    /// The INTEGER PRIMARY KEY.
    var id: Int64
    /// Column `category`.
    var category: Int64
    /// Column `price`.
    var price: Double
    /// Column `name`.
    var name: String

    /// Reads the columns of ``databaseSelection`` by index.
    init(row: Row) {
        id = row[0]
        category = row[1]
        price = row[2]
        name = row[3]
    }

    /// The record's values, for ``Checksum``.
    var row: ProductRow {
        ProductRow(id: id, category: category, price: price, name: name)
    }
}
