import Foundation
import GeneratedLibrary
import Testing

// This file imports Foundation and a generated module only, never DAOGenRuntime, as a client of a generated
// library does: the typed conditions compile here (the generated module re-exports the runtime) and run.

/// Conditions written where the record type is visible but the runtime is not imported.
@Suite struct ClientConditionTests {
    @Test func conditionsCompileAndRunWithoutImportingTheRuntime() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("client-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let db = try LibraryDatabase.open(path: path)
        let author = try db.author.insert(Author(name: "Ursula"))
        for (title, rating) in [("Tehanu", 4.5), ("Tales", 2.0), ("The Word", 5.0)] {
            _ = try db.book.insert(Book(title: title, authorId: author.id!, status: .published, rating: rating))
        }
        _ = try db.book.insert(Book(title: "Unrated", authorId: author.id!, status: .draft))

        let title = "Tales"
        let low = 3.0
        let found = try db.book.fetchAll(where: { $0.title != title && $0.rating > low && $0.status == .published }, orderBy: [.title.ascending])
        #expect(found.map(\.title) == ["Tehanu", "The Word"])
        #expect(try db.book.count(where: { $0.rating == nil || $0.rating < 3 }) == 2)
        #expect(try db.book.count(where: { !($0.title.like("T%")) && $0.published == nil }) == 1)
        #expect(try db.book.exists(where: { $0.id.in([author.id!]) || $0.rating.between(4, 5) }))

        // A condition kept in a variable and combined at run time.
        var condition: SQLCondition<Book> = Book.columns.rating >= 2
        condition = condition && Book.columns.authorId == author.id!
        #expect(condition.sql == #""rating" >= ? AND "author_id" = ?"#)
        #expect(try db.book.count(where: condition) == 3)
    }
}
