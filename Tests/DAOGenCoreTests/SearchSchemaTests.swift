import DAOGenRuntime
import Foundation
import Testing

@testable import _DAOGenCore

/// `search:` and `virtualTables:` (issue 24) through the generator's stages: bad input, the planned
/// steps, the proof's check of an index, and the typing of queries that use an index.
@Suite struct SearchSchemaTests {
    /// A `note` table (id, title, body, stars) whose `search:` mapping is `search` (indented by 4 spaces).
    static func noteFile(_ search: String, extra: String = "") -> String {
        """
        tables:
          - name: note
        \(extra)    columns:
              - name: id
                type: INTEGER
                primaryKey: true
              - name: title
                type: TEXT
                notNull: true
              - name: body
                type: TEXT
              - name: stars
                type: INTEGER
        \(search)
        """
    }

    // MARK: - Bad input

    @Test func searchOverAMissingOrNonTextColumnIsAnErrorAtColumns() throws {
        #expect(try diagnostics(["n.yaml": Self.noteFile("    search: { columns: [title, summary] }")]) == [
            "S/n.yaml:14:24: error: 'search' names column 'summary', which table 'note' does not have at version 1"
        ])
        #expect(try diagnostics(["n.yaml": Self.noteFile("    search: { columns: [title, stars] }")]) == [
            "S/n.yaml:14:24: error: 'search' indexes text, but column 'stars' of table 'note' has INTEGER affinity"
        ])
        #expect(try diagnostics(["n.yaml": Self.noteFile("    search: { columns: [title, title] }")]) == [
            "S/n.yaml:14:24: error: 'search' names a column twice"
        ])
    }

    @Test func searchNeedsARowid() throws {
        #expect(try diagnostics(["n.yaml": Self.noteFile("    search: { columns: [title] }", extra: "    withoutRowID: true\n")]) == [
            "S/n.yaml:15:13: error: table 'note' is WITHOUT ROWID, so it cannot have 'search': an FTS5 index keeps the rowid of each row"
        ])
    }

    @Test func searchKeysVersionsAndTokenizerAreChecked() throws {
        #expect(try diagnostics(["n.yaml": Self.noteFile("    search: { columns: [title], stemming: true }")]) == [
            "S/n.yaml:14:33: error: unknown key 'stemming' in a search; expected one of: columns, tokenizer, since, until"
        ])
        #expect(try diagnostics(["n.yaml": Self.noteFile("    search: { columns: [title], tokenizer: \"unicode61 tokenchars '-'\" }")]) == [
            "S/n.yaml:14:44: error: 'tokenizer' is FTS5's tokenize argument without quotes (such as porter unicode61 or trigram), found unicode61 tokenchars '-'"
        ])
        #expect(try diagnostics(["n.yaml": Self.noteFile("    search: { columns: [title], since: 2 }")]) == [
            "S/n.yaml:14:40: error: 'since' must be between 1 and 1 (the schema's version), found 2"
        ])
        #expect(try diagnostics([
            "daogen.yaml": "version: 3\n",
            "n.yaml": Self.noteFile("    search:\n      - { columns: [title], until: 2 }\n      - { columns: [body], since: 2 }"),
        ]) == [
            "S/n.yaml:16:9: error: table 'note' has 'search' twice at version 2; give the declarations 'since' / 'until' ranges that do not overlap"
        ])
        // SQLite's own refusal of a tokenizer it does not have, at the tokenizer.
        #expect(try diagnostics(["n.yaml": Self.noteFile("    search: { columns: [title], tokenizer: klingon }")]) == [
            "S/n.yaml:14:44: error: SQLite rejects the search index of table 'note' at version 1: no such tokenizer: klingon"
        ])
    }

    @Test func theIndexNameMustBeFree() throws {
        let other = "  - name: note_fts\n    columns:\n      - { name: id, type: INTEGER, primaryKey: true }\n"
        #expect(try diagnostics(["n.yaml": Self.noteFile("    search: { columns: [title] }\n" + other)]) == [
            "S/n.yaml:14:13: error: the FTS5 table of 'search' 'note_fts' at version 1 has the name of another table (declared at S/n.yaml:15:5); rename one of them"
        ])
    }

    @Test func aVirtualTableIsOneCreateVirtualTableStatementNamedLikeIt() throws {
        func file(_ name: String, _ sql: String) -> String {
            Self.noteFile("") + "virtualTables:\n  - name: \(name)\n    sql: \"\(sql)\"\n"
        }
        #expect(try diagnostics(["n.yaml": file("places", "CREATE TABLE places (x)")]) == [
            "S/n.yaml:16:10: error: virtual table 'places': 'sql' must be a CREATE VIRTUAL TABLE statement"
        ])
        #expect(try diagnostics(["n.yaml": file("places", "CREATE VIRTUAL TABLE spots USING rtree(id, x0, x1)")]) == [
            "S/n.yaml:16:10: error: virtual table 'places': its CREATE VIRTUAL TABLE statement names 'spots'; the names must agree"
        ])
        #expect(try diagnostics(["n.yaml": file("places", "CREATE VIRTUAL TABLE places USING nosuchmodule(a)")]) == [
            "S/n.yaml:16:10: error: SQLite rejects virtual table 'places' at version 1: no such module: nosuchmodule"
        ])
        #expect(try diagnostics(["n.yaml": file("note", "CREATE VIRTUAL TABLE note USING fts5(a)")]) == [
            "S/n.yaml:15:11: error: virtual table 'note' at version 1 has the name of another table (declared at S/n.yaml:2:5); rename one of them"
        ])
    }

    // MARK: - Queries

    /// The typed query `q` of `note`, which has `search:` over title and body.
    func typed(_ sql: String, extra: String = "") throws -> (parameters: [String], columns: [String]) {
        let file = Self.noteFile("    search: { columns: [title, body] }\n    queries:\n      - name: q\n        sql: \"\(sql)\"\n\(extra)")
        let query = try #require(try loadSchema(["n.yaml": file]).queries["note"]?.first)
        return (query.parameters.map { "\($0.label): \($0.value.swiftName)" }, query.columns.map { "\($0.swiftName): \($0.value.swiftName)" })
    }

    @Test func matchBm25SnippetAndHighlightAreTyped() throws {
        let typed = try typed(
            "SELECT note.id, bm25(note_fts) AS score, snippet(note_fts, -1, '[', ']', '...', 8) AS excerpt, "
                + "highlight(note_fts, 0, '[', ']') AS marked, note_fts.body FROM note_fts JOIN note ON note.rowid = note_fts.rowid "
                + "WHERE note_fts MATCH :query AND note_fts.title MATCH :inTitle ORDER BY rank LIMIT :limit")
        #expect(typed.parameters == ["query: String", "inTitle: String", "limit: Int"])
        #expect(typed.columns == ["id: Int64", "score: Double", "excerpt: String?", "marked: String?", "body: String?"])
    }

    @Test func paramsAndTypesStillWin() throws {
        let typed = try typed(
            "SELECT bm25(note_fts) AS score, highlight(note_fts, 0, '<', '>') AS marked FROM note_fts WHERE note_fts MATCH :query",
            extra: "        params: { query: Substring }\n        types: { marked: String, score: Float }\n")
        #expect(typed.parameters == ["query: Substring"])
        #expect(typed.columns == ["score: Float", "marked: String"])
    }
}
