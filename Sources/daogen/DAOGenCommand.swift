import ArgumentParser
import DAOGenCore
import Foundation

@main
struct DAOGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daogen",
        abstract: "Generates Swift records and DAOs for SQLite from YAML table schemas.",
        discussion: """
            A schema directory holds an optional daogen.yaml (database, version, access, stripPrefix, dates, \
            uuids, templates) and any number of other .yaml / .yml files, each with a `tables:` list. A table \
            has a name, columns (name, type, primaryKey, notNull, unique, collate, default, check, references, \
            swift, enum, since, until, renamedFrom) and optionally primaryKey, unique, checks and indexes. \
            To start from an existing SQLite file, run `daogen import`. Every key and message is described \
            in the Schema Format article of daogen's documentation.
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

    /// Loads the schema, printing warnings; on errors prints them all and exits with status 1.
    func load() throws -> LoadedSchema {
        do {
            let loaded = try Generator.load(directory: url, displayPath: displayPath)
            Diagnostics.print(loaded.warnings)
            return loaded
        } catch {
            Diagnostics.print(error.diagnostics)
            throw ExitCode.failure
        }
    }
}

extension SchemaDirectoryOptions {
    /// Compares the schema with its history records; on a shipped version that no longer matches its
    /// record prints the errors and exits with status 1.
    func history(of loaded: LoadedSchema) throws -> SchemaHistory.Comparison {
        do {
            return try Generator.history(of: loaded)
        } catch {
            Diagnostics.print(error.diagnostics)
            throw ExitCode.failure
        }
    }
}

extension SchemaDirectoryOptions {
    /// Exits with a usage error, and `command`'s usage, unless `version` is one of the schema's versions.
    func validate<Command: ParsableCommand>(version: Int, of loaded: LoadedSchema, option: String, in command: Command.Type) {
        let latest = loaded.schema.settings.version
        guard (1...latest).contains(version) else {
            usageError("\(option) must be between 1 and \(latest), the schema's version", in: command)
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

extension SchemaDirectoryOptions {
    /// The renderer with the overrides of `--templates`, else those `daogen.yaml` names, else none.
    /// A broken override prints its diagnostics and exits with status 1.
    func renderer(templates: String?, loaded: LoadedSchema) throws -> TemplateRenderer {
        do {
            return try loaded.renderer(
                overriding: templates.map { URL(filePath: $0, directoryHint: .isDirectory) }, displayPath: templates)
        } catch {
            Diagnostics.print(error.diagnostics)
            throw ExitCode.failure
        }
    }

    /// The generated files of `loaded`, rendered with `renderer(templates:loaded:)`. An error of the
    /// templates prints its diagnostics and exits with status 1.
    func render(_ loaded: LoadedSchema, templates: String?) throws -> [GeneratedFile] {
        let renderer = try renderer(templates: templates, loaded: loaded)
        do {
            return try Generator.render(loaded, renderer: renderer)
        } catch {
            Diagnostics.print(error.diagnostics)
            throw ExitCode.failure
        }
    }
}

/// Prints diagnostics to standard error, in the `path:line:column: error: message` form editors recognize.
enum Diagnostics {
    static func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
    }
}
