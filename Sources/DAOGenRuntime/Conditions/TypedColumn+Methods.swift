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

/// The placeholders of an IN list: padded to a power of two, so that a list's length picks one of a few
/// statement shapes instead of one shape per length.
@usableFromInline
enum InList {
    /// `(?, ?, ?, ?)` for 3 or 4 values; `()` for none.
    @usableFromInline
    static func placeholders(_ count: Int) -> String {
        guard count > 0 else { return "()" }
        let padded = paddedCount(count)
        var text = "(?"
        text.reserveCapacity(padded * 3 + 1)
        for _ in 1..<padded {
            text += ", ?"
        }
        return text + ")"
    }

    /// `values`, followed by copies of the last one up to the padded count.
    @usableFromInline
    static func padded<Element: DatabaseValueConvertible>(_ values: some Collection<Element>) -> [any DatabaseValueConvertible] {
        var arguments: [any DatabaseValueConvertible] = []
        arguments.reserveCapacity(paddedCount(values.count))
        var last: Element?
        for value in values {
            arguments.append(value)
            last = value
        }
        if let last {
            for _ in values.count..<paddedCount(values.count) {
                arguments.append(last)
            }
        }
        return arguments
    }

    /// The next power of two from `count` (`count` itself when it is one).
    @usableFromInline
    static func paddedCount(_ count: Int) -> Int {
        count <= 1 ? count : 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
    }
}
