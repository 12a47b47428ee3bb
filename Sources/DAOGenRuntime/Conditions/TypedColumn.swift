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

// MARK: - Comparisons

// The operators are static members of `TypedColumn`, so Swift finds them through the operand's type in
// any file that sees the record type, without `import DAOGenRuntime`. One rule covers Optional columns:
// a column compares with values and columns of its ``DatabaseValueConvertible/ComparedValue`` (the
// wrapped type of an Optional), so each operator has one form for a value and one for a column.

extension TypedColumn {
    /// Rows whose column is equal to `value`; `== nil` (Optional columns only) is `IS NULL`.
    @inlinable
    public static func == (column: Self, value: Value) -> SQLCondition<Record> {
        guard let compared = value.comparedValue else { return SQLCondition(sql: column.sql + " IS NULL", arguments: []) }
        return column.compared("=", compared)
    }

    /// Rows whose two columns are equal to each other.
    @inlinable
    public static func == <Other>(lhs: Self, rhs: TypedColumn<Record, Other>) -> SQLCondition<Record>
    where Other.ComparedValue == Value.ComparedValue {
        lhs.compared("=", rhs)
    }

    /// Rows whose column is different from `value`; `!= nil` (Optional columns only) is `IS NOT NULL`.
    @inlinable
    public static func != (column: Self, value: Value) -> SQLCondition<Record> {
        guard let compared = value.comparedValue else { return SQLCondition(sql: column.sql + " IS NOT NULL", arguments: []) }
        return column.compared("<>", compared)
    }

    /// Rows whose two columns are different from each other.
    @inlinable
    public static func != <Other>(lhs: Self, rhs: TypedColumn<Record, Other>) -> SQLCondition<Record>
    where Other.ComparedValue == Value.ComparedValue {
        lhs.compared("<>", rhs)
    }
}

extension TypedColumn where Value.ComparedValue: SQLOrderable {
    /// Rows whose column is less than `value` (not those where it is NULL).
    @inlinable
    public static func < (column: Self, value: Value.ComparedValue) -> SQLCondition<Record> {
        column.compared("<", value)
    }

    /// Rows whose first column is less than the second.
    @inlinable
    public static func < <Other>(lhs: Self, rhs: TypedColumn<Record, Other>) -> SQLCondition<Record>
    where Other.ComparedValue == Value.ComparedValue {
        lhs.compared("<", rhs)
    }

    /// Rows whose column is at most `value` (not those where it is NULL).
    @inlinable
    public static func <= (column: Self, value: Value.ComparedValue) -> SQLCondition<Record> {
        column.compared("<=", value)
    }

    /// Rows whose first column is at most the second.
    @inlinable
    public static func <= <Other>(lhs: Self, rhs: TypedColumn<Record, Other>) -> SQLCondition<Record>
    where Other.ComparedValue == Value.ComparedValue {
        lhs.compared("<=", rhs)
    }

    /// Rows whose column is greater than `value` (not those where it is NULL).
    @inlinable
    public static func > (column: Self, value: Value.ComparedValue) -> SQLCondition<Record> {
        column.compared(">", value)
    }

    /// Rows whose first column is greater than the second.
    @inlinable
    public static func > <Other>(lhs: Self, rhs: TypedColumn<Record, Other>) -> SQLCondition<Record>
    where Other.ComparedValue == Value.ComparedValue {
        lhs.compared(">", rhs)
    }

    /// Rows whose column is at least `value` (not those where it is NULL).
    @inlinable
    public static func >= (column: Self, value: Value.ComparedValue) -> SQLCondition<Record> {
        column.compared(">=", value)
    }

    /// Rows whose first column is at least the second.
    @inlinable
    public static func >= <Other>(lhs: Self, rhs: TypedColumn<Record, Other>) -> SQLCondition<Record>
    where Other.ComparedValue == Value.ComparedValue {
        lhs.compared(">=", rhs)
    }
}
