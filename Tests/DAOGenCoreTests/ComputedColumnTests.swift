import DAOGenRuntime
import Testing

@testable import _DAOGenCore

/// `json:` and `generated:` columns in the generator: bad input (exact message and location), the CREATE
/// TABLE they make, the migration steps SQLite's rules allow, and the proof's check of generated values.
@Suite struct ComputedColumnTests {
    // MARK: - Bad input

    @Test func jsonNeedsASwiftType() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        json: true\n")])
        #expect(result == [
            "S/t.yaml:9:15: error: JSON column 'a' needs 'swift:', the Codable Swift type its JSON text decodes to (such as \"[String]\")"
        ])
    }

    @Test func jsonNeedsTextAffinity() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: INTEGER\n        json: true\n        swift: \"[Int]\"\n")])
        #expect(result == [
            "S/t.yaml:8:15: error: JSON column 'a' has type 'INTEGER' (INTEGER affinity); JSON is stored as text, so it needs TEXT affinity"
        ])
    }

    @Test func jsonSwiftTypeMustBeAType() throws {
        let cases: [(String, String)] = [
            ("\"[String]?\"", "'[String]?' is Optional; a nullable column (no notNull: true) makes the property Optional"),
            ("\"[String\"", "its brackets do not match"),
            ("\"[]\"", "its brackets do not match"),
            ("\"Foo-Bar\"", "'-' cannot appear in a type name"),
            ("\"1abc\"", "'1abc' is not a Swift identifier"),
        ]
        for (type, problem) in cases {
            let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        json: true\n        swift: \(type)\n")])
            #expect(result == ["S/t.yaml:10:16: error: 'swift' of JSON column 'a' must be a Swift type, but \(problem)"], "swift: \(type)")
        }
        for type in ["\"[String]\"", "\"[String: [Int]]\"", "Set<String>", "\"Dictionary<String, Foo.Bar>\"", "Address"] {
            #expect(try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        json: true\n        swift: \(type)\n")]) == [])
        }
    }

    @Test func jsonAndEnumExcludeEachOther() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        json: true\n        enum: [x]\n")])
        #expect(result == ["S/t.yaml:10:15: error: 'enum' and 'json' cannot both be set on a column"])
    }

    @Test func storedNeedsGenerated() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        stored: true\n")])
        #expect(result == ["S/t.yaml:9:17: error: 'stored' applies to a generated column; set 'generated' on column 'a'"])
    }

    @Test func generatedTakesNoDefaultAndIsNoKey() throws {
        let withDefault = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        generated: \"id || ''\"\n        default: \"'x'\"\n")])
        #expect(withDefault == ["S/t.yaml:10:18: error: 'default' and 'generated' cannot both be set on a column"])
        let key = try diagnostics(["t.yaml": """
            tables:
              - name: t
                columns:
                  - name: a
                    type: INTEGER
                  - name: b
                    type: INTEGER
                    primaryKey: true
                    generated: "a + 1"
            """])
        #expect(key == ["S/t.yaml:8:21: error: generated column 'b' cannot be part of the primary key"])
    }

    @Test func generatedNamingAMissingColumnIsReportedAtGenerated() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        generated: \"nope || ''\"\n")])
        #expect(result == ["S/t.yaml:9:20: error: invalid SQL in 'generated' of column 'a': no such column: nope"])
    }

    @Test func generatedMustBeOneExpression() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        generated: \"1); DROP TABLE t; --\"\n")])
        #expect(result.count == 1)
        #expect(result.first?.hasPrefix("S/t.yaml:9:20: error: 'generated' of column 'a' must be one SQL expression, but") == true)
    }

    // MARK: - SQL

    @Test func createTableWritesTheCheckAndTheGeneratedClause() throws {
        let schema = try loadSchema(["t.yaml": tableFile("""
                  - name: tags
                    type: TEXT
                    json: true
                    swift: "[String]"
                  - name: doubled
                    type: INTEGER
                    generated: "id * 2"
                  - name: key
                    type: TEXT
                    notNull: true
                    generated: "'k' || id"
                    stored: true

            """)]).schema
        let table = schema.tables[0]
        #expect(SQLWriter.createTable(table, at: 1, in: schema) == """
            CREATE TABLE "t" (
              "id" INTEGER PRIMARY KEY,
              "tags" TEXT CHECK ("tags" IS NULL OR json_valid("tags")),
              "doubled" INTEGER GENERATED ALWAYS AS (id * 2) VIRTUAL,
              "key" TEXT NOT NULL GENERATED ALWAYS AS ('k' || id) STORED
            )
            """)
        let statements = try #require(TableStatements(table: table, version: 1).records.keyed)
        #expect(statements.writes.insert == #"INSERT INTO "t" ("id", "tags") VALUES (?1, ?2) RETURNING "id", "tags", "doubled", "key""#)
        #expect(statements.update == #"UPDATE "t" SET "tags" = ?2 WHERE "id" = ?1"#)
    }

    @Test func anEmptyJSONDefaultOfAnArrayOrDictionaryTypeIsTheInitializersDefault() throws {
        let cases: [(type: String, sql: String, swift: String?)] = [
            ("\"[String]\"", "'[]'", "[]"), ("\"[String: Int]\"", "'{}'", "[:]"), ("\"[[String: Int]]\"", "'[]'", "[]"),
            ("\"[String: [Int]]\"", "'{}'", "[:]"), ("\"[String]\"", "'{}'", nil), ("\"[String: Int]\"", "'[]'", nil),
            ("Address", "'{}'", nil), ("\"[String]\"", "'[1]'", nil),
        ]
        for (type, sql, swift) in cases {
            let schema = try loadSchema(["t.yaml": tableFile(
                "      - name: a\n        type: TEXT\n        notNull: true\n        json: true\n        swift: \(type)\n        default: \"\(sql)\"\n")]).schema
            let column = try #require(schema.tables[0].columns.last)
            #expect(ColumnCode(column: column, isOptional: false, recordName: "T").initDefault == swift, "\(type) \(sql)")
        }
    }

    // MARK: - Migrations

    /// The steps from version 1 to 2 when version 2 adds `column` (YAML lines) to a table with rows.
    private func plan(adding column: String) throws -> String {
        let schema = try loadSchema([
            "daogen.yaml": "version: 2\n",
            "t.yaml": tableFile("      - name: title\n        type: TEXT\n" + column),
        ]).schema
        return try MigrationPlanner.plan(schema)[2, default: []].flatMap(\.statements).joined(separator: ";\n")
    }

    @Test func aVirtualColumnIsAddedAndAStoredOneRebuilds() throws {
        #expect(try plan(adding: "      - name: n\n        type: INTEGER\n        generated: length(title)\n        since: 2\n")
            == #"ALTER TABLE "t" ADD COLUMN "n" INTEGER GENERATED ALWAYS AS (length(title)) VIRTUAL"#)
        let stored = try plan(adding: "      - name: n\n        type: INTEGER\n        generated: length(title)\n        stored: true\n        since: 2\n")
        #expect(stored.hasPrefix(#"CREATE TABLE "_daogen_new_t""#))
        // The copy leaves the generated column to SQLite.
        #expect(stored.contains(#"INSERT INTO "_daogen_new_t" ("id", "title") SELECT "id", "title" FROM "t""#))
    }

    @Test func droppingAColumnAGeneratedOneReadsRebuilds() throws {
        // DROP COLUMN refuses a column a generated column's expression reads: the table is rebuilt, and the
        // proof runs the steps on a real file without an error.
        let files = [
            "daogen.yaml": "version: 2\n",
            "t.yaml": tableFile("""
                  - name: title
                    type: TEXT
                    until: 1
                  - name: n
                    type: INTEGER
                    generated: length(title)
                    until: 1
                  - name: plain
                    type: TEXT

            """),
        ]
        let statements = try MigrationPlanner.plan(loadSchema(files).schema)[2, default: []].flatMap(\.statements)
        #expect(statements.count == 4)
        #expect(statements.first?.hasPrefix(#"CREATE TABLE "_daogen_new_t""#) == true)
        #expect(statements.dropFirst().first == #"INSERT INTO "_daogen_new_t" ("id", "plain") SELECT "id", "plain" FROM "t""#)
        #expect(try diagnostics(files) == [])
    }

    // MARK: - The proof

    @Test func theProofFindsStaleGeneratedValues() throws {
        let schema = try loadSchema(["t.yaml": tableFile("      - name: title\n        type: TEXT\n      - name: n\n        type: INTEGER\n        generated: length(title)\n        stored: true\n")]).schema
        let database = try Database.scratch()
        // A STORED column holding what the expression does not compute, as a faulty migration could leave it.
        try database.execute(#"CREATE TABLE "t" ("id" INTEGER PRIMARY KEY, "title" TEXT, "n" INTEGER)"#)
        try database.execute(#"INSERT INTO "t" VALUES (1, 'abc', 3), (2, 'abcd', 99)"#)
        let problems = MigrationProof.generatedColumnProblems(of: schema, at: 1, in: database)
        #expect(problems.map(\.message) == ["1 row(s) of table 't' hold values of generated column 'n' that differ from a fresh database's"])
        try database.execute(#"UPDATE "t" SET "n" = 4 WHERE "id" = 2"#)
        #expect(MigrationProof.generatedColumnProblems(of: schema, at: 1, in: database).isEmpty)
    }
}
