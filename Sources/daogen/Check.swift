import ArgumentParser
import _DAOGenCore
import Foundation

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks that checked-in generated files are current.",
        discussion: """
            Exits with status 0 when every file in the output directory equals what `daogen generate` \
            would write, and the schema directory's history/ folder holds the record `daogen generate` \
            would leave there for every version. Otherwise prints a unified diff for each stale, missing \
            or orphaned file and record, and exits with status 1. A version before the latest that no \
            longer matches its record is an error, as in `daogen generate`. Writes nothing. For the CI \
            of projects that check generated code in.

            Example:
              daogen check Sources/Notes/Schema --output Sources/Notes/Generated
            """)

    @OptionGroup var schema: SchemaDirectoryOptions

    @Option(name: .shortAndLong, help: "The directory holding the checked-in generated files.", completion: .directory)
    var output: String

    @Option(help: "A directory of .mustache files that replace the built-in templates of the same name (default: `templates:` of daogen.yaml, else the schema's Templates folder).", completion: .directory)
    var templates: String?

    func run() throws {
        let directory = URL(filePath: output, directoryHint: .isDirectory)
        let result = try schema.run(Check.self, templates: templates) { pipeline throws(GeneratorError) in
            try pipeline.check(output: directory)
        }
        let (stale, staleRecords) = (result.staleFiles, result.staleRecords)
        if stale.isEmpty, staleRecords.isEmpty {
            print("daogen: \(result.fileCount) generated file(s) in \(output) are current")
            return
        }
        for file in stale + staleRecords {
            print(file.diff, terminator: "")
        }
        let command = "run `daogen generate \(schema.schemaDirectory) --output \(output)`"
        var errors: [Diagnostic] = []
        if !stale.isEmpty {
            let names = stale.map(\.name).joined(separator: ", ")
            errors.append(Diagnostic(.error, "\(stale.count) generated file(s) in \(output) are stale: \(names); \(command)", at: nil))
        }
        if !staleRecords.isEmpty {
            let names = staleRecords.map(\.name).joined(separator: ", ")
            errors.append(Diagnostic(
                .error,
                "\(staleRecords.count) schema history record(s) in \(schema.displayPath)/\(SchemaHistory.folderName) are missing or outdated: \(names); \(command) and check them in",
                at: nil))
        }
        Diagnostics.print(errors)
        throw ExitCode.failure
    }
}
