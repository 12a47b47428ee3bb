import Foundation

/// A template override folder given on the command line (`--templates`), which takes precedence over
/// `templates:` of daogen.yaml.
public struct TemplateOverrides: Sendable {
    /// The folder of `.mustache` files.
    public var directory: URL
    /// How diagnostics name it.
    public var displayPath: String?

    /// A folder of `.mustache` files and how diagnostics name it.
    public init(directory: URL, displayPath: String?) {
        self.directory = directory
        self.displayPath = displayPath
    }
}

extension TypedSchema {
    /// The template overrides: the folder `templates:` of daogen.yaml names (relative to the schema
    /// directory), else a `Templates` folder in the schema directory when there is one. A `templates:`
    /// that names no folder is an error at its line.
    public func templatesDirectory() throws(DiagnosticsError) -> URL? {
        let directory = source.directory
        if let templates = schema.settings.templates {
            let named = directory.appending(path: templates, directoryHint: .isDirectory)
            guard Generator.isDirectory(named) else {
                throw DiagnosticsError(diagnostics: [Diagnostic(
                    .error, "'templates' names '\(templates)', which is not a folder in the schema directory",
                    at: schema.settings.templatesLocation)])
            }
            return named
        }
        let conventional = directory.appending(path: "Templates", directoryHint: .isDirectory)
        return Generator.isDirectory(conventional) ? conventional : nil
    }

    /// The renderer of this schema: the built-in templates with the overrides of `templates` when given
    /// (`--templates`), else those of `templatesDirectory()`. A broken override is an error naming its line.
    public func renderer(overriding templates: URL? = nil, displayPath templatesPath: String? = nil) throws(DiagnosticsError) -> TemplateRenderer {
        let named = try templatesDirectory()
        if let templates {
            return try TemplateRenderer(overridesDirectory: templates, displayPath: templatesPath)
        }
        return try TemplateRenderer(
            overridesDirectory: named,
            displayPath: "\(source.displayPath)/\(schema.settings.templates ?? "Templates")")
    }
}

extension Generator {
    /// Render: the Swift files of a verified schema, one per schema file (`SchemaFile`), plus the
    /// database type's file, named after it (`LibraryDatabase.swift`). A template override that renders a declaration without a
    /// name is an error naming the template.
    public static func render(_ verified: TypedSchema, renderer: TemplateRenderer) throws(DiagnosticsError) -> RenderedFiles {
        let databaseFileName = OutputFileNames.databaseFileName(forTypeName: verified.schema.settings.databaseName)
        // Each output file renders on its own, on every core. The database file, the largest, goes first
        // so that the table files fill the other cores meanwhile; the files come out in name order and
        // with the first error.
        let jobs: [RenderJob] = [.database] + verified.files.map(RenderJob.tables)
        let rendered = jobs.parallelMap { job -> Result<GeneratedFile, DiagnosticsError> in
            switch job {
            case .database:
                return Result { () throws(DiagnosticsError) in
                    GeneratedFile(name: databaseFileName, contents: normalized(try renderer.render(databaseModel(of: verified))))
                }
            case .tables(let file):
                return Result { () throws(DiagnosticsError) in
                    GeneratedFile(name: file.outputFileName, contents: normalized(try renderer.render(tableFileModel(of: file, in: verified))))
                }
            }
        }
        var files: [GeneratedFile] = []
        for file in rendered.dropFirst() + rendered.prefix(1) {
            files.append(try file.get())
        }
        return files
    }

    /// A file `render` writes: the database type's, or the records and DAOs of one schema file.
    private enum RenderJob: Sendable {
        case database
        case tables(SchemaFile)
    }

    /// The tables of `file` alive at the latest version, and its typed views.
    private static func declarations(of file: SchemaFile, in verified: TypedSchema) -> (tables: [Table], views: [TypedView]) {
        let latest = verified.schema.settings.version
        let declared = Set(file.tables)
        return (
            verified.schema.tables.filter { declared.contains($0.id) && $0.range.contains(latest) },
            file.views.compactMap { verified.views[$0] })
    }

    /// The model of the database type's file (`LibraryDatabase.swift`): the database type, with each file's tables, then its views, in the
    /// table files' order.
    static func databaseModel(of verified: TypedSchema) -> DatabaseModel {
        let latest = verified.schema.settings.version
        let tables = verified.files.flatMap { file in
            let declared = declarations(of: file, in: verified)
            return declared.tables.map { DatabaseModel.TableEntry(table: $0, version: latest) }
                + declared.views.map { DatabaseModel.TableEntry(view: $0.view) }
        }
        return DatabaseModel(
            schema: verified.schema, creation: verified.creation, tables: tables, plan: verified.plan,
            fingerprint: verified.verified.fingerprint,
            fileName: OutputFileNames.databaseFileName(forTypeName: verified.schema.settings.databaseName), schemaName: verified.source.name)
    }

    /// The model of one schema file's Swift file: its tables, then its views.
    static func tableFileModel(of file: SchemaFile, in verified: TypedSchema) -> TableFileModel {
        let schema = verified.schema
        let declared = declarations(of: file, in: verified)
        let relations = schema.relations(at: schema.settings.version)
        let tables = declared.tables.map { table in
            var model = TableModel(table: table, schema: schema, statements: verified.planned.statements[table.id]!)
            model.attach(verified.queries[table.id] ?? [])
            model.attach(relations[table.id] ?? [], schema: schema)
            return model
        }
        let views = declared.views.map { view in
            var model = TableModel(view: view, schema: schema)
            model.attach(verified.queries[view.id] ?? [])
            return model
        }
        // Headers name the schema file alone: output must not depend on where the tool ran.
        return TableFileModel(
            fileName: SwiftLiteral.commentText(file.outputFileName),
            sourceName: SwiftLiteral.commentText(file.name), tables: tables, views: views)
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path(percentEncoded: false), isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Trailing spaces removed from every line, blank-line runs folded, exactly one final newline.
    /// Works on the UTF-8 bytes in place: a line break and a space are single bytes that no other
    /// character's encoding contains. Character-by-Character work cost a tenth of a whole run, and
    /// splitting `String.UTF8View` into lines a twentieth (110 instructions a byte; this, 12).
    static func normalized(_ text: String) -> String {
        var text = text
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 1)
        text.withUTF8 { bytes in
            var blankLines = 0  // blank lines seen since the last line with text
            var start = 0
            while start <= bytes.count {
                var next = start
                while next < bytes.count, bytes[next] != newline { next += 1 }
                var end = next
                while end > start, bytes[end - 1] == space { end -= 1 }
                if end == start {
                    blankLines += 1
                } else {
                    // A run of blank lines is one; blank lines before the first text line are kept as one too.
                    if !output.isEmpty { output.append(newline) }
                    if blankLines > 0 { output.append(newline) }
                    blankLines = 0
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                }
                start = next + 1
            }
        }
        output.append(newline)
        return String(decoding: output, as: UTF8.self)
    }
}
