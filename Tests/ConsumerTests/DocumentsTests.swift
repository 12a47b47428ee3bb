import DAOGenRuntime
import Foundation
import GeneratedDocuments
import GeneratedDocumentsV1
import Testing

private typealias DocumentsDatabase = GeneratedDocuments.DocumentsDatabase
private typealias Document = GeneratedDocuments.Document
private typealias Person = GeneratedDocuments.Person

/// JSON columns and generated columns (docs/SchemaFormat.md, "JSON columns and generated columns"), through the code of Tests/Schemas/Documents on
/// real files: values round trip, generated values come back from insert and upsert and are never written,
/// stored text that does not decode is an error naming table and column, and a version-1 file migrates.
@Suite final class DocumentsTests {
    let file: TemporaryDatabaseFile

    init() throws {
        file = try TemporaryDatabaseFile()
    }

    deinit {
        file.remove()
    }

    @Test func jsonValuesRoundTripAsSortedKeyText() throws {
        let database = try DocumentsDatabase.open(path: file.path)
        let author = Person(name: "Ann", email: "ann@example.com/x")
        let inserted = try database.document.insert(
            Document(title: "Notes", tags: ["b", "a"], counts: ["z": 1, "a": 2, "m": 3], author: author))
        let id = try #require(inserted.id)
        let found = try #require(try database.document.find(id: id))
        #expect(found.tags == ["b", "a"])
        #expect(found.counts == ["z": 1, "a": 2, "m": 3])
        #expect(found.author == author)
        // Stored as JSON text: keys sorted, slashes not escaped, whatever the dictionary's order.
        let stored = try database.database.rows(#"SELECT "counts", "author", "tags" FROM "document""#)
        #expect(stored == [[.text(#"{"a":2,"m":3,"z":1}"#), .text(#"{"email":"ann@example.com/x","name":"Ann"}"#), .text(#"["b","a"]"#)]])
        // nil is SQL NULL.
        let empty = try database.document.insert(Document(title: "Empty", counts: [:]))
        #expect(try database.database.rows(#"SELECT "tags" IS NULL, "author" IS NULL FROM "document" WHERE "id" = ?"#, [.integer(empty.id!)])
            == [[.integer(1), .integer(1)]])
        #expect(try database.document.find(id: empty.id!)?.tags == nil)
    }

    @Test func theColumnsCheckRefusesTextThatIsNotJSON() throws {
        let database = try DocumentsDatabase.open(path: file.path)
        #expect(throws: DatabaseError.self) {
            try database.database.execute(#"INSERT INTO "document" ("title", "tags") VALUES ('x', 'not json')"#)
        }
    }

    @Test func textThatDoesNotDecodeIsAnErrorNamingTableAndColumn() throws {
        let database = try DocumentsDatabase.open(path: file.path)
        // Valid JSON (the CHECK passes), but not a [String].
        try database.database.execute(#"INSERT INTO "document" ("id", "title", "tags") VALUES (7, 'x', '{"a":1}')"#)
        do {
            _ = try database.document.find(id: 7)
            Issue.record("reading JSON that is not a [String] did not throw")
        } catch let error as DAOGenError {
            guard case let .invalidJSON(table, column, value, expected, _, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(table == "document")
            #expect(column == "tags")
            #expect(value == #"'{"a":1}'"#)
            #expect(expected == "Array<String>")
            #expect(error.description.hasPrefix(#"The JSON column document.tags holds '{"a":1}', which cannot be decoded as Array<String> (expected Array<Any>), in: SELECT"#))
        }
        // A query's single JSON result column names the table too.
        #expect(throws: DAOGenError.self) { _ = try database.document.tagsOf(id: 7) }
    }

    @Test func generatedColumnsComeBackFromInsertAndUpsertAndAreNeverWritten() throws {
        let database = try DocumentsDatabase.open(path: file.path)
        let draft = Document(title: "Hello World", counts: [:])
        #expect(draft.titleLength == nil && draft.titleKey == nil)
        let inserted = try database.document.insert(draft)
        #expect(inserted.id != nil)
        #expect(inserted.titleLength == 11)
        #expect(inserted.titleKey == "hello world")

        var changed = inserted
        changed.title = "Bye"
        #expect(try database.document.update(changed))
        let read = try #require(try database.document.find(id: inserted.id!))
        // Computed from the new title: the stale values the record held were not written.
        #expect(read.titleLength == 3 && read.titleKey == "bye")

        let upserted = try database.document.upsert(Document(id: inserted.id, title: "Again!", counts: ["n": 1]))
        #expect(upserted.titleLength == 6 && upserted.titleKey == "again!" && upserted.counts == ["n": 1])
        let new = try database.document.upsert(Document(id: 40, title: "New", counts: [:]))
        #expect(new.id == 40 && new.titleLength == 3)
        let onConflict = try database.document.upsert(Document(id: 40, title: "Newer", counts: [:]), onConflict: .id)
        #expect(onConflict.titleKey == "newer")

        try database.document.insert(contentsOf: [Document(title: "a", counts: [:]), Document(title: "bb", counts: [:])])
        #expect(try database.document.fetchAll(byTitleLength: 2).map(\.title) == ["bb"])
        #expect(try database.document.byTitleKey(key: "a").map(\.titleLength) == [1])
        #expect(try database.document.lengths().map(\.titleLength) == [6, 5, 1, 2])
    }

    @Test func typedConditionsAndAssignmentsTakeJSONColumns() throws {
        let database = try DocumentsDatabase.open(path: file.path)
        try database.document.insert(Document(title: "tagged", tags: ["x"], counts: ["a": 1]))
        try database.document.insert(Document(title: "untagged", counts: [:]))
        #expect(try database.document.fetchAll(where: { $0.tags == nil }).map(\.title) == ["untagged"])
        #expect(try database.document.count(where: { $0.tags != nil }) == 1)
        // Equality compares the stored text with the value's (deterministic) encoding.
        #expect(try database.document.fetchOne(where: { $0.counts == DatabaseJSON(["a": 1]) })?.title == "tagged")
        #expect(try database.document.update(set: [.tags(["y", "z"]), .counts(["b": 2])], where: { $0.title == "untagged" }) == 1)
        let updated = try #require(try database.document.fetchOne(where: { $0.title == "untagged" }))
        #expect(updated.tags == ["y", "z"] && updated.counts == ["b": 2])
        #expect(try database.document.update(set: [.author(nil)], where: { $0.titleLength >= 6 }) == 2)
        #expect(try database.document.fetchAll(where: { $0.titleLength > 6 }, orderBy: [.titleKey.descending]).map(\.title) == ["untagged"])
    }

    @Test func aViewReadsJSONAndGeneratedColumnsAndEmptyJSONDefaultsAreSwiftDefaults() throws {
        let database = try DocumentsDatabase.open(path: file.path)
        // `default: "'{}'"` on a dictionary JSON column is the initializer's `[:]`.
        let plain = try database.document.insert(Document(title: "plain"))
        #expect(plain.counts == [:])
        try database.document.insert(Document(title: "tagged", tags: ["a", "b"]))
        let rows = try database.taggedDocument.fetchAll()
        #expect(rows.map(\.tags) == [["a", "b"]])
        #expect(rows.map(\.titleLength) == [6])
        #expect(try database.taggedDocument.count(where: { $0.tags != nil && $0.titleLength == 6 }) == 1)
    }

    @Test func aVersion1FileMigratesAndComputesTheGeneratedColumns() throws {
        do {
            let old = try GeneratedDocumentsV1.DocumentsDatabase.open(path: file.path)
            try old.document.insert(GeneratedDocumentsV1.Document(id: 1, title: "First Draft", tags: ["a"], counts: ["k": 1]))
            try old.document.insert(GeneratedDocumentsV1.Document(id: 2, title: "Second", counts: [:]))
            try old.database.close()
        }
        let database = try DocumentsDatabase.open(path: file.path)
        #expect(try database.database.userVersion() == 2)
        let documents = try database.document.fetchAll(orderBy: [.id.ascending])
        #expect(documents.map(\.title) == ["First Draft", "Second"])
        #expect(documents.map(\.tags) == [["a"], nil])
        #expect(documents.map(\.counts) == [["k": 1], [:]])
        #expect(documents.map(\.author) == [nil, nil])
        #expect(documents.map(\.titleLength) == [11, 6])
        #expect(documents.map(\.titleKey) == ["first draft", "second"])
        // The schema is a fresh version 2's, generated columns included.
        let fresh = try TemporaryDatabaseFile()
        defer { fresh.remove() }
        let created = try DocumentsDatabase.open(path: fresh.path)
        #expect(try SchemaDescription(database: database.database).differences(from: SchemaDescription(database: created.database)) == [])
    }
}
