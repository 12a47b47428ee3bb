import DAOGenRuntime
import Foundation
@testable import GeneratedNewsCache
@testable import GeneratedNotes
@testable import GeneratedRoster
@testable import GeneratedTestTable
import Testing

/// The small example schemas: the tables hand-written NoteDAO-style code used to manage.
@Suite final class ExampleSchemaTests {
    let file: TemporaryDatabaseFile

    init() throws {
        file = try TemporaryDatabaseFile()
    }

    deinit {
        file.remove()
    }

    @Test func notesAreKeyedByTheirCreationDateAtMillisecondPrecision() throws {
        let notes = try NotesDatabase.open(path: file.path).note
        let created = millisecondDate(1_718_000_123_456)
        try notes.insert(Note(date: created, content: "Buy milk"))
        try notes.insert(Note(date: millisecondDate(1_718_000_123_457), content: nil))
        #expect(try notes.find(date: created)?.content == "Buy milk")
        #expect(try notes.fetchAll(orderBy: [.date.descending]).map(\.content) == [nil, "Buy milk"])
        #expect(try notes.delete(date: created))
        #expect(try notes.count() == 1)
        let stored = try notes.database.rows(#"SELECT "date" FROM "note""#)
        #expect(stored == [[.text("2024-06-10T06:15:23.457Z")]])
    }

    @Test func rosterKeepsUnicodeAndAppliesTheDefault() throws {
        let students = try RosterDatabase.open(path: file.path).student
        let student = try students.insert(Student(name: "李小龍 🐉"))
        #expect(student.gender == "男")
        let found = try #require(try students.find(id: student.id!))
        #expect(found.name == "李小龍 🐉")
        #expect(found.gender == "男")
        let other = try students.insert(Student(name: "", gender: nil))
        #expect(try students.find(id: other.id!)?.gender == nil)
        #expect(try students.find(id: other.id!)?.name == "")
    }

    @Test func newsCacheKeepsBlobsWithZeroBytes() throws {
        let news = try NewsCacheDatabase.open(path: file.path).news
        let payload = Data([0, 1, 0, 255, 0, 0])
        let first = try news.insert(News(userID: "u1", dict: payload))
        let empty = try news.insert(News(userID: nil, dict: Data()))
        let none = try news.insert(News())
        #expect(first.id == 1 && empty.id == 2 && none.id == 3)
        #expect(try news.find(id: 1)?.dict == payload)
        #expect(try news.find(id: 2)?.dict == Data())
        #expect(try news.find(id: 3)?.dict == nil)
        #expect(try news.find(id: 3)?.userID == nil)
        // AUTOINCREMENT never reuses the rowid of a deleted row.
        try news.delete(id: 3)
        #expect(try news.insert(News()).id == 4)
    }

    @Test func testTableHoldsExtremesNullsAndEmptyValues() throws {
        let table = try TestTableDatabase.open(path: file.path).testTable
        let extremes = try table.insert(TestTable(
            name: "", age: Int64.max, isCelebrity: true, bolbData: Data([0]), progress: .greatestFiniteMagnitude,
            nilText: nil, defaultText: "", defaultInt: Int64.min, defaultReal: -0.0, timeStamp: Int64.min))
        let tiny = try table.insert(TestTable(
            name: "tiny", age: 0, isCelebrity: false, progress: .leastNonzeroMagnitude, defaultReal: -.greatestFiniteMagnitude, timeStamp: 0))
        #expect(try table.find(rowID: extremes.rowID!) == extremes)
        #expect(try table.find(rowID: tiny.rowID!) == tiny)
        #expect(try table.find(rowID: tiny.rowID!)?.progress == .leastNonzeroMagnitude)
        #expect(try table.find(byTimeStamp: Int64.min) == extremes)
        #expect(try table.fetchAll(byAge: 0, timeStamp: 0) == [tiny])
        let defaults = TestTable(name: "defaults", age: 1)
        #expect(defaults.defaultText == "" && defaults.defaultInt == 0 && defaults.defaultReal == 0.0)
        #expect(defaults.nilText == nil && defaults.isCelebrity == nil)

        let duplicate = try #require(throws: DatabaseError.self) {
            try table.insert(TestTable(name: "dup", age: 2, timeStamp: 0))
        }
        #expect(duplicate.extendedResultCode == .constraintUnique)
        #expect(duplicate.message == "UNIQUE constraint failed: test_table.timeStamp")

        let nullName = try table.database.rows("SELECT count(*) FROM test_table WHERE nilText IS NULL AND defaultText = ''")
        #expect(nullName == [[.integer(2)]])
    }
}
