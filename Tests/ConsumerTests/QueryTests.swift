import DAOGenRuntime
import Foundation
import GeneratedLibrary
import Testing

/// The `queries:` of the Library schema's `book` table, generated into typed DAO methods, against a real file.
@Suite final class QueryTests {
    let file: TemporaryDatabaseFile
    let library: LibraryDatabase
    let ursula: Author
    let octavia: Author

    init() throws {
        file = try TemporaryDatabaseFile()
        library = try LibraryDatabase.open(path: file.path)
        ursula = try library.author.insert(Author(name: "Ursula K. Le Guin", externalId: nil, website: URL(string: "https://example.org/u")))
        octavia = try library.author.insert(Author(name: "Octavia Butler", externalId: nil, website: nil))
        try library.book.insert(contentsOf: [
            Book(isbn: "1", title: "The Dispossessed", authorId: ursula.id!, published: millisecondDate(1_000), status: .published,
                 rating: 5, price: Decimal(string: "10.5")),
            Book(isbn: "2", title: "A Wizard of Earthsea", authorId: ursula.id!, published: millisecondDate(3_000), status: .published,
                 rating: 4, price: Decimal(string: "8")),
            Book(title: "Kindred", authorId: octavia.id!, status: .draft),
        ])
    }

    deinit {
        file.remove()
    }

    @Test func joinReturnsTheNestedStructInOrder() throws {
        let rows: [Book.WithAuthor] = try library.book.withAuthor(authorName: "Ursula K. Le Guin")
        #expect(rows.map(\.title) == ["A Wizard of Earthsea", "The Dispossessed"])
        #expect(rows.allSatisfy { $0.authorName == "Ursula K. Le Guin" })
        #expect(try library.book.withAuthor(authorName: "nobody").isEmpty)
    }

    @Test func ownColumnsReturnTheRecordAndEnumsBindAsTheirRawValue() throws {
        let drafts: [Book] = try library.book.byStatus(status: .draft)
        #expect(drafts.map(\.title) == ["Kindred"])
        #expect(try library.book.byStatus(status: .archived).isEmpty)
    }

    @Test func oneColumnAndOneRowGiveAnOptionalValue() throws {
        let count: Int64? = try library.book.countPublished()
        #expect(count == 2)
        let best: Book.HighestRated? = try library.book.highestRated(authorId: ursula.id!)
        #expect(best?.best == 5 && best?.title == "The Dispossessed")
        #expect(try library.book.highestRated(authorId: octavia.id!)?.best == nil)
        // An aggregate query without GROUP BY returns one row of NULLs when nothing matches: `title` is
        // `String?` (it was `String`, and this call threw on the NULL).
        let none: Book.HighestRated? = try library.book.highestRated(authorId: -1)
        #expect(none == Book.HighestRated(title: nil, best: nil))
    }

    @Test func updateReturnsTheRowsChangedAndBindsDatesInTheirStorage() throws {
        let changed: Int = try library.book.markArchived(before: millisecondDate(2_000))
        #expect(changed == 1)
        #expect(try library.book.byStatus(status: .archived).map(\.title) == ["The Dispossessed"])
        try library.book.markArchived(before: millisecondDate(0))  // @discardableResult
    }

    @Test func leftJoinColumnsAreOptionalAndLimitBinds() throws {
        let page = try library.book.titlesWithAuthors(first: .published, second: .draft, limit: 2, offset: 1)
        #expect(page.map(\.title) == ["Kindred", "The Dispossessed"])
        let kindred: Book.TitlesWithAuthors = page[0]
        let author: String? = kindred.author
        let website: URL? = kindred.website
        #expect(author == "Octavia Butler" && website == nil)
        #expect(page[1].website == URL(string: "https://example.org/u"))
    }

    @Test func aggregatesAreTypedWithoutTypes() throws {
        let statistics = try #require(try library.book.ratingStatistics(authorId: ursula.id!, since: millisecondDate(0)))
        let books: Int64 = statistics.books
        let average: Double? = statistics.average
        let newest: Date? = statistics.newest
        let total: Double = statistics.totalRating
        #expect(books == 2 && average == 4.5 && newest == millisecondDate(3_000) && total == 9)
        let none = try #require(try library.book.ratingStatistics(authorId: -1, since: millisecondDate(0)))
        #expect(none.books == 0 && none.average == nil && none.totalRating == 0)
    }

    @Test func betweenAndReturningAreTyped() throws {
        let first = try #require(try library.book.find(byIsbn: "1")?.id)
        let isbns: [String?] = try library.book.isbns(low: first, high: first + 10)
        #expect(isbns == ["1", "2"])
        #expect(try library.book.isbns(low: first, high: first) == ["1"])
        let id = try #require(try library.book.insertDraft(title: "Dawn", authorId: octavia.id!))
        #expect(try library.book.find(id: id)?.title == "Dawn")
    }
}

/// The Library schema's views (read-only records and DAOs with queries) and triggers, against a real file.
@Suite final class ViewAndTriggerTests {
    let file: TemporaryDatabaseFile
    let library: LibraryDatabase

    init() throws {
        file = try TemporaryDatabaseFile()
        library = try LibraryDatabase.open(path: file.path)
        let ursula = try library.author.insert(Author(name: "Ursula K. Le Guin", externalId: nil, website: nil))
        try library.author.insert(Author(name: "Nobody Yet", externalId: nil, website: nil))
        try library.book.insert(contentsOf: [
            Book(title: "The Dispossessed", authorId: ursula.id!, rating: 5),
            Book(title: "Lavinia", authorId: ursula.id!, rating: 4),
        ])
    }

    deinit {
        file.remove()
    }

    @Test func viewRowsAreTypedFromTheTablesWithLeftJoinColumnsOptional() throws {
        let rows: [BookSummary] = try library.bookSummary.fetchAll(orderBy: [.title.ascending])
        #expect(rows.map(\.title) == ["Lavinia", "The Dispossessed"])
        let name: String? = rows[0].authorName
        #expect(name == "Ursula K. Le Guin")
        #expect(try library.bookSummary.count() == 2)
        #expect(try library.bookSummary.fetchAll(limit: 1, offset: 1).count == 1)
        #expect(try library.bookSummary.fetchAll(where: "title LIKE ?", "Lav%").map(\.title) == ["Lavinia"])
        #expect(try library.bookSummary.byAuthorName(name: "Ursula K. Le Guin").count == 2)
    }

    @Test func aggregateViewTypesCountAndMax() throws {
        let shelves: [AuthorShelf] = try library.authorShelf.fetchAll(orderBy: [.name.ascending])
        let books: [Int64] = shelves.map(\.books)
        let best: [Double?] = shelves.map(\.best)
        #expect(books == [0, 2] && best == [nil, 5])
    }

    @Test func triggersRun() throws {
        let author = try #require(try library.author.fetchAll().first { $0.name == "Ursula K. Le Guin" })
        var renamed = author
        renamed.name = "U. K. Le Guin"
        try library.author.update(renamed)
        #expect(try library.book.fetchAll().map(\.subtitle) == ["by U. K. Le Guin", "by U. K. Le Guin"])
    }
}
