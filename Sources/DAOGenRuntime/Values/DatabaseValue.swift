import Foundation

/// A value as SQLite stores it: one of its five storage classes.
public enum DatabaseValue: Sendable, Hashable, CustomStringConvertible {
    /// SQL NULL.
    case null
    /// A signed 64-bit integer.
    case integer(Int64)
    /// An IEEE 754 double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob(Data)

    /// The value written like an SQL literal, for messages: `NULL`, `42`, `1.5`, `'it''s'`, `X'00FF'`.
    public var description: String {
        switch self {
        case .null:
            return "NULL"
        case let .integer(value):
            return String(value)
        case let .real(value):
            return String(value)
        case let .text(value):
            return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case let .blob(value):
            let digits: [Character] = Array("0123456789ABCDEF")
            var text = "X'"
            text.reserveCapacity(value.count * 2 + 3)
            for byte in value {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0x0F)])
            }
            return text + "'"
        }
    }
}
