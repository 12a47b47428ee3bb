import DAOGenRuntime
import Foundation
import GeneratedLibrary
import GeneratedLibraryV1
import Testing

/// `search:` (issue 24) on Library's `book` (title and subtitle, porter tokenizer) against real SQLite
/// files: `search(matching:limit:offset:)`, the triggers that keep the index in step with every write
/// the DAO makes, and a version-1 file migrated to the version that adds the index.
@Suite final class SearchTests {
    let file: TemporaryDatabaseFile
    let library: GeneratedLibrary.LibraryDatabase
    let author: GeneratedLibrary.Author

    init() throws {
        file = try TemporaryDatabaseFile()
        library = try GeneratedLibrary.LibraryDatabase.open(path: file.path)
        author = try library.author.insert(GeneratedLibrary.Author(name: "Ursula K. Le Guin"))
    }

    deinit {
        file.remove()
    }

    /// The ids SQLite's own FTS5 query finds for `query`, best match (bm25) first.
    func expectedIDs(_ query: String, in library: GeneratedLibrary.LibraryDatabase) throws -> [Int64] {
        try library.database.rows(
            "SELECT rowid FROM book_fts WHERE book_fts MATCH ?1 ORDER BY bm25(book_fts), rowid", [.text(query)]
        ).map { row in
            guard case .integer(let id) = row[0] else { return -1 }
            return id
        }
    }

    /// FTS5's check that the external-content index holds exactly what the rows hold.
    func checkIndex(of library: GeneratedLibrary.LibraryDatabase) throws {
        try library.database.execute("INSERT INTO book_fts (book_fts, rank) VALUES ('integrity-check', 1)")
    }

    @Test func searchFindsStemmedWordsBestMatchFirst() throws {
        let books = try [
            "The Left Hand of Darkness", "The Dispossessed", "Running Rivers", "A River Runs Through River Country",
        ].map { title in try library.book.insert(GeneratedLibrary.Book(title: title, authorId: author.id!)) }
        // The porter tokenizer: "run" finds "Running" and "Runs".
        let found = try library.book.search(matching: "run")
        #expect(Set(found.map(\.title)) == ["Running Rivers", "A River Runs Through River Country"])
        #expect(found.map(\.id!) == (try expectedIDs("run", in: library)))
        // Best match first, as bm25 ranks them (porter: rivers -> river).
        #expect(try library.book.search(matching: "river").map(\.id!) == (try expectedIDs("river", in: library)))
        #expect(try library.book.search(matching: "darkness OR dispossessed").count == 2)
        #expect(try library.book.search(matching: "title: left").map(\.title) == ["The Left Hand of Darkness"])
        #expect(try library.book.search(matching: "nothing").isEmpty)
        // A record comes back whole.
        #expect(try library.book.search(matching: "dispossessed") == [books[1]])
    }

    @Test func limitAndOffsetPageThroughTheMatches() throws {
        for number in 1...7 {
            try library.book.insert(GeneratedLibrary.Book(title: "Volume \(number) of the earthsea cycle", authorId: author.id!))
        }
        let all = try library.book.search(matching: "earthsea")
        #expect(all.count == 7)
        #expect(try library.book.search(matching: "earthsea", limit: 3) == Array(all[0..<3]))
        #expect(try library.book.search(matching: "earthsea", limit: 3, offset: 3) == Array(all[3..<6]))
        // `offset` without `limit`: every match after the first five.
        #expect(try library.book.search(matching: "earthsea", offset: 5) == Array(all[5...]))
        #expect(try library.book.search(matching: "earthsea", limit: 0).isEmpty)
    }

    @Test func aMalformedQueryThrowsSQLitesMessage() throws {
        try library.book.insert(GeneratedLibrary.Book(title: "Tehanu", authorId: author.id!))
        for (query, message) in [
            ("\"unterminated", "unterminated string"),
            ("AND", "fts5: syntax error near \"AND\""),
            ("nosuchcolumn: tehanu", "no such column: nosuchcolumn"),
        ] {
            do {
                _ = try library.book.search(matching: query)
                Issue.record("\(query) did not throw")
            } catch let error as DatabaseError {
                #expect(error.message == message)
            }
        }
        // The connection goes on working.
        #expect(try library.book.search(matching: "tehanu").map(\.title) == ["Tehanu"])
    }

    /// Every write the DAO makes keeps the index in step: 400 random inserts, updates, upserts and
    /// deletes (one at a time and by condition), after each of which a search for each word finds
    /// exactly the books whose title or subtitle holds it.
    @Test func everyWriteKeepsTheIndexInStep() throws {
        let words = ["apple", "river", "stone", "cloud", "north", "glass", "tiger", "maple"]
        var seed: UInt64 = 0x5EA4C4
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        func phrase() -> String { (0...next(3)).map { _ in words[next(words.count)] }.joined(separator: " ") }
        var counter = 0
        func title() -> String {
            counter += 1
            return phrase() + " \(counter)"
        }
        for step in 0..<400 {
            let books = try library.book.fetchAll()
            let pick = books.isEmpty ? nil : books[next(books.count)]
            switch (next(7), pick) {
            case (0, _), (_, nil):
                try library.book.insert(GeneratedLibrary.Book(title: title(), authorId: author.id!, subtitle: next(2) == 0 ? nil : phrase()))
            case (1, let book?):
                var changed = book
                changed.title = title()
                try library.book.update(changed)
            case (2, let book?):
                var changed = book
                changed.subtitle = next(2) == 0 ? nil : phrase()
                try library.book.upsert(changed)
            case (3, let book?):
                try library.book.delete(book)
            case (4, _):
                let word = words[next(words.count)]
                try library.book.update(set: [.subtitle(word)], where: { $0.title.like("%\(words[next(words.count)])%") })
            case (5, _):
                try library.book.delete(where: { $0.title.like("%\(words[next(words.count)]) %\(next(10))") })
            default:
                var copy = pick!
                copy.title = title()
                try library.book.upsert(copy, onConflict: .id)
            }
            if step % 20 == 19 {
                try checkIndex(of: library)
                let rows = try library.book.fetchAll()
                for word in words {
                    let holding = rows.filter { book in
                        ([book.title] + [book.subtitle].compactMap { $0 }).contains { $0.split(separator: " ").contains(Substring(word)) }
                    }
                    #expect(Set(try library.book.search(matching: word).map(\.id!)) == Set(holding.map(\.id!)), "step \(step), \(word)")
                }
            }
        }
        try library.book.deleteAll()
        try checkIndex(of: library)
        #expect(try library.book.search(matching: words.joined(separator: " OR ")).isEmpty)
    }

    /// A file made by version 1's code, which has no index, gets one filled from its rows when it is
    /// migrated to version 3 (through the rename of books_v1 and the rebuild of book).
    @Test func aVersion1FileMigratedToTheVersionThatAddsSearchFindsItsRows() throws {
        let file = try TemporaryDatabaseFile()
        defer { file.remove() }
        do {
            let old = try GeneratedLibraryV1.LibraryDatabase.open(path: file.path)
            let author = try old.author.insert(GeneratedLibraryV1.Author(name: "Octavia Butler", externalId: nil, website: nil))
            try old.book.insert(contentsOf: [
                GeneratedLibraryV1.Book(title: "Kindred", authorId: author.id!, subtitle: "A novel of time travelling"),
                GeneratedLibraryV1.Book(title: "Parable of the Sower", authorId: author.id!),
                GeneratedLibraryV1.Book(title: "Parable of the Talents", authorId: author.id!, subtitle: "Earthseed"),
            ])
            try old.database.close()
        }
        let library = try GeneratedLibrary.LibraryDatabase.open(path: file.path)
        try checkIndex(of: library)
        #expect(Set(try library.book.search(matching: "parable").map(\.title)) == ["Parable of the Sower", "Parable of the Talents"])
        #expect(try library.book.search(matching: "travel").map(\.title) == ["Kindred"])
        #expect(try library.book.search(matching: "earthseed").map(\.title) == ["Parable of the Talents"])
        // And stays in step afterwards.
        try library.book.insert(GeneratedLibrary.Book(title: "Fledgling", authorId: 1))
        #expect(try library.book.search(matching: "fledgling").map(\.title) == ["Fledgling"])
    }
}
