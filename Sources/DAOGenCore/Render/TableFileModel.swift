/// What the table-file template needs: one schema file's tables.
struct TableFileModel {
    var fileName: String
    /// The schema file's name, without its directory.
    var sourceName: String
    var tables: [TableModel]
    /// The views declared in the file: read-only records and DAOs.
    var views: [TableModel] = []
    /// `" LIMIT ?1 OFFSET ?2"` as a Swift literal: the paging clause of `fetchAll`, written once in `TableStatements`.
    var limitOffsetLiteral = SwiftLiteral.string(TableStatements.limitOffsetClause)
}
