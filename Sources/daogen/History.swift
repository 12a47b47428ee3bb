import ArgumentParser
import _DAOGenCore
import Foundation

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes the schema history records of a schema directory, and nothing else.",
        discussion: """
            The schema directory's history/ folder records the CREATE statements of every version \
            (history/v1.sql, ...); check it in. This command writes the record of any version that has \
            none and rewrites the latest version's record when it changes, as `daogen generate` does, but \
            writes no Swift: for targets whose code the build plugin generates, since a build cannot write \
            into the package. A version before the latest that no longer matches its record is an error, \
            and then nothing is written. With --check it writes nothing and fails when a record is missing \
            or outdated.

            Examples:
              daogen history Sources/Bookshelf
              daogen history Sources/Bookshelf --check
            """)

    @OptionGroup var schema: SchemaDirectoryOptions

    @Flag(help: "Write nothing; exit with status 1 when a record is missing or outdated.")
    var check = false

    func run() throws {
        let result = try schema.run(History.self) { pipeline throws(GeneratorError) in try pipeline.history() }
        let comparison = result.comparison
        let folder = "\(schema.displayPath)/\(SchemaHistory.folderName)"
        if check {
            guard comparison.records.isEmpty else {
                Diagnostics.print(comparison.warnings.map { Diagnostic(.error, $0.message, at: $0.location) })
                throw ExitCode.failure
            }
            let latest = result.latestVersion
            print("daogen: \(latest == 1 ? "the record of version 1 is" : "the records of versions 1...\(latest) are") current in \(folder)")
            return
        }
        let written = try HistoryFiles.write(comparison.records, schemaDirectory: schema.url)
        print("daogen: \(written.count) record(s) written in \(folder)" + (written.isEmpty ? "" : ": \(written.joined(separator: ", "))"))
    }
}
