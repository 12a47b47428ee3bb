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
        /// SQLite's index of the parameter, from 1: in ``AnalyzedQuery/listSQL`` when the query has lists.
        /// For a list, its place among the query's lists, from 0.
        public var index: Int
        /// The value's type; for a list, its elements'.
        public var value: Value
        /// True for a list parameter, the only element of an `IN ( )` list: it takes a Swift array.
        public var isList = false

        /// The Swift spelling of the argument's type: `[Int64]` for a list.
        public var swiftName: String { isList ? "[\(value.type.swiftName)]" : value.swiftName }
    }

    /// The SQL a query with list parameters runs, for `ListQuerySQL`: its other parameters numbered
    /// `?1`, `?2`, ... in the order SQLite numbered them, then each list's `(:name)` written `(?n)` with
    /// `n` from `firstList` on, in the order the lists appear.
    public struct ListSQL: Sendable, Hashable {
        public var sql: String
        public var firstList: Int
    }

    /// One result column, in result order.
    public struct ResultColumn: Sendable, Hashable {
        /// The result column's name as SQLite reports it (its AS name, else the column's name).
        public var name: String
        /// The Swift property name, not escaped.
        public var swiftName: String
        public var value: Value
    }

    /// A result term `t.*` of a table or view of the statement, read as one property holding `t`'s
    /// record (docs/SchemaFormat.md, "Nested records").
    public struct NestedRecord: Sendable, Hashable {
        /// The term as written, `loan.*`.
        public var term: String
        /// The Swift property name, not escaped: lowerCamelCase of the alias, else of the record's name.
        public var swiftName: String
        /// The record's Swift type, `Book`.
        public var typeName: String
        /// The result columns the record is read from, in the record's column order.
        public var columns: Range<Int>
        /// For a record that may have no row (an outer join's nullable side, or an aggregate query without
        /// GROUP BY): the result column, one of its key (else NOT NULL) columns, whose NULL means no row;
        /// nil when a row is always there.
        public var missingWhenNullAt: Int?

        /// True when the property is Optional.
        public var isOptional: Bool { missingWhenNullAt != nil }
        /// The Swift spelling of the property's type, `?` included.
        public var swiftTypeName: String { typeName + (isOptional ? "?" : "") }
    }

    /// What the method returns.
    public enum Shape: Sendable, Hashable {
        /// INSERT / UPDATE / DELETE without RETURNING: the number of rows changed.
        case changes
        /// Rows of exactly the owning table's columns, in order: the record type.
        case record
        /// One result column: its values.
        case single
        /// One result term `t.*` and nothing else, but not the owning table's row: `t`'s record (`records[0]`).
        case nestedRecord
        /// Several result columns: a struct nested in the record, named after the query.
        case structure(name: String)
    }

    public var query: Query
    /// The SQL name of the table whose DAO gets the method.
    public var tableName: String
    public var parameters: [Parameter]
    public var columns: [ResultColumn]
    /// The result terms `t.*` read as records, in result order; the other columns are properties of their own.
    public var records: [NestedRecord] = []
    public var shape: Shape
    /// For a query with list parameters, the SQL it runs; nil otherwise (it runs `query.sql`).
    public var listSQL: ListSQL?
}
