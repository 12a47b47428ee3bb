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
        let query = try #require(try loadSchema(["n.yaml": file]).queries(named: "note")?.first)
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

    // MARK: - Migrations

    @Test func addingSearchFillsTheIndexAndRemovingItDropsIt() throws {
        let loaded = try loadSchema([
            "daogen.yaml": "version: 3\n",
            "n.yaml": Self.noteFile("    search: { columns: [title, body], since: 2, until: 2 }"),
        ])
        let plan = loaded.verified.planned.plan
        #expect(plan[2]?.map(\.comment) == [
            "Create search index note_fts (DDL)",
            "Fill search index note_fts from the rows it has (reads every row)",
            "Create trigger note_fts_ai of the search index (DDL)",
            "Create trigger note_fts_ad of the search index (DDL)",
            "Create trigger note_fts_au of the search index (DDL)",
        ])
        #expect(plan[2]?.flatMap(\.statements).prefix(2) == [
            #"CREATE VIRTUAL TABLE "note_fts" USING fts5("title", "body", content = 'note')"#,
            #"INSERT INTO "note_fts" ("note_fts") VALUES ('rebuild')"#,
        ])
        #expect(plan[3]?.flatMap(\.statements) == [
            #"DROP TRIGGER IF EXISTS "note_fts_ai""#, #"DROP TRIGGER IF EXISTS "note_fts_ad""#, #"DROP TRIGGER IF EXISTS "note_fts_au""#,
            #"DROP TABLE IF EXISTS "note_fts""#,
        ])
    }

    @Test func aRebuildOrADataStepFillsTheIndexAgainAndARenameRecreatesIt() throws {
        let loaded = try loadSchema([
            "daogen.yaml": "version: 3\n",
            "n.yaml": """
                tables:
                  - name: note
                    renamedFrom: { name: memo, in: 3 }
                    columns:
                      - { name: id, type: INTEGER, primaryKey: true }
                      - { name: title, type: TEXT, until: 1 }
                      - { name: title, type: TEXT, default: "'untitled'", since: 2 }
                    search: { columns: [title] }
                migrations:
                  - { version: 3, sql: "UPDATE note SET title = upper(title)" }
                """,
        ])
        let plan = loaded.verified.planned.plan
        // Version 2 rebuilds memo (a new default): the index is filled again after it.
        #expect(plan[2]?.map(\.kind) == [
            .dropTrigger, .dropTrigger, .dropTrigger, .rebuildTable, .rebuildSearchIndex, .createTrigger, .createTrigger, .createTrigger,
        ])
        #expect(plan[2]?[4].comment == "Fill search index memo_fts after the table's rebuild (reads every row)")
        // Version 3 renames memo to note: memo_fts names its table, so note_fts replaces it, filled
        // after the data step (which ran without the triggers).
        #expect(plan[3]?.map(\.comment) == [
            "Drop trigger memo_fts_ai of the search index (DDL)", "Drop trigger memo_fts_ad of the search index (DDL)",
            "Drop trigger memo_fts_au of the search index (DDL)", "Drop search index memo_fts (DDL)",
            "Rename table memo to note (cheap ALTER)", "Explicit data step of version 3 (from migrations:)",
            "Create search index note_fts (DDL)", "Fill search index note_fts from the rows it has (reads every row)",
            "Create trigger note_fts_ai of the search index (DDL)", "Create trigger note_fts_ad of the search index (DDL)",
            "Create trigger note_fts_au of the search index (DDL)",
        ])
    }

    @Test func declaredVirtualTablesAreCreatedKeptThroughRebuildsAndDropped() throws {
        let loaded = try loadSchema([
            "daogen.yaml": "version: 4\n",
            "n.yaml": """
                tables:
                  - name: note
                    columns:
                      - { name: id, type: INTEGER, primaryKey: true }
                      - { name: title, type: TEXT, until: 2 }
                      - { name: title, type: TEXT, default: "'untitled'", since: 3 }
                virtualTables:
                  - name: places
                    since: 2
                    until: 3
                    sql: CREATE VIRTUAL TABLE places USING rtree(id, min_x, max_x)
                triggers:
                  - name: note_place
                    since: 2
                    until: 3
                    sql: CREATE TRIGGER note_place AFTER INSERT ON note BEGIN INSERT INTO places VALUES (new.id, 0, 1); END
                """,
        ])
        let planned = loaded.verified.planned
        #expect(planned.plan[2]?.map(\.comment) == ["Create virtual table places (DDL)", "Create trigger note_place (DDL)"])
        #expect(planned.plan[3]?.map(\.kind) == [.dropTrigger, .rebuildTable, .createTrigger])
        #expect(planned.plan[4]?.map(\.comment) == ["Drop trigger note_place (DDL)", "Drop virtual table places (DDL)"])
        #expect(planned.creation.statements(at: 2) == [
            "CREATE TABLE \"note\" (\n  \"id\" INTEGER PRIMARY KEY,\n  \"title\" TEXT\n)",
            "CREATE VIRTUAL TABLE places USING rtree(id, min_x, max_x)",
            "CREATE TRIGGER note_place AFTER INSERT ON note BEGIN INSERT INTO places VALUES (new.id, 0, 1); END",
        ])
        // A file at version 2 keeps the rows of its R*Tree through the rebuild of version 3.
        let database = try Database.scratch()
        for statement in planned.creation.statements(at: 2) { try database.execute(statement) }
        try database.setUserVersion(2)
        try database.execute("INSERT INTO note (title) VALUES ('a'), ('b')")
        try database.execute("INSERT INTO places VALUES (10, 5, 6)")
        let definition = SchemaDefinition(
            version: 3, creation: [], migrations: [SchemaDefinition.Migration(version: 3, steps: (planned.plan[3] ?? []).flatMap(\.statements))])
        try definition.prepare(database)
        #expect(try database.rows("SELECT id FROM places ORDER BY id") == [[.integer(1)], [.integer(2)], [.integer(10)]])
        #expect(try SchemaDescription(database: database) == (try {
            let fresh = try Database.scratch()
            for statement in planned.creation.statements(at: 3) { try fresh.execute(statement) }
            return try SchemaDescription(database: fresh)
        }()))
    }

    @Test func queriesMayUseADeclaredVirtualTable() throws {
        let file = Self.noteFile("""
                queries:
                  - name: matching
                    sql: |
                      SELECT note.id, snippet(docs, 0, '[', ']', '...', 4) AS excerpt
                      FROM docs JOIN note ON note.id = docs.rowid WHERE docs MATCH :words
            """) + "\nvirtualTables:\n  - name: docs\n    sql: CREATE VIRTUAL TABLE docs USING fts4(content)\n"
        let query = try #require(try loadSchema(["n.yaml": file]).queries(named: "note")?.first)
        #expect(query.parameters.map { "\($0.label): \($0.value.swiftName)" } == ["words: String"])
        #expect(query.columns.map { "\($0.swiftName): \($0.value.swiftName)" } == ["id: Int64", "excerpt: String?"])
    }
}
