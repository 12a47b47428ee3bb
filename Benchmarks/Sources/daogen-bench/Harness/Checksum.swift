import Foundation

/// An order-sensitive fingerprint of the rows an implementation read or wrote.
///
/// Every implementation feeds the same fields in the same order, so two implementations that did
/// the same work have equal checksums, and one that skipped work or read a wrong value does not.
struct Checksum: Equatable, CustomStringConvertible {
    /// The number of rows fed.
    private(set) var rows = 0
    /// A 64-bit FNV-1a style hash of every field fed.
    private(set) var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Counts one row; call it once per row, before or after its fields.
    mutating func addRow() {
        rows += 1
    }

    /// Feeds an integer.
    mutating func add(_ value: Int64) {
        hash = (hash ^ UInt64(bitPattern: value)) &* 0x100_0000_01b3
    }

    /// Feeds an optional integer; nil is distinct from every integer.
    mutating func add(_ value: Int64?) {
        if let value {
            add(value)
            add(1)
        } else {
            add(-1)
        }
    }

    /// Feeds a real number, rounded to hundredths.
    mutating func add(_ value: Double?) {
        add(value.map { Int64(($0 * 100).rounded()) })
    }

    /// Feeds a date as whole milliseconds since 1970.
    mutating func add(_ value: Date?) {
        add(value.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) })
    }

    /// Feeds a string: its UTF-8 bytes and length.
    mutating func add(_ value: String?) {
        guard let value else {
            add(-2)
            return
        }
        for byte in value.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        add(Int64(value.utf8.count))
    }

    /// Feeds a row of the `wide` table.
    mutating func add(_ row: WideRow) {
        addRow()
        add(row.id)
        add(row.c1)
        add(row.c2)
        add(row.c3)
        add(row.c4)
        add(row.c5)
        add(row.c6)
        add(row.c7)
        add(row.c8)
        add(row.c9)
        add(row.c10)
    }

    /// Feeds a row of Northwind's `Orders`.
    mutating func add(_ order: OrderFields) {
        addRow()
        add(order.orderID)
        add(order.customerID)
        add(order.employeeID)
        add(order.orderDate)
        add(order.requiredDate)
        add(order.shippedDate)
        add(order.shipVia)
        add(order.freight)
        add(order.shipName)
        add(order.shipAddress)
        add(order.shipCity)
        add(order.shipRegion)
        add(order.shipPostalCode)
        add(order.shipCountry)
    }

    /// The row count and the hash, for error messages.
    var description: String {
        "\(rows) rows, hash \(String(hash, radix: 16))"
    }
}

/// The checksum of a whole result.
extension Checksum {
    /// The checksum of `rows`, in order.
    init(wideRows rows: some Sequence<WideRow>) {
        self.init()
        for row in rows { add(row) }
    }
}

/// The fields of one `Orders` row, as every implementation hands them to ``Checksum``.
struct OrderFields {
    /// `OrderID`.
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
}
