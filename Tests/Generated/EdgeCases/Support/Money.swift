import DAOGenRuntime

/// A user type stored through `DatabaseValueConvertible`: an amount of cents, kept as TEXT like "12.34".
package struct Money: Hashable, Codable, DatabaseValueConvertible {
    /// The amount in cents.
    package var cents: Int64

    /// Creates an amount.
    package init(cents: Int64) {
        self.cents = cents
    }

    /// The amount as text with two decimals.
    package var databaseValue: DatabaseValue {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        return .text("\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)")
    }

    /// Parses text like "12.34".
    package static func fromDatabaseValue(_ value: DatabaseValue) -> Money? {
        guard case let .text(text) = value else { return nil }
        let negative = text.hasPrefix("-")
        let parts = text.drop { $0 == "-" }.split(separator: ".")
        guard parts.count == 2, let units = Int64(parts[0]), let fraction = Int64(parts[1]), parts[1].count == 2 else { return nil }
        let cents = units * 100 + fraction
        return Money(cents: negative ? -cents : cents)
    }
}
