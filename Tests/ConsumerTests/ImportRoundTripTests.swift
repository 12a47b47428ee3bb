import DAOGenRuntime
import Foundation
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
            "index 'note_lower' of table 'Note' is not imported: it indexes an expression, which the schema format cannot express; it stays in the file, and open(path:baseline:) will report it as unexpected",
            "column 'counter.label' has no type (BLOB affinity) but holds blob and integer and real and text values; it is imported as swift: DatabaseValue, which reads every value as stored",
            "column 'odd \"name\" table.total' is not imported: it is a generated column (GENERATED ALWAYS AS), which the schema format cannot express; the records do not read it, and a later table rebuild would drop it",
            "column 'odd \"name\" table.born' is declared DATE (NUMERIC affinity) but holds integer and text values; it is imported as swift: DatabaseValue, which reads every value as stored",
            "trigger 's_touch' is not imported: the schema format has no triggers yet; it stays in the file and keeps firing",
            "view 'recent' is not imported: the schema format has no views yet; it stays in the file, and the generated code does not read it",
        ])
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
        #expect(files["S.yaml"]?.contains("references: { table: Note, column: cdate, onDelete: \"SET NULL\", deferrable: true }") == true)
        #expect(files["S.yaml"]?.contains("columns: [\"b COLLATE NOCASE DESC\", a]\n        where: \"a IS NOT NULL\"") == true)
    }

    @Test func quirkyFileAndNorthwindRoundTrip() throws {
        let work = FileManager.default.temporaryDirectory.appending(path: "daogen-import-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        var fixtures: [Fixture] = []
        let quirky = work.appending(path: "quirky.sqlite").path(percentEncoded: false)
        try Self.makeDatabase(at: quirky, sql: Self.quirkySQL)
        fixtures.append(try Fixture(name: "Quirky", database: quirky, in: work))
        let northwind = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../../shared/data/northwind.sqlite")
            .standardizedFileURL.path(percentEncoded: false)
        if FileManager.default.fileExists(atPath: northwind) {
            let copy = work.appending(path: "northwind.sqlite").path(percentEncoded: false)
            try FileManager.default.copyItem(atPath: northwind, toPath: copy)
            fixtures.append(try Fixture(name: "Northwind", database: copy, in: work))
        } else {
            print("ImportRoundTripTests: \(northwind) is not here; only the hand-made file is imported")
        }

        let output = try Self.buildAndRun(fixtures, in: work)
        for fixture in fixtures {
            let expected = fixture.expectedCounts.map { "\(fixture.name) \($0.table): \($0.count) rows" }
            let lines = output.split(separator: "\n").map(String.init)
                .filter { $0.hasPrefix(fixture.name + " ") || $0.hasPrefix(fixture.name + ":") }
            let quirks = fixture.name == "Quirky"
                ? ["Quirky Note with no key: a note with no date",
                   "Quirky counter labels: [Optional('three'), Optional(2), Optional(X'01FF'), Optional(1.5)]"]
                : []
            #expect(lines == expected + quirks + ["\(fixture.name): baseline 1 accepted, user_version 1"])
        }
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
    static func buildAndRun(_ fixtures: [Fixture], in work: URL) throws -> String {
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
        let build = try run(["swift", "build", "--package-path", package.path(percentEncoded: false), "--scratch-path", scratch,
                             "-Xswiftc", "-warnings-as-errors"])
        #expect(build.status == 0, "swift build of the generated code failed:\n\(build.output)")
        guard build.status == 0 else { return "" }
        var output = ""
        for fixture in fixtures {
            let result = try run(["swift", "run", "--skip-build", "--package-path", package.path(percentEncoded: false), "--scratch-path", scratch, fixture.name])
            #expect(result.status == 0, "\(fixture.name) failed:\n\(result.output)")
            output += result.output
        }
        return output
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
