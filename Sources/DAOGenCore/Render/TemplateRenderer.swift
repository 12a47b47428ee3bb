import DAOGenTemplates
import Foundation
import Mustache

/// Stage 5: renders view models through the Mustache templates (swift-mustache), the built-in ones or a
/// user's overrides.
///
/// A view model is a plain `Encodable` struct: the templates read its stored properties by name (through
/// a `TemplateContext`), a `Bool` or an Optional decides a section, an array repeats one. The
/// templates share partials (`{{> bind}}`, `{{> sql-literal}}`; the table file's sections `{{> record}}`,
/// `{{> record-conformance}}`, `{{> dao}}`, `{{> queries}}`), which are templates too: an override folder
/// may replace any of them.
public struct TemplateRenderer: Sendable {
    /// The templates a generator run renders, one per kind of output file.
    public static let templateNames = ["table-file", "database-file"]

    /// Every built-in template, the partials included, by name: what an override folder may replace.
    public static var builtinNames: [String] { BuiltinTemplates.all.keys.sorted() }

    /// The built-in templates, parsed once per process: they are known to parse (the tests render them).
    private static let builtins: [String: MustacheTemplate] = BuiltinTemplates.all.mapValues { source in
        do { return try MustacheTemplate(string: source) } catch { preconditionFailure("a built-in template does not parse: \(error)") }
    }

    /// Parses the built-in templates, when no renderer has yet: the generator does it while it loads the schema.
    static func parseBuiltins() {
        _ = builtins
    }

    /// Every template, built-in or overridden, by name; templates include each other by these names.
    private let library: MustacheLibrary
    /// Where each template came from, for errors in what it renders.
    private let paths: [String: String]
    /// The templates replaced by a user's file: only output they take part in can lack a declaration's name.
    private let overridden: Set<String>
    /// When true, a rendering that `Generator.normalized` would change (trailing spaces, a run of blank
    /// lines, a missing final newline) is an error: the tests hold the built-in templates to it, so that
    /// what they lay out is the file as written.
    var requiresNormalizedOutput = false

    /// Loads the built-in templates, replacing each with `<name>.mustache` from `overridesDirectory` when present.
    /// A template that does not parse, or includes a partial that is no template, is an error naming its
    /// file, line and column; so is a `.mustache` file there that replaces no built-in template.
    public init(overridesDirectory: URL? = nil, displayPath: String? = nil) throws(DiagnosticsError) {
        var templates = Self.builtins
        var sources = BuiltinTemplates.all
        var paths: [String: String] = [:]
        var overridden: Set<String> = []
        var diagnostics = DiagnosticCollector()
        for name in Self.builtinNames {
            paths[name] = "Templates/\(name).mustache (built in)"
        }
        if let overridesDirectory {
            let folder = displayPath ?? overridesDirectory.path(percentEncoded: false)
            guard Generator.isDirectory(overridesDirectory) else {
                throw DiagnosticsError(diagnostics: [Diagnostic(.error, "the templates folder '\(folder)' does not exist", at: nil)])
            }
            let present = (try? FileManager.default.contentsOfDirectory(atPath: overridesDirectory.path(percentEncoded: false))) ?? []
            for file in present.sorted() where file.hasSuffix(".mustache") {
                let name = String(file.dropLast(".mustache".count))
                let path = "\(folder)/\(file)"
                guard templates[name] != nil else {
                    diagnostics.error(
                        "'\(file)' is not a daogen template; the templates are \(Self.builtinNames.map { "\($0).mustache" }.joined(separator: ", "))",
                        at: SourceLocation(file: path, line: 1, column: 1))
                    continue
                }
                paths[name] = path
                overridden.insert(name)
                guard let data = try? Data(contentsOf: overridesDirectory.appending(path: file)),
                      let source = String(data: data, encoding: .utf8)
                else {
                    diagnostics.error("template '\(name)' cannot be read as UTF-8 text", at: SourceLocation(file: path, line: 1, column: 1))
                    continue
                }
                sources[name] = source
                do {
                    templates[name] = try MustacheTemplate(string: source)
                } catch let error as MustacheTemplate.ParserError {
                    diagnostics.error(
                        "template '\(name)' does not parse: \(Self.describe(error.error))",
                        at: SourceLocation(file: path, line: error.context.lineNumber, column: error.context.columnNumber))
                    continue
                } catch {
                    diagnostics.error("template '\(name)' does not parse: \(error)", at: SourceLocation(file: path, line: 1, column: 1))
                    continue
                }
                // swift-mustache renders a partial it does not have as nothing: name the misspelled one instead.
                for partial in Self.partials(in: source) where templates[partial.name] == nil {
                    diagnostics.error(
                        "template '\(name)' includes '\(partial.name)', which is not a daogen template; the templates are "
                            + Self.builtinNames.joined(separator: ", "),
                        at: SourceLocation(file: path, line: partial.line, column: partial.column))
                }
            }
        }
        // A template that includes itself, through others or directly, would recurse until the stack overflows.
        for name in overridden.sorted() {
            if let cycle = Self.cycle(from: name, in: sources) {
                diagnostics.error(
                    "template '\(name)' includes itself (\(cycle.joined(separator: " > "))), which would never end",
                    at: SourceLocation(file: paths[name]!, line: 1, column: 1))
            }
        }
        try diagnostics.throwIfErrors()
        self.library = MustacheLibrary(templates: templates)
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

    /// The partials a template includes by a fixed name (`{{> name}}`, `{{< name}}`), with the line and
    /// column of each tag.
    static func partials(in source: String) -> [(name: String, line: Int, column: Int)] {
        var found: [(name: String, line: Int, column: Int)] = []
        for (offset, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                var tag = rest[open.upperBound...]
                rest = tag
                guard let sigil = tag.first, sigil == ">" || sigil == "<" else { continue }
                tag = tag.dropFirst().drop { $0 == " " || $0 == "\t" }
                let name = tag.prefix { !($0 == " " || $0 == "\t" || $0 == "}") }
                guard !name.isEmpty, !name.hasPrefix("*") else { continue }
                found.append((String(name), offset + 1, line.distance(from: line.startIndex, to: open.lowerBound) + 1))
            }
        }
        return found
    }

    /// The chain of partials by which template `start` includes itself, or nil.
    static func cycle(from start: String, in sources: [String: String]) -> [String]? {
        var visited: Set<String> = []
        func search(_ path: [String]) -> [String]? {
            for partial in partials(in: sources[path.last!] ?? "").map(\.name) {
                if partial == start { return path + [partial] }
                guard visited.insert(partial).inserted, let found = search(path + [partial]) else { continue }
                return found
            }
            return nil
        }
        return search([start])
    }

    func render(_ model: TableFileModel) throws(DiagnosticsError) -> String {
        try render(model, with: "table-file")
    }

    func render(_ model: DatabaseModel) throws(DiagnosticsError) -> String {
        try render(model, with: "database-file")
    }

    private func render(_ model: some Encodable, with name: String) throws(DiagnosticsError) -> String {
        let context: TemplateContext
        do {
            context = try TemplateContext.of(model)
        } catch {
            preconditionFailure("a view model encodes: \(error)")
        }
        let text = library.render(context, withTemplate: name) ?? ""
        return try laidOut(checked(text, of: name), of: name)
    }

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
    /// The built-in templates are tested, so only output an override takes part in is checked; the error
    /// names the template when it is overridden, else the first overridden partial.
    private func checked(_ text: String, of name: String) throws(DiagnosticsError) -> String {
        guard let culprit = overridden.contains(name) ? name : overridden.sorted().first else { return text }
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
                    at: SourceLocation(file: paths[culprit] ?? culprit, line: 1, column: 1))])
            }
        }
        return text
    }

    /// The words that start a declaration.
    private static let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "extension", "typealias", "func", "var", "let", "case"]
}
