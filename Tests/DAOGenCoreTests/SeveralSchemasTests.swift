import Foundation
import Testing

@testable import _DAOGenCore
import Seeded

/// Several databases in one target (docs/CLI.md): what lets two schemas generate into one module. The database file is named
/// after the database type, the build plugin predicts that name from daogen.yaml's text, and nothing
/// daogen declares or names is the same in every schema.
@Suite struct SeveralSchemasTests {
    /// The fixtures at their latest version (the `NameVk` fixtures repeat their schema's types on purpose).
    static let latestCases = GoldenFileTests.cases.filter { $0.version == nil }

    @Test(arguments: latestCases)
    func everyFileAndTopLevelNameComesFromTheSchemasOwnNames(_ testCase: GoldenFileTests.Case) throws {
        let loaded = try Generator.load(directory: packageRoot.appending(path: testCase.schema), displayPath: testCase.schema)
        let files = try Generator.render(loaded, renderer: TemplateRenderer())
        let settings = loaded.schema.settings
        // File names: the table files' stems, and the database type's name.
        #expect(files.map(\.name) == loaded.files.map(\.outputFileName) + ["\(settings.databaseName).swift"])
        // Top-level declarations: the database type, the records and views, and what is named after them.
        let owners = [settings.databaseName] + loaded.schema.tables.map(\.swiftName) + loaded.views.values.map(\.view.swiftName)
        let derived = Set(owners.flatMap { [$0, $0 + "DAO", $0 + "Statements", $0 + "Queries"] })
        for file in files {
            for name in Self.topLevelDeclarations(in: file.contents) {
                #expect(derived.contains(name), "\(file.name) of \(testCase.schema) declares '\(name)', which is not named after a type of the schema")
            }
        }
    }

    @Test(arguments: latestCases)
    func thePluginPredictsEveryFileTheToolWrites(_ testCase: GoldenFileTests.Case) throws {
        let directory = packageRoot.appending(path: testCase.schema)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
        let settingsText = names.first(where: OutputFileNames.isSettingsFile(named:))
            .flatMap { try? String(contentsOf: directory.appending(path: $0), encoding: .utf8) } ?? ""
        let predicted = OutputFileNames.outputFileNames(
            forSchemaFiles: names,
            databaseTypeName: OutputFileNames.databaseTypeName(inSettingsText: settingsText) ?? OutputFileNames.defaultDatabaseTypeName)
        let loaded = try Generator.load(directory: directory, displayPath: testCase.schema)
        #expect(try Generator.render(loaded, renderer: TemplateRenderer()).map(\.name).sorted() == predicted.sorted())
    }

    /// 300 random spellings of daogen.yaml: wherever the YAML parser reads a database type, the line the
    /// plugin reads gives the same name, or generation stops with the error that says how to write it.
    @Test func theToolAndThePluginAgreeOnTheDatabaseTypeOrTheToolSaysHow() throws {
        var random = SeededRandom(seed: 11)
        let names = ["ShopDatabase", "Cache", "Db2", "_Store"]
        var agreed = 0, refused = 0
        for _ in 0..<300 {
            let name = names.randomElement(using: &random)!
            let key = ["database", "\"database\"", "'database'"].randomElement(using: &random)!
            let value = [name, "\"\(name)\"", "'\(name)'"].randomElement(using: &random)!
            let space = ["", " ", "  "].randomElement(using: &random)!
            let comment = ["", " # the type", "   #x"].randomElement(using: &random)!
            let newline = ["\n", "\r\n"].randomElement(using: &random)!
            var lines = ["version: 1", "access: public"]
            let form = Int.random(in: 0..<4, using: &random)
            var expected = ""  // where the value is, in a refusal
            switch form {
            case 0, 1:  // a block mapping line, as the plugin reads it
                lines.insert("\(key)\(space): \(value)\(comment)", at: Int.random(in: 0...lines.count, using: &random))
            case 2:  // a flow mapping
                lines = ["{\(key): \(value), version: 1}"]
                expected = "1:\(key.count + 4)"
            default:  // the value on the next line
                lines.insert("\(key):\(newline)  \(value)", at: 0)
                expected = "2:3"
            }
            let text = lines.joined(separator: newline) + newline
            let files = ["daogen.yaml": text, "t.yaml": "tables:\n  - name: t\n    columns:\n      - name: a\n        type: TEXT\n        primaryKey: true\n"]
            let scanned = OutputFileNames.databaseTypeName(inSettingsText: text)
            do {
                let loaded = try loadSchema(files)
                #expect(loaded.schema.settings.databaseName == name, "\(text.debugDescription)")
                #expect(scanned == name, "\(text.debugDescription)")
                agreed += 1
            } catch let error as DiagnosticsError {
                #expect(error.diagnostics.map(\.description) == [
                    "S/daogen.yaml:\(expected): error: 'database': write it on one line of its own, as 'database: \(name)', so that the build plugin names the generated file \(name).swift"
                ], "\(text.debugDescription)")
                #expect(form >= 2, "a one-line key is read alike: \(text.debugDescription)")
                refused += 1
            }
        }
        #expect(agreed > 100 && refused > 50)
    }

    @Test func aTableFileMayNotTakeTheDatabaseFilesName() throws {
        let table = "tables:\n  - name: t\n    columns:\n      - name: a\n        type: TEXT\n        primaryKey: true\n"
        for stem in ["ShopDatabase", "shopdatabase"] {
            #expect(try diagnostics(["daogen.yaml": "database: ShopDatabase\n", "\(stem).yaml": table]) == [
                "S/\(stem).yaml:1:1: error: this file would generate \(stem).swift, the file of the database type 'ShopDatabase'; rename the file or the database type"
            ])
        }
        #expect(try diagnostics(["AppDatabase.yaml": table]) == [
            "S/AppDatabase.yaml:1:1: error: this file would generate AppDatabase.swift, the file of the database type 'AppDatabase'; rename the file or the database type"
        ])
    }

    @Test func theDatabaseFileOfAnOlderDaogenIsRemovedByGenerateAndReportedByCheck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let notes = try GeneratorCommands(source: SchemaSource(directory: packageRoot.appending(path: "Schemas/Notes"), displayPath: "Schemas/Notes")).generate().files
        let legacy = "// daogen.swift: generated by daogen from the schema directory Notes.\n// Do not edit: change the schema and regenerate.\n"
        try directory.write([OutputFileNames.legacyDatabaseFileName: legacy])
        #expect(FreshnessCheck.staleFiles(notes, in: directory.url).map(\.name).contains("daogen.swift"))
        let report = try OutputWriter.write(notes, to: directory.url)
        #expect(report.removed == ["daogen.swift"])
        #expect(report.written.contains("NotesDatabase.swift"))
        #expect(FreshnessCheck.staleFiles(notes, in: directory.url).isEmpty)
    }

    /// The names of the declarations at the start of a line (the top level of generated code).
    static func topLevelDeclarations(in text: String) -> [String] {
        let keywords = ["struct", "enum", "class", "actor", "protocol", "typealias", "func", "let", "var"]
        return text.split(separator: "\n").compactMap { line -> String? in
            guard let first = line.first, !first.isWhitespace else { return nil }
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, ["public", "package", "internal", "private", "fileprivate", "final", "nonisolated"].contains(first) || first.hasPrefix("@") {
                words.removeFirst()
            }
            guard words.count >= 2, keywords.contains(words[0]) else { return nil }
            return String(words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
    }
}
