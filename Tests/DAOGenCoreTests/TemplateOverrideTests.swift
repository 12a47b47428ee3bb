import DAOGenTemplates
import Foundation
import Testing

@testable import _DAOGenCore

/// An override folder may replace any built-in template, the partials (`record`, `record-conformance`, `dao`,
/// `queries`, `bind`, `sql-literal`) included;
/// an override that includes a partial no template provides, or includes itself, is an error at its tag.
@Suite struct TemplateOverrideTests {
    static let notes = "Schemas/Notes"

    static func render(_ overrides: [String: String]) throws -> RenderedFiles {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(overrides)
        let loaded = try Generator.load(directory: packageRoot.appending(path: notes), displayPath: notes)
        return try Generator.render(loaded, renderer: TemplateRenderer(overridesDirectory: directory.url, displayPath: "T"))
    }

    static func errors(_ overrides: [String: String]) throws -> [String] {
        let error = try #require(throws: DiagnosticsError.self) { try render(overrides) }
        return error.diagnostics.map(\.description)
    }

    /// The same files as the golden ones, with every template, partials included, given as an override
    /// holding the built-in text (the override lint reads all of that output).
    @Test(arguments: GoldenFileTests.cases)
    func overridesWithTheBuiltInTextRenderTheGoldenFiles(_ testCase: GoldenFileTests.Case) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(Dictionary(uniqueKeysWithValues: BuiltinTemplates.all.map { ("\($0).mustache", $1) }))
        var loaded = try Generator.load(directory: packageRoot.appending(path: testCase.schema), displayPath: testCase.schema)
        if let version = testCase.version {
            loaded = Generator.asOf(loaded, version: version)
        }
        let overridden = try Generator.render(loaded, renderer: TemplateRenderer(overridesDirectory: directory.url, displayPath: "T"))
        #expect(overridden == (try Generator.render(loaded, renderer: TemplateRenderer())))
    }

    @Test func aPartialOverrideChangesEveryTemplateThatIncludesIt() throws {
        let files = try Self.render(["sql-literal.mustache": "SQL{{#multiline}} {{{hashes}}}{{/multiline}},\n"])
        let database = try #require(files.last)
        #expect(database.name == "NotesDatabase.swift")
        #expect(database.contents.contains("        creation: [\n            SQL #,\n        ],\n"))
        let builtIn = try Self.render([:])
        #expect(files.dropLast() == builtIn.dropLast())
    }

    /// The table file is its sections, each a partial: replacing one (here the DAO's) replaces only that
    /// section of every table, and the built-in text of the others stays as it was.
    @Test func aSectionOfTheTableFileIsOverriddenAlone() throws {
        let files = try Self.render(["dao.mustache": "// The DAO of {{{tableName}}}.\n"])
        let builtIn = try Self.render([:])
        let table = try #require(files.first?.contents), builtInTable = try #require(builtIn.first?.contents)
        #expect(table.contains("// The DAO of note.\n"))
        #expect(!table.contains("typealias NoteDAO"))
        #expect(builtInTable.contains("typealias NoteDAO"))
        let before = try #require(builtInTable.range(of: "/// Reads and writes rows of `note`"))
        #expect(table.hasPrefix(builtInTable[..<before.lowerBound]))
        #expect(files.last == builtIn.last)
    }

    @Test func anOverrideIncludesTheBuiltInPartials() throws {
        let files = try Self.render([
            "database-file.mustache": "// {{{typeName}}}\n{{#creationStatements}}\n    {{> sql-literal}}\n{{/creationStatements}}\n",
        ])
        let contents = try #require(files.last?.contents)
        #expect(contents == """
            // NotesDatabase
                #\"""
                CREATE TABLE "note" (
                  "date" TEXT PRIMARY KEY NOT NULL,
                  "content" TEXT
                )
                \"""#,

            """)
    }

    @Test func aPartialThatNoTemplateProvidesIsAnErrorAtItsTag() throws {
        #expect(try Self.errors(["table-file.mustache": "// x\n{{#tables}}\n  x {{> binds}}\n{{/tables}}\n"]) == [
            "T/table-file.mustache:3:5: error: template 'table-file' includes 'binds', which is not a daogen template; "
                + "the templates are bind, dao, database-file, queries, record, record-conformance, sql-literal, table-file",
        ])
    }

    @Test func aTemplateThatIncludesItselfIsAnError() throws {
        #expect(try Self.errors(["bind.mustache": "{{#index}}{{> sql-literal}}{{/index}}\n", "sql-literal.mustache": "{{>bind}}\n"]) == [
            "T/bind.mustache:1:1: error: template 'bind' includes itself (bind > sql-literal > bind), which would never end",
            "T/sql-literal.mustache:1:1: error: template 'sql-literal' includes itself (sql-literal > bind > sql-literal), which would never end",
        ])
    }

    @Test func aPartialThatRendersANamelessDeclarationNamesThePartial() throws {
        #expect(try Self.errors(["bind.mustache": "let {{{valeu}}} = 1\n"]) == [
            "T/bind.mustache:1:1: error: template 'table-file' renders 'let' without a name at line 84 of its output: let  = 1",
        ])
    }

    @Test func everyBuiltInTemplateMayBeOverridden() throws {
        #expect(TemplateRenderer.builtinNames == ["bind", "dao", "database-file", "queries", "record", "record-conformance", "sql-literal", "table-file"])
        #expect(try Self.errors(["table_file.mustache": ""]) == [
            "T/table_file.mustache:1:1: error: 'table_file.mustache' is not a daogen template; "
                + "the templates are bind.mustache, dao.mustache, database-file.mustache, queries.mustache, record.mustache, "
                + "record-conformance.mustache, sql-literal.mustache, table-file.mustache",
        ])
    }
}
