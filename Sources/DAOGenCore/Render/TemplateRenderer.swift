import DAOGenTemplates
import Foundation
import Mustache

/// Stage 5: renders view models through the Mustache templates, the built-in ones or a user's overrides.
public struct TemplateRenderer: Sendable {
    /// The names of the templates a generator run uses.
    public static let templateNames = ["table-file", "database-file"]

    private let templates: [String: MustacheTemplate]

    /// Loads the built-in templates, replacing each with `<name>.mustache` from `overridesDirectory` when present.
    /// A template that does not parse is an error naming its file, line and column.
    public init(overridesDirectory: URL? = nil, displayPath: String? = nil) throws(DiagnosticsError) {
        var templates: [String: MustacheTemplate] = [:]
        var diagnostics = DiagnosticCollector()
        for name in Self.templateNames {
            var source = BuiltinTemplates.all[name]!
            var path = "Templates/\(name).mustache (built in)"
            if let overridesDirectory {
                let url = overridesDirectory.appending(path: "\(name).mustache")
                if let text = try? String(contentsOf: url, encoding: .utf8) {
                    source = text
                    path = (displayPath ?? overridesDirectory.path(percentEncoded: false)) + "/\(name).mustache"
                }
            }
            do {
                templates[name] = try MustacheTemplate(string: source)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.error(
                    "template '\(name)' does not parse: \(Self.describe(error.error))",
                    at: SourceLocation(file: path, line: error.context.lineNumber, column: error.context.columnNumber))
            } catch {
                diagnostics.error("template '\(name)' does not parse: \(error)", at: SourceLocation(file: path, line: 1, column: 1))
            }
        }
        if let overridesDirectory {
            let known = Set(Self.templateNames.map { "\($0).mustache" })
            let present = (try? FileManager.default.contentsOfDirectory(atPath: overridesDirectory.path(percentEncoded: false))) ?? []
            for file in present.sorted() where file.hasSuffix(".mustache") && !known.contains(file) {
                diagnostics.error(
                    "'\(file)' is not a daogen template; the templates are \(Self.templateNames.map { "\($0).mustache" }.joined(separator: ", "))",
                    at: SourceLocation(file: (displayPath ?? overridesDirectory.path(percentEncoded: false)) + "/\(file)", line: 1, column: 1))
            }
        }
        try diagnostics.throwIfErrors()
        self.templates = templates
    }

    /// A reader's description of a Mustache parser error.
    static func describe(_ error: Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect?: return "a section is closed with a name other than the one it opened"
        case .unfinishedName?: return "a tag is not closed"
        case .expectedSectionEnd?: return "a section is never closed"
        case .invalidSetDelimiter?: return "invalid set-delimiter tag"
        default: return "\(error)"
        }
    }

    func render(_ model: TableFileModel) -> String {
        templates["table-file"]!.render(MustacheBox.box(model) as Any)
    }

    func render(_ model: DatabaseModel) -> String {
        templates["database-file"]!.render(MustacheBox.box(model) as Any)
    }
}
