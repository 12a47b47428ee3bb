import DAOGenRuntime
import Foundation
@testable import GeneratedNotes
import Testing

/// How the generated database type treats files it did not create, or created at another version.
@Suite final class OpeningTests {
    let file: TemporaryDatabaseFile

    init() throws {
        file = try TemporaryDatabaseFile()
    }

    deinit {
        file.remove()
    }

    @Test func aNewerFileIsRefusedAndLeftUntouched() throws {
        do {
            let database = try Database(path: file.path)
            try database.execute("CREATE TABLE future (x); PRAGMA user_version = 9")
        }
        let before = try Data(contentsOf: URL(filePath: file.path))
        let error = try #require(throws: DAOGenError.self) { try NotesDatabase.open(path: file.path) }
        #expect(error == .newerFile(path: file.path, fileVersion: 9, codeVersion: 1))
        #expect("\(error)" == "The database at \(file.path) is at schema version 9, newer than version 1 that this code knows; it was left untouched.")
        #expect(try Data(contentsOf: URL(filePath: file.path)) == before)
    }

    @Test func anUnversionedFileWithTablesIsRefused() throws {
        do {
            let database = try Database(path: file.path)
            try database.execute("CREATE TABLE handmade (x)")
        }
        let error = try #require(throws: DAOGenError.self) { try NotesDatabase.open(path: file.path) }
        #expect(error == .unversionedFile(path: file.path, tables: ["handmade"]))
        #expect("\(error)" == "The database at \(file.path) has no schema version but already has tables (handmade), so its schema is unknown; it was left untouched. If these tables were made without daogen, open the file with open(path:baseline:) to compare them with a schema version and adopt the file at that version.")
        let database = try Database(path: file.path)
        #expect(try database.tableNames() == ["handmade"])
        #expect(try database.userVersion() == 0)
    }

    @Test func anUnversionedFileMatchingTheSchemaIsAdoptedWithABaseline() throws {
        do {
            let database = try Database(path: file.path)
            try database.execute(#"CREATE TABLE "note" ("date" TEXT PRIMARY KEY NOT NULL, "content" TEXT)"#)
            try database.execute(#"INSERT INTO "note" VALUES ('2024-01-01T00:00:00.000Z', 'kept')"#)
        }
        let notes = try NotesDatabase.open(path: file.path, baseline: 1)
        #expect(try notes.database.userVersion() == 1)
        #expect(try notes.note.fetchAll().map(\.content) == ["kept"])
    }

    @Test func aBaselineThatDoesNotMatchIsRefused() throws {
        do {
            let database = try Database(path: file.path)
            try database.execute(#"CREATE TABLE "note" ("date" TEXT, "body" TEXT)"#)
        }
        let error = try #require(throws: DAOGenError.self) { try NotesDatabase.open(path: file.path, baseline: 1) }
        #expect(error == .baselineMismatch(path: file.path, version: 1, differences: [
            "column note.content is missing",
            "column note.date is TEXT, expected TEXT NOT NULL PRIMARY KEY (1)",
            "column note.body is not expected",
            "table note lacks primary key UNIQUE (date COLLATE BINARY)",
        ]))
        #expect(try Database(path: file.path).userVersion() == 0)
    }

    @Test func aBaselineOutOfRangeIsRefusedEvenForANewFile() throws {
        for baseline in [7, 0, -1] {
            let error = try #require(throws: DAOGenError.self) { try NotesDatabase.open(path: file.path, baseline: baseline) }
            #expect(error == .invalidBaseline(baseline: baseline, codeVersion: 1))
        }
        let database = try Database(path: file.path)
        #expect(try database.tableNames() == [])
        #expect(try database.userVersion() == 0)
        #expect(try NotesDatabase.open(path: file.path, baseline: 1).database.userVersion() == 1)
    }

    @Test func inMemoryDatabasesWork() throws {
        let notes = try NotesDatabase.open(path: ":memory:")
        try notes.note.insert(Note(date: Date(timeIntervalSince1970: 0), content: "memory"))
        #expect(try notes.note.count() == 1)
    }
}
