import Foundation

/// One generated Swift file.
public struct GeneratedFile: Sendable, Equatable {
    /// The file name, derived from the schema file's name alone.
    public var name: String
    /// The Swift source.
    public var contents: String
}

/// A schema directory loaded, resolved and verified, with the warnings found on the way.
public struct LoadedSchema: Sendable {
    /// The typed schema.
    public var schema: Schema
    /// Warnings to print; generation goes on.
    public var warnings: [Diagnostic]
    /// The migration steps to each version 2...latest.
    public var plan: [Int: [MigrationStep]]
    /// Rows the migration proof inserted and compared.
    public var provedRowCount: Int
    /// The `queries:` of each table, checked and typed against the latest schema, by table SQL name.
    public var queries: [String: [AnalyzedQuery]] = [:]
    /// The views of the latest version as key-less tables with typed columns, for their records and DAOs.
    var viewTables: [Table] = []
    /// The CREATE statements of every version, written once for verification, history and `daogen sql`.
    var creation: CreationSQL
    /// The schema files holding tables, by output stem, in name order.
    var tableFileStems: [(stem: String, path: String)]
    /// The directory as given, for headers.
    var displayPath: String
    /// The schema directory.
    var directory: URL

    /// The template overrides: the folder `templates:` of daogen.yaml names (relative to the schema
    /// directory), else a `Templates` folder in the schema directory when there is one. The plugins
    /// pass the same folder, so every way of running daogen renders alike.
    public var templatesDirectory: URL? {
        if let templates = schema.settings.templates {
            return directory.appending(path: templates, directoryHint: .isDirectory)
        }
        let conventional = directory.appending(path: "Templates", directoryHint: .isDirectory)
        return Self.isDirectory(conventional) ? conventional : nil
    }

    /// The renderer of this schema: the built-in templates with the overrides of `templates` when given
    /// (`--templates`), else those of `templatesDirectory`. A broken override is an error naming its line.
    public func renderer(overriding templates: URL? = nil, displayPath templatesPath: String? = nil) throws(DiagnosticsError) -> TemplateRenderer {
        if let templates {
            return try TemplateRenderer(overridesDirectory: templates, displayPath: templatesPath)
        }
        return try TemplateRenderer(
            overridesDirectory: templatesDirectory,
            displayPath: "\(displayPath)/\(schema.settings.templates ?? "Templates")")
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path(percentEncoded: false), isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// The entry point the CLI and the plugins share: parse -> resolve -> verify -> render.
public enum Generator {
    /// The generated file that holds the database type.
    public static let databaseFileName = OutputFileNames.databaseFileName

    /// Parses, resolves and verifies the schema directory at `directory`. `displayPath` is how paths appear in diagnostics.
    public static func load(directory: URL, displayPath: String) throws(DiagnosticsError) -> LoadedSchema {
        let parsed = try SchemaDirectoryParser.parse(directory: directory, displayPath: displayPath)
        let resolved = try SchemaResolver.resolve(parsed)
        if let templates = resolved.schema.settings.templates,
           !LoadedSchema.isDirectory(directory.appending(path: templates, directoryHint: .isDirectory)) {
            throw DiagnosticsError(diagnostics: [Diagnostic(
                .error, "'templates' names '\(templates)', which is not a folder in the schema directory",
                at: resolved.schema.settings.templatesLocation)])
        }
        let plan: [Int: [MigrationStep]]
        let provedRowCount: Int
        let queries: [String: [AnalyzedQuery]]
        let viewTables: [Table]
        let creation = CreationSQL(schema: resolved.schema)
        do {
            plan = try MigrationPlanner.plan(resolved.schema)
            provedRowCount = try SchemaVerifier.verify(resolved.schema, plan: plan, creation: creation)
            (queries, viewTables) = try QueryAnalyzer.analyzeAll(resolved.schema)
        } catch {
            throw DiagnosticsError(diagnostics: error.diagnostics + resolved.warnings)
        }
        return LoadedSchema(
            schema: resolved.schema,
            warnings: resolved.warnings,
            plan: plan,
            provedRowCount: provedRowCount,
            queries: queries,
            viewTables: viewTables,
            creation: creation,
            tableFileStems: parsed.tableFiles.map { ($0.stem, $0.path) },
            displayPath: displayPath,
            directory: directory)
    }

    /// The schema as code generated when `version` was the latest saw it: for keeping an app's old
    /// code around, e.g. to test that files it created migrate.
    public static func asOf(_ loaded: LoadedSchema, version: Int) -> LoadedSchema {
        var old = loaded
        old.schema = loaded.schema.truncated(to: version)
        old.plan = loaded.plan.filter { $0.key <= version }
        // Queries exist at the latest version only.
        if version != loaded.schema.settings.version {
            old.queries = [:]
            old.viewTables = []
        }
        return old
    }

    /// Renders the Swift files of a loaded schema: one per schema file, plus `daogen.swift` for the database type.
    /// A template override that renders a declaration without a name is an error naming the template.
    public static func render(_ loaded: LoadedSchema, renderer: TemplateRenderer) throws(DiagnosticsError) -> [GeneratedFile] {
        let schema = loaded.schema
        let latest = schema.settings.version
        // Each schema file renders on its own: on every core, the files (and the first error) in name order.
        let rendered = loaded.tableFileStems.map { FileToRender(stem: $0.stem, path: $0.path) }.parallelMap { file in
            let tables = schema.tables
                .filter { $0.location.file == file.path && $0.range.contains(latest) }
                .map { table in
                    var model = TableModel(table: table, schema: schema)
                    model.attach(loaded.queries[table.name] ?? [])
                    return model
                }
            let views = loaded.viewTables.filter { $0.location.file == file.path }.map { view in
                var model = TableModel(table: view, schema: schema)
                model.enums = []  // A view's enums are its tables' (`Book.Status`).
                // A view's column has no definition of its own: its doc says where it comes from.
                model.properties = model.properties.map { property in
                    var property = property
                    property.docLines = Array(property.docLines.prefix(1))
                    return property
                }
                model.attach(loaded.queries[view.name] ?? [])
                return model
            }
            let name = outputFileName(forSchemaFileStem: file.stem)
            // Headers name the schema file alone: output must not depend on where the tool ran.
            let model = TableFileModel(
                fileName: SwiftLiteral.commentText(name),
                sourceName: SwiftLiteral.commentText((file.path as NSString).lastPathComponent), tables: tables, views: views)
            return (tables + views, Result { () throws(DiagnosticsError) in GeneratedFile(name: name, contents: normalized(try renderer.render(model))) })
        }
        var allTables: [TableModel] = []
        var files: [GeneratedFile] = []
        for (tables, file) in rendered {
            allTables += tables
            files.append(try file.get())
        }
        let database = DatabaseModel(
            schema: schema, creation: loaded.creation, tables: allTables, plan: loaded.plan, fileName: databaseFileName,
            schemaName: loaded.directory.standardizedFileURL.lastPathComponent)
        files.append(GeneratedFile(name: databaseFileName, contents: normalized(try renderer.render(database))))
        return files
    }

    /// A schema file to render.
    private struct FileToRender: Sendable {
        var stem: String
        var path: String
    }

    /// Loads and renders in one step.
    public static func generate(directory: URL, displayPath: String, templates: URL? = nil) throws(DiagnosticsError) -> (files: [GeneratedFile], warnings: [Diagnostic]) {
        let loaded = try load(directory: directory, displayPath: displayPath)
        let renderer = try loaded.renderer(overriding: templates)
        return (try render(loaded, renderer: renderer), loaded.warnings)
    }

    /// The output file of a schema file: `books.yaml` -> `books.swift`. Depends on the name alone, so a
    /// build plugin can predict every output before running the generator.
    public static func outputFileName(forSchemaFileStem stem: String) -> String {
        OutputFileNames.outputFileName(forSchemaFileStem: stem)
    }

    /// Every output file name for a directory's YAML file names (`daogen.yaml` included or not); hidden
    /// files are left out, as the parser leaves them. The plugins compute the same (`OutputFileNames`).
    public static func outputFileNames(forSchemaFiles names: [String]) -> [String] {
        OutputFileNames.outputFileNames(forSchemaFiles: names)
    }

    /// The CREATE statements of `version` (the latest when nil), each ending with a semicolon.
    public static func creationSQL(_ loaded: LoadedSchema, version: Int? = nil) -> String {
        creationSQL(loaded.creation.statements(at: version ?? loaded.schema.settings.version))
    }

    /// The CREATE statements of `version` of `schema`, each ending with a semicolon: what `daogen sql` prints
    /// and what the schema history records.
    static func creationSQL(of schema: Schema, version: Int) -> String {
        creationSQL(SQLWriter.creationStatements(for: schema, at: version))
    }

    /// `statements` as `daogen sql` prints them, each ending with a semicolon.
    static func creationSQL(_ statements: [String]) -> String {
        statements.map { $0 + ";\n" }.joined(separator: "\n")
    }

    /// The migration steps from `from` to `to` as an SQL script, each step under a comment saying what it does.
    public static func planSQL(_ loaded: LoadedSchema, from: Int, to: Int) -> String {
        var text = ""
        for version in stride(from: from + 1, through: to, by: 1) {
            text += "-- Version \(version - 1) -> \(version)\n"
            let steps = loaded.plan[version] ?? []
            if steps.isEmpty { text += "-- (no changes)\n" }
            for step in steps {
                text += "-- \(step.comment)\n" + step.statements.map { $0 + ";\n" }.joined()
            }
            text += "\n"
        }
        return text
    }

    /// Trailing whitespace removed from every line, blank-line runs folded, exactly one final newline.
    static func normalized(_ text: String) -> String {
        var text = text
        if let ascii = text.withUTF8({ normalized(ascii: $0) }) {
            return ascii
        }
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var trimmed = line
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            if trimmed.isEmpty, lines.last?.isEmpty == true { continue }
            lines.append(trimmed)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `normalized` of ASCII text without carriage returns, where bytes and characters are the same,
    /// in one pass over the bytes; nil for other text.
    private static func normalized(ascii bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let space = UInt8(ascii: " "), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 1)
        var lineStart = 0
        var lastLineWasEmpty = false
        var pendingEmptyLine = false  // an empty line not yet written: dropped at the end
        var isFirst = true
        var index = 0
        while index <= bytes.count {
            guard index == bytes.count || bytes[index] == newline else {
                let byte = bytes[index]
                if byte >= 0x80 || byte == carriageReturn { return nil }
                index += 1
                continue
            }
            var end = index
            while end > lineStart, bytes[end - 1] == space { end -= 1 }
            if end == lineStart {
                if !lastLineWasEmpty { pendingEmptyLine = true }
                lastLineWasEmpty = true
            } else {
                if pendingEmptyLine, !isFirst { output.append(newline) }
                if pendingEmptyLine || !isFirst { output.append(newline) }
                isFirst = false
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]))
                pendingEmptyLine = false
                lastLineWasEmpty = false
            }
            index += 1
            lineStart = index
        }
        output.append(newline)
        return String(decoding: output, as: UTF8.self)
    }
}
