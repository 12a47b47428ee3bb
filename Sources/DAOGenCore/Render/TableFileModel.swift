/// What the table-file template needs: one schema file's tables.
struct TableFileModel {
    var fileName: String
    /// The schema file's name, without its directory.
    var sourceName: String
    var tables: [TableModel]
    /// The views declared in the file: read-only records and DAOs.
    var views: [TableModel] = []
}
