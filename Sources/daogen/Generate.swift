import ArgumentParser
import _DAOGenCore
import Foundation

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes the Swift records, DAOs and database type for a schema directory.",
        discussion: """
            Writes one Swift file per schema file (books.yaml -> books.swift) and one for the database \
            type, named after it (database: LibraryDatabase -> LibraryDatabase.swift). Files are written \
            only when their contents change, all or none (temporary files renamed into place together); generated files whose schema file is gone \
            are removed (so is the daogen.swift of an older daogen). On any error nothing is written and \
            the exit status is 1.

            Several schemas in one target: generate each into its own folder of the target (their \
            database types, record names and table file names must differ).

            Schema history: the schema directory's history/ folder records the CREATE statements of every \
            version (history/v1.sql, ...); check it in. generate writes the record of any version that has \
            none and rewrites the latest version's record when it changes. A version before the latest has \
            shipped: when the schema no longer creates exactly what its record holds (say, a column added \
            without `since:` after `version` was raised), generate fails with an error naming the table \
            and the difference, and writes nothing. `--history check` (the build plugin) writes no record: \
            a missing or outdated one is a warning. `--schema-version` never writes records.

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

    @Option(help: "write: write missing history records and the latest one (default). check: write none, warn when one is missing or outdated (for build plugins, which cannot write into the package).")
    var history: HistoryOption = .write

    func run() throws {
        let result = try schema.run(Generate.self, templates: templates) { pipeline throws(GeneratorError) in
            try pipeline.generate(schemaVersion: schemaVersion, history: history.mode)
        }
        let report: OutputWriter.Report
        let recorded: [String]
        do {
            report = try OutputWriter.write(result.files, to: URL(filePath: output, directoryHint: .isDirectory))
            recorded = try HistoryFiles.write(result.records, schemaDirectory: schema.url)
        } catch {
            FileHandle.standardError.write(Data("daogen: error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        if !quiet {
            let summary = "daogen: \(report.written.count) written, \(report.unchanged.count) unchanged"
                + (report.removed.isEmpty ? "" : ", \(report.removed.count) removed") + " in \(output)"
                + (recorded.isEmpty ? "" : "; recorded \(recorded.joined(separator: ", ")) in \(schema.displayPath)")
            print(summary)
        }
    }
}

/// `--history`: what `generate` does with the schema history records.
enum HistoryOption: String, ExpressibleByArgument, CaseIterable {
    /// Write missing records and the latest one.
    case write
    /// Write nothing into the schema directory; warn about missing or outdated records.
    case check

    var mode: HistoryMode {
        switch self {
        case .write: .write
        case .check: .check
        }
    }
}
