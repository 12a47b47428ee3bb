import DAOGenRuntime
import Foundation
import Testing

@testable import _DAOGenCore

/// Issue 21, items 5 and 9, for `daogen import`: an imported schema takes no reserved Swift name and
/// keeps an unusual declared type with `declaredType:`, so that what it writes validates.
@Suite struct ImportNamesTests {
    @Test func importedNamesAndTypesValidate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appending(path: "app.sqlite").path(percentEncoded: false)
        let database = try Database(path: path)
        try database.execute("CREATE TABLE task (id INTEGER PRIMARY KEY, shape GEOMETRY, raw_value TEXT, size VARCHAR(255))")
        try database.execute("CREATE TABLE read (id INTEGER PRIMARY KEY)")
        try database.close()
        let imported = try SchemaImporter.read(path: path)
        #expect(imported.tables.map(\.swiftName) == ["ReadRow", "TaskRow"])
        let files = ImportYAMLWriter.files(for: imported, source: "app.sqlite")
        let task = try #require(files.first { $0.contents.contains("name: task") }).contents
        #expect(task.contains("        declaredType: GEOMETRY\n"))
        #expect(task.contains("        type: \"VARCHAR(255)\"\n"))
        #expect(task.contains("        swiftName: column3\n"))
        let schema = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
        #expect(try diagnostics(schema).filter { !$0.contains("warning: version 1 has no record") } == [])
    }
}
