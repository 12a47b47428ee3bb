import Foundation

/// A term of an ORDER BY clause. ``SQLOrdering``, the generated records' `Ordering`, conforms.
public protocol SQLOrderingTerm: Sendable {
    /// The SQL name of the column to order by, unquoted.
    var columnName: String { get }
    /// True for descending order.
    var isDescending: Bool { get }
}

extension Array where Element: SQLOrderingTerm {
    /// ` ORDER BY "a", "b" DESC`, or the empty string for no terms (``RecordSQL/orderBy(_:)``).
    public var orderByClause: String { RecordSQL.orderBy(self) }
}
