import Foundation

// IN, LIKE and BETWEEN on typed columns.

// Each takes values of the column's ``DatabaseValueConvertible/ComparedValue`` (an Optional column's
// wrapped type), as the comparison operators do; none matches a NULL.

extension TypedColumn {
    /// Rows whose column holds one of `values`; an empty collection matches no row.
    ///
    /// The list is bound, one value per placeholder. Its placeholders are padded to the next power of two
    /// (with the last value repeated), so lists of any length share a few statement shapes.
    @inlinable
    public func `in`(_ values: some Collection<Value.ComparedValue>) -> SQLCondition<Record> {
        SQLCondition(sql: sql + " IN " + InList.placeholders(values.count), arguments: InList.padded(values))
    }
}

extension TypedColumn where Value.ComparedValue == String {
    /// Rows whose text matches SQLite's LIKE `pattern` (`%` any text, `_` one character; ASCII letters
    /// match either case).
    @inlinable
    public func like(_ pattern: String) -> SQLCondition<Record> {
        compared("LIKE", pattern)
    }
}

extension TypedColumn where Value.ComparedValue: SQLOrderable {
    /// Rows whose column is at least `low` and at most `high`.
    @inlinable
    public func between(_ low: Value.ComparedValue, _ high: Value.ComparedValue) -> SQLCondition<Record> {
        SQLCondition(sql: sql + " BETWEEN ? AND ?", arguments: [low, high])
    }
}
