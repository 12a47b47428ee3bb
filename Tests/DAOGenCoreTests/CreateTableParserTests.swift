import Testing

@testable import _DAOGenCore

/// `CreateTableParser` reads `sqlite_schema`'s SQL with `SQLLexer`, as SQLite reads it.
@Suite struct CreateTableParserTests {
    /// U+00A0 and U+2028 are identifier bytes for SQLite, where Unicode's `isWhitespace` (the parser's
    /// old rule) split the name at them; an emoji is no Unicode letter but an SQLite identifier.
    @Test func namesAreReadAsSQLiteReadsThem() {
        let parsed = CreateTableParser(
            createTable: "CREATE TABLE t (a\u{a0}b TEXT COLLATE NOCASE, 😀 INT CHECK (😀 > 0), c\u{2028} TEXT COLLATE RTRIM)")
        #expect(parsed.columns["a\u{a0}b"]?.collate == "NOCASE")
        #expect(parsed.columns["😀"]?.checks == ["😀 > 0"])
        #expect(parsed.columns["c\u{2028}"]?.collate == "RTRIM")
        #expect(parsed.columns.count == 3)
    }

    @Test func quotedNamesAndClauses() {
        let parsed = CreateTableParser(
            createTable: "CREATE TABLE \"t\" (\"a\"\"b\" TEXT COLLATE nocase, [c d] INTEGER CHECK (\"c d\" > ')'), `e` AS (1) STORED) STRICT")
        #expect(parsed.columns["a\"b"]?.collate == "NOCASE")
        #expect(parsed.columns["c d"]?.checks == ["\"c d\" > ')'"])
        #expect(parsed.columns["e"]?.generated == "1")
        #expect(parsed.columns["e"]?.stored == true)
        #expect(parsed.strict)
        #expect(CreateTableParser.whereClause(ofCreateIndex: "CREATE INDEX i ON t (a) WHERE a > 0 -- x") == "a > 0")
    }
}
