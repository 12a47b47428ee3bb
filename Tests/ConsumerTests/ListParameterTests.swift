import DAOGenRuntime
import Foundation
import GeneratedLibrary
import Seeded
import Testing

/// List parameters of `queries:` (`IN (:ids)` takes `[T]`) on the Library schema's `book` table, in a real
/// file: results against a Swift filter of the same rows for lists of any length, empty ones included,
/// and the statement shapes they take.
@Suite("List parameters") struct ListParameterTests {
    /// The SQL texts of the `book` SELECTs a database runs.
    final class SelectLog: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String] = []

        func note(_ sql: String) {
            guard sql.hasPrefix("SELECT") else { return }
            lock.withLock { texts.append(sql) }
        }

        /// The distinct texts so far.
        var shapes: Set<String> { lock.withLock { Set(texts) } }
    }

    /// Runs `body` on a library file of `count` books by two authors, with random statuses and ratings
    /// (some NULL), and the suite's random numbers of test `number`; the file is removed afterwards.
    static func withLibrary(
        _ number: Int, books count: Int, log: SelectLog? = nil, _ body: (LibraryDatabase, inout SeededRandom) throws -> Void
    ) throws {
        var random = SeededRandom(seed: SeededRandom.derive(0x1157_0001, number))
        let file = try TemporaryDatabaseFile()
        defer { file.remove() }
        let library = try library(at: file.path, books: count, random: &random, log: log)
        defer { try? library.close() }
        try body(library, &random)
    }

    private static func library(at path: String, books count: Int, random: inout SeededRandom, log: SelectLog?) throws -> LibraryDatabase {
        var configuration = Database.Configuration()
        if let log { configuration.trace = { log.note($0) } }
        let library = try LibraryDatabase.open(path: path, configuration: configuration)
        let authors = [try library.author.insert(Author(name: "Ada")).id!, try library.author.insert(Author(name: "Grace")).id!]
        var books: [Book] = []
        for number in 0..<count {
            books.append(Book(
                title: "Book \(number)", authorId: random.pick(authors), status: random.pick(Book.Status.allCases),
                rating: random.chance(15) ? nil : Double(random.int(0...10)) / 2))
        }
        try library.transaction { library in
            for book in books { _ = try library.book.insert(book) }
        }
        return library
    }

    @Test func aListOfAnyLengthMatchesTheRowsWithThoseValues() throws {
        try Self.withLibrary(0, books: 300) { library, random in
            let all = try library.book.fetchAll(orderBy: [.id.ascending])
            for count in [0, 1, 2, 3, 4, 5, 17, 1_000, 40_000, 100_000] {
                // Ids of rows and of no row, with repeats.
                let ids = (0..<count).map { _ in Int64(random.int(-5...400)) }
                let wanted = Set(ids)
                let books = try library.book.byIds(ids: ids)
                #expect(books == all.filter { wanted.contains($0.id!) }, "\(count) ids")
            }
            #expect(try library.book.byIds(ids: []).isEmpty, "[] matches nothing")
            #expect(try library.book.byIds(ids: all.map(\.id!)) == all)
        }
    }

    @Test func listsOfOneToSixtyFourValuesTakeSevenShapes() throws {
        let log = SelectLog()
        try Self.withLibrary(1, books: 20, log: log) { library, _ in
            let before = log.shapes
            for count in 1...64 {
                _ = try library.book.byIds(ids: (0..<count).map(Int64.init))
            }
            let shapes = log.shapes.subtracting(before)
            #expect(shapes.count == 7, "\(shapes.sorted())")
            #expect(shapes.contains("SELECT * FROM book WHERE id IN (?1) ORDER BY id"))
            #expect(shapes.contains("SELECT * FROM book WHERE id IN (?1, ?, ?, ?) ORDER BY id"))
        }
    }

    @Test func valuesAndListsTogetherMatchASwiftFilter() throws {
        try Self.withLibrary(2, books: 200) { library, random in
            let all = try library.book.fetchAll()
            let authors = Array(Set(all.map(\.authorId))).sorted()
            for _ in 0..<200 {
                let author = random.pick(authors)
                let statuses = (0..<random.int(0...4)).map { _ in random.pick(Book.Status.allCases) }
                let minimum = Double(random.int(0...10)) / 2
                let excluded = (0..<random.int(0...40)).map { _ in random.pick(all).id! }
                let titles = try library.book.titlesInStatuses(authorId: author, statuses: statuses, minimum: minimum, excluded: excluded)
                let expected = all.filter { book in
                    book.authorId == author && statuses.contains(book.status) && (book.rating.map { $0 >= minimum } ?? false)
                        && !excluded.contains(book.id!)
                }.map(\.title).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                #expect(titles == expected, "author \(author), statuses \(statuses), minimum \(minimum), excluded \(excluded)")
            }
        }
    }
}
