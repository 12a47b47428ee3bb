import DAOGenRuntime
import Foundation
import GeneratedLibrary
import TestSupport
import Testing

/// Row-precise observation on the Library schema: a fetch that reads a table only by its primary key
/// (`find(id:)`) is refetched by the commits that change its row, and not by those that change other rows.
/// Waits are for values; the time limit only ends a hang.
@Suite("Row-precise observation", .serialized, .timeLimit(.minutes(20))) final class RowPreciseObservationTests {
    let file: TemporaryDatabaseFile
    let library: LibraryDatabase
    let watched: Book
    let other: Book

    init() throws {
        file = try TemporaryDatabaseFile()
        library = try LibraryDatabase.open(path: file.path)
        let author = try library.author.insert(Author(name: "Ada"))
        watched = try library.book.insert(Book(title: "Watched", authorId: author.id!))
        other = try library.book.insert(Book(title: "Other", authorId: author.id!))
    }

    deinit {
        try? library.close()
        file.remove()
    }

    /// 1,000 commits that change rows of `book` other than the watched one: updates, inserts, deletes,
    /// and one rolled back that touches the watched row.
    func commitToOtherRows() throws {
        var other = other
        for number in 0..<1_000 {
            switch number % 4 {
            case 0, 1:
                other.title = "Other \(number)"
                try library.book.update(other)
            case 2:
                let inserted = try library.book.insert(Book(title: "New \(number)", authorId: watched.authorId))
                _ = try library.book.delete(id: inserted.id!)
            default:
                _ = try? library.transaction { library in
                    var changed = self.watched
                    changed.title = "Rolled back"
                    try library.book.update(changed)
                    throw IntentionalFailure()
                }
            }
        }
    }

    @Test(arguments: [nil, Duration.milliseconds(50)])
    func aFindByIdObserverIsRefetchedOnlyByItsRow(throttle: Duration?) async throws {
        let fetches = LockedBox(0)
        let library = self.library
        let id = try #require(watched.id)
        var values = library.database.observe(throttle: throttle) {
            fetches.value += 1
            return try library.book.find(id: id)?.title
        }.makeAsyncIterator()
        #expect(try await values.next() == "Watched")
        try commitToOtherRows()
        var changed = watched
        changed.title = "Changed"
        try library.book.update(changed)
        #expect(try await values.next() == "Changed")
        #expect(fetches.value == 2, "one fetch at first, one for the commit that changed the row")
        // Deleting the row, and inserting it again, are changes of the row too.
        _ = try library.book.delete(id: id)
        #expect(try await values.next() == Optional<String>.none)
        _ = try library.book.insert(watched)
        #expect(try await values.next() == "Watched")
        #expect(fetches.value == 4)
    }

    @Test func anObserverOfTheWholeTableIsRefetchedByEveryCommit() async throws {
        let fetches = LockedBox(0)
        let library = self.library
        var values = library.database.observe {
            fetches.value += 1
            return try library.book.count()
        }.makeAsyncIterator()
        #expect(try await values.next() == 2)
        var other = other
        for number in 0..<10 {
            other.title = "Other \(number)"
            try library.book.update(other)
        }
        _ = try library.book.insert(Book(title: "Third", authorId: watched.authorId))
        #expect(try await values.next() == 3)
        #expect(fetches.value >= 2, "the table is read whole: commits to any row refetch")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor @Test func aLiveFindByIdIsRefetchedOnlyByItsRow() async throws {
        let fetches = LockedBox(0)
        let library = self.library
        let id = try #require(watched.id)
        let title = library.database.live {
            fetches.value += 1
            return try library.book.find(id: id)?.title
        }
        #expect(try await eventually { title.value != nil })
        try commitToOtherRows()
        var changed = watched
        changed.title = "Changed"
        try library.book.update(changed)
        #expect(try await eventually { title.value == "Changed" })
        #expect(fetches.value == 2)
    }

    @Test func findByPrimaryKeyOnAnotherIntegerKeyedTableIsRowPrecise() async throws {
        let fetches = LockedBox(0)
        let library = self.library
        let ada = try #require(try library.author.find(id: watched.authorId))
        var others = try (0..<3).map { try library.author.insert(Author(name: "Other \($0)")) }
        var names = library.database.observe {
            fetches.value += 1
            return try library.author.find(primaryKey: ada.id!)?.name
        }.makeAsyncIterator()
        #expect(try await names.next() == "Ada")
        for number in 0..<200 {
            others[number % 3].name = "Other \(number)"
            try library.author.update(others[number % 3])
        }
        var renamed = ada
        renamed.name = "Ada Lovelace"
        try library.author.update(renamed)
        #expect(try await names.next() == "Ada Lovelace")
        #expect(fetches.value == 2, "t_author's id is its INTEGER PRIMARY KEY: only the commit of its row refetches")
    }

    /// The documented limit: a TEXT primary key (`member.card_number`, a rowid table) and a composite one
    /// (`loan`, WITHOUT ROWID) count as reads of the whole table, so commits to other rows refetch; the
    /// values stay right.
    @Test func textAndCompositeKeysAreReadsOfTheWholeTable() async throws {
        let memberFetches = LockedBox(0), loanFetches = LockedBox(0)
        let library = self.library
        let joined = Date(timeIntervalSince1970: 0)
        let watchedMember = try library.member.insert(Member(cardNumber: "C-1", name: "Ada", joined: joined))
        var otherMember = try library.member.insert(Member(cardNumber: "C-2", name: "Bea", joined: joined))
        var loan = try library.loan.insert(Loan(memberCard: "C-1", bookId: watched.id!, due: joined))
        var otherLoan = try library.loan.insert(Loan(memberCard: "C-2", bookId: watched.id!, due: joined))
        let loanBookID = loan.bookId
        var members = library.database.observe {
            memberFetches.value += 1
            return try library.member.find(cardNumber: watchedMember.cardNumber)?.name
        }.makeAsyncIterator()
        var loans = library.database.observe {
            loanFetches.value += 1
            return try library.loan.find(memberCard: "C-1", bookId: loanBookID)?.returned
        }.makeAsyncIterator()
        #expect(try await members.next() == "Ada")
        #expect(try await loans.next() == false)
        for number in 0..<20 {
            otherMember.name = "Bea \(number)"
            try library.member.update(otherMember)
            otherLoan.returned.toggle()
            try library.loan.update(otherLoan)
        }
        // Commits to other rows refetch (waited for: several commits may make one fetch).
        let refetched = try await eventually { memberFetches.value >= 2 && loanFetches.value >= 2 }
        #expect(refetched, "\(memberFetches.value), \(loanFetches.value)")
        var renamed = watchedMember
        renamed.name = "Ada Lovelace"
        try library.member.update(renamed)
        loan.returned = true
        try library.loan.update(loan)
        #expect(try await members.next() == "Ada Lovelace")
        #expect(try await loans.next() == true)
    }
}
