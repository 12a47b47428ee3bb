import ArgumentParser
import DAOGenCore
import Foundation

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes the Swift records, DAOs and database type for a schema directory.",
        discussion: """
            Writes one Swift file per schema file (books.yaml -> books.swift) and daogen.swift for the
            database type. Files are written only when their contents change, each atomically; generated
            files whose schema file is gone are removed. On any error nothing is written and the exit
            status is 1.

            Examples:
              daogen generate Schemas/Library --output Generated/Library
              daogen generate Sources/App/Schema --output Sources/App/Generated --templates MyTemplates
            """)

    @OptionGroup var schema: SchemaDirectoryOptions

    @Option(name: .shortAndLong, help: "The directory to write the Swift files into.", completion: .directory)
    var output: String

    @Option(help: "A directory of .mustache files that replace the built-in templates of the same name (default: `templates:` of daogen.yaml, else the schema's Templates folder).", completion: .directory)
    var templates: String?

    @Option(help: "Generate the code of an older schema version, as it was when that version was the latest.")
    var schemaVersion: Int?

    @Flag(name: .shortAndLong, help: "Print nothing but diagnostics.")
    var quiet = false

    func run() throws {
        var loaded = try schema.load()
        if let schemaVersion {
            try schema.validate(version: schemaVersion, of: loaded, option: "--schema-version")
            loaded = Generator.asOf(loaded, version: schemaVersion)
        }
        let files = try schema.render(loaded, templates: templates)
        let report: OutputWriter.Report
        do {
            report = try OutputWriter.write(files, to: URL(filePath: output, directoryHint: .isDirectory))
        } catch {
            FileHandle.standardError.write(Data("daogen: error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        if !quiet {
            let summary = "daogen: \(report.written.count) written, \(report.unchanged.count) unchanged"
                + (report.removed.isEmpty ? "" : ", \(report.removed.count) removed") + " in \(output)"
            print(summary)
        }
    }
}
