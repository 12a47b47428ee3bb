import Foundation

/// A term of an ORDER BY clause. ``SQLOrdering``, the generated records' `Ordering`, conforms.
public protocol SQLOrderingTerm: Sendable {
    /// The SQL name of the column to order by, unquoted.
    var columnName: String { get }
    /// True for descending order.
    var isDescending: Bool { get }
}

extension Array where Element: SQLOrderingTerm {
    /// ` ORDER BY "a", "b" DESC`, or the empty string for no terms. Column names are quoted, never spliced raw.
    public var orderByClause: String {
        guard !isEmpty else { return "" }
        let terms = map { term in
            SQLIdentifier.quoted(term.columnName) + (term.isDescending ? " DESC" : "")
        }
        return " ORDER BY " + terms.joined(separator: ", ")
    }
}
