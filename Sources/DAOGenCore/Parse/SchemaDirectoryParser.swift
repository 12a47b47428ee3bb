import Foundation
import Yams

/// One YAML file of a schema directory, parsed into nodes.
struct ParsedFile: Sendable {
    /// The path used in diagnostics: the directory as given, joined with the file name.
    var path: String
    /// The file name without its extension; output file names derive from it alone.
    var stem: String
    /// The document's root node; nil for an empty file.
    var root: YAMLNode?
    /// The file's text, for what is read from lines rather than nodes (the `database:` line that the
    /// build plugin reads to name the database file).
    var text = ""
}

/// Every YAML file of a schema directory.
struct ParsedSchemaDirectory: Sendable {
    /// `daogen.yaml` (or `daogen.yml`), when present.
    var settingsFile: ParsedFile?
    /// The other `*.yaml` / `*.yml` files, sorted by name.
    var tableFiles: [ParsedFile]
}

/// Stage 1: reads a schema directory's YAML files into located nodes.
enum SchemaDirectoryParser {
    /// The name of the settings file, without its extension.
    static let settingsStem = OutputFileNames.settingsStem

    /// Lists the YAML files of `directory`, sorted by name, so output does not depend on the file system's order.
    static func yamlFiles(in directory: URL) throws -> [URL] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
        return names
            .filter(OutputFileNames.isSchemaFile(named:))
            .sorted()
            .map { directory.appending(path: $0, directoryHint: .notDirectory) }
    }

    /// Parses every YAML file of `directory`. `displayPath` prefixes file names in diagnostics.
    static func parse(directory: URL, displayPath: String) throws(DiagnosticsError) -> ParsedSchemaDirectory {
        var diagnostics = DiagnosticCollector()
        var isDirectory: ObjCBool = false
        let directoryPath = directory.path(percentEncoded: false)
        guard FileManager.default.fileExists(atPath: directoryPath, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DiagnosticsError(diagnostics: [
                Diagnostic(.error, "schema directory '\(displayPath)' does not exist or is not a directory", at: nil)
            ])
        }
        let files: [URL]
        do {
            files = try yamlFiles(in: directory)
        } catch {
            throw DiagnosticsError(diagnostics: [
                Diagnostic(.error, "cannot read schema directory '\(displayPath)': \(error.localizedDescription)", at: nil)
            ])
        }

        var settings: ParsedFile?
        var tables: [ParsedFile] = []
        var stems: [String: String] = [:]
        var toParse: [(url: URL, path: String, stem: String)] = []
        for url in files {
            let name = url.lastPathComponent
            let path = displayPath.hasSuffix("/") ? displayPath + name : displayPath + "/" + name
            let stem = url.deletingPathExtension().lastPathComponent
            if let other = stems[stem] {
                diagnostics.error(
                    "'\(name)' and '\(other)' would both generate '\(stem).swift'; rename one of them",
                    at: SourceLocation(file: path, line: 1, column: 1))
                continue
            }
            stems[stem] = name
            toParse.append((url, path, stem))
        }
        // Files parse independently: on every core, the results kept in name order.
        let parsed = toParse.map { FileToParse(url: $0.url, path: $0.path, stem: $0.stem) }.parallelMap { file in
            var fileDiagnostics = DiagnosticCollector()
            let result = parseFile(url: file.url, path: file.path, stem: file.stem, diagnostics: &fileDiagnostics)
            return (result, fileDiagnostics.diagnostics)
        }
        for (result, fileDiagnostics) in parsed {
            diagnostics.append(contentsOf: fileDiagnostics)
            guard let file = result else { continue }
            if file.stem == settingsStem {
                settings = file
            } else {
                tables.append(file)
            }
        }
        if files.isEmpty {
            diagnostics.error("schema directory '\(displayPath)' holds no .yaml or .yml files", at: nil)
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics: diagnostics.sorted) }
        return ParsedSchemaDirectory(settingsFile: settings, tableFiles: tables)
    }

    /// A file `parse` reads.
    private struct FileToParse: Sendable {
        var url: URL
        var path: String
        var stem: String
    }

    private static func parseFile(
        url: URL, path: String, stem: String, diagnostics: inout DiagnosticCollector
    ) -> ParsedFile? {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            diagnostics.error("cannot read file as UTF-8: \(error.localizedDescription)",
                              at: SourceLocation(file: path, line: 1, column: 1))
            return nil
        }
        do {
            // `.basic`: no tag resolution. Scalars stay text for the resolver to read, so Yams's
            // regular expressions for booleans, numbers and dates would be work thrown away.
            let root = try Yams.compose(yaml: text, .basic).map { YAMLNode.convert($0, file: path, text: text, diagnostics: &diagnostics) }
            return ParsedFile(path: path, stem: stem, root: root, text: text)
        } catch let error as YamlError {
            let (message, line, column) = describe(error)
            diagnostics.error("YAML syntax error: \(message)", at: SourceLocation(file: path, line: line, column: column))
            return nil
        } catch {
            diagnostics.error("YAML syntax error: \(error)", at: SourceLocation(file: path, line: 1, column: 1))
            return nil
        }
    }

    /// The problem and 1-based position of a Yams error.
    private static func describe(_ error: YamlError) -> (String, Int, Int) {
        switch error {
        case let .scanner(context, problem, mark, _),
             let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let detail = context.map { "\(problem) (\($0.text))" } ?? problem
            return (detail, mark.line, mark.column)
        case let .duplicatedKeysInMapping(duplicates, context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return ("duplicate key \(keys) in mapping", context.mark.line, context.mark.column)
        case let .reader(problem, _, _, _):
            return (problem, 1, 1)
        default:
            return ("\(error)", 1, 1)
        }
    }
}
