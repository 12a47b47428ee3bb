import Foundation

/// The columns of a generated record: an enum with one case per column, whose raw values are the
/// SQL names. Generated `Column` enums conform, which gives every column ``ascending`` and
/// ``descending``.
public protocol SQLColumn: RawRepresentable, Hashable, Sendable, CaseIterable where RawValue == String {}

extension SQLColumn {
    /// This column in ascending order.
    public var ascending: SQLOrdering<Self> { SQLOrdering(column: self, isDescending: false) }

    /// This column in descending order.
    public var descending: SQLOrdering<Self> { SQLOrdering(column: self, isDescending: true) }
}

/// A term of an ORDER BY clause on a column of one record type.
///
/// A generated record names it `Ordering` (`typealias Ordering = SQLOrdering<Column>`) and adds a
/// static member per column in an extension, so an ORDER BY reads
/// `orderBy: [.title.ascending, .rating.descending]`: an implicit member chain starting on the
/// record's `Ordering`.
public struct SQLOrdering<Column: SQLColumn>: SQLOrderingTerm, Hashable {
    /// The column to order by.
    public var column: Column
    /// True for descending order.
    public var isDescending: Bool

    /// Creates an ordering term.
    public init(column: Column, isDescending: Bool) {
        self.column = column
        self.isDescending = isDescending
    }

    /// The column's SQL name.
    public var columnName: String { column.rawValue }
}
