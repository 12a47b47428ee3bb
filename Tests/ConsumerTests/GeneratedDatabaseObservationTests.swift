import DAOGenRuntime
import Foundation
import GeneratedLibrary
import TestSupport
import Testing

/// The generated database type's own `changes()`, `observe(throttle:_:)`, `live(throttle:_:)` and the
/// `configuration:` of both `open`s (CONTRACT section 13), on the Library schema in a real file.
@Suite("Generated database: feed, throttle, configuration", .serialized, .timeLimit(.minutes(5)))
final class GeneratedDatabaseObservationTests {
    let file: TemporaryDatabaseFile
    let library: LibraryDatabase

    init() throws {
        file = try TemporaryDatabaseFile()
        library = try LibraryDatabase.open(path: file.path)
    }

    deinit {
        try? library.close()
        file.remove()
    }

    @Test func changesNamesTheRowsOfEachCommit() async throws {
        var feed = library.changes().makeAsyncIterator()
        let author = try library.author.insert(Author(name: "Ada"))
        let book = try library.book.insert(Book(title: "Notes", authorId: author.id!))
        _ = try library.book.delete(id: book.id!)
        let first = try #require(await feed.next())
        #expect(first.tables["t_author"]?.inserted == [author.id!])
        #expect(first.tables["t_author"]?.isComplete == true)
        let second = try #require(await feed.next())
        // The full-text index's tables are written by triggers, in the same commit.
        #expect(second.tables.keys.contains("book") && !second.tables.keys.contains("t_author"))
        #expect(second.tables["book"]?.inserted == [book.id!])
        let third = try #require(await feed.next())
        #expect(third.tables["book"]?.deleted == [book.id!])
        #expect(third.tables["book"]?.inserted == [])
    }

    @Test func observeTakesAThrottleAndAFetchOfTheDatabaseType() async throws {
        var counts = library.observe(throttle: .milliseconds(50)) { db in try db.book.count() }.makeAsyncIterator()
        #expect(try await counts.next() == 0)
        let author = try library.author.insert(Author(name: "Ada"))
        try await library.write { db in
            for number in 0..<3 { _ = try db.book.insert(Book(title: "Book \(number)", authorId: author.id!)) }
        }
        #expect(try await counts.next() == 3)
        // Without a throttle, as before.
        var names = library.observe { db in try db.author.fetchAll().map(\.name) }.makeAsyncIterator()
        #expect(try await names.next() == ["Ada"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor @Test func liveTakesAThrottle() async throws {
        let count = library.live(throttle: .milliseconds(50)) { db in try db.author.count() }
        #expect(try await eventually { count.value == 0 })
        _ = try library.author.insert(Author(name: "Ada"))
        #expect(try await eventually { count.value == 1 })
        #expect(count.error == nil)
    }

    @Test func bothOpensTakeAConfiguration() throws {
        let traced = LockedBox<[String]>([])
        var configuration = Database.Configuration()
        configuration.trace = { sql in traced.value.append(sql) }
        configuration.maximumReaderCount = 1
        let other = try TemporaryDatabaseFile()
        defer { other.remove() }
        let opened = try LibraryDatabase.open(path: other.path, configuration: configuration)
        _ = try opened.author.count()
        #expect(traced.value.contains { $0.hasPrefix("SELECT count(*)") })
        try opened.close()
        traced.value = []
        let adopted = try LibraryDatabase.open(path: other.path, baseline: 3, configuration: configuration)
        _ = try adopted.book.fetchAll()
        #expect(traced.value.contains { $0.contains(#"FROM "book""#) })
        try adopted.close()
    }
}
