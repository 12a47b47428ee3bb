import ArgumentParser
import DAOGenCore
import Foundation

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks that checked-in generated files are current.",
        discussion: """
            Exits with status 0 when every file in the output directory equals what `daogen generate`
            would write. Otherwise prints a unified diff for each stale, missing or orphaned file and
            exits with status 1. Writes nothing. For the CI of projects that check generated code in.

            Example:
              daogen check Sources/Notes/Schema --output Sources/Notes/Generated
            """)

    @OptionGroup var schema: SchemaDirectoryOptions

    @Option(name: .shortAndLong, help: "The directory holding the checked-in generated files.", completion: .directory)
    var output: String

    @Option(help: "A directory of .mustache files that replace the built-in templates of the same name (default: `templates:` of daogen.yaml, else the schema's Templates folder).", completion: .directory)
    var templates: String?

    func run() throws {
        let loaded = try schema.load()
        let files = try schema.render(loaded, templates: templates)
        let stale = FreshnessCheck.staleFiles(files, in: URL(filePath: output, directoryHint: .isDirectory))
        if stale.isEmpty {
            print("daogen: \(files.count) generated file(s) in \(output) are current")
            return
        }
        for file in stale {
            print(file.diff, terminator: "")
        }
        let names = stale.map(\.name).joined(separator: ", ")
        Diagnostics.print([Diagnostic(
            .error,
            "\(stale.count) generated file(s) in \(output) are stale: \(names); run `daogen generate \(schema.schemaDirectory) --output \(output)`",
            at: nil)])
        throw ExitCode.failure
    }
}
