import Foundation

/// A column of `Record` whose values are `Value`s (an Optional for a nullable column): what a generated
/// record's `Columns` holds, one per column, and what conditions are built from.
///
/// Comparisons take a value of the column's Swift type (the wrapped type for an Optional column), or
/// another column of the same wrapped type; `== nil` and `!= nil` exist for Optional columns only, the
/// order comparisons for numbers, strings and dates only (``SQLOrderable``). Values bind exactly as the
/// column stores them.
public struct TypedColumn<Record, Value: DatabaseValueConvertible>: Sendable {
    /// The column's SQL name, quoted.
    public let sql: String

    /// The column named `name` (its SQL name, unquoted).
    public init(_ name: String) {
        sql = SQLIdentifier.quoted(name)
    }

    /// `"column" <operator> ?`, taking `value`.
    @usableFromInline
    func compared(_ operator: String, _ value: some DatabaseValueConvertible) -> SQLCondition<Record> {
        // Usually a small string (15 bytes or less), where `+` costs less than one buffer of the exact size (SQLText).
        SQLCondition(sql: sql + " " + `operator` + " ?", arguments: [value])
    }

    /// `"column" <operator> "other"`.
    @usableFromInline
    func compared<Other>(_ operator: String, _ other: TypedColumn<Record, Other>) -> SQLCondition<Record> {
        SQLCondition(sql: SQLText.concatenation(sql, " ", `operator`, " ", other.sql), arguments: [])
    }
}

/// The Swift types whose stored values SQLite orders as the values are ordered: numbers, strings and dates
/// (ISO-8601 text sorts by time). Their columns take `<`, `<=`, `>`, `>=` and `between(_:_:)`.
public protocol SQLOrderable: DatabaseValueConvertible {}

extension Int64: SQLOrderable {}
extension Int: SQLOrderable {}
extension Int32: SQLOrderable {}
extension Int16: SQLOrderable {}
extension Int8: SQLOrderable {}
extension UInt8: SQLOrderable {}
extension Double: SQLOrderable {}
extension Float: SQLOrderable {}
extension String: SQLOrderable {}
extension Date: SQLOrderable {}

// MARK: - Equality

/// Rows whose column is equal to `value`.
@inlinable
public func == <Record, Value>(column: TypedColumn<Record, Value>, value: Value) -> SQLCondition<Record> {
    column.compared("=", value)
}

/// Rows whose Optional column is equal to `value`; `== nil` is `IS NULL`.
@inlinable
public func == <Record, Wrapped>(column: TypedColumn<Record, Wrapped?>, value: Wrapped?) -> SQLCondition<Record> {
    guard let value else { return SQLCondition(sql: column.sql + " IS NULL", arguments: []) }
    return column.compared("=", value)
}

/// Rows whose two columns are equal to each other.
@inlinable
public func == <Record, Value>(lhs: TypedColumn<Record, Value>, rhs: TypedColumn<Record, Value>) -> SQLCondition<Record> {
    lhs.compared("=", rhs)
}

/// Rows whose two columns are equal to each other.
@inlinable
public func == <Record, Wrapped>(lhs: TypedColumn<Record, Wrapped?>, rhs: TypedColumn<Record, Wrapped>) -> SQLCondition<Record> {
    lhs.compared("=", rhs)
}

/// Rows whose two columns are equal to each other.
@inlinable
public func == <Record, Wrapped>(lhs: TypedColumn<Record, Wrapped>, rhs: TypedColumn<Record, Wrapped?>) -> SQLCondition<Record> {
    lhs.compared("=", rhs)
}

/// Rows whose column is different from `value`.
@inlinable
public func != <Record, Value>(column: TypedColumn<Record, Value>, value: Value) -> SQLCondition<Record> {
    column.compared("<>", value)
}

/// Rows whose Optional column is different from `value`; `!= nil` is `IS NOT NULL`.
@inlinable
public func != <Record, Wrapped>(column: TypedColumn<Record, Wrapped?>, value: Wrapped?) -> SQLCondition<Record> {
    guard let value else { return SQLCondition(sql: column.sql + " IS NOT NULL", arguments: []) }
    return column.compared("<>", value)
}

/// Rows whose two columns are different from each other.
@inlinable
public func != <Record, Value>(lhs: TypedColumn<Record, Value>, rhs: TypedColumn<Record, Value>) -> SQLCondition<Record> {
    lhs.compared("<>", rhs)
}

/// Rows whose two columns are different from each other.
@inlinable
public func != <Record, Wrapped>(lhs: TypedColumn<Record, Wrapped?>, rhs: TypedColumn<Record, Wrapped>) -> SQLCondition<Record> {
    lhs.compared("<>", rhs)
}

/// Rows whose two columns are different from each other.
@inlinable
public func != <Record, Wrapped>(lhs: TypedColumn<Record, Wrapped>, rhs: TypedColumn<Record, Wrapped?>) -> SQLCondition<Record> {
    lhs.compared("<>", rhs)
}

// MARK: - Order

/// Rows whose column is less than `value`.
@inlinable
public func < <Record, Value: SQLOrderable>(column: TypedColumn<Record, Value>, value: Value) -> SQLCondition<Record> {
    column.compared("<", value)
}

/// Rows whose Optional column is less than `value` (not those where it is NULL).
@inlinable
public func < <Record, Wrapped: SQLOrderable>(column: TypedColumn<Record, Wrapped?>, value: Wrapped) -> SQLCondition<Record> {
    column.compared("<", value)
}

/// Rows whose first column is less than the second.
@inlinable
public func < <Record, Value: SQLOrderable>(lhs: TypedColumn<Record, Value>, rhs: TypedColumn<Record, Value>) -> SQLCondition<Record> {
    lhs.compared("<", rhs)
}

/// Rows whose first column is less than the second.
@inlinable
public func < <Record, Wrapped: SQLOrderable>(lhs: TypedColumn<Record, Wrapped?>, rhs: TypedColumn<Record, Wrapped>) -> SQLCondition<Record> {
    lhs.compared("<", rhs)
}

/// Rows whose first column is less than the second.
@inlinable
public func < <Record, Wrapped: SQLOrderable>(lhs: TypedColumn<Record, Wrapped>, rhs: TypedColumn<Record, Wrapped?>) -> SQLCondition<Record> {
    lhs.compared("<", rhs)
}

/// Rows whose first column is less than the second.
@inlinable
public func < <Record, Wrapped: SQLOrderable>(lhs: TypedColumn<Record, Wrapped?>, rhs: TypedColumn<Record, Wrapped?>) -> SQLCondition<Record> {
    lhs.compared("<", rhs)
}

/// Rows whose column is at most `value`.
@inlinable
public func <= <Record, Value: SQLOrderable>(column: TypedColumn<Record, Value>, value: Value) -> SQLCondition<Record> {
    column.compared("<=", value)
}

/// Rows whose Optional column is at most `value` (not those where it is NULL).
@inlinable
public func <= <Record, Wrapped: SQLOrderable>(column: TypedColumn<Record, Wrapped?>, value: Wrapped) -> SQLCondition<Record> {
    column.compared("<=", value)
}

/// Rows whose first column is at most the second.
@inlinable
public func <= <Record, Value: SQLOrderable>(lhs: TypedColumn<Record, Value>, rhs: TypedColumn<Record, Value>) -> SQLCondition<Record> {
    lhs.compared("<=", rhs)
}

/// Rows whose first column is at most the second.
@inlinable
public func <= <Record, Wrapped: SQLOrderable>(lhs: TypedColumn<Record, Wrapped?>, rhs: TypedColumn<Record, Wrapped>) -> SQLCondition<Record> {
    lhs.compared("<=", rhs)
}

/// Rows whose first column is at most the second.
@inlinable
public func <= <Record, Wrapped: SQLOrderable>(lhs: TypedColumn<Record, Wrapped>, rhs: TypedColumn<Record, Wrapped?>) -> SQLCondition<Record> {
    lhs.compared("<=", rhs)
}

/// Rows whose first column is at most the second.
@inlinable
public func <= <Record, Wrapped: SQLOrderable>(lhs: TypedColumn<Record, Wrapped?>, rhs: TypedColumn<Record, Wrapped?>) -> SQLCondition<Record> {
    lhs.compared("<=", rhs)
}

/// Rows whose column is greater than `value`.
@inlinable
public func > <Record, Value: SQLOrderable>(column: TypedColumn<Record, Value>, value: Value) -> SQLCondition<Record> {
    column.compared(">", value)
}

/// Rows whose Optional column is greater than `value` (not those where it is NULL).
@inlinable
public func > <Record, Wrapped: SQLOrderable>(column: TypedColumn<Record, Wrapped?>, value: Wrapped) -> SQLCondition<Record> {
    column.compared(">", value)
}

/// Rows whose first column is greater than the second.
@inlinable
public func > <Record, Value: SQLOrderable>(lhs: TypedColumn<Record, Value>, rhs: TypedColumn<Record, Value>) -> SQLCondition<Record> {
    lhs.compared(">", rhs)
}

/// Rows whose first column is greater than the second.
@inlinable
public func > <Record, Wrapped: SQLOrderable>(lhs: TypedColumn<Record, Wrapped?>, rhs: TypedColumn<Record, Wrapped>) -> SQLCondition<Record> {
    lhs.compared(">", rhs)
}

/// Rows whose first column is greater than the second.
@inlinable
public func > <Record, Wrapped: SQLOrderable>(lhs: TypedColumn<Record, Wrapped>, rhs: TypedColumn<Record, Wrapped?>) -> SQLCondition<Record> {
    lhs.compared(">", rhs)
}

/// Rows whose first column is greater than the second.
@inlinable
public func > <Record, Wrapped: SQLOrderable>(lhs: TypedColumn<Record, Wrapped?>, rhs: TypedColumn<Record, Wrapped?>) -> SQLCondition<Record> {
    lhs.compared(">", rhs)
}

/// Rows whose column is at least `value`.
@inlinable
public func >= <Record, Value: SQLOrderable>(column: TypedColumn<Record, Value>, value: Value) -> SQLCondition<Record> {
    column.compared(">=", value)
}

/// Rows whose Optional column is at least `value` (not those where it is NULL).
@inlinable
public func >= <Record, Wrapped: SQLOrderable>(column: TypedColumn<Record, Wrapped?>, value: Wrapped) -> SQLCondition<Record> {
    column.compared(">=", value)
}

/// Rows whose first column is at least the second.
@inlinable
public func >= <Record, Value: SQLOrderable>(lhs: TypedColumn<Record, Value>, rhs: TypedColumn<Record, Value>) -> SQLCondition<Record> {
    lhs.compared(">=", rhs)
}

/// Rows whose first column is at least the second.
@inlinable
public func >= <Record, Wrapped: SQLOrderable>(lhs: TypedColumn<Record, Wrapped?>, rhs: TypedColumn<Record, Wrapped>) -> SQLCondition<Record> {
    lhs.compared(">=", rhs)
}

/// Rows whose first column is at least the second.
@inlinable
public func >= <Record, Wrapped: SQLOrderable>(lhs: TypedColumn<Record, Wrapped>, rhs: TypedColumn<Record, Wrapped?>) -> SQLCondition<Record> {
    lhs.compared(">=", rhs)
}

/// Rows whose first column is at least the second.
@inlinable
public func >= <Record, Wrapped: SQLOrderable>(lhs: TypedColumn<Record, Wrapped?>, rhs: TypedColumn<Record, Wrapped?>) -> SQLCondition<Record> {
    lhs.compared(">=", rhs)
}
