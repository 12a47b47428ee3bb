import Foundation
import GRDB

/// Implementation (5): GRDB as its best user writes it. Every statement comes from GRDB's
/// statement cache (`Database.cachedStatement(sql:)`), so it is prepared once per connection; its
/// parameters are set positionally with `setUncheckedArguments(_:)` (no validation), and rows are
/// read by index from a `Row` cursor, whose row reads the statement's current row in place, into
/// plain structs. No record protocols, no query interface.
struct GRDBTunedImplementation: Implementation {
    /// The column title in the results.
    let name = "(5) GRDB tuned"

    /// The columns of `wide`, in the order every statement reads them.
    private static let wideColumns = "id, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10"

    /// A cached INSERT, its arguments set by position for each row, inside one `DatabaseQueue.write`.
    func insertWide(_ rows: [WideRow], path: String) throws -> Duration {
        let queue = try DatabaseQueue(path: path)
        return try Stopwatch.time {
            try queue.write { db in
                let insert = try db.cachedStatement(
                    sql: "INSERT INTO wide (c1, c2, c3, c4, c5, c6, c7, c8, c9, c10) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                for row in rows {
                    insert.setUncheckedArguments([row.c1, row.c2, row.c3, row.c4, row.c5, row.c6, row.c7, row.c8, row.c9, row.c10])
                    try insert.execute()
                }
            }
        }.duration
    }

    /// A cached SELECT, read by index from a `Row` cursor, inside `DatabaseQueue.read`.
    func fetchWide(path: String) throws -> Sample {
        let queue = try DatabaseQueue(path: path)
        let (duration, rows) = try Stopwatch.time {
            try queue.read { db in
                let select = try db.cachedStatement(sql: "SELECT \(Self.wideColumns) FROM wide")
                var rows: [WideRow] = []
                let cursor = try Row.fetchCursor(select)
                while let row = try cursor.next() {
                    rows.append(Self.wideRow(row))
                }
                return rows
            }
        }
        return Sample(duration: duration, checksum: Checksum(wideRows: rows))
    }

    /// A cached SELECT, read by index from a `Row` cursor (GRDB's own date decoding), inside
    /// `DatabaseQueue.read`.
    func fetchOrders(path: String) throws -> Sample {
        let queue = try DatabaseQueue(path: path)
        let (duration, orders) = try Stopwatch.time {
            try queue.read { db in
                let select = try db.cachedStatement(
                    sql: """
                        SELECT OrderID, CustomerID, EmployeeID, OrderDate, RequiredDate, ShippedDate, ShipVia, Freight,
                          ShipName, ShipAddress, ShipCity, ShipRegion, ShipPostalCode, ShipCountry FROM Orders
                        """)
                var orders: [OrderFields] = []
                let cursor = try Row.fetchCursor(select)
                while let row = try cursor.next() {
                    orders.append(OrderFields(
                        orderID: row[0], customerID: row[1], employeeID: row[2], orderDate: row[3],
                        requiredDate: row[4], shippedDate: row[5], shipVia: row[6], freight: row[7],
                        shipName: row[8], shipAddress: row[9], shipCity: row[10], shipRegion: row[11],
                        shipPostalCode: row[12], shipCountry: row[13]))
                }
                return orders
            }
        }
        var checksum = Checksum()
        for order in orders { checksum.add(order) }
        return Sample(duration: duration, checksum: checksum)
    }

    /// A cached SELECT, its argument set by position, read by index from a `Row` cursor, inside
    /// `DatabaseQueue.read`.
    func fetchJoin(after: Int64, path: String) throws -> Sample {
        let queue = try DatabaseQueue(path: path)
        let (duration, rows) = try Stopwatch.time {
            try queue.read { db in
                let select = try db.cachedStatement(sql: JoinWorkload.sql)
                select.setUncheckedArguments([after])
                var rows: [JoinRow] = []
                let cursor = try Row.fetchCursor(select)
                while let row = try cursor.next() {
                    rows.append(JoinRow(id: row[0], title: row[1], rating: row[2], authorName: row[3]))
                }
                return rows
            }
        }
        var checksum = Checksum()
        for row in rows { checksum.add(row) }
        return Sample(duration: duration, checksum: checksum)
    }

    /// One cached SELECT by key, its argument set for each key, its row read by index from a `Row`
    /// cursor, inside one `DatabaseQueue.read`.
    func findWide(keys: [Int64], path: String) throws -> Sample {
        let queue = try DatabaseQueue(path: path)
        let (duration, checksum) = try Stopwatch.time {
            try queue.read { db in
                let select = try db.cachedStatement(sql: "SELECT \(Self.wideColumns) FROM wide WHERE id = ?")
                var checksum = Checksum()
                for key in keys {
                    select.setUncheckedArguments([key])
                    // The row reads the statement in place: the cursor must outlive its use.
                    let cursor = try Row.fetchCursor(select)
                    guard let row = try cursor.next() else {
                        throw BenchError("GRDB tuned: no row \(key)")
                    }
                    checksum.add(Self.wideRow(row))
                    withExtendedLifetime(cursor) {}
                }
                return checksum
            }
        }
        return Sample(duration: duration, checksum: checksum)
    }

    /// One cached SELECT (``FilterWorkload/sql``), its arguments set by position for each query, its
    /// rows read by index from a `Row` cursor into an array per query, inside one `DatabaseQueue.read`.
    func filterProducts(_ queries: [FilterQuery], path: String) throws -> Sample {
        let queue = try DatabaseQueue(path: path)
        let (duration, results) = try Stopwatch.time {
            try queue.read { db in
                let select = try db.cachedStatement(sql: FilterWorkload.sql)
                var results: [[ProductRow]] = []
                results.reserveCapacity(queries.count)
                for query in queries {
                    select.setUncheckedArguments([query.category, query.price])
                    var rows: [ProductRow] = []
                    let cursor = try Row.fetchCursor(select)
                    while let row = try cursor.next() {
                        rows.append(ProductRow(id: row[0], category: row[1], price: row[2], name: row[3]))
                    }
                    results.append(rows)
                }
                return results
            }
        }
        var checksum = Checksum()
        for rows in results {
            for row in rows { checksum.add(row) }
        }
        return Sample(duration: duration, checksum: checksum)
    }

    /// A cached UPDATE, its arguments set by position for each row, inside one `DatabaseQueue.write`.
    func updateWide(_ rows: [WideRow], path: String) throws -> Duration {
        let queue = try DatabaseQueue(path: path)
        return try Stopwatch.time {
            try queue.write { db in
                let update = try db.cachedStatement(
                    sql: "UPDATE wide SET c1 = ?, c2 = ?, c3 = ?, c4 = ?, c5 = ?, c6 = ?, c7 = ?, c8 = ?, c9 = ?, c10 = ? WHERE id = ?")
                for row in rows {
                    update.setUncheckedArguments([row.c1, row.c2, row.c3, row.c4, row.c5, row.c6, row.c7, row.c8, row.c9, row.c10, row.id])
                    try update.execute()
                    guard db.changesCount == 1 else { throw BenchError("GRDB tuned: no row \(row.id) to update") }
                }
            }
        }.duration
    }

    /// The `wide` row a cursor is on, read by index.
    @inline(__always)
    private static func wideRow(_ row: Row) -> WideRow {
        WideRow(
            id: row[0], c1: row[1], c2: row[2], c3: row[3], c4: row[4], c5: row[5],
            c6: row[6], c7: row[7], c8: row[8], c9: row[9], c10: row[10])
    }
}
