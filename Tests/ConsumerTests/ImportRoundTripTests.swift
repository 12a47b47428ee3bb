import DAOGenRuntime
import Foundation
import TestSupport
import Testing

@testable import _DAOGenCore

/// `daogen import` end to end, as an adopting app goes through it: a file made by hand is imported,
/// the YAML generated, the code compiled in a package of its own (which depends on this one by path),
/// and the original file opened with `open(path:baseline: 1)` and every row read back through the DAOs.
@Suite(.serialized) struct ImportRoundTripTests {
    /// A hand-made file with every legacy quirk the importer models, and real rows.
    static let quirkySQL = """
        CREATE TABLE IF NOT EXISTS Note (cdate TEXT PRIMARY KEY, content TEXT);
        CREATE TABLE counter (id INTEGER PRIMARY KEY DESC, label);
        CREATE TABLE "odd ""name"" table" (
          "select" TEXT NOT NULL COLLATE NOCASE DEFAULT 'x''y',
          "group" INTEGER CHECK ("group" >= 0) UNIQUE,
          [yes] REAL DEFAULT (1.5 * 2),
          born DATE,
          total INTEGER GENERATED ALWAYS AS ("group" * 2) VIRTUAL
        );
        CREATE TABLE kv (k TEXT, v BLOB, PRIMARY KEY (k)) WITHOUT ROWID;
        CREATE TABLE s (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          note_cdate TEXT REFERENCES Note (cdate) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
          a INT, b TEXT,
          UNIQUE (a, b),
          CHECK (a IS NULL OR a > 0)
        ) STRICT;
        CREATE TABLE pair (x TEXT, y INTEGER, note TEXT, PRIMARY KEY (x, y));
        CREATE INDEX s_by_b ON s (b COLLATE NOCASE DESC, a) WHERE a IS NOT NULL;
        CREATE UNIQUE INDEX note_by_content ON Note (content);
        CREATE VIEW recent AS SELECT * FROM Note ORDER BY cdate DESC LIMIT 10;
        CREATE TRIGGER s_touch AFTER INSERT ON s BEGIN UPDATE Note SET content = content WHERE cdate = new.note_cdate; END;
        INSERT INTO Note VALUES ('2024-01-01', 'first'), (NULL, 'a note with no date'), ('2024-01-02', NULL);
        INSERT INTO counter VALUES (3, 'three'), (2, 2), (1, x'01ff'), (NULL, 1.5);
        INSERT INTO "odd ""name"" table" ("select", "group", yes, born) VALUES ('a', 1, 2.5, '2020-02-02'), ('b', NULL, NULL, 20200202);
        INSERT INTO "odd ""name"" table" ("group") VALUES (7);
        INSERT INTO kv VALUES ('k1', x'00'), ('k2', NULL);
        INSERT INTO s (note_cdate, a, b) VALUES ('2024-01-01', 1, 'B'), (NULL, NULL, 'a'), ('2024-01-02', 2, NULL);
        INSERT INTO pair VALUES ('p', 1, 'one'), (NULL, 2, 'a NULL key'), ('q', NULL, NULL);
        """

    @Test func importerNeverWritesAndReportsWhatItCannotExpress() throws {
        let file = try TemporaryDatabaseFile()
        defer { file.remove() }
        try Self.makeDatabase(at: file.path, sql: Self.quirkySQL + "\nCREATE INDEX note_lower ON Note (lower(content));")
        let before = try Data(contentsOf: URL(filePath: file.path))
        let schema = try SchemaImporter.read(path: file.path)
        #expect(try Data(contentsOf: URL(filePath: file.path)) == before)
        #expect(schema.databaseName == "TestDatabase")
        #expect(schema.tables.map(\.name) == ["Note", "counter", "kv", "odd \"name\" table", "pair", "s"])
        #expect(schema.warnings == [
            "column 'counter.label' has no type (BLOB affinity) but holds blob and integer and real and text values; it is imported as swift: DatabaseValue, which reads every value as stored",
            "column 'odd \"name\" table.born' is declared DATE (NUMERIC affinity) but holds integer and text values; it is imported as swift: DatabaseValue, which reads every value as stored",
        ])
        #expect(schema.refusals == [
            "index 'note_lower' of table 'Note' cannot be imported: it indexes an expression, which the schema format cannot express; drop it before adopting the file",
        ])
        #expect(schema.views.map(\.name) == ["recent"])
        #expect(schema.views.first?.sql == "SELECT * FROM Note ORDER BY cdate DESC LIMIT 10")
        #expect(schema.triggers.map(\.name) == ["s_touch"])
        let files = Dictionary(uniqueKeysWithValues: ImportYAMLWriter.files(for: schema, source: "test.sqlite").map { ($0.name, $0.contents) })
        #expect(files["Note.yaml"] == """
            # Imported by `daogen import` from test.sqlite.
            tables:
              - name: Note
                columns:
                  - name: cdate
                    type: TEXT
                    primaryKey: true
                    notNull: false              # a legacy key SQLite lets hold NULL
                  - name: content
                    type: TEXT
                indexes:
                  - name: note_by_content
                    columns: [content]
                    unique: true

            """)
        #expect(files["Counter.yaml"]?.contains("        primaryKey: DESC\n        notNull: false") == true)
        #expect(files["OddNameTable.yaml"]?.contains("  - name: \"odd \\\"name\\\" table\"\n") == true)
        // A generated column is read back as `generated:`, with its expression as the CREATE TABLE wrote it.
        #expect(files["OddNameTable.yaml"]?.contains("      - name: total\n        type: INTEGER\n        generated: \"\\\"group\\\" * 2\"\n") == true)
        #expect(files["S.yaml"]?.contains("references: { table: Note, column: cdate, onDelete: \"SET NULL\", deferrable: true }") == true)
        #expect(files["S.yaml"]?.contains("columns: [\"b COLLATE NOCASE DESC\", a]\n        where: \"a IS NOT NULL\"") == true)
    }

    /// A file whose `note` table has the FTS5 index and triggers `search:` writes, with rows.
    static var searchedSQL: String {
        let columns = ["title", "body"]
        return (["CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT)",
                 SQLWriter.createSearchIndex(named: "note_fts", table: "note", columns: columns, tokenizer: "porter unicode61")]
            + SQLWriter.searchTriggers(index: "note_fts", table: "note", columns: columns).map(\.sql)
            + ["INSERT INTO note (title, body) VALUES ('The walrus', 'on the ice'), ('Penguins', 'their walrus neighbours'), ('Gulls', NULL)"]
        ).joined(separator: ";\n") + ";"
    }

    @Test func quirkyFileAndNorthwindRoundTrip() async throws {
        let work = FileManager.default.temporaryDirectory.appending(path: "daogen-import-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        var fixtures: [Fixture] = []
        let quirky = work.appending(path: "quirky.sqlite").path(percentEncoded: false)
        try Self.makeDatabase(at: quirky, sql: Self.quirkySQL)
        fixtures.append(try Fixture(name: "Quirky", database: quirky, in: work))
        // A file with the full-text index daogen writes for `search:`: imported as `search:`, without its triggers.
        let searched = work.appending(path: "searched.sqlite").path(percentEncoded: false)
        try Self.makeDatabase(at: searched, sql: Self.searchedSQL)
        let imported = try SchemaImporter.read(path: searched)
        #expect(imported.tables.first { $0.name == "note" }?.search == ImportedSearch(columns: ["title", "body"], tokenizer: "porter unicode61"))
        #expect(imported.triggers.isEmpty && imported.virtualTables.isEmpty && imported.refusals.isEmpty)
        #expect(ImportYAMLWriter.files(for: imported, source: "searched.sqlite").first { $0.name == "Note.yaml" }?.contents.hasSuffix(
            "    search:\n      columns: [title, body]\n      tokenizer: \"porter unicode61\"\n") == true)
        fixtures.append(try Fixture(name: "Searched", database: searched, in: work))
        let northwind = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../../shared/data/northwind.sqlite")
            .standardizedFileURL.path(percentEncoded: false)
        if FileManager.default.fileExists(atPath: northwind) {
            let copy = work.appending(path: "northwind.sqlite").path(percentEncoded: false)
            try FileManager.default.copyItem(atPath: northwind, toPath: copy)
            fixtures.append(try Fixture(name: "Northwind", database: copy, in: work))
        } else {
            print("ImportRoundTripTests: \(northwind) is not here; only the hand-made file is imported")
        }
        fixtures += try Self.realWorldFixtures(in: work)

        let output = try await Self.buildAndRun(fixtures, in: work)
        for fixture in fixtures {
            let expected = fixture.expectedCounts.map { "\(fixture.name) \($0.table): \($0.count) rows" }
            let lines = output.split(separator: "\n").map(String.init)
                .filter { $0.hasPrefix(fixture.name + " ") || $0.hasPrefix(fixture.name + ":") }
            var quirks = fixture.name == "Quirky"
                ? ["Quirky Note with no key: a note with no date",
                   "Quirky counter labels: [Optional('three'), Optional(2), Optional(X'01FF'), Optional(1.5)]"]
                : []
            if fixture.name == "Searched" { quirks = ["Searched walrus: [\"Penguins\", \"The walrus\"]"] }
            #expect(lines == expected + quirks + ["\(fixture.name): baseline 1 accepted, user_version 1"])
        }
    }

    @Test func whatWouldBeRefusedIsARefusalNamingTheObject() throws {
        let file = try TemporaryDatabaseFile()
        defer { file.remove() }
        try Self.makeDatabase(at: file.path, sql: """
            CREATE TABLE parent (a INTEGER, b TEXT, PRIMARY KEY (a, b));
            CREATE TABLE child (id INTEGER PRIMARY KEY, pa INTEGER, pb TEXT, FOREIGN KEY (pa, pb) REFERENCES parent (a, b));
            CREATE TABLE ordered (x INTEGER, y INTEGER, PRIMARY KEY (x, y DESC)) WITHOUT ROWID;
            CREATE INDEX child_expression ON child (pa + 1);
            CREATE VIEW named_columns (first, second) AS SELECT pa, pb FROM child;
            CREATE VIRTUAL TABLE search USING fts5(body, content = 'child', content_rowid = 'id');
            CREATE TRIGGER child_search AFTER INSERT ON child BEGIN INSERT INTO search (rowid, body) VALUES (new.id, new.pb); END;
            PRAGMA user_version = -3;
            """)
        let schema = try SchemaImporter.read(path: file.path)
        #expect(schema.refusals == [
            "the file's user_version is -3: daogen cannot tell it from a version of its own; set it to 0 before adopting the file",
            "index 'child_expression' of table 'child' cannot be imported: it indexes an expression, which the schema format cannot express; drop it before adopting the file",
            "the foreign key (pa, pb) of table 'child' to 'parent' cannot be imported: it spans 2 columns, and the schema format expresses only one-column foreign keys",
            "the primary key of table 'ordered' has a DESC column, which the schema format can express only for a one-column key",
            "view 'named_columns' cannot be imported: it names its columns in a list after its name, which the schema format cannot express; recreate it with AS names in its SELECT before adopting the file",
        ])
        #expect(schema.tables.map(\.name) == ["child", "ordered", "parent"])
        // An FTS5 table `search:` cannot describe (not named child_fts, content_rowid, its own trigger) is
        // declared by its statement, and the trigger that keeps it in step is an ordinary trigger.
        #expect(schema.virtualTables == [ImportedVirtualTableStatement(
            name: "search", sql: "CREATE VIRTUAL TABLE search USING fts5(body, content = 'child', content_rowid = 'id')")])
        #expect(schema.triggers.map(\.name) == ["child_search"])
    }

    @Test func boolColumnsHoldingOnlyZeroAndOneImportAsBool() throws {
        let file = try TemporaryDatabaseFile()
        defer { file.remove() }
        try Self.makeDatabase(at: file.path, sql: """
            CREATE TABLE flags (id INTEGER PRIMARY KEY, read BOOL NOT NULL DEFAULT 0, starred BOOLEAN, odd BOOL, empty BOOL);
            INSERT INTO flags (read, starred, odd) VALUES (0, 1, 2), (1, NULL, 0), (1, 0, 'yes');
            """)
        let table = try #require(try SchemaImporter.read(path: file.path).tables.first)
        #expect(table.columns.map(\.swift) == [nil, "Bool", "Bool", "DatabaseValue", "Bool"])
        #expect(table.columns.map(\.type) == ["INTEGER", "BOOL", "BOOLEAN", "BOOL", "BOOL"])
    }

    /// The folder of the three apps' schemas (see its README), beside the project's folder.
    static let realWorld = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../../shared/data/realworld")
        .standardizedFileURL

    /// Builds a file from SQL statements as the app runs them, one at a time; `tolerant` skips a failing
    /// one, as Pocket Casts' FMDB migrations do (two add a column that an earlier one added).
    static func makeFile(at path: String, from sqlFiles: [String], tolerant: Bool = false, then extra: String = "") throws {
        let database = try Database(path: path)
        for sqlFile in sqlFiles {
            let text = try String(contentsOf: realWorld.appending(path: sqlFile), encoding: .utf8)
            for statement in SQLStatements.split(text).map(\.text) {
                if tolerant { try? database.execute(statement) } else { try database.execute(statement) }
            }
        }
        if !extra.isEmpty { try database.execute(extra) }
        try database.close()
    }

    /// The apps' files that can be adopted: NetNewsWire's feed settings and sync databases, Pocket Casts'
    /// (user_version 53, set by the app), Signal's with and without its full-text table, and NetNewsWire's
    /// articles with its FTS4 table: their full-text tables are declared virtual tables.
    static func realWorldFixtures(in work: URL) throws -> [Fixture] {
        guard FileManager.default.fileExists(atPath: realWorld.path(percentEncoded: false)) else {
            print("ImportRoundTripTests: \(realWorld.path(percentEncoded: false)) is not here; the apps' schemas are not imported")
            return []
        }
        func path(_ name: String) -> String { work.appending(path: name).path(percentEncoded: false) }
        // Their FTS4 and FTS5 tables are declared virtual tables (with the triggers that keep Signal's in step).
        try makeFile(at: path("articles.sqlite"), from: ["netnewswire/articles.sql"])
        let articles = try SchemaImporter.read(path: path("articles.sqlite"))
        #expect(articles.virtualTables.map(\.name) == ["search"])
        #expect(articles.triggers.map(\.name).contains("articles_after_delete_trigger_delete_search_text"))
        try makeFile(at: path("signal.sqlite"), from: ["signal/schema.sql"])
        let signal = try SchemaImporter.read(path: path("signal.sqlite"))
        #expect(signal.virtualTables.map(\.name) == ["indexable_text_fts"])
        #expect(Set(signal.triggers.map(\.name)).isSuperset(of: ["__indexable_text_fts_ad", "__indexable_text_fts_ai", "__indexable_text_fts_au"]))
        try makeFile(at: path("signal-without-fts.sqlite"), from: ["signal/schema.sql"], then: """
            DROP TRIGGER __indexable_text_fts_ad; DROP TRIGGER __indexable_text_fts_ai; DROP TRIGGER __indexable_text_fts_au;
            DROP TABLE indexable_text_fts;
            """)
        try makeFile(at: path("feedsettings.sqlite"), from: ["netnewswire/feedsettings.sql"])
        try makeFile(at: path("sync.sqlite"), from: ["netnewswire/sync.sql"])
        try makeFile(at: path("pocketcasts.sqlite"), from: ["pocketcasts/schema.sql"], tolerant: true, then: "PRAGMA user_version = 53")
        return [
            try Fixture(name: "FeedSettings", database: path("feedsettings.sqlite"), in: work),
            try Fixture(name: "Sync", database: path("sync.sqlite"), in: work),
            try Fixture(name: "PocketCasts", database: path("pocketcasts.sqlite"), in: work),
            try Fixture(name: "Signal", database: path("signal-without-fts.sqlite"), in: work),
            try Fixture(name: "Articles", database: path("articles.sqlite"), in: work),
            try Fixture(name: "SignalSearch", database: path("signal.sqlite"), in: work),
        ]
    }

    /// One imported file: its schema directory, generated code and row counts.
    struct Fixture {
        var name: String
        var database: String
        var accessors: [String]
        var expectedCounts: [(table: String, count: Int)]
        var generated: [GeneratedFile]
        var databaseType: String

        init(name: String, database: String, in work: URL) throws {
            self.name = name
            self.database = database
            let schema = try SchemaImporter.read(path: database, databaseName: "\(name)Database")
            #expect(schema.refusals == [], "\(name)")
            let schemaDirectory = work.appending(path: "\(name)Schema", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: schemaDirectory, withIntermediateDirectories: true)
            for file in ImportYAMLWriter.files(for: schema, source: URL(filePath: database).lastPathComponent) {
                try file.contents.write(to: schemaDirectory.appending(path: file.name), atomically: true, encoding: .utf8)
            }
            let loaded = try Generator.load(directory: schemaDirectory, displayPath: "\(name)Schema")
            generated = try Generator.render(loaded, renderer: loaded.renderer())
            databaseType = "\(name)Database"
            accessors = schema.tables.map { SwiftNaming.escaped(SwiftNaming.lowerCamelCase($0.swiftName ?? SwiftNaming.upperCamelCase($0.name))) }
            let file = try Database(path: database)
            expectedCounts = try schema.tables.map { table in
                let count = try file.rows("SELECT count(*) FROM \(SQLWriter.quote(table.name))").first?.first
                return (table.name, count.flatMap(Int.fromDatabaseValue) ?? -1)
            }
        }

        /// main.swift: open with baseline 1, then fetch every row of every table through its DAO.
        var main: String {
            var lines = [
                "import DAOGenRuntime",
                "let db = try \(databaseType).open(path: \(SwiftLiteral.string(database)), baseline: 1)",
            ]
            for (accessor, expected) in zip(accessors, expectedCounts) {
                lines.append("print(\(SwiftLiteral.string("\(name) \(expected.table): ")) + \"\\(try db.\(accessor).fetchAll().count) rows\")")
            }
            if name == "Searched" {
                lines.append("print(\"Searched walrus: \\(try db.note.search(matching: \"walrus\").map(\\.title).sorted())\")")
            }
            if name == "Quirky" {
                lines.append("print(\"Quirky Note with no key: \" + (try db.note.fetchAll().first { $0.cdate == nil }?.content ?? \"missing\"))")
                lines.append("print(\"Quirky counter labels: \\(try db.counter.fetchAll().map(\\.label))\")")
            }
            lines.append("print(\"\(name): baseline 1 accepted, user_version \\(try db.database.userVersion())\")")
            return lines.joined(separator: "\n") + "\n"
        }
    }

    static func makeDatabase(at path: String, sql: String) throws {
        var configuration = Database.Configuration()
        configuration.journalModeWAL = false
        let database = try Database(path: path, configuration: configuration)
        try database.execute(sql)
    }

    /// Writes a package with one executable per fixture, depending on this package by path, builds it
    /// with `swift build` (its own scratch path), runs every executable and returns what they printed.
    static func buildAndRun(_ fixtures: [Fixture], in work: URL) async throws -> String {
        let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardizedFileURL
        let package = work.appending(path: "Consumer", directoryHint: .isDirectory)
        let targets = fixtures.map { fixture in
            ".executableTarget(name: \"\(fixture.name)\", dependencies: [.product(name: \"DAOGenRuntime\", package: \"daogen\")])"
        }
        let manifest = """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "Consumer",
                platforms: [.macOS(.v13)],
                dependencies: [.package(name: "daogen", path: \(SwiftLiteral.string(root.path(percentEncoded: false))))],
                targets: [\(targets.joined(separator: ",\n"))],
                swiftLanguageModes: [.v6]
            )

            """
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try manifest.write(to: package.appending(path: "Package.swift"), atomically: true, encoding: .utf8)
        for fixture in fixtures {
            let sources = package.appending(path: "Sources/\(fixture.name)", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try fixture.main.write(to: sources.appending(path: "main.swift"), atomically: true, encoding: .utf8)
            for file in fixture.generated {
                try file.contents.write(to: sources.appending(path: file.name), atomically: true, encoding: .utf8)
            }
        }
        let scratch = work.appending(path: "scratch").path(percentEncoded: false)
        let build = try await ChildProcess(command: [
            "swift", "build", "--package-path", package.path(percentEncoded: false), "--scratch-path", scratch, "-Xswiftc", "-warnings-as-errors",
        ]).result()
        #expect(build.status == 0, "swift build of the generated code failed:\n\(build.output)")
        guard build.status == 0 else { return "" }
        var output = ""
        for fixture in fixtures {
            let result = try await ChildProcess(command: [
                "swift", "run", "--skip-build", "--package-path", package.path(percentEncoded: false), "--scratch-path", scratch, fixture.name,
            ]).result()
            #expect(result.status == 0, "\(fixture.name) failed:\n\(result.output)")
            output += result.output
        }
        return output
    }
}
