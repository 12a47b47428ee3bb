import DAOGenRuntime
import Foundation
import GeneratedLibrary
@testable import GeneratedNewsCache
import Testing

/// Nested records in `queries:` (a result term `t.*` read as `t`'s record), generated and run on a real file:
/// Library's `loan.loansWithBook`, `book.withLoans`, `t_author.withShelf` (a view) and NewsCache's `news.withNext`.
@Suite final class NestedRecordQueryTests {
    let file: TemporaryDatabaseFile
    let library: LibraryDatabase
    let author: Author
    let lent: Book
    let neverLent: Book
    let ada: Member
    let bob: Member

    init() throws {
        file = try TemporaryDatabaseFile()
        library = try LibraryDatabase.open(path: file.path)
        author = try library.author.insert(Author(name: "Ursula K. Le Guin", externalId: nil, website: nil))
        lent = try library.book.insert(Book(title: "The Dispossessed", authorId: author.id!, status: .published, rating: 5))
        neverLent = try library.book.insert(Book(title: "Kindred", authorId: author.id!, status: .draft))
        ada = try library.member.insert(Member(cardNumber: "C-1", name: "Ada", tier: .premium, joined: millisecondDate(1_000)))
        bob = try library.member.insert(Member(cardNumber: "C-2", name: "Bob", joined: millisecondDate(2_000)))
        try library.loan.insert(contentsOf: [
            Loan(memberCard: "C-2", bookId: lent.id!, due: millisecondDate(20_000)),
            Loan(memberCard: "C-1", bookId: lent.id!, due: millisecondDate(10_000), returned: true),
        ])
    }

    deinit {
        file.remove()
    }

    @Test func eachStarTermIsItsRecordAndOtherColumnsStayProperties() throws {
        let rows: [Loan.LoansWithBook] = try library.loan.loansWithBook()
        #expect(rows.map(\.loan) == [
            Loan(memberCard: "C-1", bookId: lent.id!, due: millisecondDate(10_000), returned: true),
            Loan(memberCard: "C-2", bookId: lent.id!, due: millisecondDate(20_000)),
        ])
        #expect(rows.map(\.book) == [lent, lent])
        #expect(rows.map(\.memberName) == ["Ada", "Bob"])
    }

    @Test func aRecordOnTheNullableSideIsNilOnlyWhenNoRowWasJoined() throws {
        let rows: [Book.WithLoans] = try library.book.withLoans()
        #expect(rows.map(\.book) == [lent, lent, neverLent])
        #expect(rows.map(\.loan?.memberCard) == ["C-1", "C-2", nil])
        #expect(rows.map(\.member) == [ada, bob, nil])
        // The rows are Hashable and Codable, records included.
        let decoded = try JSONDecoder().decode([Book.WithLoans].self, from: JSONEncoder().encode(rows))
        #expect(decoded == rows)
        #expect(Set(rows).count == 3)
    }

    @Test func aJoinedRowWhoseOtherColumnsAreNullIsStillARecord() throws {
        let news = try NewsCacheDatabase.open(path: file.directory.appending(path: "news.sqlite").path(percentEncoded: false)).news
        let first = try news.insert(News(userID: "u1", dict: Data([1, 2])))
        let empty = try news.insert(News())  // every column but the key NULL
        let rows: [News.WithNext] = try news.withNext()
        #expect(rows.map(\.a) == [first, empty])
        // `b` of the first row is a joined row of NULLs: a record. The last row has no next item: nil.
        #expect(rows.map(\.b) == [empty, nil])
        #expect(rows[0].b?.userID == nil && rows[0].b?.dict == nil)
    }

    @Test func aQueryOfOneStarTermReturnsItsRecord() throws {
        let news = try NewsCacheDatabase.open(path: file.directory.appending(path: "news.sqlite").path(percentEncoded: false)).news
        let first = try news.insert(News(userID: "u1", dict: nil))
        let second = try news.insert(News(userID: "u2", dict: nil))
        let previous: News? = try news.previous(id: second.id!)
        #expect(previous == first)
        #expect(try news.previous(id: first.id!) == nil)  // no item before it
        #expect(try news.previous(id: 99) == nil)  // no item 99
        let each: [News?] = try news.previousOfEach()
        #expect(each == [nil, first])
    }

    @Test func aViewIsARecordToo() throws {
        let rows: [Author.WithShelf] = try library.author.withShelf()
        #expect(rows.map(\.author) == [author])
        #expect(rows.map(\.shelf) == [AuthorShelf(authorId: author.id!, name: "Ursula K. Le Guin", books: 2, best: 5)])
    }
}
