import ArgumentParser
import _DAOGenCore
import Foundation

@main
struct DAOGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daogen",
        abstract: "Generates Swift records and DAOs for SQLite from YAML table schemas.",
        discussion: """
            A schema directory holds an optional daogen.yaml (database, version, access, stripPrefix, dates, \
            uuids, adoptsUserVersion, templates) and any number of other .yaml / .yml files, each with a \
            `tables:` list (and optionally `migrations:`, `views:`, `triggers:` and `virtualTables:`). A table has \
            a name, columns (name, type, primaryKey, notNull, unique, collate, default, check, references, swift, \
            enum, json, generated, stored, since, until, renamedFrom) and optionally primaryKey, unique, checks, \
            indexes, queries and search. \
            To start from an existing SQLite file, run `daogen import`. The Schema Format article of the \
            DAOGenRuntime documentation (DocC) summarizes every key; SchemaFormat.md in the docs folder of \
            daogen's repository gives every rule and message.
            """,
        version: daogenVersion,
        subcommands: [Generate.self, Import.self, Check.self, History.self, SQL.self, Plan.self, Verify.self, Validate.self],
        defaultSubcommand: nil)

    static func main() {
        // Before SQLite is first used: the verifier's threads each use their own connections.
        SQLiteTuning.disableMemoryStatistics()
        main(nil)
    }
}

/// The version `daogen --version` prints: the release this source is tagged as.
let daogenVersion = "0.2.0"

/// The schema directory argument every subcommand takes.
struct SchemaDirectoryOptions: ParsableArguments {
    @Argument(help: "The schema directory: daogen.yaml and the table .yaml files.", completion: .directory)
    var schemaDirectory: String

    var url: URL { URL(filePath: schemaDirectory, directoryHint: .isDirectory) }

    /// The directory as the user wrote it, without a trailing slash, for diagnostics.
    var displayPath: String {
        schemaDirectory.count > 1 && schemaDirectory.hasSuffix("/") ? String(schemaDirectory.dropLast()) : schemaDirectory
    }

    /// The pipeline of this schema directory, with the overrides of `--templates` when given.
    func pipeline(templates: String? = nil) -> GeneratorCommands {
        GeneratorCommands(
            source: SchemaSource(directory: url, displayPath: displayPath),
            templates: templates.map { TemplateOverrides(directory: URL(filePath: $0, directoryHint: .isDirectory), displayPath: $0) })
    }

    /// Runs a command of the pipeline and prints its warnings. On errors prints them all and exits with
    /// status 1; on an option that does not fit the schema prints the usage of `command` and exits with 64.
    func run<Result: GeneratorResult, Command: ParsableCommand>(
        _ command: Command.Type, templates: String? = nil,
        _ body: (GeneratorCommands) throws(GeneratorError) -> Result
    ) throws -> Result {
        do {
            let result = try body(pipeline(templates: templates))
            Diagnostics.print(result.warnings)
            return result
        } catch {
            Diagnostics.print(error.diagnostics)
            if let message = error.invalidOption { usageError(message, in: command) }
            throw ExitCode.failure
        }
    }
}

/// Prints `message` with the usage of `command` (a subcommand of `daogen`) and exits with status 64, as
/// ArgumentParser does for errors found while parsing; for checks that need the loaded schema.
func usageError<Command: ParsableCommand>(_ message: String, in command: Command.Type) -> Never {
    let name = command.configuration.commandName ?? command._commandName
    let text = "Error: \(message)\nUsage: daogen \(command.usageString())\n  See 'daogen \(name) --help' for more information.\n"
    FileHandle.standardError.write(Data(text.utf8))
    command.exit(withError: ExitCode.validationFailure)
}

/// Prints diagnostics to standard error, in the `path:line:column: error: message` form editors recognize.
enum Diagnostics {
    static func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
    }
}
