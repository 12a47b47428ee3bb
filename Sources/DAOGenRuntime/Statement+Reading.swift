import CSQLite
import Foundation

extension Statement {
    /// True when the column at 0-based `index` of the current row is NULL.
    @inlinable
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// The column at 0-based `index` as an integer, converted by SQLite (0 for NULL).
    @inlinable
    public func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// The column at 0-based `index` as a double, converted by SQLite (0 for NULL).
    @inlinable
    public func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// The column at 0-based `index` as an INTEGER 0/1 boolean: true for any nonzero value.
    @inlinable
    public func bool(at index: Int32) -> Bool {
        sqlite3_column_int64(handle, index) != 0
    }

    /// The column at 0-based `index` as text ("" for NULL), embedded NUL bytes included;
    /// invalid UTF-8 is repaired with replacement characters.
    @inlinable
    public func string(at index: Int32) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column at 0-based `index` as text, or nil for NULL: one SQLite call fewer than
    /// `isNull(at:)` followed by `string(at:)`.
    @inlinable
    public func optionalString(at index: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column at 0-based `index` as bytes (empty for NULL), zero bytes included.
    @inlinable
    public func data(at index: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(handle, index) else { return Data() }
        let count = Int(sqlite3_column_bytes(handle, index))
        return Data(bytes: bytes, count: count)
    }

    /// The column at 0-based `index` in its storage class.
    @inlinable
    public func databaseValue(at index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: .integer(int64(at: index))
        case SQLITE_FLOAT: .real(double(at: index))
        case SQLITE_TEXT: .text(string(at: index))
        case SQLITE_BLOB: .blob(data(at: index))
        default: .null
        }
    }

    /// The column at 0-based `index` read as `Value`.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when
    ///   ``DatabaseValueConvertible/fromDatabaseValue(_:)`` rejects the stored value.
    @inlinable
    public func value<Value: DatabaseValueConvertible>(at index: Int32, as type: Value.Type = Value.self) throws -> Value {
        let stored = databaseValue(at: index)
        guard let value = Value.fromDatabaseValue(stored) else {
            throw invalidValue(at: index, stored, expected: "\(Value.self)")
        }
        return value
    }

    /// The name SQLite gives the column at 0-based `index` (its `AS` alias, if any).
    func columnName(at index: Int32) -> String {
        guard let name = sqlite3_column_name(handle, index) else { return "#\(index)" }
        return String(cString: name)
    }

    /// The error for a stored value that cannot be read as the type `expected` names.
    @usableFromInline
    func invalidValue(at index: Int32, _ stored: DatabaseValue, expected: String) -> DAOGenError {
        .invalidValue(column: columnName(at: index), value: stored.description, expected: expected, sql: sql)
    }
}
