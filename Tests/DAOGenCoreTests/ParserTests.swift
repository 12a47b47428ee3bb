import Foundation
import Testing

@testable import _DAOGenCore
import Seeded

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

    /// A scalar's placement compares bytes where the line is ASCII up to it: the same answer as
    /// reading scalar by scalar, on random lines and texts (half of them taken from the line).
    @Test func placementByBytesEqualsScalarByScalar() {
        var random = SeededRandom(seed: 0x9A7E_11E5)
        let pieces = ["a", "id", " ", "'", "\"", "é", "😀", "e\u{301}", "x: y", "\t", "\r"]
        for _ in 0..<5_000 {
            let line = Substring(random.text(joining: pieces, count: 0...12))
            let start = Int.random(in: 0...(line.unicodeScalars.count + 2), using: &random)
            let text = Bool.random(using: &random)
                ? String(String.UnicodeScalarView(line.unicodeScalars.dropFirst(start).prefix(Int.random(in: 0...6, using: &random))))
                : random.text(joining: pieces, count: 0...3)
            #expect(
                YAMLNode.isWritten(text, in: line, at: start) == YAMLNode.isWrittenByScalars(text, in: line, at: start),
                "\(text.debugDescription) at \(start) of \(line.debugDescription)")
        }
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
