import BenchSchemas
import DAOGenRuntime
import Foundation

/// Implementation (2): the records and DAOs that daogen's build plugin generated from
/// `Sources/BenchSchemas`, used the way an app uses them.
struct DAOGenImplementation: Implementation {
    /// The column title in the results.
    let name = "(2) daogen"

    /// `WideDAO.insert(contentsOf:)`, which runs its own transaction.
    func insertWide(_ rows: [WideRow], path: String) throws -> Duration {
        let database = try BenchDatabase.open(path: path)
        let records = rows.map { Wide(c1: $0.c1, c2: $0.c2, c3: $0.c3, c4: $0.c4, c5: $0.c5, c6: $0.c6, c7: $0.c7, c8: $0.c8, c9: $0.c9, c10: $0.c10) }
        let dao = database.wide
        return try Stopwatch.time {
            try dao.insert(contentsOf: records)
        }.duration
    }

    /// `WideDAO.fetchAll()`.
    func fetchWide(path: String) throws -> Sample {
        let dao = try BenchDatabase.open(path: path).wide
        let (duration, records) = try Stopwatch.time {
            try dao.fetchAll()
        }
        return Sample(duration: duration, checksum: Checksum(wideRows: records.map(\.row)))
    }

    /// `OrdersDAO.fetchAll()` on a plain runtime `Database`.
    func fetchOrders(path: String) throws -> Sample {
        // Northwind has tables but no user_version, so BenchDatabase.open would refuse it: use the
        // runtime's connection and the generated DAO directly.
        let dao = OrdersDAO(database: try Database(path: path))
        let (duration, orders) = try Stopwatch.time {
            try dao.fetchAll()
        }
        var checksum = Checksum()
        for order in orders { checksum.add(order.fields) }
        return Sample(duration: duration, checksum: checksum)
    }

    /// The generated query method `BookDAO.withAuthor(after:)`.
    func fetchJoin(after: Int64, path: String) throws -> Sample {
        let dao = try BenchDatabase.open(path: path).book
        let (duration, rows) = try Stopwatch.time {
            try dao.withAuthor(after: after)
        }
        var checksum = Checksum()
        for row in rows {
            checksum.add(JoinRow(id: row.id, title: row.title, rating: row.rating, authorName: row.authorName))
        }
        return Sample(duration: duration, checksum: checksum)
    }

    /// `WideDAO.find(id:)` for each key, inside `BenchDatabase.transaction`.
    func findWide(keys: [Int64], path: String) throws -> Sample {
        let database = try BenchDatabase.open(path: path)
        let (duration, checksum) = try Stopwatch.time {
            try database.transaction { database in
                let dao = database.wide
                var checksum = Checksum()
                for key in keys {
                    guard let record = try dao.find(id: key) else { throw BenchError("daogen: no row \(key)") }
                    checksum.add(record.row)
                }
                return checksum
            }
        }
        return Sample(duration: duration, checksum: checksum)
    }

    /// `ProductDAO.fetchAll(where: { $0.category == c && $0.price < p }, limit: 50)` for each query: a
    /// condition built from the typed columns each time, inside `BenchDatabase.transaction`.
    func filterProducts(_ queries: [FilterQuery], path: String) throws -> Sample {
        let database = try BenchDatabase.open(path: path)
        let (duration, results) = try Stopwatch.time {
            try database.transaction { database in
                let dao = database.product
                var results: [[Product]] = []
                results.reserveCapacity(queries.count)
                for query in queries {
                    let (category, price) = (query.category, query.price)
                    results.append(try dao.fetchAll(where: { $0.category == category && $0.price < price }, limit: FilterWorkload.limit))
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

    /// `WideDAO.update(_:)` for each record, inside `BenchDatabase.transaction`.
    func updateWide(_ rows: [WideRow], path: String) throws -> Duration {
        let database = try BenchDatabase.open(path: path)
        let records = rows.map { Wide(id: $0.id, c1: $0.c1, c2: $0.c2, c3: $0.c3, c4: $0.c4, c5: $0.c5, c6: $0.c6, c7: $0.c7, c8: $0.c8, c9: $0.c9, c10: $0.c10) }
        return try Stopwatch.time {
            try database.transaction { database in
                let dao = database.wide
                for record in records {
                    guard try dao.update(record) else { throw BenchError("daogen: no row \(record.id ?? 0) to update") }
                }
            }
        }.duration
    }
}

extension Wide {
    /// The record's values, for ``Checksum``.
    fileprivate var row: WideRow {
        WideRow(id: id ?? 0, c1: c1, c2: c2, c3: c3, c4: c4, c5: c5, c6: c6, c7: c7, c8: c8, c9: c9, c10: c10)
    }
}

extension Product {
    /// The record's values, for ``Checksum``.
    fileprivate var row: ProductRow {
        ProductRow(id: id ?? 0, category: category, price: price, name: name)
    }
}

extension Orders {
    /// The record's values, for ``Checksum``.
    fileprivate var fields: OrderFields {
        OrderFields(
            orderID: orderID, customerID: customerID, employeeID: employeeID, orderDate: orderDate,
            requiredDate: requiredDate, shippedDate: shippedDate, shipVia: shipVia, freight: freight,
            shipName: shipName, shipAddress: shipAddress, shipCity: shipCity, shipRegion: shipRegion,
            shipPostalCode: shipPostalCode, shipCountry: shipCountry)
    }
}
