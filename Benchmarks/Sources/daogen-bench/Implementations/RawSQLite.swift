import CSQLiteBench
import Foundation

/// Implementation (1), the limit: hand-written Swift against the sqlite3 C API. Every statement is
/// prepared once, bound by index and read by index, into plain structs.
struct RawSQLiteImplementation: Implementation {
    /// The column title in the results.
    let name = "(1) sqlite3 C API"

    /// The columns of `wide`, in the order every statement reads them.
    private static let wideColumns = "id, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10"

    /// One prepared INSERT, bound by index, between `BEGIN IMMEDIATE` and `COMMIT`.
    func insertWide(_ rows: [WideRow], path: String) throws -> Duration {
        let connection = try RawConnection(path: path)
        let insert = try connection.prepare(
            "INSERT INTO wide (c1, c2, c3, c4, c5, c6, c7, c8, c9, c10) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        defer { sqlite3_finalize(insert) }
        return try Stopwatch.time {
            try connection.execute("BEGIN IMMEDIATE")
            for row in rows {
                sqlite3_bind_int64(insert, 1, row.c1)
                sqlite3_bind_int64(insert, 2, row.c2)
                sqlite3_bind_int64(insert, 3, row.c3)
                sqlite3_bind_int64(insert, 4, row.c4)
                sqlite3_bind_int64(insert, 5, row.c5)
                sqlite3_bind_int64(insert, 6, row.c6)
                sqlite3_bind_int64(insert, 7, row.c7)
                sqlite3_bind_int64(insert, 8, row.c8)
                sqlite3_bind_int64(insert, 9, row.c9)
                sqlite3_bind_int64(insert, 10, row.c10)
                guard sqlite3_step(insert) == SQLITE_DONE else { throw connection.error("insert") }
                sqlite3_reset(insert)
            }
            try connection.execute("COMMIT")
        }.duration
    }

    /// One prepared SELECT, read by index into ``WideRow`` values.
    func fetchWide(path: String) throws -> Sample {
        let connection = try RawConnection(path: path)
        let select = try connection.prepare("SELECT \(Self.wideColumns) FROM wide")
        defer { sqlite3_finalize(select) }
        let (duration, rows) = try Stopwatch.time {
            var rows: [WideRow] = []
            while true {
                let code = sqlite3_step(select)
                guard code == SQLITE_ROW else {
                    guard code == SQLITE_DONE else { throw connection.error("fetch") }
                    break
                }
                rows.append(Self.wideRow(select))
            }
            sqlite3_reset(select)
            return rows
        }
        return Sample(duration: duration, checksum: Checksum(wideRows: rows))
    }

    /// One prepared SELECT, read by index; dates parsed by ``SQLiteDateText``.
    func fetchOrders(path: String) throws -> Sample {
        let connection = try RawConnection(path: path)
        let select = try connection.prepare(
            """
            SELECT OrderID, CustomerID, EmployeeID, OrderDate, RequiredDate, ShippedDate, ShipVia, Freight,
              ShipName, ShipAddress, ShipCity, ShipRegion, ShipPostalCode, ShipCountry FROM Orders
            """)
        defer { sqlite3_finalize(select) }
        let (duration, orders) = try Stopwatch.time {
            var orders: [RawOrder] = []
            while true {
                let code = sqlite3_step(select)
                guard code == SQLITE_ROW else {
                    guard code == SQLITE_DONE else { throw connection.error("fetch Orders") }
                    break
                }
                orders.append(RawOrder(
                    orderID: Self.int64(select, 0),
                    customerID: Self.string(select, 1),
                    employeeID: Self.int64(select, 2),
                    orderDate: try Self.date(select, 3),
                    requiredDate: try Self.date(select, 4),
                    shippedDate: try Self.date(select, 5),
                    shipVia: Self.int64(select, 6),
                    freight: Self.double(select, 7),
                    shipName: Self.string(select, 8),
                    shipAddress: Self.string(select, 9),
                    shipCity: Self.string(select, 10),
                    shipRegion: Self.string(select, 11),
                    shipPostalCode: Self.string(select, 12),
                    shipCountry: Self.string(select, 13)))
            }
            sqlite3_reset(select)
            return orders
        }
        var checksum = Checksum()
        for order in orders { checksum.add(order.fields) }
        return Sample(duration: duration, checksum: checksum)
    }

    /// One prepared SELECT, bound by index and read by index into ``JoinRow`` values.
    func fetchJoin(after: Int64, path: String) throws -> Sample {
        let connection = try RawConnection(path: path)
        let select = try connection.prepare(JoinWorkload.sql)
        defer { sqlite3_finalize(select) }
        let (duration, rows) = try Stopwatch.time {
            var rows: [JoinRow] = []
            sqlite3_bind_int64(select, 1, after)
            while true {
                let code = sqlite3_step(select)
                guard code == SQLITE_ROW else {
                    guard code == SQLITE_DONE else { throw connection.error("fetch join") }
                    break
                }
                guard let title = Self.string(select, 1), let authorName = Self.string(select, 3) else {
                    throw BenchError("NULL in a NOT NULL column of the join")
                }
                rows.append(JoinRow(
                    id: sqlite3_column_int64(select, 0),
                    title: title,
                    rating: Self.double(select, 2),
                    authorName: authorName))
            }
            sqlite3_reset(select)
            return rows
        }
        var checksum = Checksum()
        for row in rows { checksum.add(row) }
        return Sample(duration: duration, checksum: checksum)
    }

    /// One prepared SELECT by key, rebound for each key, between `BEGIN` and `COMMIT`.
    func findWide(keys: [Int64], path: String) throws -> Sample {
        let connection = try RawConnection(path: path)
        let select = try connection.prepare("SELECT \(Self.wideColumns) FROM wide WHERE id = ?")
        defer { sqlite3_finalize(select) }
        let (duration, checksum) = try Stopwatch.time {
            var checksum = Checksum()
            try connection.execute("BEGIN")
            for key in keys {
                sqlite3_bind_int64(select, 1, key)
                guard sqlite3_step(select) == SQLITE_ROW else { throw connection.error("find \(key)") }
                checksum.add(Self.wideRow(select))
                sqlite3_reset(select)
            }
            try connection.execute("COMMIT")
            return checksum
        }
        return Sample(duration: duration, checksum: checksum)
    }

    /// One prepared SELECT (``FilterWorkload/sql``), rebound for each query and read by index into an
    /// array of ``ProductRow`` values per query, between `BEGIN` and `COMMIT`.
    func filterProducts(_ queries: [FilterQuery], path: String) throws -> Sample {
        let connection = try RawConnection(path: path)
        let select = try connection.prepare(FilterWorkload.sql)
        defer { sqlite3_finalize(select) }
        let (duration, results) = try Stopwatch.time {
            var results: [[ProductRow]] = []
            results.reserveCapacity(queries.count)
            try connection.execute("BEGIN")
            for query in queries {
                sqlite3_bind_int64(select, 1, query.category)
                sqlite3_bind_double(select, 2, query.price)
                var rows: [ProductRow] = []
                while true {
                    let code = sqlite3_step(select)
                    guard code == SQLITE_ROW else {
                        guard code == SQLITE_DONE else { throw connection.error("filter") }
                        break
                    }
                    guard let name = Self.string(select, 3) else { throw BenchError("NULL in product.name") }
                    rows.append(ProductRow(
                        id: sqlite3_column_int64(select, 0),
                        category: sqlite3_column_int64(select, 1),
                        price: sqlite3_column_double(select, 2),
                        name: name))
                }
                sqlite3_reset(select)
                results.append(rows)
            }
            try connection.execute("COMMIT")
            return results
        }
        var checksum = Checksum()
        for rows in results {
            for row in rows { checksum.add(row) }
        }
        return Sample(duration: duration, checksum: checksum)
    }

    /// One prepared UPDATE, bound by index, between `BEGIN IMMEDIATE` and `COMMIT`.
    func updateWide(_ rows: [WideRow], path: String) throws -> Duration {
        let connection = try RawConnection(path: path)
        let update = try connection.prepare(
            "UPDATE wide SET c1 = ?, c2 = ?, c3 = ?, c4 = ?, c5 = ?, c6 = ?, c7 = ?, c8 = ?, c9 = ?, c10 = ? WHERE id = ?")
        defer { sqlite3_finalize(update) }
        return try Stopwatch.time {
            try connection.execute("BEGIN IMMEDIATE")
            for row in rows {
                sqlite3_bind_int64(update, 1, row.c1)
                sqlite3_bind_int64(update, 2, row.c2)
                sqlite3_bind_int64(update, 3, row.c3)
                sqlite3_bind_int64(update, 4, row.c4)
                sqlite3_bind_int64(update, 5, row.c5)
                sqlite3_bind_int64(update, 6, row.c6)
                sqlite3_bind_int64(update, 7, row.c7)
                sqlite3_bind_int64(update, 8, row.c8)
                sqlite3_bind_int64(update, 9, row.c9)
                sqlite3_bind_int64(update, 10, row.c10)
                sqlite3_bind_int64(update, 11, row.id)
                guard sqlite3_step(update) == SQLITE_DONE, sqlite3_changes(connection.handle) == 1 else {
                    throw connection.error("update \(row.id)")
                }
                sqlite3_reset(update)
            }
            try connection.execute("COMMIT")
        }.duration
    }

    /// The `wide` row at the current step of a statement that selects ``wideColumns``.
    @inline(__always)
    static func wideRow(_ statement: OpaquePointer) -> WideRow {
        WideRow(
            id: sqlite3_column_int64(statement, 0),
            c1: sqlite3_column_int64(statement, 1),
            c2: sqlite3_column_int64(statement, 2),
            c3: sqlite3_column_int64(statement, 3),
            c4: sqlite3_column_int64(statement, 4),
            c5: sqlite3_column_int64(statement, 5),
            c6: sqlite3_column_int64(statement, 6),
            c7: sqlite3_column_int64(statement, 7),
            c8: sqlite3_column_int64(statement, 8),
            c9: sqlite3_column_int64(statement, 9),
            c10: sqlite3_column_int64(statement, 10))
    }

    /// A nullable INTEGER column.
    @inline(__always)
    private static func int64(_ statement: OpaquePointer, _ index: Int32) -> Int64? {
        sqlite3_column_type(statement, index) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, index)
    }

    /// A nullable REAL or NUMERIC column.
    @inline(__always)
    private static func double(_ statement: OpaquePointer, _ index: Int32) -> Double? {
        sqlite3_column_type(statement, index) == SQLITE_NULL ? nil : sqlite3_column_double(statement, index)
    }

    /// A nullable TEXT column.
    @inline(__always)
    private static func string(_ statement: OpaquePointer, _ index: Int32) -> String? {
        guard let text = sqlite3_column_text(statement, index) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// A nullable date column holding `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` text, in UTC.
    @inline(__always)
    private static func date(_ statement: OpaquePointer, _ index: Int32) throws -> Date? {
        guard let text = sqlite3_column_text(statement, index) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, index))
        guard let seconds = SQLiteDateText.seconds(UnsafeBufferPointer(start: text, count: count)) else {
            throw BenchError("column \(index) is not a date")
        }
        return Date(timeIntervalSince1970: Double(seconds))
    }
}

/// A hand-written record of Northwind's `Orders`.
private struct RawOrder {
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

/// Parses the date text SQLite's date functions write, without Foundation's formatters.
enum SQLiteDateText {
    /// Seconds since 1970 (UTC) of `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` (`T` also accepted), or nil.
    @inline(__always)
    static func seconds(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard text.count == 10 || text.count == 19, text[4] == 0x2D, text[7] == 0x2D else { return nil }
        /// The number written by the `count` digits at `offset`, or -1.
        func number(_ offset: Int, _ count: Int) -> Int64 {
            var value: Int64 = 0
            for index in offset..<(offset + count) {
                let digit = Int64(text[index]) - 0x30
                guard digit >= 0, digit <= 9 else { return -1 }
                value = value * 10 + digit
            }
            return value
        }
        let year = number(0, 4), month = number(5, 2), day = number(8, 2)
        guard year >= 0, (1...12).contains(month), (1...31).contains(day) else { return nil }
        var seconds = daysSince1970(year: year, month: month, day: day) * 86_400
        if text.count == 19 {
            guard text[10] == 0x20 || text[10] == 0x54, text[13] == 0x3A, text[16] == 0x3A else { return nil }
            let hour = number(11, 2), minute = number(14, 2), second = number(17, 2)
            guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
            seconds += hour * 3600 + minute * 60 + second
        }
        return seconds
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    @inline(__always)
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// A `sqlite3` connection set up like the other implementations' (WAL, foreign keys on), closed
/// when released.
final class RawConnection {
    /// The `sqlite3` handle.
    let handle: OpaquePointer

    /// Opens the file at `path` in multi-thread mode (`SQLITE_OPEN_NOMUTEX`), as daogen does.
    init(path: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw BenchError("cannot open \(path): SQLite code \(code)")
        }
        self.handle = handle
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs SQL that returns no rows, or rows that are ignored.
    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw error(sql) }
    }

    /// Prepares one statement; the caller finalizes it.
    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
              let statement
        else { throw error(sql) }
        return statement
    }

    /// The integer in the first column of the first row of `sql`.
    func integer(_ sql: String) throws -> Int64 {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw error(sql) }
        return sqlite3_column_int64(statement, 0)
    }

    /// Every row of `wide`, in key order: what the insert and update workloads check.
    func wideRows() throws -> [WideRow] {
        let statement = try prepare("SELECT id, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10 FROM wide ORDER BY id")
        defer { sqlite3_finalize(statement) }
        var rows: [WideRow] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(RawSQLiteImplementation.wideRow(statement))
        }
        return rows
    }

    /// The connection's latest error, with what was being done.
    func error(_ context: String) -> BenchError {
        BenchError("SQLite error in \(context): \(String(cString: sqlite3_errmsg(handle)))")
    }

    /// The SQLite library version.
    static var libraryVersion: String {
        String(cString: sqlite3_libversion())
    }
}
