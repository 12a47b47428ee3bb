import DAOGenRuntime
import Foundation
import GeneratedLibrary
import Seeded
import Testing

/// `fetchAll(after:)` on the Library's books, on a real file: pages that each start after the last
/// record of the one before are disjoint and complete, against one unpaged fetch in the same order with
/// the key last, whatever the directions, NULLs, ties, filters and dates of the ordering.
@Suite final class KeysetPagingTests {
    let file: TemporaryDatabaseFile
    let library: LibraryDatabase

    init() throws {
        file = try TemporaryDatabaseFile()
        library = try LibraryDatabase.open(path: file.path)
    }

    deinit {
        file.remove()
    }

    /// Inserts `count` books with many ties and NULLs in title, rating, published and status.
    func insertBooks(_ random: inout SeededRandom, count: Int) throws {
        for index in 0..<count {
            // One author a book: titles tie across authors (a title is unique per author).
            let author = try library.author.insert(Author(name: "author \(index)"))
            _ = try library.book.insert(Book(
                title: random.pick(["a", "B", "c"]), authorId: author.id!,
                published: random.chance(30) ? nil : Date(timeIntervalSince1970: Double(random.below(3)) * 86_400),
                status: random.pick(Book.Status.allCases), rating: random.chance(30) ? nil : Double(random.below(3))))
        }
    }

    @Test func randomOrderingsPageLikeOneUnpagedFetch() throws {
        var random = SeededRandom(seed: 32)
        try insertBooks(&random, count: 60)
        let columns: [Book.Column] = [.title, .rating, .published, .status]
        for trial in 0..<150 {
            var orderBy: [SQLOrdering<Book.Column>] = []
            for _ in 0..<random.below(4) {
                let column = random.pick(columns)
                if !orderBy.contains(where: { $0.column == column }) {
                    orderBy.append(random.chance(50) ? column.descending : column.ascending)
                }
            }
            let filtered = random.chance(50)
            let status = random.pick(Book.Status.allCases)
            let condition: SQLCondition<Book> = filtered ? Book.columns.status != status : Book.columns.id >= 0
            let all = try library.book.fetchAll(where: condition, orderBy: orderBy + [.id.ascending])
            let size = 1 + random.below(9)
            var pages = try library.book.fetchAll(where: condition, orderBy: orderBy + [.id.ascending], limit: size)
            var last = pages.last
            while let cursor = last, pages.count <= all.count {
                let page = try library.book.fetchAll(where: condition, orderBy: orderBy, after: cursor, limit: size)
                pages += page
                last = page.last
            }
            #expect(pages.map(\.id) == all.map(\.id), "trial \(trial): \(orderBy.map { "\($0.column)\($0.isDescending ? " desc" : "")" }), pages of \(size)")
        }
    }

    @Test func closureConditionsAndNoConditionPageToo() throws {
        var random = SeededRandom(seed: 9)
        try insertBooks(&random, count: 25)
        let all = try library.book.fetchAll(where: { $0.rating >= 1 }, orderBy: [.rating.descending, .id.ascending])
        var pages = Array(all.prefix(4))
        while let cursor = pages.last, pages.count < all.count {
            let page = try library.book.fetchAll(where: { $0.rating >= 1 }, orderBy: [.rating.descending], after: cursor, limit: 4)
            if page.isEmpty { break }
            pages += page
        }
        #expect(pages == all)
        let everything = try library.book.fetchAll(orderBy: [.id.ascending])
        #expect(try library.book.fetchAll(after: everything[10]) == Array(everything.dropFirst(11)))
    }

    @Test func aDeletedCursorStillPages() throws {
        var random = SeededRandom(seed: 4)
        try insertBooks(&random, count: 20)
        let all = try library.book.fetchAll(orderBy: [.published.descending, .title.ascending, .id.ascending])
        let cursor = all[7]
        #expect(try library.book.delete(id: cursor.id!))
        #expect(try library.book.fetchAll(orderBy: [.published.descending, .title.ascending], after: cursor) == Array(all.dropFirst(8)))
    }
}
