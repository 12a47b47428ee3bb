import DAOGenRuntime
import Foundation
import GeneratedLibrary
import Testing

/// docs/Runtime.md's "Concurrency and observation" on the Library schema: closing, the reader pool, async access and observation.
@Suite("Concurrency and observation") final class ConcurrencyTests: Sendable {
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

    // MARK: close

    @Test func closeCheckpointsTheLogAndLaterUseThrows() async throws {
        try library.author.insert(Author(name: "Octavia E. Butler"))
        _ = try library.author.count()  // opens a reader too
        try library.close()
        let log = file.path + "-wal"
        let logSize = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
        #expect(logSize == 0, "the committed pages are in the database file, not in \(log)")

        let closed = DAOGenError.databaseClosed(path: file.path)
        #expect(throws: closed) { try self.library.author.count() }
        #expect(throws: closed) { try self.library.author.insert(Author(name: "Late")) }
        #expect(throws: closed) { try self.library.transaction { _ in } }
        #expect(throws: closed) { try self.library.read { try $0.author.count() } }
        await #expect(throws: closed) { try await self.library.read { try $0.author.count() } }
        await #expect(throws: closed) { try await self.library.write { try $0.author.deleteAll() } }
        var iterator = library.observe { try $0.author.count() }.makeAsyncIterator()
        await #expect(throws: closed) { _ = try await iterator.next() }
        try library.close()  // closing again does nothing

        let reopened = try LibraryDatabase.open(path: file.path)
        #expect(try reopened.author.fetchAll().map(\.name) == ["Octavia E. Butler"])
        try reopened.close()
    }

    @Test func closeInsideATransactionIsRefused() throws {
        #expect(throws: DAOGenError.closeInsideAccess(path: file.path)) {
            try self.library.transaction { library in try library.close() }
        }
        #expect(try library.author.count() == 0)
    }

    // MARK: the pool

    @Test func eightTasksMixingAsyncReadsAndWritesGiveExactCounts() async throws {
        let tasks = 8, rounds = 40
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var seen = 0
                    for round in 0..<rounds {
                        try await self.library.write { library in
                            _ = try library.author.insert(Author(name: "task \(task) round \(round)"))
                        }
                        let count = try await self.library.read { try $0.author.count() }
                        // A read sees every transaction committed before it began: at least this task's own.
                        #expect(count >= round + 1)
                        #expect(count >= seen)
                        seen = count
                        let mine = try await self.library.read { library in
                            try library.author.fetchAll(where: "name LIKE ?", "task \(task) round %").count
                        }
                        #expect(mine == round + 1)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try library.author.count() == tasks * rounds)
        #expect(try await library.read { try $0.author.fetchAll().count } == tasks * rounds)
    }

    @Test func aReadIsOneSnapshotWhileTheWriterCommits() throws {
        try library.author.insert(Author(name: "Before"))
        let (inside, after) = try library.read { library -> (Int, Int) in
            let first = try library.author.count()
            // Another thread commits while this read is open.
            let done = DispatchSemaphore(value: 0)
            let failure = LockedBox<String?>(nil)
            DispatchQueue.global().async {
                do { try self.library.author.insert(Author(name: "During")) } catch { failure.value = "\(error)" }
                done.signal()
            }
            done.wait()
            #expect(failure.value == nil)
            let second = try library.author.count()
            #expect(try library.author.fetchAll().map(\.name) == ["Before"])
            return (first, second)
        }
        #expect(inside == 1 && after == 1)
        // The next read starts after the commit and sees it.
        #expect(try library.author.count() == 2)
    }

    @Test func readsDoNotWaitForAnOpenWriteTransaction() throws {
        try library.author.insert(Author(name: "Committed"))
        let inTransaction = DispatchSemaphore(value: 0)
        let readDone = DispatchSemaphore(value: 0)
        let counts = LockedBox<[Int]>([])
        DispatchQueue.global().async {
            try? self.library.transaction { library in
                _ = try library.author.insert(Author(name: "Uncommitted"))
                counts.value.append(try library.author.count())  // the transaction sees its own write
                inTransaction.signal()
                readDone.wait()  // holds the writer until the read below is done
            }
        }
        inTransaction.wait()
        counts.value.append(try library.author.count())  // on a reader: the committed state
        readDone.signal()
        #expect(counts.value == [2, 1])
        #expect(try library.countInTransaction() == 2)
    }

    @Test func aWriteInsideAReadFails() throws {
        let error = try #require(throws: DatabaseError.self) {
            try self.library.read { library in try library.author.insert(Author(name: "No")) }
        }
        #expect(error.resultCode == .readonly)
        #expect(try library.author.count() == 0)
    }

    @Test func aCancelledTaskDoesNotStartItsReadOrWrite() async throws {
        let ran = LockedBox(false)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await self.library.write { library in
                ran.value = true
                return try library.author.insert(Author(name: "Never"))
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        let reader = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await self.library.read { library in
                ran.value = true
                return try library.author.count()
            }
        }
        await #expect(throws: CancellationError.self) { try await reader.value }
        #expect(!ran.value)
        #expect(try library.author.count() == 0)
    }

    // MARK: observation

    @Test func observationYieldsAtOnceThenAfterRelevantCommitsOnly() async throws {
        let fetches = LockedBox(0)
        var values = library.observe { library -> [String] in
            fetches.value += 1
            return try library.author.fetchAll(orderBy: [.name.ascending]).map(\.name)
        }.makeAsyncIterator()
        #expect(try await values.next() == [])
        #expect(fetches.value == 1)

        // A commit to another table, and a rolled-back one to the observed table: no fetch.
        try library.member.insert(Member(cardNumber: "C1", name: "Reader", joined: Date(timeIntervalSince1970: 0)))
        _ = try? library.transaction { library in
            try library.author.insert(Author(name: "Rolled back"))
            throw IntentionalFailure()
        }
        try await library.write { try $0.member.deleteAll() }
        // A relevant commit: one fetch, one new value.
        try library.author.insert(Author(name: "Ada"))
        #expect(try await values.next() == ["Ada"])
        #expect(fetches.value == 2)

        // A transaction of several writes is one commit, one fetch.
        try await library.write { library in
            try library.author.insert(Author(name: "Grace"))
            try library.author.insert(Author(name: "Barbara"))
        }
        #expect(try await values.next() == ["Ada", "Barbara", "Grace"])
        #expect(fetches.value == 3)
    }

    @Test func anUnchangedValueIsNotYieldedAgain() async throws {
        let ada = try library.author.insert(Author(name: "Ada"))
        var values = library.observe { try $0.author.count() }.makeAsyncIterator()
        #expect(try await values.next() == 1)
        var renamed = ada
        renamed.name = "Ada Lovelace"
        try library.author.update(renamed)  // changes the table, not the count
        try library.author.insert(Author(name: "Grace"))
        #expect(try await values.next() == 2)
    }

    @Test func cascadesAndWithoutRowIDTablesAreSeen() async throws {
        let author = try library.author.insert(Author(name: "Le Guin"))
        let book = try library.book.insert(Book(title: "Earthsea", authorId: author.id!))
        try library.member.insert(Member(cardNumber: "C1", name: "Reader", joined: Date(timeIntervalSince1970: 0)))
        try library.loan.insert(Loan(memberCard: "C1", bookId: book.id!, due: Date(timeIntervalSince1970: 0)))
        var loans = library.observe { try $0.loan.count() }.makeAsyncIterator()
        #expect(try await loans.next() == 1)
        // Deleting the member deletes its loans through ON DELETE CASCADE, in a WITHOUT ROWID table.
        try library.member.delete(cardNumber: "C1")
        #expect(try await loans.next() == 0)
    }

    @Test func aCommitOfAnotherProcessIsSeen() async throws {
        var values = library.observe { try $0.author.count() }.makeAsyncIterator()
        #expect(try await values.next() == 0)
        try await writeFromAnotherProcess("INSERT INTO t_author(name) VALUES ('From the shell')", to: file.path)
        #expect(try await values.next() == 1)
    }

    @Test func cancellingTheConsumerEndsTheObservation() async throws {
        let started = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var count = 0
            for try await _ in library.observe({ try $0.author.count() }) {
                count += 1
                started.continuation.yield()
            }
            return count
        }
        var iterator = started.stream.makeAsyncIterator()
        await iterator.next()
        consumer.cancel()
        #expect(try await consumer.value == 1)
        // Writes go on normally after the observer is gone.
        try library.author.insert(Author(name: "After"))
        #expect(try library.author.count() == 1)
    }

    @Test func anInMemoryDatabaseObservesAndAwaitsOnItsOneConnection() async throws {
        let memory = try LibraryDatabase.open(path: ":memory:")
        var values = memory.observe { try $0.author.count() }.makeAsyncIterator()
        #expect(try await values.next() == 0)
        try await memory.write { try $0.author.insert(Author(name: "Ada")) }
        #expect(try await values.next() == 1)
        #expect(try await memory.read { try $0.author.count() } == 1)
        try memory.close()
    }

    @Test func closingTheDatabaseFinishesItsObservations() async throws {
        var values = library.observe { try $0.author.count() }.makeAsyncIterator()
        #expect(try await values.next() == 0)
        try library.close()
        #expect(try await values.next() == nil)
        // On an in-memory database, and while a write wakes the observer just before the close.
        let memory = try LibraryDatabase.open(path: ":memory:")
        var counts = memory.observe { try $0.author.count() }.makeAsyncIterator()
        #expect(try await counts.next() == 0)
        try memory.author.insert(Author(name: "Ada"))
        try memory.close()
        while let count = try await counts.next() {
            #expect(count == 1)
        }
    }
}

extension LibraryDatabase {
    /// The author count, read in a transaction (which waits for the writer).
    fileprivate func countInTransaction() throws -> Int {
        try transaction { try $0.author.count() }
    }
}

/// A value shared between threads, guarded by a lock.
final class LockedBox<Value: Sendable>: @unchecked Sendable {  // `value` is guarded by `lock`
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
