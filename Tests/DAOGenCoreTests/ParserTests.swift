import Foundation
import Testing

@testable import _DAOGenCore

@Suite struct ParserTests {
    @Test func nodesKeepTheirFileLineAndColumn() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(["b.yaml": "tables:\n  - name: \"quoted\"\n    columns: []\n", "a.yml": "# empty\n", "daogen.yaml": "version: 2\n"])
        let parsed = try SchemaDirectoryParser.parse(directory: directory.url, displayPath: "dir")
        #expect(parsed.settingsFile?.path == "dir/daogen.yaml")
        #expect(parsed.tableFiles.map(\.path) == ["dir/a.yml", "dir/b.yaml"])
        #expect(parsed.tableFiles.map(\.stem) == ["a", "b"])
        #expect(parsed.tableFiles[0].root == nil)
        let table = try #require(parsed.tableFiles[1].root?["tables"]?.sequence?.first)
        let name = try #require(table["name"])
        #expect(name.scalar == "quoted")
        #expect(name.isQuoted)
        #expect(name.location == SourceLocation(file: "dir/b.yaml", line: 2, column: 11))
        #expect(table.location == SourceLocation(file: "dir/b.yaml", line: 2, column: 5))
    }

    @Test func twoFilesWithOneStemAreAnError() throws {
        let result = try diagnostics(["a.yaml": "tables: []\n", "a.yml": "tables: []\n"])
        #expect(result == ["S/a.yml:1:1: error: 'a.yml' and 'a.yaml' would both generate 'a.swift'; rename one of them"])
    }

    @Test func aMissingDirectoryIsAnError() throws {
        let error = try #require(throws: DiagnosticsError.self) {
            try SchemaDirectoryParser.parse(directory: URL(filePath: "/nonexistent/daogen"), displayPath: "missing")
        }
        #expect(error.description == "error: schema directory 'missing' does not exist or is not a directory")
    }

    @Test func duplicateKeysAreSyntaxErrors() throws {
        let result = try diagnostics(["t.yaml": "tables:\n  - name: a\n    name: b\n    columns: []\n"])
        #expect(result == ["S/t.yaml:2:5: error: YAML syntax error: duplicate key 'name' in mapping"])
    }
}
