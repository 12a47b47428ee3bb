import Foundation
import GRDB

/// Implementation (3): GRDB with `Codable` records, whose rows GRDB decodes by column name.
struct GRDBCodableImplementation: Implementation {
    /// The column title in the results.
    let name = "(3) GRDB Codable"

    /// `insert(_:)` of each record inside one `DatabaseQueue.write`.
    func insertWide(_ rows: [WideRow], path: String) throws -> Duration {
        let queue = try DatabaseQueue(path: path)
        let records = rows.map { CodableWide(c1: $0.c1, c2: $0.c2, c3: $0.c3, c4: $0.c4, c5: $0.c5, c6: $0.c6, c7: $0.c7, c8: $0.c8, c9: $0.c9, c10: $0.c10) }
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
            try queue.read { db in try CodableWide.fetchAll(db) }
        }
        return Sample(duration: duration, checksum: Checksum(wideRows: records.map(\.row)))
    }

    /// `fetchAll(_:)` inside `DatabaseQueue.read`.
    func fetchOrders(path: String) throws -> Sample {
        let queue = try DatabaseQueue(path: path)
        let (duration, orders) = try Stopwatch.time {
            try queue.read { db in try CodableOrder.fetchAll(db) }
        }
        var checksum = Checksum()
        for order in orders { checksum.add(order.fields) }
        return Sample(duration: duration, checksum: checksum)
    }

    /// `fetchAll(_:sql:arguments:)` of a `Decodable` struct inside `DatabaseQueue.read`.
    func fetchJoin(after: Int64, path: String) throws -> Sample {
        let queue = try DatabaseQueue(path: path)
        let (duration, rows) = try Stopwatch.time {
            try queue.read { db in try CodableBookWithAuthor.fetchAll(db, sql: JoinWorkload.sql, arguments: [after]) }
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
                    guard let record = try CodableWide.fetchOne(db, key: key) else {
                        throw BenchError("GRDB Codable: no row \(key)")
                    }
                    checksum.add(record.row)
                }
                return checksum
            }
        }
        return Sample(duration: duration, checksum: checksum)
    }

    /// GRDB's query interface for each query, `filter(Column("category") == c && Column("price") < p).limit(50)`,
    /// into a `Codable` record, inside one `DatabaseQueue.read`.
    func filterProducts(_ queries: [FilterQuery], path: String) throws -> Sample {
        let queue = try DatabaseQueue(path: path)
        let (duration, results) = try Stopwatch.time {
            try queue.read { db in
                var results: [[CodableProduct]] = []
                results.reserveCapacity(queries.count)
                for query in queries {
                    results.append(try CodableProduct
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
        let records = rows.map { CodableWide(id: $0.id, c1: $0.c1, c2: $0.c2, c3: $0.c3, c4: $0.c4, c5: $0.c5, c6: $0.c6, c7: $0.c7, c8: $0.c8, c9: $0.c9, c10: $0.c10) }
        return try Stopwatch.time {
            try queue.write { db in
                for record in records {
                    try record.update(db)  // throws RecordError.recordNotFound when no row has the key
                }
            }
        }.duration
    }
}

/// A `wide` row as a GRDB `Codable` record.
private struct CodableWide: Codable, FetchableRecord, MutablePersistableRecord {
    /// The table the record reads and writes.
    static let databaseTableName = "wide"

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

    /// Takes the rowid SQLite assigned.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The record's values, for ``Checksum``.
    var row: WideRow {
        WideRow(id: id ?? 0, c1: c1, c2: c2, c3: c3, c4: c4, c5: c5, c6: c6, c7: c7, c8: c8, c9: c9, c10: c10)
    }
}

/// A Northwind `Orders` row as a GRDB `Codable` record.
private struct CodableOrder: Codable, FetchableRecord, TableRecord {
    /// The table the record reads and writes.
    static let databaseTableName = "Orders"

    /// The column names of the properties.
    enum CodingKeys: String, CodingKey {
        case orderID = "OrderID"
        case customerID = "CustomerID"
        case employeeID = "EmployeeID"
        case orderDate = "OrderDate"
        case requiredDate = "RequiredDate"
        case shippedDate = "ShippedDate"
        case shipVia = "ShipVia"
        case freight = "Freight"
        case shipName = "ShipName"
        case shipAddress = "ShipAddress"
        case shipCity = "ShipCity"
        case shipRegion = "ShipRegion"
        case shipPostalCode = "ShipPostalCode"
        case shipCountry = "ShipCountry"
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

    /// The fields, for ``Checksum``.
    var fields: OrderFields {
        OrderFields(
            orderID: orderID, customerID: customerID, employeeID: employeeID, orderDate: orderDate,
            requiredDate: requiredDate, shippedDate: shippedDate, shipVia: shipVia, freight: freight,
            shipName: shipName, shipAddress: shipAddress, shipCity: shipCity, shipRegion: shipRegion,
            shipPostalCode: shipPostalCode, shipCountry: shipCountry)
    }
}

/// A row of the join as a GRDB `Decodable` record, decoded by column name.
private struct CodableBookWithAuthor: Decodable, FetchableRecord {
    /// The column names of the properties.
    enum CodingKeys: String, CodingKey {
        case id, title, rating
        case authorName = "author_name"
    }

    /// `book.id`.
    var id: Int64
    /// `book.title`.
    var title: String
    /// `book.rating`.
    var rating: Double?
    /// `author.name AS author_name`.
    var authorName: String
}

/// A `product` row as a GRDB `Codable` record, decoded by column name.
private struct CodableProduct: Codable, FetchableRecord, TableRecord {
    /// The table the record reads.
    static let databaseTableName = "product"

    /// The INTEGER PRIMARY KEY.
    var id: Int64
    /// Column `category`.
    var category: Int64
    /// Column `price`.
    var price: Double
    /// Column `name`.
    var name: String

    /// The record's values, for ``Checksum``.
    var row: ProductRow {
        ProductRow(id: id, category: category, price: price, name: name)
    }
}
