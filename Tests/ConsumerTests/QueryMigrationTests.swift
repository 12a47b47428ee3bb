import DAOGenRuntime
import Foundation
import GeneratedLibrary
import GeneratedLibraryV1
import Testing

/// Queries on a file created by the code of an older version, after it migrated.
@Suite struct QueryMigrationTests {
    @Test func aFileMadeByVersionOneCodeMigratesAndAnswersQueries() throws {
        let old = try TemporaryDatabaseFile()
        defer { old.remove() }
        do {
            let v1 = try GeneratedLibraryV1.LibraryDatabase.open(path: old.path)
            let author = try v1.author.insert(GeneratedLibraryV1.Author(name: "N. K. Jemisin", externalId: nil, website: nil))
            try v1.book.insert(GeneratedLibraryV1.Book(title: "The Fifth Season", authorId: author.id!, status: .published))
        }
        let migrated = try GeneratedLibrary.LibraryDatabase.open(path: old.path)
        #expect(try migrated.book.withAuthor(authorName: "N. K. Jemisin").map(\.title) == ["The Fifth Season"])
        #expect(try migrated.book.countPublished() == 1)
        // Version 3 creates the views and triggers after the rebuild of book.
        #expect(try migrated.bookSummary.fetchAll().map(\.authorName) == ["N. K. Jemisin"])
        #expect(try migrated.authorShelf.fetchAll().map(\.books) == [1])
        var author = try #require(try migrated.author.fetchAll().first)
        author.name = "Nora K. Jemisin"
        try migrated.author.update(author)
        #expect(try migrated.book.fetchAll().map(\.subtitle) == ["by Nora K. Jemisin"])
    }
}
