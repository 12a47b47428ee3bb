import Foundation
import Testing

@testable import _DAOGenCore

/// The schema history stage: every version's CREATE statements recorded in `history/`, shipped versions refused
/// when they no longer match.
@Suite struct SchemaHistoryTests {
    /// Version 1 of a small schema: `person (id, name)` and an index on `name`.
    static let version1 = """
        tables:
          - name: person
            columns:
              - name: id
                type: INTEGER
                primaryKey: true
              - name: name
                type: TEXT
                notNull: true
            indexes:
              - name: person_by_name
                columns: [name]

        """

    /// `version1` with `lines` (indented as columns) added after the `name` column.
    static func withColumns(_ lines: String) -> String {
        version1.replacingOccurrences(of: "    indexes:\n", with: lines + "    indexes:\n")
    }

    /// The records of every version of `files`, as `daogen generate` writes them.
    func records(_ files: [String: String]) throws -> [Int: String] {
        let schema = try loadSchema(files).schema
        return Dictionary(uniqueKeysWithValues: (1...schema.settings.version).map { ($0, SchemaHistory.record(of: schema, version: $0)) })
    }

    func compare(_ files: [String: String], records: [Int: String]) throws -> SchemaHistory.Comparison {
        SchemaHistory.compare(try loadSchema(files).schema, records: records)
    }

    @Test func aRecordIsTheVersionsSQLUnderAHeader() throws {
        let loaded = try loadSchema(["people.yaml": Self.version1])
        #expect(SchemaHistory.record(of: loaded.schema, version: 1) == """
            -- The schema of version 1, recorded by daogen. Do not edit; check this file in.
            -- Once a later version exists, version 1 has shipped: daogen then refuses a schema whose
            -- version 1 no longer creates exactly these tables and indexes.

            CREATE TABLE "person" (
              "id" INTEGER PRIMARY KEY,
              "name" TEXT NOT NULL
            );

            CREATE INDEX "person_by_name" ON "person" ("name");

            """)
        #expect(SchemaHistory.record(of: loaded.schema, version: 1).hasSuffix("\n\n" + Generator.creationSQL(loaded, version: 1)))
    }

    @Test func recordFileNames() {
        #expect(SchemaHistory.fileName(version: 12) == "v12.sql")
        #expect(SchemaHistory.version(ofFileName: "v12.sql") == 12)
        for name in ["v0.sql", "v01.sql", "v.sql", "v1.sql.bak", "x1.sql", "v-1.sql", "README.md"] {
            #expect(SchemaHistory.version(ofFileName: name) == nil, "\(name)")
        }
    }

    @Test func matchingRecordsLeaveNothingToDo() throws {
        let files = ["daogen.yaml": "version: 2\n", "people.yaml": Self.withColumns("      - name: email\n        type: TEXT\n        since: 2\n")]
        let comparison = try compare(files, records: try records(files))
        #expect(comparison == SchemaHistory.Comparison(versionLocation: comparison.versionLocation, latest: 2))
        #expect(comparison.warnings.isEmpty)
    }

    @Test func missingRecordsAreWrittenAndWarnedAboutWhenNotWritten() throws {
        let files = ["daogen.yaml": "version: 2\n", "people.yaml": Self.withColumns("      - name: email\n        type: TEXT\n        since: 2\n")]
        let all = try records(files)
        let comparison = try compare(files, records: [2: all[2]!])
        #expect(comparison.errors.isEmpty)
        #expect(comparison.missingVersions == [1])
        #expect(comparison.records == [GeneratedFile(name: "v1.sql", contents: all[1]!)])
        #expect(comparison.warnings.map(\.description) == [
            "S/daogen.yaml:1:10: warning: version 1 has no record in history/v1.sql; run `daogen generate` or `daogen history` (with the plugins: `swift package --allow-writing-to-package-directory generate-daos --history-only`) to write it, and check it in"
        ])
    }

    @Test func theLatestRecordIsRewrittenFreely() throws {
        let old = try records(["daogen.yaml": "version: 2\n", "people.yaml": Self.version1])
        let files = ["daogen.yaml": "version: 2\n", "people.yaml": Self.withColumns("      - name: email\n        type: TEXT\n        since: 2\n")]
        let comparison = try compare(files, records: old)
        #expect(comparison.errors.isEmpty)
        #expect(comparison.latestIsOutdated)
        #expect(comparison.records == [GeneratedFile(name: "v2.sql", contents: try records(files)[2]!)])
        #expect(comparison.warnings.map(\.description) == [
            "S/daogen.yaml:1:10: warning: the record of version 2, the latest, in history/v2.sql is out of date; run `daogen generate` or `daogen history` (with the plugins: `swift package --allow-writing-to-package-directory generate-daos --history-only`) to rewrite it before version 2 ships"
        ])
    }

    @Test func aColumnAddedWithoutSinceAfterRaisingTheVersionIsRefused() throws {
        let shipped = try records(["people.yaml": Self.version1])
        let files = ["daogen.yaml": "version: 2\n", "people.yaml": Self.withColumns("      - name: email\n        type: TEXT\n")]
        let comparison = try compare(files, records: shipped)
        #expect(comparison.errors.map(\.description) == [
            "S/people.yaml:10:9: error: version 1 has shipped, but table 'person' no longer matches its record in history/v1.sql: column \"email\" TEXT was added; mark it since: 2"
        ])
    }

    @Test func aDifferenceIsReportedOnceForTheLastShippedVersion() throws {
        let shipped = try records(["daogen.yaml": "version: 2\n", "people.yaml": Self.version1])
        let files = ["daogen.yaml": "version: 3\n", "people.yaml": Self.withColumns("      - name: email\n        type: TEXT\n")]
        let comparison = try compare(files, records: shipped)
        #expect(comparison.errors.map(\.description) == [
            "S/people.yaml:10:9: error: version 2 has shipped, but table 'person' no longer matches its record in history/v2.sql: column \"email\" TEXT was added; mark it since: 3"
        ])
        #expect(comparison.missingVersions == [3])
    }

    @Test func aDroppedColumnIsRefusedAtTheTable() throws {
        let shipped = try records(["people.yaml": Self.withColumns("      - name: nickname\n        type: TEXT\n")])
        let comparison = try compare(["daogen.yaml": "version: 2\n", "people.yaml": Self.version1], records: shipped)
        #expect(comparison.errors.map(\.description) == [
            "S/people.yaml:2:11: error: version 1 has shipped, but table 'person' no longer matches its record in history/v1.sql: column \"nickname\" TEXT was removed; keep its declaration and mark it until: 1"
        ])
    }

    @Test func aColumnRemovedAndOneOfItsTypeAddedSuggestsTheRename() throws {
        let shipped = try records(["people.yaml": Self.withColumns("      - name: nickname\n        type: TEXT\n")])
        let files = ["daogen.yaml": "version: 2\n", "people.yaml": Self.withColumns("      - name: alias\n        type: TEXT\n")]
        #expect(try compare(files, records: shipped).errors.map(\.description) == [
            "S/people.yaml:10:9: error: version 1 has shipped, but table 'person' no longer matches its record in history/v1.sql: column \"nickname\" TEXT was removed and column \"alias\" TEXT was added; did you mean `renamedFrom: { name: nickname, in: 2 }` on column 'alias'? (marking 'nickname' until: 1 and 'alias' since: 2 instead drops the values of 'nickname')"
        ])
        // What the message suggests is the fix.
        let renamed = ["daogen.yaml": "version: 2\n", "people.yaml": Self.withColumns("      - name: alias\n        type: TEXT\n        renamedFrom: { name: nickname, in: 2 }\n")]
        #expect(try compare(renamed, records: shipped).errors.isEmpty)
    }

    @Test func aColumnRemovedAndOneOfAnotherTypeAddedAreTwoDifferences() throws {
        let shipped = try records(["people.yaml": Self.withColumns("      - name: nickname\n        type: TEXT\n")])
        let files = ["daogen.yaml": "version: 2\n", "people.yaml": Self.withColumns("      - name: age\n        type: INTEGER\n")]
        #expect(try compare(files, records: shipped).errors.map(\.description) == [
            "S/people.yaml:2:11: error: version 1 has shipped, but table 'person' no longer matches its record in history/v1.sql: column \"nickname\" TEXT was removed; keep its declaration and mark it until: 1",
            "S/people.yaml:10:9: error: version 1 has shipped, but table 'person' no longer matches its record in history/v1.sql: column \"age\" INTEGER was added; mark it since: 2",
        ])
    }

    /// Two schema folders of one target without `version:` lines gave two identical warnings.
    @Test func theWarningsNameTheSchemaFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(["daogen.yaml": "database: CatalogDatabase\n", "people.yaml": Self.version1])
        let result = try GeneratorCommands(source: SchemaSource(directory: directory.url, displayPath: "Sources/Store/Catalog")).validate()
        #expect(result.warnings.map(\.description) == [
            "warning: version 1 has no record in Sources/Store/Catalog/history/v1.sql; run `daogen generate` or `daogen history` (with the plugins: `swift package --allow-writing-to-package-directory generate-daos --history-only`) to write it, and check it in"
        ])
    }

    @Test func aChangedTypeIsRefusedAtTheColumn() throws {
        let shipped = try records(["people.yaml": Self.withColumns("      - name: age\n        type: TEXT\n")])
        let files = ["daogen.yaml": "version: 2\n", "people.yaml": Self.withColumns("      - name: age\n        type: INTEGER\n        notNull: true\n        default: 0\n")]
        let comparison = try compare(files, records: shipped)
        #expect(comparison.errors.map(\.description) == [
            "S/people.yaml:10:9: error: version 1 has shipped, but table 'person' no longer matches its record in history/v1.sql: column \"age\" was TEXT, is now INTEGER NOT NULL DEFAULT 0; declare it twice: the old definition with until: 1, the new one with since: 2"
        ])
    }

    @Test func indexChangesAreRefusedAtTheIndex() throws {
        let shipped = try records(["people.yaml": Self.version1])
        let changed = Self.version1.replacingOccurrences(of: "columns: [name]", with: "columns: [name, id]")
            + "      - name: person_by_id\n        columns: [id]\n        unique: true\n"
        let comparison = try compare(["daogen.yaml": "version: 2\n", "people.yaml": changed], records: shipped)
        #expect(comparison.errors.map(\.description) == [
            "S/people.yaml:11:9: error: version 1 has shipped, but index 'person_by_name' no longer matches its record in history/v1.sql: it was `CREATE INDEX \"person_by_name\" ON \"person\" (\"name\")`, is now `CREATE INDEX \"person_by_name\" ON \"person\" (\"name\", \"id\")`; declare it twice: the old definition with until: 1, the new one with since: 2",
            "S/people.yaml:13:9: error: version 1 has shipped, but index 'person_by_id' no longer matches its record in history/v1.sql: the record has no such index; mark it since: 2",
        ])
    }

    /// Issue 21, item 9: an edited view or trigger is refused at its own declaration, not at daogen.yaml.
    @Test func viewAndTriggerChangesAreRefusedAtTheirDeclarations() throws {
        let objects = """
            views:
              - name: person_names
                sql: SELECT name FROM person
            triggers:
              - name: person_named
                sql: CREATE TRIGGER person_named AFTER INSERT ON person BEGIN SELECT 1; END

            """
        let shipped = try records(["people.yaml": Self.version1 + objects])
        let changed = objects.replacingOccurrences(of: "SELECT name FROM person", with: "SELECT id, name FROM person")
            .replacingOccurrences(of: "SELECT 1;", with: "SELECT 2;")
        let comparison = try compare(["daogen.yaml": "version: 2\n", "people.yaml": Self.version1 + changed], records: shipped)
        #expect(comparison.errors.map(\.description) == [
            "S/people.yaml:14:11: error: version 1 has shipped, but view 'person_names' no longer matches its record in history/v1.sql: it was `CREATE VIEW \"person_names\" AS SELECT name FROM person`, is now `CREATE VIEW \"person_names\" AS SELECT id, name FROM person`; declare it twice: the old definition with until: 1, the new one with since: 2",
            "S/people.yaml:17:11: error: version 1 has shipped, but trigger 'person_named' no longer matches its record in history/v1.sql: it was `CREATE TRIGGER person_named AFTER INSERT ON person BEGIN SELECT 1; END`, is now `CREATE TRIGGER person_named AFTER INSERT ON person BEGIN SELECT 2; END`; declare it twice: the old definition with until: 1, the new one with since: 2",
        ])
    }

    @Test func addedAndRemovedTablesAreRefused() throws {
        let shipped = try records(["people.yaml": Self.version1, "tags.yaml": "tables:\n  - name: tag\n    columns:\n      - name: label\n        type: TEXT\n"])
        let files = [
            "daogen.yaml": "version: 2\n", "people.yaml": Self.version1,
            "pets.yaml": "tables:\n  - name: pet\n    columns:\n      - name: id\n        type: INTEGER\n        primaryKey: true\n",
        ]
        let comparison = try compare(files, records: shipped)
        #expect(comparison.errors.map(\.description) == [
            "S/daogen.yaml:1:10: error: version 1 has shipped, but table 'tag' no longer matches its record in history/v1.sql: the schema no longer has it; keep its declaration and mark it until: 1",
            "S/pets.yaml:2:11: error: version 1 has shipped, but table 'pet' no longer matches its record in history/v1.sql: the record has no such table; mark it since: 2",
        ])
    }

    @Test func movedColumnsAreRefused() throws {
        let shipped = try records(["people.yaml": Self.withColumns("      - name: email\n        type: TEXT\n")])
        let moved = Self.version1.replacingOccurrences(of: "      - name: id\n", with: "      - name: email\n        type: TEXT\n      - name: id\n")
        let comparison = try compare(["daogen.yaml": "version: 2\n", "people.yaml": moved], records: shipped)
        #expect(comparison.errors.map(\.description) == [
            "S/people.yaml:2:11: error: version 1 has shipped, but table 'person' no longer matches its record in history/v1.sql: its columns were in the order \"id\", \"name\", \"email\", are now in the order \"email\", \"id\", \"name\"; put the declarations back in the recorded order"
        ])
    }

    @Test func whitespaceAndLineEndingsDoNotMatter() throws {
        let files = ["daogen.yaml": "version: 2\n", "people.yaml": Self.version1]
        var shipped = try records(files)
        shipped[1] = "-- reformatted\n" + shipped[1]!.replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(of: "  \"", with: "    \"")
        let comparison = try compare(files, records: shipped)
        #expect(comparison.errors.isEmpty)
        #expect(comparison.records.isEmpty)
    }

    @Test func aRecordAfterTheLatestVersionIsRefused() throws {
        let later = try records(["daogen.yaml": "version: 2\n", "people.yaml": Self.version1])
        let comparison = try compare(["daogen.yaml": "version: 1\n", "people.yaml": Self.version1], records: later)
        #expect(comparison.errors.map(\.description) == [
            "S/daogen.yaml:1:10: error: history/v2.sql records version 2, but 'version' is 1; a version that has shipped cannot be taken back: set 'version' to 2 or more, or delete history/v2.sql if version 2 never shipped"
        ])
    }

    @Test func recordedSQLSplitsStatementsAndTableItems() {
        let sql = RecordedSQL(#"""
            -- header
            CREATE TABLE "a ""b""" (
              "x" TEXT CHECK ("x" IN ('a,b', ')')),
              "y" INTEGER,
              UNIQUE ("x", "y")
            ) WITHOUT ROWID;

            CREATE TRIGGER "t" AFTER INSERT ON "a" BEGIN
            UPDATE "a" SET "y" = 1;
            END;
            CREATE UNIQUE INDEX IF NOT EXISTS i ON "a" ("x");
            """#)
        #expect(sql.objects.map(\.key) == ["table:a \"b\"", "trigger:t", "index:i"])
        let parts = RecordedSQL.tableParts(sql.objects[0].text)
        #expect(parts?.items == ["\"x\" TEXT CHECK (\"x\" IN ('a,b', ')'))", "\"y\" INTEGER", "UNIQUE (\"x\", \"y\")"])
        #expect(parts?.options == "WITHOUT ROWID")
        #expect(parts?.items.map(RecordedSQL.columnName(ofItem:)) == ["x", "y", nil])
    }
}

/// The schema history on disk, through `Generator.history(of:)` and `HistoryFiles`, as the CLI uses them.
@Suite struct HistoryFilesTests {
    @Test func theTypicalMistakeFailsAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(["people.yaml": SchemaHistoryTests.version1])
        let first = try Generator.history(of: try Generator.load(directory: directory.url, displayPath: "S"))
        #expect(try HistoryFiles.write(first.records, schemaDirectory: directory.url) == ["history/v1.sql"])
        #expect(try HistoryFiles.write(first.records, schemaDirectory: directory.url) == [])
        let recorded = try HistoryFiles.read(schemaDirectory: directory.url, displayPath: "S")
        #expect(recorded.keys.sorted() == [1])

        // Raise the version and add a column, forgetting `since: 2`.
        try directory.write([
            "daogen.yaml": "version: 2\n",
            "people.yaml": SchemaHistoryTests.withColumns("      - name: email\n        type: TEXT\n"),
        ])
        let loaded = try Generator.load(directory: directory.url, displayPath: "S")
        let error = try #require(throws: DiagnosticsError.self) { try Generator.history(of: loaded) }
        #expect(error.description
            == "S/people.yaml:10:9: error: version 1 has shipped, but table 'person' no longer matches its record in history/v1.sql: column \"email\" TEXT was added; mark it since: 2")
        #expect(try HistoryFiles.read(schemaDirectory: directory.url, displayPath: "S") == recorded)

        // The fix: the version-1 record stays as it is, the version-2 record is written.
        try directory.write(["people.yaml": SchemaHistoryTests.withColumns("      - name: email\n        type: TEXT\n        since: 2\n")])
        let fixed = try Generator.history(of: try Generator.load(directory: directory.url, displayPath: "S"))
        #expect(try HistoryFiles.write(fixed.records, schemaDirectory: directory.url) == ["history/v2.sql"])
        #expect(try HistoryFiles.read(schemaDirectory: directory.url, displayPath: "S")[1] == recorded[1])
    }

    @Test func anUnreadableRecordIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(["people.yaml": SchemaHistoryTests.version1])
        try FileManager.default.createDirectory(at: directory.url.appending(path: "history"), withIntermediateDirectories: true)
        try Data([0xFF, 0xFE, 0x00]).write(to: directory.url.appending(path: "history/v1.sql"))
        try Data("notes\n".utf8).write(to: directory.url.appending(path: "history/README.md"))
        let error = try #require(throws: DiagnosticsError.self) {
            try HistoryFiles.read(schemaDirectory: directory.url, displayPath: "S")
        }
        #expect(error.description == "S/history/v1.sql:1:1: error: cannot read history/v1.sql as UTF-8 text")
    }

    @Test func theParserIgnoresTheHistoryFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(["people.yaml": SchemaHistoryTests.version1])
        try FileManager.default.createDirectory(at: directory.url.appending(path: "history"), withIntermediateDirectories: true)
        try Data("tables: [oops\n".utf8).write(to: directory.url.appending(path: "history/broken.yaml"))
        let loaded = try Generator.load(directory: directory.url, displayPath: "S")
        #expect(loaded.schema.tables.map(\.name) == ["person"])
    }

    @Test func everyCheckedInSchemaMatchesItsHistory() throws {
        for schema in GoldenFileTests.cases.map(\.schema) {
            let loaded = try Generator.load(directory: packageRoot.appending(path: schema), displayPath: schema)
            let comparison = try Generator.history(of: loaded)
            #expect(comparison.records.map(\.name) == [], "\(schema): run Scripts/record-golden-files.sh and check in \(schema)/history")
        }
    }

    /// Issue 24: a shipped version's `search:` is recorded (its FTS5 table and triggers); changing it
    /// without a version is refused at the `search:`.
    @Test func aChangedSearchIsRefusedAtTheSearch() throws {
        let searched = SchemaHistoryTests.version1 + "    search: { columns: [name] }\n"
        let shipped = try SchemaHistoryTests().records(["people.yaml": searched])
        #expect(shipped[1]?.contains(#"CREATE VIRTUAL TABLE "person_fts" USING fts5("name", content = 'person');"#) == true)
        let changed = searched.replacingOccurrences(of: "columns: [name] }", with: "columns: [name], tokenizer: trigram }")
        let comparison = try SchemaHistoryTests().compare(["daogen.yaml": "version: 2\n", "people.yaml": changed], records: shipped)
        #expect(comparison.errors.map(\.description) == [
            "S/people.yaml:13:13: error: version 1 has shipped, but virtual table 'person_fts' no longer matches its record in history/v1.sql: it was `CREATE VIRTUAL TABLE \"person_fts\" USING fts5(\"name\", content = 'person')`, is now `CREATE VIRTUAL TABLE \"person_fts\" USING fts5(\"name\", content = 'person', tokenize = 'trigram')`; declare it twice: the old definition with until: 1, the new one with since: 2"
        ])
        // Without a search at version 1: a search added later must say since.
        let added = try SchemaHistoryTests().compare(["daogen.yaml": "version: 2\n", "people.yaml": searched], records: try SchemaHistoryTests().records(["people.yaml": SchemaHistoryTests.version1]))
        #expect(added.errors.count == 4)
        #expect(added.errors.allSatisfy { $0.description.hasPrefix("S/people.yaml:13:13: error: version 1 has shipped") && $0.description.hasSuffix("the record has no such \($0.description.contains("trigger") ? "trigger" : "virtual table"); mark it since: 2") })
    }
}
