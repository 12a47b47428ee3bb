@testable import DAOGenRuntime
import Foundation
import GeneratedLibrary
import Seeded
import TestSupport
import Testing

/// `livePages(where:orderBy:pageSize:)` on the Library schema's `book` table, in a real file: random
/// commits while pages are loaded, after each of which the list converges to the first rows of one
/// ordered fetch. The window is `pageSize` times the pages asked for (the first, and each `loadMore()`
/// made while `hasMore` was true). Waits are for values; the time limit only ends a hang.
@MainActor @Suite("LivePages", .serialized, .timeLimit(.minutes(20))) struct LivePagesTests {
    /// The lists the random test checks: every row by key (the defaults), a condition in title order
    /// (NOCASE), and an order with NULLs and ties (rating descending).
    enum Scenario: String, CaseIterable, Sendable {
        case everyRowByKey, ratedByTitle, byRatingDescending

        /// The list's condition.
        var condition: ((Book.Columns) -> SQLCondition<Book>)? {
            self == .ratedByTitle ? { $0.rating >= 2.0 } : nil
        }

        /// The list's order.
        var order: [SQLOrdering<Book.Column>] {
            switch self {
            case .everyRowByKey: []
            case .ratedByTitle: [.title.ascending]
            case .byRatingDescending: [.rating.descending]
            }
        }

        /// The live list; with `jitter`, each fetch is held for a random while after its statement, so
        /// that fetches finish in orders the machine's timing seldom gives.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor func pages(of library: LibraryDatabase, pageSize: Int, jitter: Jitter?) -> LivePages<Book> {
            guard let jitter else { return library.book.livePages(where: condition, orderBy: order, pageSize: pageSize) }
            // What livePages(where:orderBy:pageSize:) composes, with the hold added.
            let dao = library.book, order = order
            let condition = condition?(Book.columns) ?? SQLCondition(sql: "1", arguments: [])
            let windowOrder = BookDAO.pagingOrder(order)
            return LivePages(
                database: library.database, pageSize: pageSize,
                fetchWindow: { count in try jitter.held { try dao.fetchAll(where: condition, orderBy: windowOrder, limit: count) } },
                fetchAfter: { last, count in try jitter.held { try dao.fetchAll(where: condition, orderBy: order, after: last, limit: count) } })
        }

        /// Every row the list may show, in its order: one unpaged fetch.
        func all(of library: LibraryDatabase) throws -> [Book] {
            switch self {
            case .everyRowByKey: try library.book.fetchAll(orderBy: [.id.ascending])
            case .ratedByTitle: try library.book.fetchAll(where: { $0.rating >= 2.0 }, orderBy: [.title.ascending, .id.ascending])
            case .byRatingDescending: try library.book.fetchAll(orderBy: [.rating.descending, .id.ascending])
            }
        }
    }

    /// Random holds of 0 to 4 ms, from one seeded source shared by the fetches' threads.
    final class Jitter: @unchecked Sendable {
        private let lock = NSLock()
        private var random: SeededRandom

        init(seed: UInt64) {
            random = SeededRandom(seed: seed)
        }

        /// Runs `body`, then holds its result for a random while.
        func held<T>(_ body: () throws -> T) rethrows -> T {
            let result = try body()
            let microseconds = lock.withLock { random.int(0...4_000) }
            Thread.sleep(forTimeInterval: Double(microseconds) / 1_000_000)
            return result
        }
    }

    /// A random rating: nil one time in eight, otherwise 0...5 in halves (many ties).
    static func rating(_ random: inout SeededRandom) -> Double? {
        random.chance(12) ? nil : Double(random.int(0...10)) / 2
    }

    /// A random title; `number` keeps (author, title) unique.
    static func title(_ random: inout SeededRandom, _ number: Int) -> String {
        random.text(joining: ["a", "B", "c", "D", "e"], count: 1...3) + " \(number)"
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test(arguments: Scenario.allCases, [false, true])
    func theListFollowsRandomCommitsWhilePagesLoad(scenario: Scenario, jittered: Bool) async throws {
        // DAOGEN_PAGES_SEED replays a seed printed here.
        let seed = ProcessInfo.processInfo.environment["DAOGEN_PAGES_SEED"].flatMap(UInt64.init)
            ?? SeededRandom.derive(0x11FE_9A6E, Scenario.allCases.firstIndex(of: scenario)! * 2 + (jittered ? 1 : 0))
        print("LivePagesTests \(scenario), jittered \(jittered): seed \(seed)")
        var random = SeededRandom(seed: seed)
        let file = try TemporaryDatabaseFile()
        defer { file.remove() }
        let library = try LibraryDatabase.open(path: file.path)
        defer { try? library.close() }
        let authorID = try #require(try library.author.insert(Author(name: "Ada")).id)
        var number = 0
        for _ in 0..<25 {
            number += 1
            _ = try library.book.insert(Book(title: Self.title(&random, number), authorId: authorID, rating: Self.rating(&random)))
        }
        let pageSize = 4
        var window = pageSize
        let pages = scenario.pages(of: library, pageSize: pageSize, jitter: jittered ? Jitter(seed: seed) : nil)
        #expect(pages.hasMore == false && pages.records.isEmpty, "nothing before the first page is in")
        // The steps' windows count from the first page (a loadMore() before it would run after it).
        #expect(try await eventually { try pages.records == Array(scenario.all(of: library).prefix(window)) && pages.hasMore })
        for step in 0..<150 {
            let all = try scenario.all(of: library)
            let existing = try library.book.fetchAll()
            let kind = random.below(100)
            switch kind {
            case 0..<25:
                let count = random.int(1...3)
                let books = (0..<count).map { _ in
                    number += 1
                    return Book(title: Self.title(&random, number), authorId: authorID, rating: Self.rating(&random))
                }
                try library.transaction { library in
                    for book in books { _ = try library.book.insert(book) }
                }
            case 25..<50 where !existing.isEmpty:
                var book = random.pick(existing)
                if random.chance(50) {
                    number += 1
                    book.title = Self.title(&random, number)
                } else {
                    book.rating = Self.rating(&random)
                }
                try library.book.update(book)
            case 50..<65 where !existing.isEmpty:
                _ = try library.book.delete(id: random.pick(existing).id!)
            case 65..<80:
                // Past the end, loadMore() does nothing.
                if pages.hasMore { window += pageSize }
                pages.loadMore()
            case 80..<86 where !existing.isEmpty:
                let victim = random.pick(existing)
                _ = try? library.transaction { library in
                    _ = try library.book.delete(id: victim.id!)
                    _ = try library.book.insert(Book(title: "Rolled back \(step)", authorId: authorID))
                    throw IntentionalFailure()
                }
            case 86..<92:
                number += 1
                _ = try library.author.insert(Author(name: "Author \(number)"))
            case 92..<95:
                let threshold = Double(random.int(0...4)) / 2
                _ = try library.book.delete(where: { $0.rating < threshold })
            default:
                // Several loadMore() calls at once: those made while the first page loads count as one,
                // fetched after it. Half the time right after a commit that keeps the rows the list holds
                // (a new title), so that its refetch runs while the pages load.
                if random.chance(50), !existing.isEmpty {
                    var book = random.pick(existing)
                    number += 1
                    book.title = Self.title(&random, number)
                    try library.book.update(book)
                }
                let expected = try scenario.all(of: library).count
                for _ in 0..<2 where window < expected { window += pageSize }
                for _ in 0..<random.int(2...3) { pages.loadMore() }
            }
            let converged = try await eventually {
                let expected = try scenario.all(of: library)
                return pages.records == Array(expected.prefix(window)) && pages.hasMore == (expected.count > window) && pages.error == nil
            }
            if !converged {
                let expected = try scenario.all(of: library)
                Issue.record("""
                    seed \(seed), step \(step) (kind \(kind)): window \(window), \(expected.count) rows; shows \
                    \(pages.records.map(\.id!)) (hasMore \(pages.hasMore), error \(String(describing: pages.error))), \
                    expected \(expected.prefix(window).map(\.id!)); before the step: \(all.prefix(window).map(\.id!))
                    """)
                return
            }
        }
        print("LivePagesTests \(scenario): window \(window), \(pages.records.count) rows shown")
    }

    /// Traces the `book` SELECTs that a database runs.
    final class SelectLog: @unchecked Sendable {
        private let lock = NSLock()
        private var statements: [String] = []

        /// Keeps `sql` when it reads `book`.
        func note(_ sql: String) {
            guard sql.hasPrefix("SELECT"), sql.contains(#"FROM "book""#) else { return }
            lock.withLock { statements.append(sql) }
        }

        /// How many have run.
        var count: Int { lock.withLock { statements.count } }

        /// Those after the first `start`.
        func since(_ start: Int) -> [String] { lock.withLock { Array(statements[start...]) } }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aRefetchRunsOneStatementAndLoadMorePastTheEndNone() async throws {
        let file = try TemporaryDatabaseFile()
        defer { file.remove() }
        let log = SelectLog()
        var configuration = Database.Configuration()
        configuration.trace = { log.note($0) }
        let library = try LibraryDatabase.open(path: file.path, configuration: configuration)
        defer { try? library.close() }
        // The expected rows come from another connection, which the trace does not see.
        let checker = try LibraryDatabase.open(path: file.path)
        defer { try? checker.close() }
        let authorID = try #require(try library.author.insert(Author(name: "Ada")).id)
        for number in 0..<23 {
            _ = try library.book.insert(Book(title: "Book \(number + 10)", authorId: authorID, rating: Double(number % 6)))
        }
        let pages = library.book.livePages(orderBy: [.title.ascending], pageSize: 10)
        func expected(_ window: Int) throws -> [Book] {
            Array(try checker.book.fetchAll(orderBy: [.title.ascending, .id.ascending]).prefix(window))
        }
        #expect(try await eventually { try pages.records == expected(10) })
        pages.loadMore()
        #expect(try await eventually { try pages.records == expected(20) && pages.hasMore })
        var changes: [(String, () throws -> Void)] = [
            ("an insert at the front", { _ = try library.book.insert(Book(title: "Aaa", authorId: authorID)) }),
            ("an update in the window", { _ = try library.book.update(set: [.title("Book 155")], where: { $0.title == "Book 15" }) }),
            ("a delete in the window", { _ = try library.book.delete(where: { $0.title == "Book 11" }) }),
            ("an update past the window", { _ = try library.book.update(set: [.rating(nil)], where: { $0.title == "Book 32" }) }),
        ]
        changes.append(("a transaction of three", {
            try library.transaction { library in
                for title in ["Ab", "Ac", "Ad"] { _ = try library.book.insert(Book(title: title, authorId: authorID)) }
            }
        }))
        // Each change is read (a SELECT after it, awaited: on a busy machine it may come seconds later, and
        // a change past the window leaves the rows as they were), in one statement, or two when a refresh
        // crossed it. The bound is on all of them: a late second SELECT may show after the next change.
        let changesStart = log.count
        for (name, change) in changes {
            let start = log.count
            try change()
            #expect(try await eventually { try pages.records == expected(20) && log.count > start }, "\(name): \(log.since(start))")
        }
        let selects = log.since(changesStart)
        #expect(selects.count <= 2 * changes.count, "\(selects)")
        // Load to the end, then once more: nothing is read, nothing changes.
        pages.loadMore()
        #expect(try await eventually { try pages.records == expected(30) && !pages.hasMore })
        let start = log.count
        let shown = pages.records
        pages.loadMore()
        // An absence cannot be awaited: the pause gives a wrongly started read time to show (a busy machine
        // can only hide one), and every read the steps above started has shown its rows already.
        try await Task.sleep(for: .milliseconds(200))
        #expect(log.since(start).isEmpty)
        #expect(pages.records == shown && !pages.hasMore)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func loadMoreDuringTheFirstFetchRunsAfterIt() async throws {
        let file = try TemporaryDatabaseFile()
        defer { file.remove() }
        let library = try LibraryDatabase.open(path: file.path)
        defer { try? library.close() }
        let authorID = try #require(try library.author.insert(Author(name: "Ada")).id)
        for number in 0..<12 {
            _ = try library.book.insert(Book(title: "Book \(number)", authorId: authorID))
        }
        let pages = library.book.livePages(pageSize: 5)
        pages.loadMore()
        #expect(try await eventually { pages.records.count == 10 })
        #expect(pages.records == Array(try library.book.fetchAll(orderBy: [.id.ascending]).prefix(10)))
        #expect(pages.hasMore)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aFailedFetchSetsErrorAndTheNextSuccessClearsIt() async throws {
        let file = try TemporaryDatabaseFile()
        defer { file.remove() }
        let library = try LibraryDatabase.open(path: file.path)
        defer { try? library.close() }
        let authorID = try #require(try library.author.insert(Author(name: "Ada")).id)
        for number in 0..<6 {
            _ = try library.book.insert(Book(title: "Book \(number)", authorId: authorID))
        }
        let pages = library.book.livePages(pageSize: 10)
        #expect(try await eventually { pages.records.count == 6 })
        let shown = pages.records
        // A date that does not parse: reading the row throws.
        try library.database.execute("UPDATE book SET published = 'not a date' WHERE title = 'Book 2'")
        #expect(try await eventually { pages.error != nil })
        let error = try #require(pages.error as? DAOGenError)
        guard case .invalidValue(let column, _, _, _) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(column == "published")
        #expect(pages.records == shown, "a failed fetch keeps the rows")
        try library.database.execute("UPDATE book SET published = NULL, rating = 4 WHERE title = 'Book 2'")
        #expect(try await eventually { pages.error == nil })
        #expect(pages.records == (try library.book.fetchAll(orderBy: [.id.ascending])))
        #expect(pages.records.contains { $0.rating == 4 })
    }
}
