extension RecordSQL {
    /// One term of a keyset: a column, its direction, and the cursor row's value in it.
    public struct KeysetTerm: Sendable {
        /// The column's SQL name, unquoted.
        public var column: String
        /// True when the ordering is descending.
        public var isDescending: Bool
        /// The cursor row's value in the column, bound as the statement's database stores its type.
        public var value: any DatabaseValueConvertible

        /// A term of the ordering that pages follow.
        public init(column: String, isDescending: Bool, value: any DatabaseValueConvertible) {
            self.column = column
            self.isDescending = isDescending
            self.value = value
        }
    }

    /// The condition that keeps the rows that follow a cursor row in an ordering (keyset paging), and
    /// the values its `?` placeholders take, in order.
    ///
    /// `terms` are the ordering's terms with the cursor's values, ending with the primary key's columns
    /// (ascending), so that no two rows tie. A row follows the cursor when, for some term, it equals
    /// the cursor in every term before it and comes after it in that term, NULLs ordered as SQLite
    /// orders them: first in ascending order, last in descending order. So a term after a NULL is
    /// `IS NOT NULL` (ascending) or nothing (descending), and after a value `> ?` (ascending) or
    /// `< ? OR IS NULL` (descending); equal to NULL is `IS NULL`. Comparisons use the columns'
    /// collations, as ORDER BY does. The text depends only on the terms and on which values are NULL,
    /// so pages of one query share a few statements. `0` when no row can follow.
    public static func keysetCondition(_ terms: [KeysetTerm]) -> (sql: String, arguments: [any DatabaseValueConvertible]) {
        var disjuncts: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        var equalities: [String] = []
        var equalityArguments: [any DatabaseValueConvertible] = []
        for term in terms {
            let column = SQLIdentifier.quoted(term.column)
            let isNull = term.value.databaseValue == .null
            let after: (sql: String, arguments: [any DatabaseValueConvertible])?
            switch (isNull, term.isDescending) {
            case (true, false): after = (column + " IS NOT NULL", [])
            case (true, true): after = nil
            case (false, false): after = (column + " > ?", [term.value])
            case (false, true): after = ("(" + column + " < ? OR " + column + " IS NULL)", [term.value])
            }
            if let after {
                disjuncts.append((equalities + [after.sql]).joined(separator: " AND "))
                arguments += equalityArguments + after.arguments
            }
            if isNull {
                equalities.append(column + " IS NULL")
            } else {
                equalities.append(column + " = ?")
                equalityArguments.append(term.value)
            }
        }
        guard !disjuncts.isEmpty else { return ("0", []) }
        guard disjuncts.count > 1 else { return (disjuncts[0], arguments) }
        return (disjuncts.map { "(" + $0 + ")" }.joined(separator: " OR "), arguments)
    }
}
