import Foundation
import Testing

@testable import DAOGenRuntime

/// The schema's own statements never open another file: SQLite's authorizer refuses `ATTACH` and
/// `DETACH` while a ``SchemaDefinition`` creates, migrates or adopts a file, and on every statement of
/// a database opened with `allowsAttach` false.
@Suite struct AttachDenialTests {
    @Test(arguments: ["creation", "migration"])
    func schemaStatementsCannotAttach(where slot: String) throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("attached.sqlite")
        let attach = "ATTACH '\(target)' AS other"
        let definition = slot == "creation"
            ? SchemaDefinition(version: 1, creation: ["CREATE TABLE t (a)", attach], migrations: [])
            : SchemaDefinition(
                version: 2, creation: ["CREATE TABLE t (a)"], versionOneCreation: ["CREATE TABLE t (a)"],
                migrations: [.init(version: 2, steps: ["CREATE TABLE u (b)", attach])])
        let path = directory.path("app.sqlite")
        if slot == "migration" {
            let old = try Database(path: path)
            try old.execute("CREATE TABLE t (a)")
            try old.setUserVersion(1)
            try old.close()
        }
        let database = try Database(path: path)
        #expect {
            try definition.prepare(database)
        } throws: { error in
            "\(error)".contains("not authorized")
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        // The database still attaches when the app itself asks, outside the schema's statements.
        try database.execute(attach)
        #expect(FileManager.default.fileExists(atPath: target))
        try database.close()
    }

    @Test func aDatabaseOpenedWithoutAttachRefusesItAlways() throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.allowsAttach = false
        let database = try Database(path: ":memory:", configuration: configuration)
        #expect(throws: DatabaseError.self) { try database.execute("ATTACH '\(directory.path("x.sqlite"))' AS x") }
        #expect(throws: DatabaseError.self) { try database.execute("DETACH main") }
        #expect(!FileManager.default.fileExists(atPath: directory.path("x.sqlite")))
    }
}
