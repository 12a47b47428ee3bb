/// A view of the latest version as the Type stage types it: its declaration and its result columns,
/// typed like a query's from SQLite's column metadata. Render makes its record and read-only DAO of it.
public struct TypedView: Sendable {
    /// The view's declaration: its names, doc and `queries:`.
    public var view: View
    /// The result columns, in order: one property of the record each, with its Swift name and type
    /// (Optional unless the view's SELECT never yields NULL for it).
    public var columns: [AnalyzedQuery.ResultColumn]

    /// The view's declaration identity.
    public var id: DeclarationID { view.id }
}

/// The table or view whose DAO gets a query's method and whose record nests its result struct.
struct QueryOwner {
    /// The declaration.
    var id: DeclarationID
    /// The SQL name at the latest version.
    var name: String
    /// The record's Swift name.
    var swiftName: String
    /// The table, for a table's query: its rows are the record (`.record`) and its enums nest in it. A
    /// view has neither: its columns' enums are its tables'.
    var table: Table?
}

/// A column a statement can name, as the Type stage sees it: a table's column, or a typed view's result column.
struct SourceColumn {
    /// The SQL name at the latest version.
    var name: String
    /// The Swift type, an enum qualified by its record (`Book.Status`).
    var type: SwiftValueType
    /// True when the column never holds NULL.
    var isNeverNull: Bool
}
