@testable import DAOGenRuntime
import Seeded
import Testing

/// Conditions across relations (`matches`, `contains`, `isEmpty`, `count`): their SQL, and what they
/// select on random data compared with the same conditions computed in Swift.
@Suite("Relation conditions")
struct RelationConditionTests {
    let author = Author.columns, book = Book.columns, employee = Employee.columns

    @Test("each relation condition is an EXISTS, a NOT EXISTS or a correlated count over the related table, every value bound")
    func sql() {
        let contains = author.books.contains { $0.rating >= 4 }
        #expect(contains.sql == #"EXISTS (SELECT 1 FROM "book" AS "sqlite_r1" WHERE "sqlite_r1"."author_id" = "author"."id" AND ("rating" >= ?))"#)
        #expect(contains.arguments.map(\.databaseValue) == [.integer(4)])
        #expect(author.books.isEmpty.sql == #"NOT EXISTS (SELECT 1 FROM "book" AS "sqlite_r1" WHERE "sqlite_r1"."author_id" = "author"."id")"#)
        let count = author.books.count >= 3
        #expect(count.sql == #"(SELECT count(*) FROM "book" AS "sqlite_r1" WHERE "sqlite_r1"."author_id" = "author"."id") >= ?"#)
        #expect(count.arguments.map(\.databaseValue) == [.integer(3)])
        let matches = book.author.matches { $0.name == "Ursula K. Le Guin" }
        #expect(matches.sql == #"EXISTS (SELECT 1 FROM "author" AS "sqlite_r1" WHERE "sqlite_r1"."id" = "book"."author_id" AND ("name" = ?))"#)
        let filtered = author.books.filter { $0.rating == nil }.count == 0
        #expect(filtered.sql == #"(SELECT count(*) FROM "book" AS "sqlite_r1" WHERE "sqlite_r1"."author_id" = "author"."id" AND ("rating" IS NULL)) = ?"#)
        #expect((author.books.count != 1).sql.hasSuffix(") <> ?"))
        #expect((author.books.count < 1).sql.hasSuffix(") < ?"))
        #expect((author.books.count <= 1).sql.hasSuffix(") <= ?"))
        #expect((author.books.count > 1).sql.hasSuffix(") > ?"))
    }

    @Test("a chain names each level's row by an alias of its own, and the outermost by its table")
    func chains() {
        let chain = author.books.contains { $0.loans.contains { $0.memberId == 7 } }
        #expect(chain.sql == #"EXISTS (SELECT 1 FROM "book" AS "sqlite_r2" WHERE "sqlite_r2"."author_id" = "author"."id" AND "#
            + #"(EXISTS (SELECT 1 FROM "loan" AS "sqlite_r1" WHERE "sqlite_r1"."book_id" = "sqlite_r2"."id" AND ("member_id" = ?))))"#)
        // author -> books -> author -> books: the same tables twice on one chain.
        let twice = author.books.contains { $0.author.matches { $0.books.count > 2 } && $0.rating == 5 }
        #expect(twice.sql == #"EXISTS (SELECT 1 FROM "book" AS "sqlite_r3" WHERE "sqlite_r3"."author_id" = "author"."id" AND "#
            + #"(EXISTS (SELECT 1 FROM "author" AS "sqlite_r2" WHERE "sqlite_r2"."id" = "sqlite_r3"."author_id" AND "#
            + #"((SELECT count(*) FROM "book" AS "sqlite_r1" WHERE "sqlite_r1"."author_id" = "sqlite_r2"."id") > ?)) AND "rating" = ?))"#)
        #expect(twice.arguments.map(\.databaseValue) == [.integer(2), .integer(5)])
        let selfReference = employee.reports.contains { $0.manager.matches { $0.name == "x" } }
        #expect(selfReference.sql == #"EXISTS (SELECT 1 FROM "employee" AS "sqlite_r2" WHERE "sqlite_r2"."manager_id" = "employee"."id" AND "#
            + #"(EXISTS (SELECT 1 FROM "employee" AS "sqlite_r1" WHERE "sqlite_r1"."id" = "sqlite_r2"."manager_id" AND ("name" = ?))))"#)
    }

    @Test("a relation condition combines with && and ||, and is negated whole")
    func combinations() {
        let either = author.books.isEmpty || author.name == "x" && author.books.contains { $0.rating == 1 || $0.rating == 2 }
        #expect(either.sql == #"NOT EXISTS (SELECT 1 FROM "book" AS "sqlite_r1" WHERE "sqlite_r1"."author_id" = "author"."id") OR "name" = ? AND "#
            + #"EXISTS (SELECT 1 FROM "book" AS "sqlite_r1" WHERE "sqlite_r1"."author_id" = "author"."id" AND ("rating" = ? OR "rating" = ?))"#)
        #expect((!author.books.contains { $0.rating == 1 }).sql.hasPrefix("NOT EXISTS ("))
    }

    @Test("the related rows' statement: keys padded to a power of two, the filter, then the order and its tie-break")
    func relatedRowsSQL() {
        let sql = RecordSQL.relatedRows(selectAll: Book.statements.selectAll, column: "author_id", keyCount: 3, condition: #""rating" > ?"#,
                                        orderBy: [Book.Column.title.descending], tieBreak: ["rowid"])
        #expect(sql == #"SELECT "id", "title", "author_id", "rating" FROM "book" WHERE "author_id" IN (?, ?, ?, ?) AND ("rating" > ?) "#
            + #"ORDER BY "title" DESC, "rowid""#)
        let unordered = RecordSQL.relatedRows(selectAll: Author.statements.selectAll, column: "id", keyCount: 1, condition: nil,
                                              orderBy: [SQLOrdering<Author.Column>](), tieBreak: [])
        #expect(unordered == #"SELECT "id", "name" FROM "author" WHERE "id" IN (?)"#)
        #expect(RecordSQL.deepestRelationAlias(in: #"x AS "sqlite_r12" y AS "sqlite_r3" z"#) == 12)
        #expect(RecordSQL.deepestRelationAlias(in: #""sqlite_r9" = 1"#) == 0)
        #expect(RecordSQL.replacing(#""book"."#, with: #""sqlite_r2"."#, in: #""book"."id" = "book"."x" AND "book" AS"#)
            == #""sqlite_r2"."id" = "sqlite_r2"."x" AND "book" AS"#)
    }

    @Test("a condition of the same shape reuses its statement, whatever its values")
    func shapes() throws {
        let database = try Database(path: ":memory:")
        try database.execute(relationSchema)
        let authors = RecordDAO<Author>(database: database)
        let before = database.writer.statements.sqlStatementCount
        for value in 0..<50 {
            _ = try authors.fetchAll(where: { $0.books.contains { $0.rating >= Int64(value) } && $0.books.count < value })
        }
        #expect(database.writer.statements.sqlStatementCount == before + 1)
    }

    /// Random conditions of every kind, nested three deep, on random data (seed printed on failure).
    @Test("random conditions across relations select what the same conditions select in Swift", arguments: [UInt64(12), 34, 56, 78])
    func randomConditions(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for round in 0..<4 {
            let data = LibraryData.random(&random)
            let database = try Database(path: ":memory:")
            try database.execute(relationSchema)
            try data.insert(into: database)
            var conditions = RelationConditions(data: data, random: SeededRandom(seed: seed &* 1_000 &+ UInt64(round)))
            for trial in 0..<60 {
                let note = "seed \(seed), round \(round), trial \(trial)"
                let a = conditions.author(3)
                #expect(try RecordDAO<Author>(database: database).fetchAll(where: a.condition, orderBy: [.id.ascending]).map(\.id)
                    == data.authors.filter { a.meaning($0) == true }.map(\.id), "\(note): \(a.condition.sql)")
                let b = conditions.book(3)
                #expect(try RecordDAO<Book>(database: database).fetchAll(where: b.condition, orderBy: [.id.ascending]).map(\.id)
                    == data.books.filter { b.meaning($0) == true }.map(\.id), "\(note): \(b.condition.sql)")
                let l = conditions.loan(3)
                #expect(try RecordDAO<Loan>(database: database).count(where: l.condition)
                    == data.loans.filter { l.meaning($0) == true }.count, "\(note): \(l.condition.sql)")
                let m = conditions.member(3)
                #expect(try RecordDAO<Member>(database: database).fetchAll(where: m.condition, orderBy: [.id.ascending]).map(\.id)
                    == data.members.filter { m.meaning($0) == true }.map(\.id), "\(note): \(m.condition.sql)")
                let e = conditions.employee(3)
                #expect(try RecordDAO<Employee>(database: database).fetchAll(where: e.condition, orderBy: [.id.ascending]).map(\.id)
                    == data.employees.filter { e.meaning($0) == true }.map(\.id), "\(note): \(e.condition.sql)")
            }
        }
    }
}
