/// A Swift type that can be stored in, and read from, one SQLite column.
public protocol DatabaseValueConvertible: Sendable {
    /// The value to store.
    var databaseValue: DatabaseValue { get }

    /// The Swift value for a stored value, or nil when the stored value cannot be read as this type.
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
}
