/// What the table-file template needs: one schema file's tables, then its views.
struct TableFileModel: Encodable {
    var fileName: String
    /// The schema file's name, without its directory.
    var sourceName: String
    /// The tables declared in the file, then its views (`isView`: read-only records and DAOs), each
    /// rendered by the one section of the template.
    var tables: [TableModel]

    init(fileName: String, sourceName: String, tables: [TableModel], views: [TableModel] = []) {
        self.fileName = fileName
        self.sourceName = sourceName
        self.tables = tables + views
    }
}
