import DAOGenRuntime
import Foundation
import GeneratedLibrary
import Testing

/// The Library schema's generated code against a real SQLite file: every DAO method.
@Suite final class LibraryTests {
    let file: TemporaryDatabaseFile
    let library: LibraryDatabase
    let author: Author

    init() throws {
        file = try TemporaryDatabaseFile()
        library = try LibraryDatabase.open(path: file.path)
        author = try library.author.insert(Author(name: "Ursula K. Le Guin", externalId: UUID(), website: URL(string: "https://example.org/ursula")))
    }

    deinit {
        file.remove()
    }

    @Test func newFileIsCreatedAtTheLatestVersion() throws {
        #expect(LibraryDatabase.version == 3)
        #expect(try library.database.userVersion() == 3)
        // book_fts and its shadow tables: the search index of `search:`.
        #expect(try library.database.tableNames().filter { $0 != "sqlite_sequence" } == [
            "book", "book_fts", "book_fts_config", "book_fts_data", "book_fts_docsize", "book_fts_idx", "loan", "member", "t_author",
        ])
    }

    @Test func insertAssignsTheRowIDAndFindReadsEveryValueBack() throws {
        let published = millisecondDate(1_700_000_000_123)
        let book = try library.book.insert(Book(
            isbn: "978-0-441-47812-5", title: "The Left Hand of Darkness", authorId: author.id!,
            published: published, status: .published, rating: 4.5, subtitle: "A novel", price: Decimal(string: "12.99")))
        let id = try #require(book.id)
        let found = try #require(try library.book.find(id: id))
        #expect(found == book)
        #expect(found.published == published)
        #expect(found.price == Decimal(string: "12.99"))
        #expect(try library.author.find(id: author.id!) == author)
    }

    @Test func defaultsOfTheInitializerFollowTheSchema() throws {
        let book = Book(authorId: author.id!)
        #expect(book.title == "untitled")
        #expect(book.status == .draft)
        #expect(book.isbn == nil && book.rating == nil)
    }

    @Test func updateUpsertAndDelete() throws {
        var book = try library.book.insert(Book(title: "Draft", authorId: author.id!))
        book.title = "Final"
        #expect(try library.book.update(book))
        #expect(try library.book.find(id: book.id!)?.title == "Final")

        book.rating = 3
        let upserted = try library.book.upsert(book)
        #expect(upserted == book)
        #expect(try library.book.count() == 1)
        #expect(try library.book.find(id: book.id!)?.rating == 3)

        let inserted = try library.book.upsert(Book(title: "New", authorId: author.id!))
        #expect(inserted.id != nil && inserted.id != book.id)
        #expect(try library.book.count() == 2)

        #expect(try library.book.delete(book))
        #expect(try !library.book.delete(book))
        #expect(try library.book.delete(id: inserted.id!))
        #expect(try library.book.find(id: inserted.id!) == nil)
        #expect(try !library.book.update(Book(id: 999, title: "Missing", authorId: author.id!)))
        #expect(try !library.book.delete(Book(title: "Never inserted", authorId: author.id!)))
    }

    @Test func uniqueAndIndexFinders() throws {
        let dune = try library.book.insert(Book(isbn: "isbn-1", title: "Dune", authorId: author.id!))
        let emma = try library.book.insert(Book(isbn: "isbn-2", title: "Emma", authorId: author.id!, rating: 5))
        #expect(try library.book.find(byIsbn: "isbn-2") == emma)
        #expect(try library.book.find(byIsbn: "none") == nil)
        #expect(try library.book.find(byAuthorId: author.id!, title: "dune") == dune, "title is COLLATE NOCASE")
        #expect(try library.book.fetchAll(byAuthorId: author.id!, title: "Emma") == [emma])
        #expect(try library.book.fetchAll(byRating: 5) == [emma])
        #expect(try library.author.find(byExternalId: author.externalId!) == author)
    }

    @Test func orderingLimitAndOffset() throws {
        let titles = ["b", "d", "a", "e", "c"]
        try library.book.insert(contentsOf: titles.enumerated().map { index, title in
            Book(title: title, authorId: author.id!, rating: Double(index % 2))
        })
        #expect(try library.book.fetchAll(orderBy: [.title.ascending]).map(\.title) == ["a", "b", "c", "d", "e"])
        #expect(try library.book.fetchAll(orderBy: [.title.descending], limit: 2).map(\.title) == ["e", "d"])
        #expect(try library.book.fetchAll(orderBy: [.title.ascending], limit: 2, offset: 3).map(\.title) == ["d", "e"])
        #expect(try library.book.fetchAll(orderBy: [.rating.descending, .title.ascending]).map(\.title) == ["d", "e", "a", "b", "c"])
        #expect(try library.book.fetchAll().count == 5)
    }

    /// `Book.Ordering` is the runtime's `SQLOrdering<Book.Column>`; the contract's spelling, an implicit
    /// member chain starting on it, type-checks and orders as written.
    @Test func orderingIsAnImplicitMemberChain() throws {
        try library.book.insert(contentsOf: [
            Book(title: "b", authorId: author.id!, rating: 1),
            Book(title: "a", authorId: author.id!, rating: 1),
            Book(title: "c", authorId: author.id!, rating: 2),
        ])
        #expect(try library.book.fetchAll(orderBy: [.title.ascending, .rating.descending]).map(\.title) == ["a", "b", "c"])
        #expect(try library.book.fetchAll(orderBy: [.rating.descending, .title.ascending]).map(\.title) == ["c", "a", "b"])
        let term: Book.Ordering = .authorId.descending
        #expect(term == Book.Ordering(column: .authorId, isDescending: true))
        #expect(term.column == Book.Column.authorId && term.columnName == "author_id" && term.isDescending)
        #expect(Book.Ordering.subtitle == .subtitle)
        #expect(Book.Column.allCases.map(\.rawValue) == ["id", "isbn", "title", "author_id", "published", "status", "rating", "subtitle", "price"])
        #expect(try library.bookSummary.fetchAll(orderBy: [.title.descending]).map(\.title) == ["c", "b", "a"])
        #expect([Book.Ordering]([.title.ascending, .rating.descending]).orderByClause == #" ORDER BY "title", "rating" DESC"#)
    }

    @Test func fetchAllWhereBindsItsArguments() throws {
        try library.book.insert(contentsOf: [
            Book(title: "Robert'); DROP TABLE book; --", authorId: author.id!, rating: 1),
            Book(title: "Plain", authorId: author.id!, rating: 4),
        ])
        let injected = try library.book.fetchAll(where: "title = ?", "Robert'); DROP TABLE book; --")
        #expect(injected.map(\.rating) == [1])
        #expect(try library.book.fetchAll(where: "rating > ? AND status = ?", 2.0, "draft", orderBy: [.title.ascending], limit: 5).map(\.title) == ["Plain"])
        #expect(try library.book.count() == 2)
    }

    @Test func fetchAllWhereRefusesTheWrongNumberOfArguments() throws {
        try library.book.insert(contentsOf: (1...3).map { Book(title: "Book \($0)", authorId: author.id!) })
        let select = Book.statements.selectAll
        let tooFew = try #require(throws: DAOGenError.self) { try library.book.fetchAll(where: "id > ?", limit: 2) }
        #expect(tooFew == .argumentCountMismatch(expected: 1, given: 0, sql: select + " WHERE (id > ?) LIMIT :daogen_limit OFFSET :daogen_offset"))
        #expect(tooFew.description == "The SQL takes 1 argument but 0 were given, so no argument was bound, in: \(select) WHERE (id > ?) LIMIT :daogen_limit OFFSET :daogen_offset")
        let tooMany = try #require(throws: DAOGenError.self) { try library.book.fetchAll(where: "id > ?", 1, 2) }
        #expect(tooMany == .argumentCountMismatch(expected: 1, given: 2, sql: select + " WHERE (id > ?) LIMIT :daogen_limit OFFSET :daogen_offset"))
        let none = try #require(throws: DAOGenError.self) { try library.book.fetchAll(where: "id > 1", 1) }
        #expect(none.description == "The SQL takes 0 arguments but 1 was given, so no argument was bound, in: \(select) WHERE (id > 1) LIMIT :daogen_limit OFFSET :daogen_offset")
        // Right counts: a limit, no limit, named parameters (numbered in order of first appearance).
        #expect(try library.book.fetchAll(where: "id > ?", 1, orderBy: [.id.ascending], limit: 1).map(\.title) == ["Book 2"])
        #expect(try library.book.fetchAll(where: "id > ?", 1).count == 2)
        #expect(try library.book.fetchAll(where: "id >= :low AND id <= :high OR id = :low", 2, 2).map(\.title) == ["Book 2"])
        #expect(try library.book.fetchAll(where: "id = ?2 OR id = ?1", 1, 3, orderBy: [.id.descending]).map(\.title) == ["Book 3", "Book 1"])
    }

    @Test func aNullOrNonNumericValueInANotNullColumnIsReported() throws {
        let select = "SELECT 1 AS id, NULL AS isbn, NULL AS title, 1 AS author_id, NULL AS published, 'draft' AS status, NULL AS rating, NULL AS subtitle, NULL AS price"
        let null = try #require(throws: DAOGenError.self) {
            try library.database.withStatement(sql: select) { try $0.fetchAll(Book.init(row:)) }
        }
        #expect(null == .invalidValue(column: "title", value: "NULL", expected: "String", sql: select))
        let text = select.replacingOccurrences(of: "NULL AS title, 1 AS author_id", with: "'t' AS title, 'abc' AS author_id")
        let notANumber = try #require(throws: DAOGenError.self) {
            try library.database.withStatement(sql: text) { try $0.fetchAll(Book.init(row:)) }
        }
        #expect(notANumber.description == "The column author_id holds 'abc', which cannot be read as Int64, in: \(text)")
        let zero = select.replacingOccurrences(of: "NULL AS title, 1 AS author_id", with: "'t' AS title, 0 AS author_id")
        #expect(try library.database.withStatement(sql: zero) { try $0.fetchAll(Book.init(row:)) }.map(\.authorId) == [0])
    }

    @Test func enumsRoundTripAndUnknownValuesAreReported() throws {
        let book = try library.book.insert(Book(title: "Archived", authorId: author.id!, status: .archived))
        #expect(try library.book.find(id: book.id!)?.status == .archived)
        #expect(Book.Status.allCases == [.draft, .published, .archived])
        #expect(Member.Tier(rawValue: 2) == .premium)
    }

    @Test func compositeKeysAndWithoutRowID() throws {
        let book = try library.book.insert(Book(title: "Lent", authorId: author.id!))
        let member = try library.member.insert(Member(cardNumber: "C-1", name: "Ada", joined: millisecondDate(1_600_000_000_000)))
        #expect(member.tier == .basic)
        var loan = try library.loan.insert(Loan(memberCard: "C-1", bookId: book.id!, due: millisecondDate(1_700_000_000_000)))
        #expect(loan.returned == false)
        #expect(try library.loan.find(memberCard: "C-1", bookId: book.id!) == loan)
        loan.returned = true
        #expect(try library.loan.update(loan))
        #expect(try library.loan.fetchAll(byDue: loan.due) == [loan])
        #expect(try library.loan.delete(memberCard: "C-1", bookId: book.id!))
        #expect(try library.loan.count() == 0)
    }

    @Test func constraintViolationsSurfaceAsDatabaseErrors() throws {
        _ = try library.book.insert(Book(isbn: "same", title: "One", authorId: author.id!))
        let unique = try #require(throws: DatabaseError.self) {
            try library.book.insert(Book(isbn: "same", title: "Two", authorId: author.id!))
        }
        #expect(unique.resultCode == .constraint)
        #expect(unique.extendedResultCode == .constraintUnique)
        #expect(unique.message == "UNIQUE constraint failed: book.isbn")
        #expect(unique.sql?.hasPrefix("INSERT INTO \"book\"") == true)

        let check = try #require(throws: DatabaseError.self) {
            try library.book.insert(Book(title: "", authorId: author.id!))
        }
        #expect(check.extendedResultCode == .constraintCheck)

        let foreignKey = try #require(throws: DatabaseError.self) {
            try library.loan.insert(Loan(memberCard: "nobody", bookId: 12345, due: Date()))
        }
        #expect(foreignKey.extendedResultCode == .constraintForeignKey)
    }

    @Test func aTransactionThatThrowsLeavesNoRowsBehind() throws {
        #expect(throws: IntentionalFailure.self) {
            try library.transaction { db in
                try db.book.insert(Book(title: "Gone", authorId: author.id!))
                try db.transaction { inner in
                    try inner.book.insert(Book(title: "Also gone", authorId: author.id!))
                }
                #expect(try db.book.count() == 2)
                throw IntentionalFailure()
            }
        }
        #expect(try library.book.count() == 0)
        let kept = try library.transaction { db in try db.book.insert(Book(title: "Kept", authorId: author.id!)) }
        #expect(try library.book.find(id: kept.id!) == kept)
    }

    @Test func insertContentsOfIsAllOrNothing() throws {
        #expect(throws: DatabaseError.self) {
            try library.book.insert(contentsOf: [
                Book(isbn: "x", title: "First", authorId: author.id!),
                Book(isbn: "x", title: "Duplicate", authorId: author.id!),
            ])
        }
        #expect(try library.book.count() == 0)
    }

    @Test func deleteAllReturnsTheNumberOfRows() throws {
        try library.book.insert(contentsOf: (1...3).map { Book(title: "\($0)", authorId: author.id!) })
        #expect(try library.book.deleteAll() == 3)
        #expect(try library.book.count() == 0)
    }

    @Test func reopeningKeepsEveryRow() throws {
        let book = try library.book.insert(Book(title: "Persisted", authorId: author.id!))
        let reopened = try LibraryDatabase.open(path: file.path)
        #expect(try reopened.book.find(id: book.id!) == book)
    }
}
