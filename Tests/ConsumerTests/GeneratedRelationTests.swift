import DAOGenRuntime
import Foundation
import GeneratedLibrary
import Seeded
import Testing

/// Section 12 through the generated Library code on a real file: the relations the generator writes
/// into each record's `Columns` (book -> author, loan -> member by its TEXT card number, loan -> book,
/// and their inverses) as conditions and with `including:`, against a Swift model of random rows.
@Suite final class GeneratedRelationTests {
    let file: TemporaryDatabaseFile
    let library: LibraryDatabase
    /// Each statement the connections run, for the statement counts.
    let trace = StatementLog()

    var authors: [Author] = []
    var books: [Book] = []
    var members: [Member] = []
    var loans: [Loan] = []

    init() throws {
        file = try TemporaryDatabaseFile()
        let log = trace
        var configuration = Database.Configuration()
        configuration.trace = { log.append($0) }
        library = try LibraryDatabase.open(path: file.path, configuration: configuration)
        var random = SeededRandom(seed: 12)
        for index in 0..<30 {
            authors.append(try library.author.insert(Author(name: "author \(index % 7)")))
        }
        for index in 0..<12 {
            members.append(try library.member.insert(Member(cardNumber: "card \(index)", name: "member \(index)", joined: Date(timeIntervalSince1970: 0))))
        }
        for index in 0..<120 {
            let author = random.pick(authors)
            books.append(try library.book.insert(Book(
                title: "title \(index)", authorId: author.id!, status: random.pick(Book.Status.allCases),
                rating: random.chance(25) ? nil : Double(random.below(6)))))
        }
        for book in books where random.chance(40) {
            for member in members where random.chance(15) {
                loans.append(try library.loan.insert(Loan(memberCard: member.cardNumber, bookId: book.id!, due: Date(timeIntervalSince1970: 86_400))))
            }
        }
    }

    deinit {
        file.remove()
    }

    /// The books of `author`, by id.
    func books(of author: Author) -> [Book] { books.filter { $0.authorId == author.id } }

    /// The loans of `book`.
    func loans(of book: Book) -> [Loan] { loans.filter { $0.bookId == book.id } }

    @Test func conditionsAcrossRelationsMatchTheModel() throws {
        var random = SeededRandom(seed: 5)
        for trial in 0..<40 {
            let rating = Double(random.below(6))
            let name = "author \(random.below(7))"
            let card = random.pick(members).cardNumber
            let count = random.below(7)

            let rated = try library.author.fetchAll(where: { $0.books.contains { $0.rating >= rating } }, orderBy: [.id.ascending])
            #expect(rated.map(\.id) == authors.filter { books(of: $0).contains { ($0.rating ?? -1) >= rating } }.map(\.id), "trial \(trial)")

            let byName = try library.book.fetchAll(where: { $0.author.matches { $0.name == name } }, orderBy: [.id.ascending])
            let named = Set(authors.filter { $0.name == name }.map(\.id))
            #expect(byName.map(\.id) == books.filter { named.contains($0.authorId) }.map(\.id), "trial \(trial)")

            let many = try library.author.fetchAll(where: { $0.books.count >= count && !$0.books.isEmpty }, orderBy: [.id.ascending])
            #expect(many.map(\.id) == authors.filter { books(of: $0).count >= max(count, 1) }.map(\.id), "trial \(trial)")

            let lent = try library.author.fetchAll(
                where: { $0.books.contains { $0.loans.contains { $0.member.matches { $0.cardNumber == card } } } }, orderBy: [.id.ascending])
            #expect(lent.map(\.id) == authors.filter { books(of: $0).contains { loans(of: $0).contains { $0.memberCard == card } } }.map(\.id),
                    "trial \(trial)")

            let unread = try library.member.fetchAll(where: { $0.loans.isEmpty || $0.name == name }, orderBy: [.cardNumber.ascending])
            #expect(unread.map(\.cardNumber) == members.filter { member in !loans.contains { $0.memberCard == member.cardNumber } || member.name == name }
                .map(\.cardNumber).sorted(), "trial \(trial)")
        }
    }

    @Test func includingLoadsRelatedRowsInTwoStatements() throws {
        trace.removeAll()
        let shelf = try library.author.fetchAll(
            where: { $0.name.like("author 1%") }, orderBy: [.id.descending], limit: 5,
            including: { $0.books.filter { $0.rating >= 2 }.ordered(by: [.title.descending]) })
        #expect(trace.selects.count == 2)
        let expected = authors.filter { $0.name.hasPrefix("author 1") }.sorted { $0.id! > $1.id! }.prefix(5)
        #expect(shelf.map(\.record) == Array(expected))
        for entry in shelf {
            let related = books(of: entry.record).filter { ($0.rating ?? -1) >= 2 }
                .sorted { $0.title != $1.title ? $0.title > $1.title : $0.id! < $1.id! }
            #expect(entry.related == related)
        }

        trace.removeAll()
        let lent = try library.loan.fetchAll(including: { $0.member })
        #expect(trace.selects.count == 2)
        #expect(lent.count == loans.count)
        for entry in lent {
            #expect(entry.related == members.first { $0.cardNumber == entry.record.memberCard })
        }

        let one = try library.book.fetchOne(where: { $0.id == books[3].id! }, including: { $0.author })
        #expect(one?.related == authors.first { $0.id == books[3].authorId })
        let none = try library.book.fetchOne(where: { $0.id == -1 }, including: { $0.loans })
        #expect(none == nil)
    }

    @Test func includingAfterACursorPagesParentsWithTheirChildren() throws {
        let all = try library.author.fetchAll(orderBy: [.name.ascending, .id.ascending], including: { $0.books })
        var pages: [Including<Author, [Book]>] = Array(all.prefix(4))
        while let cursor = pages.last?.record, pages.count < all.count {
            let page = try library.author.fetchAll(orderBy: [.name.ascending], after: cursor, limit: 4, including: { $0.books })
            if page.isEmpty { break }
            pages += page
        }
        #expect(pages == all)
        for entry in all {
            #expect(entry.related == books(of: entry.record))
        }
    }
}

/// The SQL of every statement run, in order, from any thread.
final class StatementLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ sql: String) {
        lock.lock()
        defer { lock.unlock() }
        lines.append(sql)
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        lines.removeAll()
    }

    /// The SELECT statements logged (transaction control left out).
    var selects: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines.filter { $0.hasPrefix("SELECT") }
    }
}
