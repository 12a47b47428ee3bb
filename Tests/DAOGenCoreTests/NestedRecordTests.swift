import Testing

@testable import _DAOGenCore

/// Nested records of the query stage: a result term `t.*` of a table or view becomes one property
/// holding `t`'s record, Optional on the nullable side of an outer join (docs/SchemaFormat.md, "Nested records").
@Suite struct NestedRecordTests {
    /// Each nested record as `name: Type @ columns, nil when NULL at k`.
    func records(_ query: AnalyzedQuery) -> [String] {
        query.records.map { record in
            "\(record.swiftName): \(record.swiftTypeName) @ \(record.columns.lowerBound)..<\(record.columns.upperBound)"
                + (record.missingWhenNullAt.map { ", nil when NULL at \($0)" } ?? "")
        }
    }

    @Test func eachStarTermOfATableIsOneRecordOptionalOnTheNullableSide() throws {
        let query = try analyzedQuery(
            "SELECT book.*, author.*, author.name AS author_name FROM book LEFT JOIN author ON author.id = book.author_id")
        #expect(records(query) == ["book: Book @ 0..<4", "author: Author? @ 4..<6, nil when NULL at 4"])
        #expect(query.shape == .structure(name: "Q"))
        // The flat columns stay typed as before: what the other properties and the checks read.
        #expect(query.columns.map(\.name) == ["id", "title", "author_id", "kind", "id", "name", "author_name"])
    }

    @Test func rightAndFullJoinsMakeTheirNullableSidesOptional() throws {
        let right = try analyzedQuery("SELECT book.*, author.* FROM book RIGHT JOIN author ON author.id = book.author_id")
        #expect(records(right) == ["book: Book? @ 0..<4, nil when NULL at 0", "author: Author @ 4..<6"])
        let full = try analyzedQuery("SELECT book.*, author.* FROM book FULL JOIN author ON author.id = book.author_id")
        #expect(records(full) == ["book: Book? @ 0..<4, nil when NULL at 0", "author: Author? @ 4..<6, nil when NULL at 4"])
        // An aggregate query without GROUP BY returns a row of NULLs when nothing matches.
        let aggregate = try analyzedQuery("SELECT author.*, count(*) AS n FROM author")
        #expect(records(aggregate) == ["author: Author? @ 0..<2, nil when NULL at 0"])
    }

    @Test func aliasesNameTheProperties() throws {
        let query = try analyzedQuery("SELECT x.*, y.* FROM book x JOIN book AS y ON y.id = x.id + 1")
        #expect(records(query) == ["x: Book @ 0..<4", "y: Book @ 4..<8"])
    }

    @Test func theOwnRowStaysTheRecordAndAnotherRowIsReturnedAsItsRecord() throws {
        let own = try analyzedQuery("SELECT book.* FROM book JOIN author ON author.id = book.author_id")
        #expect(own.shape == .record)
        #expect(own.records.isEmpty)
        let other = try analyzedQuery("SELECT author.* FROM book LEFT JOIN author ON author.id = book.author_id")
        #expect(other.shape == .nestedRecord)
        #expect(records(other) == ["author: Author? @ 0..<2, nil when NULL at 0"])
        // The own table on a nullable side is not the table's row: an Optional record.
        let nullableOwn = try analyzedQuery("SELECT book.* FROM author LEFT JOIN book ON book.author_id = author.id")
        #expect(nullableOwn.shape == .nestedRecord)
        #expect(records(nullableOwn) == ["book: Book? @ 0..<4, nil when NULL at 0"])
    }

    @Test func starsOfOtherSourcesAndCompoundsStayColumns() throws {
        let subquery = try analyzedQuery("SELECT s.*, author.name FROM (SELECT id, title FROM book) s JOIN author ON author.id = s.id")
        #expect(subquery.records.isEmpty)
        #expect(subquery.columns.map(\.swiftName) == ["id", "title", "name"])
        let common = try analyzedQuery("WITH book AS (SELECT id, name FROM author) SELECT book.*, 1 AS one FROM book")
        #expect(common.records.isEmpty)
        let compound = try analyzedQuery("SELECT author.*, 1 AS k FROM author UNION ALL SELECT author.*, 2 FROM author")
        #expect(compound.records.isEmpty)
    }

    @Test func aViewIsARecordJudgedByItsFirstNeverNullColumn() throws {
        let view = """
            views:
              - name: book_line
                sql: SELECT book.title AS title, author.name AS author_name, book.id AS book_id FROM book LEFT JOIN author ON author.id = book.author_id

            """
        let loaded = try loadSchema([
            "t.yaml": queryFile("      - name: q\n        sql: SELECT author.*, line.* FROM author LEFT JOIN book_line line ON line.author_name = author.name\n"),
            "v.yaml": view,
        ])
        let query = try #require(loaded.queries(named: "book")?.first)
        #expect(records(query) == ["author: Author @ 0..<2", "line: BookLine? @ 2..<5, nil when NULL at 2"])
    }
}

/// Bad nested records fail with the exact message and place.
@Suite struct NestedRecordDiagnosticsTests {
    @Test func aMissingRowNeedsAKeyOrANotNullColumn() throws {
        let note = """
            tables:
              - name: note
                columns:
                  - name: text
                    type: TEXT

            """
        let result = try diagnostics([
            "t.yaml": queryFile("      - name: q\n        sql: SELECT book.*, note.* FROM book LEFT JOIN note ON note.text = book.title\n"),
            "u.yaml": note,
        ])
        #expect(result == [
            "S/t.yaml:27:14: error: query 'q': 'note.*' may have no row, and table 'note' has no primary key or NOT NULL column to tell a missing row from a row of NULLs; list its columns instead",
            "S/u.yaml:2:11: warning: table 'note' has no primary key; its DAO has no update, upsert, delete or find by key",
        ])
    }

    @Test func typesCannotTypeAColumnOfANestedRecord() throws {
        let result = try diagnostics(["t.yaml": queryFile(
            "      - name: q\n        sql: SELECT book.*, author.name AS a FROM book JOIN author ON author.id = book.author_id\n        types: { title: String? }\n")])
        #expect(result == [
            "S/t.yaml:28:25: error: query 'q': 'types' types 'title', a column of 'book.*', which is read as a 'Book'; list the columns instead of 'book.*' to type them"
        ])
    }

    @Test func aRecordAndAColumnOfOneName() throws {
        let result = try diagnostics(["t.yaml": queryFile(
            "      - name: q\n        sql: SELECT book.*, author.name AS book FROM book JOIN author ON author.id = book.author_id\n")])
        #expect(result == [
            "S/t.yaml:27:14: error: query 'q': result columns 'book.*' and 'book' both become property 'book'; rename one with AS"
        ])
    }
}
