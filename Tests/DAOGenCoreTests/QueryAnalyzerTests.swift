import Testing

@testable import _DAOGenCore

/// Two tables to query: `author` and `book` (with an enum column and a nullable reference).
/// The `queries:` of `book` start at line 26; a query's `sql:` value is on line 27 at column 14.
func queryFile(_ queries: String) -> String {
    """
    tables:
      - name: author
        columns:
          - name: id
            type: INTEGER
            primaryKey: true
          - name: name
            type: TEXT
            notNull: true
      - name: book
        columns:
          - name: id
            type: INTEGER
            primaryKey: true
          - name: title
            type: TEXT
            notNull: true
          - name: author_id
            type: INTEGER
            references: { table: author, column: id }
          - name: kind
            type: TEXT
            notNull: true
            enum: [novel, poem]
        queries:
    \(queries)
    """
}

/// The analyzed query `q` of table `book`.
func analyzedQuery(_ sql: String, extra: String = "") throws -> AnalyzedQuery {
    let loaded = try loadSchema(["t.yaml": queryFile("      - name: q\n        sql: \"\(sql)\"\n\(extra)")])
    return try #require(loaded.queries(named: "book")?.first)
}

/// The typing rules of the query stage: parameters from what they are compared with, result columns
/// from SQLite's column metadata or from their expression.
@Suite struct QueryAnalyzerTests {
    func types(_ query: AnalyzedQuery) -> (parameters: [String], columns: [String]) {
        (query.parameters.map { "\($0.label): \($0.value.swiftName)" }, query.columns.map { "\($0.swiftName): \($0.value.swiftName)" })
    }

    @Test func parametersTakeTheTypeOfTheColumnTheyAreComparedWith() throws {
        let query = try analyzedQuery(
            "SELECT b.title, a.name FROM book AS b LEFT JOIN author a ON a.id = b.author_id "
                + "WHERE b.kind = :kind AND :title <> title AND a.id IN (:x, :y) AND a.name NOT LIKE @pattern "
                + "AND b.id BETWEEN :low AND :high LIMIT :limit OFFSET $offset")
        let (parameters, columns) = types(query)
        #expect(parameters == [
            "kind: Book.Kind", "title: String", "x: Int64", "y: Int64", "pattern: String", "low: Int64", "high: Int64",
            "limit: Int", "offset: Int",
        ])
        #expect(columns == ["title: String", "name: String?"])
        #expect(query.shape == .structure(name: "Q"))
    }

    @Test func aParameterUsedTwiceIsOneArgument() throws {
        let query = try analyzedQuery("SELECT id FROM book WHERE title = :t OR :t = 'x' OR author_id IS :a")
        #expect(types(query).parameters == ["t: String", "a: Int64"])
        #expect(query.parameters.map(\.index) == [1, 2])
        #expect(query.shape == .single)
        #expect(types(query).columns == ["id: Int64"])
    }

    @Test func insertValuesTakeTheTypesOfTheirColumns() throws {
        let query = try analyzedQuery("INSERT INTO book (title, kind, author_id) VALUES (:title, :kind, NULL)")
        #expect(types(query).parameters == ["title: String", "kind: Book.Kind"])
        #expect(query.shape == .changes)
    }

    @Test func paramsWinOverInference() throws {
        let query = try analyzedQuery(
            "UPDATE book SET title = :title WHERE length(title) > :n", extra: "        params: { n: Int, title: String? }\n")
        #expect(types(query).parameters == ["title: String?", "n: Int"])
    }

    @Test func theTableItselfGivesTheRecord() throws {
        #expect(try analyzedQuery("SELECT * FROM book WHERE kind = :k").shape == .record)
        #expect(try analyzedQuery("SELECT id, title, author_id, kind FROM book").shape == .record)
        #expect(try analyzedQuery("SELECT title, id, author_id, kind FROM book").shape == .structure(name: "Q"))
    }

    @Test func expressionsAreTypedWhereTheResultIsKnown() throws {
        let query = try analyzedQuery(
            "SELECT count(*) AS n, total(id) AS t, avg(id) AS a, sum(author_id) AS s, min(title) AS first, max(kind) AS k, "
                + "CAST(title AS INTEGER) AS c, coalesce(author_id, 0) AS owner, ifnull(max(title), 'none') AS last, "
                + "1 AS one, 2.5 AS half, 'x' AS text FROM book")
        #expect(types(query).columns == [
            // `title` beside aggregates without GROUP BY is NULL when `book` is empty: `c` is Optional.
            "n: Int64", "t: Double", "a: Double?", "s: Int64?", "first: String?", "k: Book.Kind?", "c: Int64?",
            "owner: Int64", "last: String", "one: Int64", "half: Double", "text: String",
        ])
    }

    @Test func typesWinAndNameEnums() throws {
        let query = try analyzedQuery(
            "SELECT upper(kind) AS loud, title FROM book", extra: "        types: { loud: Kind, title: String? }\n")
        #expect(types(query).columns == ["loud: Book.Kind", "title: String?"])
    }

    @Test func rightSideOfALeftJoinIsOptionalEvenWhenNotNull() throws {
        let query = try analyzedQuery("SELECT author.id, author.name, book.title FROM book LEFT OUTER JOIN author ON author.id = book.author_id")
        #expect(types(query).columns == ["id: Int64?", "name: String?", "title: String"])
    }

    @Test func tokenizerSkipsCommentsAndKeepsQuotedNames() {
        let tokens = SQLTokenizer.tokens("SELECT \"a b\" -- note\n FROM [t] /* x */ WHERE x = :p AND y = 'it''s'")
        #expect(tokens.map(\.text) == ["SELECT", "a b", "FROM", "t", "WHERE", "x", "=", "p", "AND", "y", "=", "it's"])
        #expect(tokens[7].kind == .parameter && tokens[7].offset == 49)
    }
}

/// Bad queries fail at generation with the exact message and place.
@Suite struct QueryDiagnosticsTests {
    @Test func misspelledColumnPointsInsideTheBlockScalar() throws {
        let result = try diagnostics(["t.yaml": queryFile("""
                  - name: withAuthor
                    sql: |
                      SELECT book.id,
                             author.nme
                      FROM book JOIN author ON author.id = book.author_id

            """)])
        #expect(result == ["S/t.yaml:29:18: error: query 'withAuthor': no such column: author.nme"])
    }

    @Test func misspelledColumnOnOneLine() throws {
        let result = try diagnostics(["t.yaml": queryFile("      - name: q\n        sql: SELECT titel FROM book\n")])
        #expect(result == ["S/t.yaml:27:21: error: query 'q': no such column: titel"])
    }

    @Test func untypeableParameter() throws {
        let result = try diagnostics(["t.yaml": queryFile("      - name: q\n        sql: SELECT title FROM book WHERE length(title) > :n\n")])
        #expect(result == [
            "S/t.yaml:27:59: error: query 'q': the type of parameter ':n' cannot be inferred (it is not compared with a column, nor a LIMIT or OFFSET); give it in 'params:', e.g. params: { n: String }"
        ])
    }

    @Test func untypedExpression() throws {
        let result = try diagnostics(["t.yaml": queryFile("      - name: q\n        sql: SELECT json_extract(title, '$.a') AS shout FROM book\n")])
        #expect(result == [
            "S/t.yaml:27:14: error: query 'q': the type of result column 'shout' cannot be inferred from the schema; give it in 'types:', e.g. types: { shout: Double? }"
        ])
    }

    @Test func expressionWithoutAName() throws {
        let result = try diagnostics(["t.yaml": queryFile("      - name: q\n        sql: SELECT id, title || '!' FROM book\n")])
        #expect(result == [
            "S/t.yaml:27:14: error: query 'q': result column 'title || '!'' needs a name that can be a Swift property; add AS name"
        ])
    }

    /// Issue 21, item 9: a query's only column is returned as it is, so it needs no name, whatever it returns.
    @Test func aSingleColumnNeedsNoName() throws {
        for (sql, returns) in [("SELECT count(*) FROM book", "one"), ("SELECT max(id) FROM book", "one"), ("SELECT id + 1 FROM book", "many")] {
            let query = try analyzedQuery(sql, extra: "        returns: \(returns)\n        types: { \"\(sql.dropFirst(7).prefix { $0 != "F" }.trimmingCharacters(in: .whitespaces))\": Int64 }\n")
            #expect(query.shape == .single, "\(sql)")
            #expect(query.columns.map(\.value.swiftName) == ["Int64"], "\(sql)")
        }
    }

    @Test func twoStatements() throws {
        let result = try diagnostics(["t.yaml": queryFile("      - name: q\n        sql: DELETE FROM book; DELETE FROM author\n")])
        #expect(result == ["S/t.yaml:27:32: error: query 'q': 'sql' must be one statement"])
    }

    @Test func positionalParameter() throws {
        let result = try diagnostics(["t.yaml": queryFile("      - name: q\n        sql: SELECT title FROM book WHERE id = ?\n")])
        #expect(result == [
            "S/t.yaml:27:14: error: query 'q': parameters must be named (:name, @name or $name); '?' has no name to label a Swift argument"
        ])
    }

    @Test func paramsForAMissingParameterAndABadType() throws {
        let result = try diagnostics(["t.yaml": queryFile("""
                  - name: q
                    sql: SELECT title FROM book WHERE id = :id
                    params: { nope: Int }
                  - name: r
                    sql: SELECT title AS t FROM book
                    types: { t: "[String]" }

            """)])
        #expect(result == [
            "S/t.yaml:28:25: error: query 'q': 'params' types 'nope', which is not a parameter of the query",
            "S/t.yaml:31:21: error: 'types' must name a Swift type, found '[String]'",
        ])
    }

    @Test func badNamesAndKeys() throws {
        let result = try diagnostics(["t.yaml": queryFile("""
                  - name: Upper
                    sql: SELECT 1 AS one
                  - name: q
                    sql: CREATE TABLE x (a)
                  - name: q
                    sql: SELECT 1 AS one
                    returns: all

            """)])
        #expect(result == [
            "S/t.yaml:26:15: error: query 'name' must be a lowerCamelCase Swift identifier, found 'Upper'",
            "S/t.yaml:30:15: error: query 'q' is declared twice (first at S/t.yaml:28:15)",
            "S/t.yaml:32:18: error: 'returns' must be one of: many, one; found 'all'",
        ])
    }

    @Test func returnsOneNeedsRows() throws {
        let result = try diagnostics(["t.yaml": queryFile("      - name: q\n        sql: DELETE FROM book\n        returns: one\n")])
        #expect(result == ["S/t.yaml:28:18: error: query 'q': 'returns: one' needs a statement that returns rows"])
    }
}
