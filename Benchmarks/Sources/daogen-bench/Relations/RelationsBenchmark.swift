import BenchSchemas
import CSQLiteBench
import DAOGenRuntime
import Foundation
import GRDB

/// `daogen-bench --relations [--runs N] [--repeat N] [--queries N] [--only NAME] [--file PATH]`: relations
/// (issue 32), printed as Markdown. Figures, not assertions.
///
/// - Including: 1,000 authors with 20 books each, read `repeat` times (5) per run with their books:
///   `fetchAll(including: { $0.books })` (`daogen`); the same two statements prepared once with the sqlite3
///   C API in a read transaction, the books grouped by author through a dictionary (`c`); and GRDB's
///   `Author.including(all: Author.books)` decoded into `[AuthorInfo]` (`grdb`).
/// - Contains: `queries` (100) queries per run of the authors with a book rated at least a threshold
///   that changes each time: `fetchAll(where: { $0.books.contains { $0.rating >= r } })`
///   (`daogen-contains`) and its SQL prepared once with the C API (`c-contains`).
///
/// For instruction counts, run one implementation at a time (`--only`) under callgrind with `--runs 1`
/// and `--runs 3` on a file made before (`--file`): half the difference is one run's work.
enum RelationsBenchmark {
    static let implementations = ["c", "daogen", "grdb", "c-contains", "daogen-contains"]

    static func run(_ arguments: ArraySlice<String>) throws -> String {
        var runs = 5, repetitions = 5, queries = 100
        var only: String?
        var file: String?
        var rest = arguments
        while let option = rest.popFirst() {
            switch option {
            case "--runs": runs = Int(rest.popFirst() ?? "") ?? runs
            case "--repeat": repetitions = Int(rest.popFirst() ?? "") ?? repetitions
            case "--queries": queries = Int(rest.popFirst() ?? "") ?? queries
            case "--only": only = rest.popFirst()
            case "--file": file = rest.popFirst()
            default: throw BenchError("unknown option \(option)")
            }
        }
        let scratch = try Scratch()
        let path = file ?? scratch.path("relations.sqlite")
        if !FileManager.default.fileExists(atPath: path) {
            try makeFile(path)
        }
        var table = ["| Implementation | Runs (ms) | Median | Checksum |", "|---|---|--:|--:|"]
        for implementation in implementations where only == nil || only == implementation {
            var times: [Double] = []
            var checksum = Checksum()
            for _ in 0..<runs {
                let start = ContinuousClock.now
                switch implementation {
                case "c": checksum = try includingC(path: path, repetitions: repetitions)
                case "daogen": checksum = try includingDAOGen(path: path, repetitions: repetitions)
                case "grdb": checksum = try includingGRDB(path: path, repetitions: repetitions)
                case "c-contains": checksum = try containsC(path: path, queries: queries)
                default: checksum = try containsDAOGen(path: path, queries: queries)
                }
                let elapsed = ContinuousClock.now - start
                times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            }
            let list = times.map { String(format: "%.1f", $0) }.joined(separator: ", ")
            let median = times.sorted()[times.count / 2]
            table.append("| \(implementation) | \(list) | \(String(format: "%.1f", median)) ms | \(checksum) |")
        }
        return (["## Relations (issue 32)", "", "1,000 authors x 20 books; \(repetitions) including fetches or \(queries) contains queries per run:", ""]
            + table).joined(separator: "\n") + "\n"
    }

    // MARK: - Data

    static let schema = """
        CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER NOT NULL REFERENCES author(id), rating REAL);
        CREATE INDEX book_author ON book(author_id);
        """

    /// 1,000 authors, each with 20 books, ratings from 0 to 4.9 or NULL.
    static func makeFile(_ path: String) throws {
        let connection = try RawConnection(path: path)
        try connection.execute(schema)
        try connection.execute("BEGIN")
        let author = try connection.prepare("INSERT INTO author(id, name) VALUES (?, ?)")
        let book = try connection.prepare("INSERT INTO book(title, author_id, rating) VALUES (?, ?, ?)")
        defer { sqlite3_finalize(author); sqlite3_finalize(book) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for id in 1...1_000 {
            sqlite3_bind_int64(author, 1, Int64(id))
            sqlite3_bind_text(author, 2, "Author number \(id)", -1, transient)
            guard sqlite3_step(author) == SQLITE_DONE else { throw connection.error("insert author") }
            sqlite3_reset(author)
            for number in 0..<20 {
                let seed = (id * 7_919 + number * 104_729) % 1_009
                sqlite3_bind_text(book, 1, "Book \(number) of author \(id)", -1, transient)
                sqlite3_bind_int64(book, 2, Int64(id))
                if seed % 11 == 0 { sqlite3_bind_null(book, 3) } else { sqlite3_bind_double(book, 3, Double(seed % 50) / 10) }
                guard sqlite3_step(book) == SQLITE_DONE else { throw connection.error("insert book") }
                sqlite3_reset(book)
            }
        }
        try connection.execute("COMMIT")
    }

    /// One author and its books, as every implementation checks them.
    static func add(_ checksum: inout Checksum, id: Int64, name: String, books: [(id: Int64, title: String, rating: Double?)]) {
        checksum.addRow()
        checksum.add(id)
        checksum.add(Int64(name.utf8.count))
        checksum.add(Int64(books.count))
        for book in books {
            checksum.add(book.id)
            checksum.add(Int64(book.title.utf8.count))
            checksum.add(Int64((book.rating ?? -1) * 10))
        }
    }

    // MARK: - Including

    static func includingDAOGen(path: String, repetitions: Int) throws -> Checksum {
        let database = try DAOGenRuntime.Database(path: path)
        defer { try? database.close() }
        let authors = RecordDAO<BenchSchemas.Author>(database: database)
        var checksum = Checksum()
        for _ in 0..<repetitions {
            checksum = Checksum()
            for shelf in try authors.fetchAll(including: { $0.books }) {
                add(&checksum, id: shelf.record.id ?? 0, name: shelf.record.name,
                    books: shelf.related.map { ($0.id ?? 0, $0.title, $0.rating) })
            }
        }
        return checksum
    }

    /// A book as the C API reads it.
    struct RawBook {
        var id: Int64
        var title: String
        var authorId: Int64
        var rating: Double?
    }

    /// An author as the C API reads it.
    struct RawAuthor {
        var id: Int64
        var name: String
    }

    /// The SQL daogen runs for the books of up to 1,024 authors.
    static var booksSQL: String {
        BenchSchemas.Book.statements.selectAll + #" WHERE "author_id" IN ("# + Array(repeating: "?", count: 1_024).joined(separator: ", ")
            + #") ORDER BY "id""#
    }

    static func includingC(path: String, repetitions: Int) throws -> Checksum {
        let connection = try RawConnection(path: path)
        let begin = try connection.prepare("BEGIN DEFERRED"), commit = try connection.prepare("COMMIT")
        let selectAuthors = try connection.prepare(BenchSchemas.Author.statements.selectAll)
        let selectBooks = try connection.prepare(booksSQL)
        defer { [begin, commit, selectAuthors, selectBooks].forEach { sqlite3_finalize($0) } }
        var checksum = Checksum()
        for _ in 0..<repetitions {
            guard sqlite3_step(begin) == SQLITE_DONE else { throw connection.error("begin") }
            sqlite3_reset(begin)
            var authors: [RawAuthor] = []
            while sqlite3_step(selectAuthors) == SQLITE_ROW {
                authors.append(RawAuthor(id: sqlite3_column_int64(selectAuthors, 0), name: String(cString: sqlite3_column_text(selectAuthors, 1))))
            }
            sqlite3_reset(selectAuthors)
            var position: [Int64: Int] = [:]
            for (index, author) in authors.enumerated() {
                position[author.id] = index
            }
            for parameter in 0..<1_024 {
                sqlite3_bind_int64(selectBooks, Int32(parameter + 1), authors[min(parameter, authors.count - 1)].id)
            }
            var books = [[RawBook]](repeating: [], count: authors.count)
            while sqlite3_step(selectBooks) == SQLITE_ROW {
                let book = RawBook(
                    id: sqlite3_column_int64(selectBooks, 0), title: String(cString: sqlite3_column_text(selectBooks, 1)),
                    authorId: sqlite3_column_int64(selectBooks, 2),
                    rating: sqlite3_column_type(selectBooks, 3) == SQLITE_NULL ? nil : sqlite3_column_double(selectBooks, 3))
                if let index = position[book.authorId] {
                    books[index].append(book)
                }
            }
            sqlite3_reset(selectBooks)
            guard sqlite3_step(commit) == SQLITE_DONE else { throw connection.error("commit") }
            sqlite3_reset(commit)
            checksum = Checksum()
            for (author, books) in zip(authors, books) {
                add(&checksum, id: author.id, name: author.name, books: books.map { ($0.id, $0.title, $0.rating) })
            }
        }
        return checksum
    }

    /// An author for GRDB, with its association to its books.
    struct GAuthor: FetchableRecord, GRDB.TableRecord, Decodable {
        static let databaseTableName = "author"
        static let books = hasMany(GBook.self)
        var id: Int64
        var name: String
    }

    /// A book for GRDB.
    struct GBook: FetchableRecord, GRDB.TableRecord, Decodable {
        static let databaseTableName = "book"
        var id: Int64
        var title: String
        var authorId: Int64
        var rating: Double?

        enum CodingKeys: String, CodingKey {
            case id, title
            case authorId = "author_id"
            case rating
        }
    }

    /// An author with its books, as GRDB decodes `including(all:)`.
    struct AuthorInfo: FetchableRecord, Decodable {
        var author: GAuthor
        var books: [GBook]
    }

    static func includingGRDB(path: String, repetitions: Int) throws -> Checksum {
        let queue = try DatabaseQueue(path: path)
        var checksum = Checksum()
        for _ in 0..<repetitions {
            let infos = try queue.read { db in
                try GAuthor.including(all: GAuthor.books).asRequest(of: AuthorInfo.self).fetchAll(db)
            }
            checksum = Checksum()
            for info in infos {
                add(&checksum, id: info.author.id, name: info.author.name, books: info.books.map { ($0.id, $0.title, $0.rating) })
            }
        }
        return checksum
    }

    // MARK: - Contains

    /// The threshold of query `index`: from 4.0 to 4.9.
    static func threshold(_ index: Int) -> Double { 4 + Double(index % 10) / 10 }

    static func containsDAOGen(path: String, queries: Int) throws -> Checksum {
        let database = try DAOGenRuntime.Database(path: path)
        defer { try? database.close() }
        let authors = RecordDAO<BenchSchemas.Author>(database: database)
        var checksum = Checksum()
        for index in 0..<queries {
            let rating = threshold(index)
            for author in try authors.fetchAll(where: { $0.books.contains { $0.rating >= rating } }) {
                checksum.addRow()
                checksum.add(author.id ?? 0)
                checksum.add(Int64(author.name.utf8.count))
            }
        }
        return checksum
    }

    static func containsC(path: String, queries: Int) throws -> Checksum {
        let connection = try RawConnection(path: path)
        let sql = BenchSchemas.Author.statements.selectAll + " WHERE "
            + BenchSchemas.Author.columns.books.contains { $0.rating >= 0 }.sql
        let select = try connection.prepare(sql)
        defer { sqlite3_finalize(select) }
        var checksum = Checksum()
        for index in 0..<queries {
            sqlite3_bind_double(select, 1, threshold(index))
            var authors: [RawAuthor] = []
            while sqlite3_step(select) == SQLITE_ROW {
                authors.append(RawAuthor(id: sqlite3_column_int64(select, 0), name: String(cString: sqlite3_column_text(select, 1))))
            }
            sqlite3_reset(select)
            for author in authors {
                checksum.addRow()
                checksum.add(author.id)
                checksum.add(Int64(author.name.utf8.count))
            }
        }
        return checksum
    }
}

// The relation the generator will write into `Author.Columns` (issue 32), written by hand until it does.
extension BenchSchemas.Author.Columns {
    /// The books whose `author_id` references the author.
    var books: HasMany<BenchSchemas.Author, BenchSchemas.Book> { HasMany(column: .authorId, parentColumn: .id) }
}
