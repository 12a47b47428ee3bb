/// The number of a record's related rows (`$0.books.count`), which compares with an `Int` into a
/// condition on the record: `$0.books.count >= 3`. Its SQL is a correlated `(SELECT count(*) ...)`.
public struct RelationCount<Record>: Sendable {
    /// The subquery that counts, in parentheses, with one `?` per value.
    @usableFromInline let sql: String
    /// The values of its placeholders, in order.
    @usableFromInline let arguments: [any DatabaseValueConvertible]

    /// A count whose SQL is `sql`.
    init(sql: String, arguments: [any DatabaseValueConvertible]) {
        self.sql = sql
        self.arguments = arguments
    }

    /// `<count> <operator> ?`, taking `value`.
    @usableFromInline
    func compared(_ operator: String, _ value: Int) -> SQLCondition<Record> {
        SQLCondition(sql: SQLText.concatenation(sql, " ", `operator`, " ?"), arguments: arguments + [value])
    }

    /// Records with exactly `value` related rows.
    @inlinable
    public static func == (count: Self, value: Int) -> SQLCondition<Record> { count.compared("=", value) }

    /// Records with another number of related rows than `value`.
    @inlinable
    public static func != (count: Self, value: Int) -> SQLCondition<Record> { count.compared("<>", value) }

    /// Records with fewer related rows than `value`.
    @inlinable
    public static func < (count: Self, value: Int) -> SQLCondition<Record> { count.compared("<", value) }

    /// Records with at most `value` related rows.
    @inlinable
    public static func <= (count: Self, value: Int) -> SQLCondition<Record> { count.compared("<=", value) }

    /// Records with more related rows than `value`.
    @inlinable
    public static func > (count: Self, value: Int) -> SQLCondition<Record> { count.compared(">", value) }

    /// Records with at least `value` related rows.
    @inlinable
    public static func >= (count: Self, value: Int) -> SQLCondition<Record> { count.compared(">=", value) }
}
