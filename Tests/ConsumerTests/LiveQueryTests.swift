import DAOGenRuntime
import Foundation
import GeneratedLibrary
import Observation
import TestSupport
import Testing

/// Marks the main dispatch queue, to tell in a callback whether it runs on the main actor.
private let mainQueueKey = DispatchSpecificKey<Bool>()

/// `LiveQuery`, the `@Observable` object of the generated `live(_:)`, on the Library schema, seen through
/// `withObservationTracking` as SwiftUI sees it.
///
/// Every wait is for an event (a change, a commit seen), never for an amount of time: in a full `swift test`
/// on a loaded machine the updates may wait minutes for a thread. The time limit only ends a hang, far
/// above any such wait.
@MainActor
@Suite("LiveQuery", .serialized, .timeLimit(.minutes(20))) final class LiveQueryTests {
    let file: TemporaryDatabaseFile
    let library: LibraryDatabase

    init() throws {
        DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
        file = try TemporaryDatabaseFile()
        library = try LibraryDatabase.open(path: file.path)
    }

    deinit {
        try? library.close()
        file.remove()
    }

    @Test func theValueComesAtOnceThenAfterRelevantCommitsOnly() async throws {
        let fetches = LockedBox(0)
        let names = library.live { library -> [String] in
            fetches.value += 1
            return try library.author.fetchAll(orderBy: [.name.ascending]).map(\.name)
        }
        #expect(names.value == nil && names.error == nil)
        let first = await nextChange(of: names)
        #expect(first, "announced on the main actor")
        #expect(names.value == [])
        #expect(fetches.value == 1)

        // A commit to another table and a rolled-back one: no fetch, no change.
        try library.member.insert(Member(cardNumber: "C1", name: "Reader", joined: Date(timeIntervalSince1970: 0)))
        _ = try? library.transaction { library in
            try library.author.insert(Author(name: "Rolled back"))
            throw IntentionalFailure()
        }
        // A relevant commit: one fetch, one change, on the main actor.
        try library.author.insert(Author(name: "Ada"))
        let second = await nextChange(of: names)
        #expect(second, "announced on the main actor")
        #expect(names.value == ["Ada"])
        #expect(fetches.value == 2)

        // A transaction of several writes is one commit, one fetch. (The change may come while the
        // test awaits the write, before it could look for the next change.)
        try await library.write { library in
            try library.author.insert(Author(name: "Grace"))
            try library.author.insert(Author(name: "Barbara"))
        }
        try await until(names) { $0.value == ["Ada", "Barbara", "Grace"] }
        #expect(fetches.value == 3)
    }

    @Test func anUnchangedValueIsNotPublished() async throws {
        let ada = try library.author.insert(Author(name: "Ada"))
        let fetches = LockedBox(0)
        let count = library.live { library in
            fetches.value += 1
            return try library.author.count()
        }
        try await until(count) { $0.value == 1 }
        // The rename changes the table, so the fetch runs, but not the count: no change is published,
        // so the first change seen is the insert's.
        var renamed = ada
        renamed.name = "Ada Lovelace"
        try library.author.update(renamed)
        #expect(try await eventually { fetches.value == 2 })
        try library.author.insert(Author(name: "Grace"))
        await nextChange(of: count)
        #expect(count.value == 2)
        #expect(fetches.value == 3)
    }

    @Test func aCommitOfAnotherProcessIsSeen() async throws {
        let count = library.live { try $0.author.count() }
        try await until(count) { $0.value == 0 }
        try await writeFromAnotherProcess("INSERT INTO t_author(name) VALUES ('From the shell')", to: file.path)
        await nextChange(of: count)
        #expect(count.value == 1)
    }

    @Test func aFailedFetchSetsTheErrorAndTheObservationGoesOn() async throws {
        let count = library.live { library in
            let count = try library.author.count()
            if count == 1 { throw IntentionalFailure() }
            return count
        }
        try await until(count) { $0.value == 0 }
        try library.author.insert(Author(name: "Ada"))
        await nextChange(of: count)
        #expect(count.error is IntentionalFailure)
        #expect(count.value == 0, "the last good value stays")

        // The next failure is published too, then a success clears the error.
        try library.author.update(Author(id: 1, name: "Ada Lovelace"))
        await nextChange(of: count)
        #expect(count.error is IntentionalFailure)
        try library.author.insert(Author(name: "Grace"))
        await nextChange(of: count)
        #expect(count.value == 2)
        #expect(count.error == nil)

        // A success with the value of before the failure clears the error as well.
        try library.author.delete(id: 2)
        await nextChange(of: count)
        #expect(count.error is IntentionalFailure)
        try library.author.deleteAll()
        try await until(count) { $0.value == 0 && $0.error == nil }
    }

    @Test func aClosedDatabaseIsAnError() async throws {
        try library.close()
        let count = library.live { try $0.author.count() }
        try await until(count) { $0.error != nil }
        #expect(count.error as? DAOGenError == .databaseClosed(path: file.path))
        #expect(count.value == nil)
    }

    @Test func releasingTheQueryStopsItsFetches() async throws {
        let fetches = LockedBox(0)
        // The sentinel is held only by the fetch closure, which the observation's task holds: its release
        // tells that the observation has ended, and no fetch can run any more.
        let ended = LockedBox(false)
        var count: LiveQuery<Int>? = library.live { [sentinel = ReleaseSentinel(setting: ended)] library in
            sentinel.touch()
            fetches.value += 1
            return try library.author.count()
        }
        try await until(count!) { $0.value == 0 }
        try library.author.insert(Author(name: "Ada"))
        try await until(count!) { $0.value == 1 }
        weak let released = count
        count = nil
        #expect(released == nil, "nothing but its owner holds a LiveQuery")
        #expect(try await eventually { ended.value })

        // Commits to its table after that cause no fetch: another observer of the same table sees them.
        let before = fetches.value
        var control = library.observe { try $0.author.count() }.makeAsyncIterator()
        #expect(try await control.next() == 1)
        for name in ["Grace", "Barbara", "Octavia"] {
            try library.author.insert(Author(name: name))
        }
        while try await control.next() != 4 {}
        #expect(fetches.value == before)
    }

    /// Waits for the next change of `query`'s `value` or `error`, as SwiftUI sees it, and tells whether
    /// it was announced on the main actor: on the main dispatch queue, which runs the main actor (on
    /// Linux, `swift test` drains that queue on a thread other than the main thread).
    @discardableResult
    private func nextChange<V>(of query: LiveQuery<V>) async -> Bool {
        await withCheckedContinuation { continuation in
            withObservationTracking {
                _ = query.value
                _ = query.error
            } onChange: {
                continuation.resume(returning: DispatchQueue.getSpecific(key: mainQueueKey) == true)
            }
        }
    }

    /// Waits until `condition` holds for `query`, checking after each change it publishes.
    private func until<V>(_ query: LiveQuery<V>, _ condition: (LiveQuery<V>) -> Bool) async throws {
        while !condition(query) {
            await nextChange(of: query)
        }
    }
}

/// An object that sets a flag when it is released (when the last closure capturing it is).
private final class ReleaseSentinel: Sendable {
    private let flag: LockedBox<Bool>

    init(setting flag: LockedBox<Bool>) {
        self.flag = flag
    }

    /// Does nothing: called by a closure so that it captures the sentinel.
    func touch() {}

    deinit { flag.value = true }
}
