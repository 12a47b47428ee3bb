/// What the table-file template needs: one schema file's tables.
struct TableFileModel {
    var fileName: String
    var sourcePath: String
    var tables: [TableModel]
}
