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

    /// Relations whose default names would clash (two keys to one parent, a default named like a
    /// column) get `relation:` / `inverse:` written, so that the imported schema validates.
    @Test func clashingRelationsAreNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appending(path: "app.sqlite").path(percentEncoded: false)
        let database = try Database(path: path)
        try database.execute("CREATE TABLE person (id INTEGER PRIMARY KEY, messages TEXT)")
        try database.execute("""
            CREATE TABLE message (id INTEGER PRIMARY KEY, sender_id INTEGER REFERENCES person(id),
              recipient_id INTEGER REFERENCES person(id), recipient TEXT, parent_id INTEGER REFERENCES message(id))
            """)
        try database.close()
        let imported = try SchemaImporter.read(path: path)
        #expect(imported.refusals == [])
        let message = try #require(imported.tables.first { $0.name == "message" })
        let references = message.columns.compactMap(\.references).map { [$0.relation, $0.inverse] }
        #expect(references == [[nil, "messagesBySender"], ["recipient2", "messagesByRecipient"], [nil, nil]])
        let files = ImportYAMLWriter.files(for: imported, source: "app.sqlite")
        let text = try #require(files.first { $0.contents.contains("name: message") }).contents
        #expect(text.contains("references: { table: person, column: id, relation: recipient2, inverse: messagesByRecipient }"))
        let schema = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
        #expect(try diagnostics(schema).filter { !$0.contains("warning: version 1 has no record") } == [])
    }
}
