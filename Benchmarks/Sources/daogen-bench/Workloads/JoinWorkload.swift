import BenchSchemas
import CSQLiteBench

/// Fetches every row of a two-table join: each `book` with its `author`'s name, through the
/// `withAuthor` query of `library.yaml` (`WHERE book.id > :after ORDER BY book.id`, bound to 0).
struct JoinWorkload: Workload {
    /// The number of books, each of which the join returns once.
    let books: Int
    /// The number of authors the books refer to.
    let authors: Int
    /// The database every run copies.
    private var template = ""

    /// The query the hand-written and GRDB implementations run: daogen runs the same statement from
    /// `library.yaml`, where the parameter is named `:after`.
    static let sql = """
        SELECT book.id, book.title, book.rating, author.name AS author_name
        FROM book JOIN author ON author.id = book.author_id
        WHERE book.id > ?
        ORDER BY book.id
        """

    /// Creates the workload for `books` books by `authors` authors.
    init(books: Int, authors: Int) {
        self.books = books
        self.authors = max(1, authors)
    }

    /// The name `--workloads` takes.
    var identifier: String { "join" }
    /// The row title in the results.
    var title: String { "Fetch \(books.grouped) rows of a join (book ⋈ \(authors.grouped) authors)" }
    /// Whether the fetch targets apply.
    var isFetch: Bool { true }
    /// The checksum every implementation must produce: that of every book, in key order.
    var expected: Checksum? {
        var checksum = Checksum()
        for id in stride(from: Int64(1), through: Int64(books), by: 1) {
            checksum.add(JoinRow(bookID: id, authors: authors))
        }
        return checksum
    }

    /// Makes the template file: daogen's schema, `authors` authors and `books` books.
    mutating func setUp(_ scratch: Scratch) throws -> String? {
        template = scratch.path("join-\(books)-\(authors).sqlite")
        do {
            // The schema is daogen's own, so that BenchDatabase.open accepts the copies.
            _ = try BenchDatabase.open(path: template)
        }
        let connection = try RawConnection(path: template)
        try connection.execute("BEGIN")
        let insertAuthor = try connection.prepare("INSERT INTO author (id, name) VALUES (?, ?)")
        defer { sqlite3_finalize(insertAuthor) }
        for id in 1...Int64(authors) {
            sqlite3_bind_int64(insertAuthor, 1, id)
            try bindText(insertAuthor, 2, JoinRow.authorName(id))
            guard sqlite3_step(insertAuthor) == SQLITE_DONE else { throw connection.error("template author") }
            sqlite3_reset(insertAuthor)
        }
        let insertBook = try connection.prepare("INSERT INTO book (id, title, author_id, rating) VALUES (?, ?, ?, ?)")
        defer { sqlite3_finalize(insertBook) }
        for id in stride(from: Int64(1), through: Int64(books), by: 1) {
            let row = JoinRow(bookID: id, authors: authors)
            sqlite3_bind_int64(insertBook, 1, row.id)
            try bindText(insertBook, 2, row.title)
            sqlite3_bind_int64(insertBook, 3, JoinRow.authorID(id, authors: authors))
            if let rating = row.rating {
                sqlite3_bind_double(insertBook, 4, rating)
            } else {
                sqlite3_bind_null(insertBook, 4)
            }
            guard sqlite3_step(insertBook) == SQLITE_DONE else { throw connection.error("template book") }
            sqlite3_reset(insertBook)
        }
        try connection.execute("COMMIT")
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return nil
    }

    /// Binds `text` (copied by SQLite) to parameter `index`.
    private func bindText(_ statement: OpaquePointer, _ index: Int32, _ text: String) throws {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        guard sqlite3_bind_text(statement, index, text, -1, transient) == SQLITE_OK else {
            throw BenchError("cannot bind \(text)")
        }
    }

    /// Runs the workload once on a fresh copy of the template.
    func run(_ implementation: any Implementation, _ scratch: Scratch) throws -> Sample {
        let path = try scratch.copy(of: template)
        defer { scratch.remove(path) }
        return try implementation.fetchJoin(after: 0, path: path)
    }
}

/// One row of the join as plain values: the data the template holds and the record of the
/// hand-written implementation.
struct JoinRow: Equatable {
    /// `book.id`.
    var id: Int64
    /// `book.title`.
    var title: String
    /// `book.rating`; NULL for every seventh book.
    var rating: Double?
    /// `author.name AS author_name`.
    var authorName: String
}

extension JoinRow {
    /// The row of book `bookID` as the template holds it, its author one of `1...authors`.
    init(bookID id: Int64, authors: Int) {
        let mixed = Self.mix(id)
        self.init(
            id: id,
            title: "Book \(id): " + String(repeating: "abcdefgh", count: Int(mixed % 4) + 1),
            rating: id % 7 == 0 ? nil : Double(mixed % 50) / 10,
            authorName: Self.authorName(Self.authorID(id, authors: authors)))
    }

    /// The author of book `id`: a deterministic pseudo-random key in `1...authors`.
    static func authorID(_ id: Int64, authors: Int) -> Int64 {
        Int64((mix(id) >> 8) % UInt64(authors)) + 1
    }

    /// The name of author `id`.
    static func authorName(_ id: Int64) -> String {
        "Author number \(id)"
    }

    /// A deterministic pseudo-random number for `id`.
    private static func mix(_ id: Int64) -> UInt64 {
        var x = UInt64(bitPattern: id &* 0x9E37_79B9 &+ 0x85EB_CA6B)
        x ^= x >> 29
        x = x &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 32
        return x
    }
}

extension Checksum {
    /// Feeds a row of the join.
    mutating func add(_ row: JoinRow) {
        addRow()
        add(row.id)
        add(row.title)
        add(row.rating)
        add(row.authorName)
    }
}
