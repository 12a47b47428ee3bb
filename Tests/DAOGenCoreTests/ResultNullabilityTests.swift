import Testing

@testable import _DAOGenCore

/// A result column is non-optional only when no row can make it NULL: each form of SQL that can
/// return NULL from NOT NULL columns, and the plainly non-null forms that stay non-optional.
/// (`book.title`, `book.kind` and `author.name` are NOT NULL; `book.author_id` is nullable.)
@Suite struct ResultNullabilityTests {
    func columns(_ sql: String, extra: String = "") throws -> [String] {
        try analyzedQuery(sql, extra: extra).columns.map { "\($0.swiftName): \($0.value.swiftName)" }
    }

    @Test func aScalarSubqueryMayFindNoRow() throws {
        #expect(try columns(
            "SELECT id, (SELECT name FROM author WHERE author.id = book.author_id) AS author_name, "
                + "(SELECT count(*) FROM author WHERE author.id = book.author_id) AS authors, (SELECT title) AS same FROM book")
            == ["id: Int64", "authorName: String?", "authors: Int64", "same: String"])
        #expect(try columns("SELECT (SELECT max(id) FROM author) AS m, (SELECT count(*) FROM author LIMIT 1 OFFSET 1) AS c")
            == ["m: Int64?", "c: Int64?"])
    }

    @Test func aCompoundSelectIsTypedFromEveryArm() throws {
        #expect(try columns("SELECT title AS t FROM book UNION ALL SELECT NULL") == ["t: String?"])
        #expect(try columns("SELECT id FROM book UNION SELECT author_id FROM book") == ["id: Int64?"])
        #expect(try columns("SELECT id FROM book UNION ALL SELECT id FROM author") == ["id: Int64"])
        #expect(try columns("SELECT id FROM book EXCEPT SELECT author_id FROM book") == ["id: Int64"])
        #expect(try columns("SELECT author_id FROM book INTERSECT SELECT id FROM author") == ["authorId: Int64"])
        #expect(try columns("VALUES (1, 'a'), (2, NULL)") == ["column1: Int64", "column2: String?"])
    }

    @Test func aggregatesOtherThanCountAndTotalMayBeNull() throws {
        #expect(try columns(
            "SELECT max(id) AS m, sum(id) AS s, min(title) AS f, group_concat(title) AS g, avg(id) AS a, "
                + "total(id) AS t, count(title) AS n, count(*) AS all_rows, title FROM book")
            == ["m: Int64?", "s: Int64?", "f: String?", "g: String?", "a: Double?", "t: Double", "n: Int64", "allRows: Int64", "title: String?"])
    }

    @Test func aBareColumnBesideAnAggregateWithoutGroupByMayBeNull() throws {
        #expect(try columns("SELECT title, count(*) AS n FROM book") == ["title: String?", "n: Int64"])
        #expect(try columns("SELECT title, coalesce(max(id), 0) AS m FROM book") == ["title: String?", "m: Int64"])
        // An aggregate of only the outer query's columns, in a subquery, makes the outer query an aggregate one.
        #expect(try columns("SELECT b.title, (SELECT max(b.id)) AS m FROM book b") == ["title: String?", "m: Int64?"])
        #expect(try columns("SELECT b.title, (SELECT max(a.id) FROM author a WHERE a.id = b.author_id) AS m FROM book b")
            == ["title: String", "m: Int64?"])
    }

    @Test func aGroupHasARowSoItsAggregatesOfNonNullValuesAreNotNull() throws {
        #expect(try columns(
            "SELECT kind, max(title) AS last, sum(id) AS ids, avg(id) AS mean, count(*) AS n, max(author_id) AS a, "
                + "min(id) FILTER (WHERE id > 3) AS f FROM book GROUP BY kind")
            == ["kind: Book.Kind", "last: String", "ids: Int64", "mean: Double", "n: Int64", "a: Int64?", "f: Int64?"])
    }

    @Test func outerJoinsOfEachKind() throws {
        #expect(try columns("SELECT book.title, author.name FROM book LEFT JOIN author ON author.id = book.author_id")
            == ["title: String", "name: String?"])
        #expect(try columns("SELECT book.title, author.name FROM book RIGHT JOIN author ON author.id = book.author_id")
            == ["title: String?", "name: String"])
        #expect(try columns("SELECT book.title, author.name FROM book FULL OUTER JOIN author ON author.id = book.author_id")
            == ["title: String?", "name: String?"])
        #expect(try columns("SELECT b.title, a.name FROM book b JOIN author a ON a.id = b.author_id") == ["title: String", "name: String"])
        #expect(try columns("SELECT b.title, a.name FROM (book b LEFT JOIN author a ON a.id = b.author_id) CROSS JOIN author c")
            == ["title: String", "name: String?"])
    }

    @Test func subqueriesInFromAndCommonTablesCarryTheirNulls() throws {
        #expect(try columns(
            "WITH t AS (SELECT b.title, a.name FROM book b LEFT JOIN author a ON a.id = b.author_id) SELECT title, name FROM t")
            == ["title: String", "name: String?"])
        #expect(try columns("SELECT x.title, x.name FROM (SELECT title, name FROM book LEFT JOIN author ON author.id = book.author_id) AS x")
            == ["title: String", "name: String?"])
        #expect(try columns("SELECT * FROM (SELECT max(id) AS m FROM book)") == ["m: Int64?"])
        #expect(try columns("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 5) SELECT n FROM c") == ["n: Int64"])
        #expect(try columns("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT NULL FROM c WHERE n < 5) SELECT n FROM c") == ["n: Int64?"])
    }

    @Test func caseNullifAndWindowFunctions() throws {
        #expect(try columns(
            "SELECT CASE WHEN id > 1 THEN title END AS a, CASE kind WHEN 'poem' THEN title ELSE 'none' END AS b, "
                + "nullif(title, '') AS c, lag(title) OVER (ORDER BY id) AS d, row_number() OVER (ORDER BY id) AS e, "
                + "max(id) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND 1 PRECEDING) AS f, iif(id > 1, title, 'x') AS g FROM book")
            == ["a: String?", "b: String", "c: String?", "d: String?", "e: Int64", "f: Int64?", "g: String"])
    }

    @Test func operatorsPassNullOnOrMakeIt() throws {
        #expect(try columns(
            "SELECT id + 1 AS next, id / 0 AS bad, id / 2 AS half, id % author_id AS rest, id % 3 AS third, title || '!' AS loud, "
                + "author_id + 1 AS other, upper(title) AS shout, length(title) AS size, CAST(author_id AS TEXT) AS text FROM book")
            == ["next: Int64", "bad: Int64?", "half: Int64", "rest: Int64?", "third: Int64", "loud: String", "other: Int64?", "shout: String",
                "size: Int64", "text: String?"])
    }

    @Test func returningReadsTheChangedRow() throws {
        #expect(try columns("INSERT INTO book (title, kind) VALUES (:t, :k) RETURNING id, author_id, title")
            == ["id: Int64", "authorId: Int64?", "title: String"])
    }

    @Test func typesStillWin() throws {
        #expect(try columns(
            "SELECT (SELECT name FROM author LIMIT 1) AS n, max(id) AS m FROM book", extra: "        types: { n: String, m: Int64 }\n")
            == ["n: String", "m: Int64"])
    }

    @Test func aViewColumnFromTheRightOfItsLeftJoinStaysOptionalInQueriesOnTheView() throws {
        let loaded = try loadSchema(["t.yaml": queryFile("      - name: unused\n        sql: SELECT 1 AS one\n") + """

            views:
              - name: shelf
                sql: SELECT book.id, book.title, author.name AS author_name FROM book LEFT JOIN author ON author.id = book.author_id
                queries:
                  - name: named
                    sql: SELECT author_name, title FROM shelf WHERE id = :id
                  - name: everything
                    sql: SELECT * FROM shelf

            """])
        let view = try #require(loaded.typedViews.first)
        #expect(view.columns.map { "\($0.name): \(!$0.value.isOptional)" } == ["id: true", "title: true", "author_name: false"])
        let queries = try #require(loaded.queries(named: "shelf"))
        #expect(queries.map { $0.columns.map { "\($0.swiftName): \($0.value.swiftName)" } } == [
            ["authorName: String?", "title: String"], ["id: Int64", "title: String", "authorName: String?"],
        ])
    }

    @Test func theRecordShapeNeedsTheRecordsOptionality() throws {
        #expect(try analyzedQuery("SELECT * FROM book").shape == .record)
        #expect(try analyzedQuery("SELECT * FROM book UNION ALL SELECT NULL, NULL, NULL, NULL").shape == .structure(name: "Q"))
    }
}
