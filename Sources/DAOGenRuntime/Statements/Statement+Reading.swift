import CSQLite
import Foundation

// Reading a column of the current row. Every reader reads a value exactly or throws
// `DAOGenError.invalidValue`: a stored value is never read as a different one (the "lossy reads"
// rule, docs/Runtime.md). The common case, a value stored in the class the reader expects, costs
// one type test on the value SQLite already holds (`sqlite3_column_value`, then
// `sqlite3_value_type`); the conversions are checked on a slow path.

extension Statement {
    /// True when the column at 0-based `index` of the current row is NULL.
    @inlinable
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// The column at 0-based `index` as an integer: an INTEGER, or a REAL with an integral value
    /// that fits in `Int64` (such as 2.0).
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for anything else: NULL,
    ///   a REAL such as 1.5 or 9.3e18, text (also `'12'`) and blobs.
    @inlinable
    public func int64(at index: Int32) throws -> Int64 {
        try int64(at: index, expected: "Int64")
    }

    /// The column at 0-based `index` as an integer, read like ``int64(at:)``, for a value of the type
    /// `expected` names (in the error; built only then).
    @inlinable
    func int64(at index: Int32, expected: @autoclosure () -> String) throws -> Int64 {
        let value = sqlite3_column_value(handle, index)
        if sqlite3_value_type(value) == SQLITE_INTEGER {
            return sqlite3_value_int64(value)
        }
        return try convertedInt64(at: index, expected: expected())
    }

    /// The column at 0-based `index` as an integer of type `Integer`: read like ``int64(at:)``, then
    /// range-checked.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` naming `Integer`, also for an
    ///   integer out of its range.
    @inlinable
    func integer<Integer: FixedWidthInteger>(at index: Int32, as type: Integer.Type = Integer.self) throws -> Integer {
        guard let value = Integer(exactly: try int64(at: index, expected: "\(Integer.self)")) else {
            throw invalidValue(at: index, expected: "\(Integer.self)")
        }
        return value
    }

    /// The column at 0-based `index` as an integer, or nil for NULL: what `isNull(at:)` followed by
    /// ``int64(at:)`` reads.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` as ``int64(at:)``.
    @inlinable
    public func optionalInt64(at index: Int32) throws -> Int64? {
        try optionalInt64(at: index, expected: "Int64")
    }

    /// The column at 0-based `index` as an integer, or nil for NULL, read like ``optionalInt64(at:)``, for
    /// a value of the type `expected` names (in the error).
    @inlinable
    func optionalInt64(at index: Int32, expected: @autoclosure () -> String) throws -> Int64? {
        let value = sqlite3_column_value(handle, index)
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return sqlite3_value_int64(value)
        case SQLITE_NULL: return nil
        default: return try convertedInt64(at: index, expected: expected())
        }
    }

    /// The column at 0-based `index` as an integer of type `Integer`, or nil for NULL: read like
    /// ``optionalInt64(at:)``, then range-checked like ``integer(at:as:)``.
    @inlinable
    func optionalInteger<Integer: FixedWidthInteger>(at index: Int32, as type: Integer.Type = Integer.self) throws -> Integer? {
        guard let integer = try optionalInt64(at: index, expected: "\(Integer.self)") else { return nil }
        guard let value = Integer(exactly: integer) else {
            throw invalidValue(at: index, expected: "\(Integer.self)")
        }
        return value
    }

    /// The column at 0-based `index` as a double: a REAL, or an INTEGER that a `Double` holds
    /// exactly (any integer up to 2^53 in magnitude).
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for anything else: NULL,
    ///   an integer such as 2^53 + 1, text and blobs.
    @inlinable
    public func double(at index: Int32) throws -> Double {
        let value = sqlite3_column_value(handle, index)
        if sqlite3_value_type(value) == SQLITE_FLOAT {
            return sqlite3_value_double(value)
        }
        return try convertedDouble(at: index, expected: "Double")
    }

    /// The column at 0-based `index` as a double, or nil for NULL: what `isNull(at:)` followed by
    /// ``double(at:)`` reads.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` as ``double(at:)``.
    @inlinable
    public func optionalDouble(at index: Int32) throws -> Double? {
        try optionalDouble(at: index, expected: "Double")
    }

    /// The column at 0-based `index` as a double, or nil for NULL, read like ``optionalDouble(at:)``, for
    /// a value of the type `expected` names (in the error).
    @inlinable
    func optionalDouble(at index: Int32, expected: String) throws -> Double? {
        let value = sqlite3_column_value(handle, index)
        switch sqlite3_value_type(value) {
        case SQLITE_FLOAT: return sqlite3_value_double(value)
        case SQLITE_NULL: return nil
        default: return try convertedDouble(at: index, expected: expected)
        }
    }

    /// The column at 0-based `index` as a `Float`: a REAL or INTEGER that a `Float` holds
    /// exactly (what binding a `Float` stores, but not the REAL 0.1).
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for anything else.
    @inlinable
    public func float(at index: Int32) throws -> Float {
        let value = sqlite3_column_value(handle, index)
        if sqlite3_value_type(value) == SQLITE_FLOAT, let float = Float(exactly: sqlite3_value_double(value)) {
            return float
        }
        guard let float = Float(exactly: try convertedDouble(at: index, expected: "Float")) else {
            throw invalidValue(at: index, expected: "Float")
        }
        return float
    }

    /// The column at 0-based `index` as a boolean: the INTEGER 1 is true and 0 false (also the
    /// REAL 1.0 and 0.0).
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for anything else:
    ///   other numbers (2 is not read as true), NULL, text (`'yes'`) and blobs.
    @inlinable
    public func bool(at index: Int32) throws -> Bool {
        let value = sqlite3_column_value(handle, index)
        if sqlite3_value_type(value) == SQLITE_INTEGER {
            switch sqlite3_value_int64(value) {
            case 0: return false
            case 1: return true
            default: break
            }
        }
        switch try convertedInt64(at: index, expected: "Bool") {
        case 0: return false
        case 1: return true
        default: throw invalidValue(at: index, expected: "Bool")
        }
    }

    /// The column at 0-based `index` as text: TEXT, or a blob, that is valid UTF-8, embedded NUL
    /// bytes included.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for NULL, a number, and
    ///   bytes that are not valid UTF-8 (never repaired with replacement characters).
    @inlinable
    public func string(at index: Int32) throws -> String {
        guard let string = try optionalString(at: index) else {
            throw invalidValue(at: index, .null, expected: "String")
        }
        return string
    }

    /// The column at 0-based `index` as text, or nil for NULL: what `isNull(at:)` followed by
    /// ``string(at:)`` reads.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` as ``string(at:)``.
    @inlinable
    public func optionalString(at index: Int32) throws -> String? {
        let value = sqlite3_column_value(handle, index)
        switch sqlite3_value_type(value) {
        case SQLITE_TEXT:
            // The pointer is nil only for empty text.
            guard let text = sqlite3_value_text(value) else { return "" }
            guard let string = UTF8Text.string(validatingNulTerminated: text, count: Int(sqlite3_value_bytes(value))) else {
                throw invalidValue(at: index, expected: "String")
            }
            return string
        case SQLITE_BLOB:
            return try blobText(value, at: index)
        case SQLITE_NULL:
            return nil
        default:
            throw invalidValue(at: index, expected: "String")
        }
    }

    /// The column at 0-based `index` as bytes, zero bytes included: a blob, or the UTF-8 bytes of TEXT.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for NULL and numbers.
    @inlinable
    public func data(at index: Int32) throws -> Data {
        guard let data = try optionalData(at: index) else { throw invalidValue(at: index, expected: "Data") }
        return data
    }

    /// The column at 0-based `index` as bytes, or nil for NULL: what `isNull(at:)` followed by
    /// ``data(at:)`` reads.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for numbers.
    @inlinable
    public func optionalData(at index: Int32) throws -> Data? {
        let value = sqlite3_column_value(handle, index)
        switch sqlite3_value_type(value) {
        case SQLITE_BLOB, SQLITE_TEXT:
            // SQLite returns no pointer for an empty blob or text.
            guard let bytes = sqlite3_value_blob(value) else { return Data() }
            return Data(bytes: bytes, count: Int(sqlite3_value_bytes(value)))
        case SQLITE_NULL:
            return nil
        default:
            throw invalidValue(at: index, expected: "Data")
        }
    }

    /// The column at 0-based `index` in its storage class; TEXT that is not valid UTF-8 is
    /// repaired with replacement characters (``value(at:as:)`` with `DatabaseValue` throws instead).
    @inlinable
    public func databaseValue(at index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: .text(repairedText(at: index))
        case SQLITE_BLOB: .blob(blobBytes(at: index))
        default: .null
        }
    }

    /// The column at 0-based `index` in its storage class, exactly.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` naming `expected` for
    ///   TEXT that is not valid UTF-8, which no `DatabaseValue` holds.
    @usableFromInline
    func exactDatabaseValue(at index: Int32, expected: String) throws -> DatabaseValue {
        guard sqlite3_column_type(handle, index) == SQLITE_TEXT else { return databaseValue(at: index) }
        guard let text = try? optionalString(at: index) else {
            throw invalidValue(at: index, expected: expected)
        }
        return .text(text)
    }

    /// The text of a blob that is valid UTF-8 (the slow path of the text readers).
    @usableFromInline
    func blobText(_ value: OpaquePointer?, at index: Int32) throws -> String {
        guard let bytes = sqlite3_value_blob(value) else { return "" }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value)))
        guard let string = UTF8Text.string(validating: buffer.bindMemory(to: UInt8.self)) else {
            throw invalidValue(at: index, expected: "String")
        }
        return string
    }

    /// The text of a TEXT column, invalid UTF-8 repaired.
    @usableFromInline
    func repairedText(at index: Int32) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The bytes of a column that is not NULL; empty when SQLite returns no pointer.
    @inlinable
    func blobBytes(at index: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// The integer that a column which is not an INTEGER holds exactly (the slow path of the
    /// integer readers): a REAL with an integral value in range.
    @usableFromInline
    func convertedInt64(at index: Int32, expected: String) throws -> Int64 {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return sqlite3_column_int64(handle, index)
        case SQLITE_FLOAT:
            if let integer = Int64(exactly: sqlite3_column_double(handle, index)) { return integer }
        default:
            break
        }
        throw invalidValue(at: index, expected: expected)
    }

    /// The double that a column which is not a REAL holds exactly (the slow path of the double
    /// readers): an INTEGER up to 2^53 in magnitude, or any other that a `Double` holds exactly.
    @usableFromInline
    func convertedDouble(at index: Int32, expected: String) throws -> Double {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_FLOAT:
            return sqlite3_column_double(handle, index)
        case SQLITE_INTEGER:
            if let double = Double(exactly: sqlite3_column_int64(handle, index)) { return double }
        default:
            break
        }
        throw invalidValue(at: index, expected: expected)
    }

    /// The column at 0-based `index` read as `Value`, as `Value` decides
    /// (``DatabaseValueConvertible/read(from:at:)``): the one reading a generated record uses for every column.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when the stored value is not
    ///   exactly a `Value`.
    // Always inlined, the offset's test a slow path: left to the optimizer, the test made it call this
    // method instead, 8% more instructions fetching a wide table (docs/Architecture.md, "Nested records").
    @inlinable @inline(__always)
    public func value<Value: DatabaseValueConvertible>(at index: Int32, as type: Value.Type = Value.self) throws -> Value {
        if _slowPath(columnOffset != 0) {
            return try shiftedValue(at: index)
        }
        return try Value.read(from: self, at: index)
    }

    /// ``value(at:as:)`` inside a nested record: `Value` reads the row's own index, with the offset off, so
    /// that a `read(from:at:)` built on ``value(at:as:)`` does not add it twice.
    @inlinable @inline(never)
    func shiftedValue<Value: DatabaseValueConvertible>(at index: Int32) throws -> Value {
        let offset = columnOffset
        columnOffset = 0
        defer { columnOffset = offset }
        return try Value.read(from: self, at: index &+ offset)
    }

    /// The column at 0-based `index` read through `Value`'s ``DatabaseValueConvertible/fromDatabaseValue(_:)``:
    /// the default ``DatabaseValueConvertible/read(from:at:)``.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when
    ///   ``DatabaseValueConvertible/fromDatabaseValue(_:)`` rejects the stored value, or when it
    ///   is TEXT that is not valid UTF-8.
    @inlinable
    public func convertedValue<Value: DatabaseValueConvertible>(at index: Int32, as type: Value.Type = Value.self) throws -> Value {
        let stored = try exactDatabaseValue(at: index, expected: "\(Value.self)")
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

    /// The error for the value stored in the column at 0-based `index`, which cannot be read as
    /// the type `expected` names; the value is written as an SQL literal of its exact bytes.
    @usableFromInline
    func invalidValue(at index: Int32, expected: String) -> DAOGenError {
        let stored: String
        if sqlite3_column_type(handle, index) == SQLITE_TEXT, let text = sqlite3_column_text(handle, index) {
            stored = UTF8Text.literal(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index))))
        } else {
            stored = databaseValue(at: index).description
        }
        return .invalidValue(column: columnName(at: index), value: stored, expected: expected, sql: sql)
    }
}
