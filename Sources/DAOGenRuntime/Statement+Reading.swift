import CSQLite
import Foundation

extension Statement {
    /// True when the column at 0-based `index` of the current row is NULL.
    @inlinable
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// The column at 0-based `index` as an integer.
    ///
    /// An INTEGER is read as it is, and SQLite converts other values. Checked only where the check
    /// costs nothing on the common path: when SQLite's conversion gives 0, the stored value must be
    /// the INTEGER 0 or the REAL 0.0, so NULL, non-numeric text (`'abc'`) and blobs throw instead of
    /// reading as 0. Other conversions are SQLite's: a REAL is truncated, text reads as its leading
    /// number (`'12abc'` is 12).
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)``.
    @inlinable
    public func int64(at index: Int32) throws -> Int64 {
        let value = sqlite3_column_int64(handle, index)
        if value == 0 {
            try checkNumericZero(at: index, expected: "Int64")
        }
        return value
    }

    /// The column at 0-based `index` as an integer, or nil for NULL: what `isNull(at:)` followed by
    /// ``int64(at:)`` reads, with the type asked only when SQLite's conversion gives 0.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for non-numeric text or a blob.
    @inlinable
    public func optionalInt64(at index: Int32) throws -> Int64? {
        let value = sqlite3_column_int64(handle, index)
        if value == 0 {
            if sqlite3_column_type(handle, index) == SQLITE_NULL { return nil }
            try checkNumericZero(at: index, expected: "Int64")
        }
        return value
    }

    /// The column at 0-based `index` as a double, or nil for NULL: what `isNull(at:)` followed by
    /// ``double(at:)`` reads, with the type asked only when SQLite's conversion gives 0.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for non-numeric text or a blob.
    @inlinable
    public func optionalDouble(at index: Int32) throws -> Double? {
        let value = sqlite3_column_double(handle, index)
        if value == 0 {
            if sqlite3_column_type(handle, index) == SQLITE_NULL { return nil }
            try checkNumericZero(at: index, expected: "Double")
        }
        return value
    }

    /// The column at 0-based `index` as a double.
    ///
    /// An INTEGER or REAL is read as a number; when SQLite's conversion gives 0, the stored value
    /// must be a number, so NULL, non-numeric text and blobs throw instead of reading as 0.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)``.
    @inlinable
    public func double(at index: Int32) throws -> Double {
        let value = sqlite3_column_double(handle, index)
        if value == 0 {
            try checkNumericZero(at: index, expected: "Double")
        }
        return value
    }

    /// The column at 0-based `index` as an INTEGER 0/1 boolean: true for any nonzero value.
    ///
    /// Checked like ``int64(at:)``: NULL and non-numeric text (`'yes'`) throw instead of reading
    /// as false.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)``.
    @inlinable
    public func bool(at index: Int32) throws -> Bool {
        if sqlite3_column_int64(handle, index) != 0 {
            return true
        }
        try checkNumericZero(at: index, expected: "Bool")
        return false
    }

    /// The column at 0-based `index` as text, embedded NUL bytes included; invalid UTF-8 is
    /// repaired with replacement characters. A number or blob is converted by SQLite.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for NULL.
    @inlinable
    public func string(at index: Int32) throws -> String {
        guard let text = sqlite3_column_text(handle, index) else {
            return try emptyTextOrThrow(at: index)
        }
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

    /// The column at 0-based `index` as bytes, zero bytes included. Text is read as its UTF-8
    /// bytes, and a number as its text.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for NULL.
    @inlinable
    public func data(at index: Int32) throws -> Data {
        guard let bytes = sqlite3_column_blob(handle, index) else {
            // SQLite returns no pointer for NULL, and also for an empty blob or text.
            return try emptyBytesOrThrow(at: index)
        }
        let count = Int(sqlite3_column_bytes(handle, index))
        return Data(bytes: bytes, count: count)
    }

    /// The column at 0-based `index` in its storage class.
    @inlinable
    public func databaseValue(at index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: .text(optionalString(at: index) ?? "")
        case SQLITE_BLOB: .blob(optionalData(at: index))
        default: .null
        }
    }

    /// The bytes of a column that is not NULL; empty when SQLite returns no pointer.
    @inlinable
    func optionalData(at index: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// Checks a column that SQLite converted to the number 0: it must hold the INTEGER 0 or the
    /// REAL 0.0 (the slow path of the number readers).
    @usableFromInline
    func checkNumericZero(at index: Int32, expected: String) throws {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return
        case SQLITE_FLOAT where sqlite3_column_double(handle, index) == 0:
            return
        default:
            throw invalidValue(at: index, databaseValue(at: index), expected: expected)
        }
    }

    /// Empty data for a column whose blob pointer is nil but that is not NULL (an empty blob or
    /// text); NULL throws (the slow path of ``data(at:)``).
    @usableFromInline
    func emptyBytesOrThrow(at index: Int32) throws -> Data {
        if sqlite3_column_type(handle, index) == SQLITE_NULL {
            throw invalidValue(at: index, .null, expected: "Data")
        }
        return Data()
    }

    /// "" for a column whose text pointer is nil but that is not NULL (empty text, an empty blob);
    /// NULL throws (the slow path of ``string(at:)``).
    @usableFromInline
    func emptyTextOrThrow(at index: Int32) throws -> String {
        if sqlite3_column_type(handle, index) == SQLITE_NULL {
            throw invalidValue(at: index, .null, expected: "String")
        }
        return ""
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
