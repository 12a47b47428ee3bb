import DAOGenTemplates
import Foundation
import Testing

@testable import _DAOGenCore

/// Templates/BuiltinTemplates.swift must hold exactly the text of the .mustache files beside it.
/// `DAOGEN_RECORD=1 swift test --filter BuiltinTemplates` rewrites it from them.
@Suite struct BuiltinTemplatesTests {
    static let directory = packageRoot.appending(path: "Templates", directoryHint: .isDirectory)

    /// The Swift source that embeds `templates` (name -> text).
    static func source(embedding templates: [(name: String, text: String)]) -> String {
        var text = """
            // Generated from the .mustache files beside this one by `DAOGEN_RECORD=1 swift test --filter BuiltinTemplates`.
            // Do not edit: change the .mustache file and re-record.

            /// The Mustache templates daogen renders, compiled into the binary so they never need a bundle at run time.
            public enum BuiltinTemplates {
                /// Template text by name (the file name without `.mustache`).
                public static let all: [String: String] = [

            """
        for template in templates {
            // A multi-line literal drops the newline before its closing delimiter: one more keeps the file's last one.
            text += "        \"\(template.name)\": ##\"\"\"\n\(template.text)\n\"\"\"##,\n"
        }
        text += "    ]\n}\n"
        return text
    }

    /// Every .mustache file of Templates/, the partials included, by name (without `.mustache`), in the order
    /// of their names' bytes, as the record script lists them.
    static func templateSources() throws -> [(name: String, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
            .filter { $0.hasSuffix(".mustache") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { file in
                (String(file.dropLast(".mustache".count)), try String(contentsOf: directory.appending(path: file), encoding: .utf8))
            }
    }

    @Test func compiledTemplatesMatchTheMustacheFiles() throws {
        let templates = try Self.templateSources()
        let expected = Self.source(embedding: templates)
        let file = Self.directory.appending(path: "BuiltinTemplates.swift")
        if isRecording {
            try Data(expected.utf8).write(to: file, options: .atomic)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == expected, "re-record with DAOGEN_RECORD=1")
        #expect(BuiltinTemplates.all.keys.sorted() == templates.map(\.name).sorted())
        for (name, text) in templates {
            #expect(BuiltinTemplates.all[name] == text)
        }
        #expect(Set(TemplateRenderer.templateNames).isSubset(of: BuiltinTemplates.all.keys))
    }
}
