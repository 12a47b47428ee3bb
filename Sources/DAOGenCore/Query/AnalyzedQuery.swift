/// A query checked against the latest schema, with every parameter and result column typed.
public struct AnalyzedQuery: Sendable {
    /// A Swift value: its type (enums qualified by their record, `Book.Status`) and whether it is Optional.
    public struct Value: Sendable, Hashable {
        public var type: SwiftValueType
        public var isOptional: Bool

        /// The Swift spelling, `?` included.
        public var swiftName: String { type.swiftName + (isOptional ? "?" : "") }
    }

    /// One distinct named parameter, in order of first appearance (SQLite's parameter index).
    public struct Parameter: Sendable, Hashable {
        /// The name as written, without `:`, `@` or `$`.
        public var name: String
        /// The Swift argument label.
        public var label: String
        /// SQLite's index of the parameter, from 1.
        public var index: Int
        public var value: Value
    }

    /// One result column, in result order.
    public struct ResultColumn: Sendable, Hashable {
        /// The result column's name as SQLite reports it (its AS name, else the column's name).
        public var name: String
        /// The Swift property name, not escaped.
        public var swiftName: String
        public var value: Value
    }

    /// What the method returns.
    public enum Shape: Sendable, Hashable {
        /// INSERT / UPDATE / DELETE without RETURNING: the number of rows changed.
        case changes
        /// Rows of exactly the owning table's columns, in order: the record type.
        case record
        /// One result column: its values.
        case single
        /// Several result columns: a struct nested in the record, named after the query.
        case structure(name: String)
    }

    public var query: Query
    /// The SQL name of the table whose DAO gets the method.
    public var tableName: String
    public var parameters: [Parameter]
    public var columns: [ResultColumn]
    public var shape: Shape
}
