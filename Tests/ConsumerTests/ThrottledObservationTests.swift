import DAOGenRuntime
import Foundation
import GeneratedLibrary
import Testing

/// `observe(throttle:_:)` and `live(throttle:_:)` on the Library schema: a bounded number of fetches while
/// commits keep coming, and the last commit always seen. Timing is used only as a bound (the number of
/// fetches a given elapsed time allows), never as a speed target; the time limit only ends a hang.
@Suite("Throttled observation", .serialized, .timeLimit(.minutes(20))) final class ThrottledObservationTests {
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

    @Test func twentyObserversOfAnImportFetchAtMostOncePerInterval() async throws {
        let author = try library.author.insert(Author(name: "Prolific"))
        let authorID = try #require(author.id)
        let interval = Duration.milliseconds(100)
        let observerCount = 20
        let total = 50_000
        let fetches = (0..<observerCount).map { _ in LockedBox(0) }
        let started = ContinuousClock.now
        let library = self.library
        let observers = (0..<observerCount).map { index in
            Task { () -> (last: Int, elapsed: Duration) in
                var last = -1
                for try await count in library.database.observe(throttle: interval, {
                    fetches[index].value += 1
                    return try library.book.count()
                }) {
                    last = count
                    if count == total { break }
                }
                return (last, ContinuousClock.now - started)
            }
        }
        // The import: 500 transactions of 100 rows.
        for batch in 0..<500 {
            try await library.write { library in
                for row in 0..<100 {
                    _ = try library.book.insert(Book(title: "Book \(batch * 100 + row)", authorId: authorID))
                }
            }
        }
        #expect(try library.book.count() == total)
        for (index, observer) in observers.enumerated() {
            let (last, elapsed) = try await observer.value
            #expect(last == total, "observer \(index) ends with the final table")
            // Fetches start at least `interval` apart: the first one, then at most one per interval.
            let bound = Int(elapsed / interval) + 1 + 1
            #expect(fetches[index].value <= bound, "observer \(index): \(fetches[index].value) fetches in \(elapsed)")
            print("Observer \(index): \(fetches[index].value) fetches in \(elapsed) (bound \(bound))")
        }
    }

    @Test func commitsToOtherTablesCauseNoFetchAndTheLastCommitIsSeen() async throws {
        let fetches = LockedBox(0)
        let library = self.library
        var values = library.database.observe(throttle: .milliseconds(50)) {
            fetches.value += 1
            return try library.author.fetchAll(orderBy: [.name.ascending]).map(\.name)
        }.makeAsyncIterator()
        #expect(try await values.next() == [])
        #expect(fetches.value == 1)
        for number in 0..<20 {
            try library.member.insert(Member(cardNumber: "C\(number)", name: "Reader", joined: Date(timeIntervalSince1970: 0)))
        }
        // A burst of commits to the observed table: the value after the last one comes.
        for name in ["Ada", "Barbara", "Grace"] {
            _ = try library.author.insert(Author(name: name))
        }
        var value = try await values.next()
        while value != ["Ada", "Barbara", "Grace"] {
            value = try await values.next()
        }
        #expect(fetches.value <= 4, "one fetch at first, at most three for the burst, none for the members")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor @Test func aThrottledLiveQueryReachesTheLastValue() async throws {
        let library = self.library
        let count = library.database.live(throttle: .milliseconds(100)) { try library.author.count() }
        for number in 0..<50 {
            _ = try await library.write { try $0.author.insert(Author(name: "Author \(number)")) }
        }
        while count.value != 50 {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(count.value == 50 && count.error == nil)
    }
}
