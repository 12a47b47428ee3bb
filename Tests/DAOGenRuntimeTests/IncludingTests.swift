import DAOGenRuntime
import Foundation
import Seeded
import Testing

/// `including:`: records with their related rows, in two statements (a few more per 1,000 records),
/// in one read, compared with the same relations computed in Swift.
@Suite("Including related rows")
struct IncludingTests {
    /// A database on a new file with the relation tests' schema, whose connections report every statement.
    static func tracedDatabase(in directory: TemporaryDirectory) throws -> (Database, LockedArray<String>) {
        let traced = LockedArray<String>()
        var configuration = Database.Configuration()
        configuration.trace = { traced.append($0) }
        let database = try Database(path: directory.path("library.sqlite"), configuration: configuration)
        try database.execute(relationSchema)
        return (database, traced)
    }

    /// `authors` authors, author `i` with `i % 4` books (rated `i % 5`), inserted in one transaction.
    static func insertAuthors(_ authors: Int, into database: Database) throws {
        try database.transaction {
            for id in 1...authors {
                try database.execute("INSERT INTO author VALUES (\(id), 'a\(id)')")
                for book in 0..<(id % 4) {
                    try database.execute("INSERT INTO book(title, author_id, rating) VALUES ('t\(book)', \(id), \(id % 5))")
                }
            }
        }
    }

    /// How `fetchAll(including: { $0.books })` of `authors` authors runs, as the trace reported it: the
    /// PRAGMAs of a reader's first use left out.
    static func statements(forAuthors authors: Int) throws -> [String] {
        let directory = try TemporaryDirectory()
        let (database, traced) = try tracedDatabase(in: directory)
        try insertAuthors(authors, into: database)
        let start = traced.all.count
        let shelf = try RecordDAO<Author>(database: database).fetchAll(including: { $0.books })
        #expect(shelf.count == authors)
        #expect(shelf.map(\.related.count) == (1...authors).map { $0 % 4 })
        return traced.all.dropFirst(start).filter { !$0.hasPrefix("PRAGMA") }
    }

    @Test("up to 1,000 records: two statements, in one read transaction")
    func twoStatements() throws {
        for authors in [1, 7, 1_000] {
            let lines = try Self.statements(forAuthors: authors)
            #expect(lines.count == 4, "\(lines.prefix(4))")
            #expect(lines.first == "BEGIN DEFERRED" && lines.last == "COMMIT")
            #expect(lines[1] == #"SELECT "id", "name" FROM "author""#)
            #expect(lines[2].hasPrefix(#"SELECT "id", "title", "author_id", "rating" FROM "book" WHERE "author_id" IN (?"#))
            #expect(lines[2].hasSuffix(#") ORDER BY "id""#))
        }
    }

    @Test("beyond 1,000 records: one more statement per started 1,000")
    func chunks() throws {
        let lines = try Self.statements(forAuthors: 2_500)
        #expect(lines.filter { $0.hasPrefix("SELECT") }.count == 4)
        #expect(lines.count == 6)
    }

    @Test("inside read { } the statements run in the read's transaction, and a record without related rows costs one statement")
    func insideRead() throws {
        let directory = try TemporaryDirectory()
        let (database, traced) = try Self.tracedDatabase(in: directory)
        try Self.insertAuthors(10, into: database)
        let start = traced.all.count
        let (books, none) = try database.read {
            (try RecordDAO<Book>(database: database).fetchAll(including: { $0.author }),
             try RecordDAO<Author>(database: database).fetchAll(where: { $0.id > 100 }, including: { $0.books }))
        }
        #expect(books.count == 15 && books.allSatisfy { $0.related.id == $0.record.authorId })
        #expect(none.isEmpty)
        let lines = Array(traced.all.dropFirst(start))
        #expect(lines.filter { $0.hasPrefix("BEGIN") }.count == 1 && lines.filter { $0.hasPrefix("SELECT") }.count == 3, "\(lines)")
    }

    @Test("fetchOne with including: the first record and its related rows, or nil")
    func fetchOne() throws {
        let database = try Database(path: ":memory:")
        try database.execute(relationSchema)
        try Self.insertAuthors(6, into: database)
        let authors = RecordDAO<Author>(database: database)
        let three = try #require(try authors.fetchOne(where: { $0.id == 3 }, including: { $0.books.ordered(by: [.title.descending]) }))
        #expect(three.record == Author(id: 3, name: "a3"))
        #expect(three.related.map(\.title) == ["t2", "t1", "t0"])
        #expect(try authors.fetchOne(where: Author.columns.id == 99, including: { $0.books }) == nil)
        #expect(try authors.fetchOne(orderBy: [.id.descending], including: { $0.books })?.related.count == 2)
        let filtered = try authors.fetchOne(where: { $0.id == 3 }, including: { $0.books.filter(Book.columns.title != "t1") })
        #expect(filtered?.related.map(\.title) == ["t0", "t2"])
    }

    @Test("a NOT NULL key whose parent is missing throws, naming both rows; a nullable one gives nil")
    func missingParent() throws {
        let database = try Database(path: ":memory:")
        try database.execute(relationSchema)
        try database.execute("PRAGMA foreign_keys = OFF")
        try database.execute("""
            INSERT INTO author VALUES (1, 'a');
            INSERT INTO book VALUES (1, 't', 1, NULL), (5, 'u', 99, NULL);
            INSERT INTO member VALUES (1, 'm', NULL);
            INSERT INTO loan VALUES (1, 1, 1, NULL), (2, 5, 42, NULL), (3, 1, NULL, 'c9');
            """)
        let error = DAOGenError.missingRelatedRow(table: "book", row: "id = 5", column: "author_id", value: "99",
                                                  relatedTable: "author", relatedColumn: "id")
        #expect(throws: error) {
            try RecordDAO<Book>(database: database).fetchAll(including: { $0.author })
        }
        #expect(error.description == "The book row (id = 5) has author_id = 99, but no author row has id = 99, so the relation cannot "
            + "be loaded: a NOT NULL foreign key needs its row (this one was written or deleted while foreign keys were off).")
        let loans = try RecordDAO<Loan>(database: database).fetchAll(orderBy: [.id.ascending], including: { $0.member })
        #expect(loans.map(\.related?.id) == [1, nil, nil])
        let byCode = try RecordDAO<Loan>(database: database).fetchAll(orderBy: [.id.ascending], including: { $0.memberByCode })
        #expect(byCode.map(\.related) == [nil, nil, nil])
        // The one book whose author exists loads.
        #expect(try RecordDAO<Book>(database: database).fetchAll(where: { $0.id == 1 }, including: { $0.author }).map(\.related.name) == ["a"])
    }

    @Test("Including is Equatable and Hashable when both parts are")
    func conformances() {
        let one = Including(record: Author(id: 1, name: "a"), related: [Book(id: 1, title: "t", authorId: 1, rating: nil)])
        var two = one
        #expect(one == two && Set([one, two]).count == 1)
        two.related = []
        #expect(one != two && Set([one, two]).count == 2)
    }

    /// Random relations on random data (seed printed on failure): parents under a random condition,
    /// order, limit and offset; children under a random filter and order.
    @Test("random including: calls load what the same relations load in Swift", arguments: [UInt64(3), 14, 15, 92])
    func randomIncluding(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for round in 0..<8 {
            let data = LibraryData.random(&random, scale: 3)
            let database = try Database(path: ":memory:")
            try database.execute(relationSchema)
            try data.insert(into: database)
            var conditions = RelationConditions(data: data, random: SeededRandom(seed: seed &* 7_919 &+ UInt64(round)))
            for trial in 0..<30 {
                let note = "seed \(seed), round \(round), trial \(trial)"
                // Authors with their books.
                let parents = conditions.author(1), filter = conditions.book(1)
                let (limit, offset) = (random.below(3) == 0 ? nil : random.below(6), random.below(3) == 0 ? nil : random.below(4))
                let descending = random.below(2) == 0
                let orderings: [([SQLOrdering<Book.Column>], (Book, Book) -> Bool)] = [
                    ([], { _, _ in false }),
                    ([.rating.ascending], { ($0.rating ?? -1) < ($1.rating ?? -1) }),
                    ([.rating.descending], { ($0.rating ?? -1) > ($1.rating ?? -1) }),
                    ([.title.ascending, .rating.descending], { ($0.title, -($0.rating ?? -1)) < ($1.title, -($1.rating ?? -1)) }),
                ]
                let (ordering, before) = random.pick(orderings)
                let useFilter = random.below(2) == 0
                let shelf = try RecordDAO<Author>(database: database).fetchAll(
                    where: parents.condition, orderBy: [descending ? .id.descending : .id.ascending], limit: limit, offset: offset,
                    including: { useFilter ? $0.books.filter(filter.condition).ordered(by: ordering) : $0.books.ordered(by: ordering) })
                var expectedAuthors = data.authors.filter { parents.meaning($0) == true }
                if descending { expectedAuthors.reverse() }
                expectedAuthors = Array(expectedAuthors.dropFirst(offset ?? 0).prefix(limit ?? Int.max))
                let expectedShelf = expectedAuthors.map { author in
                    Including(record: author, related: data.books(of: author).filter { !useFilter || filter.meaning($0) == true }
                        .sorted { before($0, $1) || !before($1, $0) && $0.id < $1.id })
                }
                #expect(shelf == expectedShelf, "\(note): \(parents.condition.sql) / \(filter.condition.sql) / \(ordering)")

                // Books with their author (NOT NULL), loans with their member (by id and by the UNIQUE code).
                let books = conditions.book(1)
                #expect(try RecordDAO<Book>(database: database).fetchAll(where: books.condition, orderBy: [.id.ascending], including: { $0.author })
                    == data.books.filter { books.meaning($0) == true }.map { Including(record: $0, related: data.author(of: $0)!) }, "\(note)")
                let loans = conditions.loan(1)
                #expect(try RecordDAO<Loan>(database: database).fetchAll(where: loans.condition, orderBy: [.id.ascending], including: { $0.member })
                    == data.loans.filter { loans.meaning($0) == true }.map { Including(record: $0, related: data.member(of: $0)) }, "\(note)")
                #expect(try RecordDAO<Loan>(database: database).fetchAll(orderBy: [.id.descending], including: { $0.memberByCode })
                    == data.loans.reversed().map { Including(record: $0, related: data.memberByCode(of: $0)) }, "\(note)")
                // Members with their loans by code (a NULL code has none), employees with reports and managers.
                let members = conditions.member(1)
                #expect(try RecordDAO<Member>(database: database).fetchAll(where: members.condition, orderBy: [.id.ascending],
                                                                           including: { $0.loansByCode })
                    == data.members.filter { members.meaning($0) == true }.map { Including(record: $0, related: data.loansByCode(of: $0)) },
                    "\(note)")
                let employees = conditions.employee(2)
                #expect(try RecordDAO<Employee>(database: database).fetchAll(where: employees.condition, orderBy: [.id.ascending],
                                                                             including: { $0.reports.ordered(by: [.name.descending]) })
                    == data.employees.filter { employees.meaning($0) == true }.map { employee in
                        Including(record: employee, related: data.reports(of: employee).sorted { ($1.name, $0.id) < ($0.name, $1.id) })
                    }, "\(note)")
                #expect(try RecordDAO<Employee>(database: database).fetchAll(orderBy: [.id.ascending], including: { $0.manager })
                    == data.employees.map { Including(record: $0, related: data.manager(of: $0)) }, "\(note)")
            }
        }
    }
}
