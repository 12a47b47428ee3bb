import CSQLite

/// A value that a NOT NULL column of a STRICT table holds exactly: an `Int64` in an INTEGER (or INT)
/// column, a `Double` in a REAL column. SQLite refuses to store anything else there (and converts an
/// integer stored into REAL to REAL), so the generated `init(row:)` of a STRICT table's record reads such
/// a column with ``Statement/value(strictAt:as:)``: one call to SQLite and no type test, where
/// ``DatabaseValueConvertible/read(from:at:)`` tests the stored value's type first.
///
/// Only for the columns of the record's own table, read by the statements of its DAO (whose columns
/// are the table's): a value computed by an expression has no such guarantee.
public protocol StrictColumnValue: DatabaseValueConvertible {
    /// The value of column `index` of `statement`'s current row, which a NOT NULL column of a STRICT table
    /// of this type's storage class holds.
    static func read(strict statement: Statement, at index: Int32) -> Self
}

extension Int64: StrictColumnValue {
    /// The INTEGER, read without a type test.
    @inlinable
    public static func read(strict statement: Statement, at index: Int32) -> Int64 {
        sqlite3_column_int64(statement.handle, index)
    }
}

extension Double: StrictColumnValue {
    /// The REAL, read without a type test.
    @inlinable
    public static func read(strict statement: Statement, at index: Int32) -> Double {
        sqlite3_column_double(statement.handle, index)
    }
}

extension Statement {
    /// The column at 0-based `index`, a NOT NULL column of a STRICT table whose storage class is
    /// `Value`'s (see ``StrictColumnValue``), read without a type test.
    @inlinable
    public func value<Value: StrictColumnValue>(strictAt index: Int32, as type: Value.Type = Value.self) -> Value {
        Value.read(strict: self, at: index &+ columnOffset)
    }
}
