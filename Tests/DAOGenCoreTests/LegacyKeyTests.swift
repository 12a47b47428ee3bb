import Testing

@testable import _DAOGenCore

/// The schema-format additions `daogen import` needs to describe files made without daogen:
/// `notNull: false` on a key column, `primaryKey: DESC`, `type: ""` and `swift: DatabaseValue`.
@Suite struct LegacyKeyTests {
    static let note = """
        tables:
          - name: Note
            columns:
              - name: cdate
                type: TEXT
                primaryKey: true
                notNull: false
              - name: content
                type: TEXT
          - name: counter
            columns:
              - name: id
                type: INTEGER
                primaryKey: DESC
                notNull: false
              - name: label
                type: ""
                swift: DatabaseValue

        """

    @Test func nullableKeyKeepsSQLitesQuirkAndIsOptional() throws {
        let loaded = try loadSchema(["notes.yaml": Self.note])
        #expect(Generator.creationSQL(loaded) == """
            CREATE TABLE "Note" (
              "cdate" TEXT PRIMARY KEY,
              "content" TEXT
            );

            CREATE TABLE "counter" (
              "id" INTEGER PRIMARY KEY DESC,
              "label"
            );

            """)
        let code = try Generator.render(loaded, renderer: loaded.renderer()).first { $0.name == "notes.swift" }?.contents ?? ""
        #expect(code.contains("var cdate: String?\n"))
        #expect(code.contains("var id: Int64?\n"))
        #expect(code.contains("var label: DatabaseValue?\n"))
        // PRIMARY KEY DESC is not the rowid alias: insert does not fill `id` from the rowid.
        #expect(!code.contains("lastInsertedRowID"))
        #expect(code.contains("func find(cdate: String) throws -> Note?"))
    }

    @Test func aKeyWithoutNotNullFalseStaysNotNull() throws {
        let loaded = try loadSchema(["notes.yaml": Self.note.replacingOccurrences(of: "        notNull: false\n", with: "")])
        #expect(Generator.creationSQL(loaded).contains("\"cdate\" TEXT PRIMARY KEY NOT NULL,"))
        #expect(Generator.creationSQL(loaded).contains("\"id\" INTEGER PRIMARY KEY DESC NOT NULL,"))
    }

    @Test func aNullableKeyOfAWithoutRowIDTableIsAnError() throws {
        let result = try diagnostics(["t.yaml": """
            tables:
              - name: kv
                withoutRowID: true
                columns:
                  - name: k
                    type: TEXT
                    primaryKey: true
                    notNull: false

            """])
        #expect(result == [
            "S/t.yaml:8:18: error: key column 'k' cannot be nullable: SQLite makes the primary key of a withoutRowID table NOT NULL; remove 'notNull: false'"
        ])
    }
}

/// The guide's first versioned change: a legacy nullable key made NOT NULL in version 2.
@Suite struct LegacyKeyTighteningTests {
    static func note(migration: Bool) -> [String: String] {
        [
            "daogen.yaml": "database: NotesDatabase\nversion: 2\n",
            "Note.yaml": """
                tables:
                  - name: Note
                    columns:
                      - name: cdate
                        type: TEXT
                        primaryKey: true
                        notNull: false
                        until: 1
                      - name: cdate
                        type: TEXT
                        primaryKey: true
                        since: 2
                      - name: content
                        type: TEXT

                """ + (migration ? "migrations:\n  - version: 2\n    sql: \"DELETE FROM Note WHERE cdate IS NULL\"\n" : ""),
        ]
    }

    @Test func theDataStepRunsBeforeTheKeyBecomesNotNull() throws {
        let loaded = try loadSchema(Self.note(migration: true))
        let plan = Generator.planSQL(loaded, from: 1, to: 2)
        let relaxed = try #require(plan.range(of: "  \"cdate\" TEXT PRIMARY KEY,\n"))
        let step = try #require(plan.range(of: "DELETE FROM Note WHERE cdate IS NULL;"))
        let tightened = try #require(plan.range(of: "  \"cdate\" TEXT PRIMARY KEY NOT NULL,\n"))
        #expect(relaxed.lowerBound < step.lowerBound && step.lowerBound < tightened.lowerBound)
    }

    @Test func withoutADataStepTheTighteningIsAnError() throws {
        #expect(try diagnostics(Self.note(migration: false)) == [
            "S/Note.yaml:9:9: error: column 'cdate' of table 'Note' becomes NOT NULL in version 2 without a default, so rows holding NULL in it cannot be kept; add a 'default:' (NULLs become it) or a 'migrations:' step for version 2 that fills them"
        ])
    }
}
