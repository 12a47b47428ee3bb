/// A condition on the rows of `Record`'s table or view, built in Swift from its typed columns
/// (`Book.columns.rating >= 4 && Book.columns.title.like("The %")`) and combined with `&&`, `||` and `!`.
///
/// It is SQL with `?` placeholders and the values they take: values are always bound, never spliced,
/// and two conditions of the same shape have the same SQL, so their statement is prepared once.
/// Conditions mean what SQLite makes of them: a comparison with NULL matches no row, and neither does
/// its negation.
public struct SQLCondition<Record>: Sendable {
    /// How tightly the condition's SQL binds, to parenthesize only where needed.
    @usableFromInline
    enum Precedence: Sendable {
        /// A comparison, IN, LIKE, BETWEEN, IS NULL, or NOT of one of those.
        case comparison
        /// Conditions joined by AND.
        case and
        /// Conditions joined by OR.
        case or
    }

    /// The condition's SQL, with one `?` per value.
    public let sql: String
    /// The values of the placeholders, in order.
    public let arguments: [any DatabaseValueConvertible]
    /// How tightly ``sql`` binds.
    @usableFromInline let precedence: Precedence

    /// Creates a condition.
    @usableFromInline
    init(sql: String, arguments: [any DatabaseValueConvertible], precedence: Precedence = .comparison) {
        self.sql = sql
        self.arguments = arguments
        self.precedence = precedence
    }

    /// Both conditions.
    public static func && (lhs: Self, rhs: Self) -> Self {
        Self(sql: SQLText.concatenation(lhs.operand(above: .or), " AND ", rhs.operand(above: .or)), arguments: lhs.arguments + rhs.arguments,
             precedence: .and)
    }

    /// Either condition.
    public static func || (lhs: Self, rhs: Self) -> Self {
        Self(sql: SQLText.concatenation(lhs.sql, " OR ", rhs.sql), arguments: lhs.arguments + rhs.arguments, precedence: .or)
    }

    /// The negation: rows the condition is false for (not those it is NULL for).
    public static prefix func ! (condition: Self) -> Self {
        Self(sql: SQLText.concatenation("NOT ", condition.operand(above: .and)), arguments: condition.arguments)
    }

    /// The SQL, in parentheses when it binds as loosely as `precedence` or more.
    private func operand(above precedence: Precedence) -> String {
        switch (self.precedence, precedence) {
        case (.comparison, _), (.and, .or): sql
        default: SQLText.concatenation("(", sql, ")")
        }
    }
}
