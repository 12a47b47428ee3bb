import DAOGenTemplates
import Foundation
import Mustache

/// Stage 5: renders view models through the Mustache templates, the built-in ones or a user's overrides.
/// A template renders as a `CompiledTemplate` when it uses only what that implements (the built-in ones
/// do), else with swift-mustache; both give the same text.
public struct TemplateRenderer: Sendable {
    /// The names of the templates a generator run uses.
    public static let templateNames = ["table-file", "database-file"]

    /// The templates parsed by swift-mustache: those that do not compile, and overrides (whose parse
    /// errors swift-mustache reports with their line and column).
    private let templates: [String: MustacheTemplate]
    /// Each template's text.
    private let sources: [String: String]
    /// The templates that compile, by name.
    private let compiled: [String: CompiledTemplate]
    /// Where each template came from, for errors in what it renders.
    private let paths: [String: String]
    /// When true, a rendering that `Generator.normalized` would change (trailing spaces, a run of blank
    /// lines, a missing final newline) is an error: the tests hold the built-in templates to it, so that
    /// what they lay out is the file as written.
    var requiresNormalizedOutput = false
    /// When true, every template renders with swift-mustache: the tests compare the two engines.
    var rendersWithSwiftMustache = false
    /// The templates replaced by a user's file: only their output can lack a declaration's name.
    private let overridden: Set<String>

    /// Loads the built-in templates, replacing each with `<name>.mustache` from `overridesDirectory` when present.
    /// A template that does not parse is an error naming its file, line and column.
    public init(overridesDirectory: URL? = nil, displayPath: String? = nil) throws(DiagnosticsError) {
        var templates: [String: MustacheTemplate] = [:]
        var sources: [String: String] = [:]
        var compiled: [String: CompiledTemplate] = [:]
        var paths: [String: String] = [:]
        var overridden: Set<String> = []
        var diagnostics = DiagnosticCollector()
        if let overridesDirectory, !Generator.isDirectory(overridesDirectory) {
            throw DiagnosticsError(diagnostics: [Diagnostic(
                .error, "the templates folder '\(displayPath ?? overridesDirectory.path(percentEncoded: false))' does not exist", at: nil)])
        }
        for name in Self.templateNames {
            var source = BuiltinTemplates.all[name]!
            var path = "Templates/\(name).mustache (built in)"
            if let overridesDirectory {
                let url = overridesDirectory.appending(path: "\(name).mustache")
                if FileManager.default.fileExists(atPath: url.path(percentEncoded: false)) {
                    path = (displayPath ?? overridesDirectory.path(percentEncoded: false)) + "/\(name).mustache"
                    guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
                        diagnostics.error("template '\(name)' cannot be read as UTF-8 text", at: SourceLocation(file: path, line: 1, column: 1))
                        continue
                    }
                    source = text
                    overridden.insert(name)
                }
            }
            paths[name] = path
            sources[name] = source
            compiled[name] = CompiledTemplate(source)
            // A built-in template that compiles is known to parse (the tests hold it to swift-mustache's
            // output); parsing it again costs more than rendering a hundred tables.
            if compiled[name] != nil && !overridden.contains(name) { continue }
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
        self.sources = sources
        self.compiled = compiled
        self.paths = paths
        self.overridden = overridden
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

    func render(_ model: TableFileModel) throws(DiagnosticsError) -> String {
        try render(model, with: "table-file")
    }

    func render(_ model: DatabaseModel) throws(DiagnosticsError) -> String {
        try render(model, with: "database-file")
    }

    private func render(_ model: some TemplateModel, with name: String) throws(DiagnosticsError) -> String {
        let value = TemplateValue.object(model.templateObject)
        let text: String
        if !rendersWithSwiftMustache, let compiled = compiled[name] {
            text = compiled.render(value)
        } else {
            // A built-in template that compiled was not parsed by swift-mustache; it parses (see above).
            let template = try? templates[name] ?? MustacheTemplate(string: sources[name]!)
            text = template!.render(value.mustacheValue)
        }
        return try laidOut(checked(text, of: name), of: name)
    }

    /// Whether template `name` renders as a `CompiledTemplate` (for tests).
    func isCompiled(_ name: String) -> Bool { compiled[name] != nil }

    /// `text`, after checking that it needs no normalization when `requiresNormalizedOutput` is set.
    private func laidOut(_ text: String, of name: String) throws(DiagnosticsError) -> String {
        guard requiresNormalizedOutput else { return text }
        let normalized = Generator.normalized(text)
        guard normalized != text else { return text }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = normalized.split(separator: "\n", omittingEmptySubsequences: false)
        let common = min(lines.count, expected.count)
        let line = (0..<common).first { lines[$0] != expected[$0] } ?? common
        throw DiagnosticsError(diagnostics: [Diagnostic(
            .error, "template '\(name)' lays out text that normalization changes, at line \(line + 1) of its output: "
                + "'\(SwiftLiteral.commentText(line < lines.count ? String(lines[line]) : ""))'",
            at: SourceLocation(file: paths[name] ?? name, line: 1, column: 1))])
    }

    /// `text` when no declaration in it lacks a name, as happens when an override misspells a
    /// variable (`struct {{{typename}}}` renders `struct : Sendable`).
    /// The built-in templates are tested, so only an override's output is checked.
    private func checked(_ text: String, of name: String) throws(DiagnosticsError) -> String {
        guard overridden.contains(name) else { return text }
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: \.isWhitespace)
            guard let index = words.firstIndex(where: Self.keywords.contains), index + 1 <= words.count,
                  !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
            else { continue }
            let next = index + 1 < words.count ? words[index + 1] : ""
            if next.isEmpty || next.first.map({ ":{(<=".contains($0) }) == true {
                throw DiagnosticsError(diagnostics: [Diagnostic(
                    .error,
                    "template '\(name)' renders '\(words[index])' without a name at line \(offset + 1) of its output: \(line.trimmingCharacters(in: .whitespaces))",
                    at: SourceLocation(file: paths[name] ?? name, line: 1, column: 1))])
            }
        }
        return text
    }

    /// The words that start a declaration.
    private static let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "extension", "typealias", "func", "var", "let", "case"]
}
