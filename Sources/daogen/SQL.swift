import ArgumentParser
import DAOGenCore

struct SQL: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sql",
        abstract: "Prints the CREATE statements of a schema version, ending with its PRAGMA user_version.",
        discussion: """
            Examples:
              daogen sql Schemas/Library
              daogen sql Schemas/Library --version 1 | sqlite3 library-v1.sqlite
            """)

    @OptionGroup var schema: SchemaDirectoryOptions

    @Option(help: "The schema version to print (default: the latest).")
    var version: Int?

    func run() throws {
        let loaded = try schema.load()
        if let version {
            schema.validate(version: version, of: loaded, option: "--version", in: SQL.self)
        }
        // Stamped like a file the generated code creates, so `open(path:)` accepts the result.
        let stamped = version ?? loaded.schema.settings.version
        print(Generator.creationSQL(loaded, version: version) + "\nPRAGMA user_version = \(stamped);\n", terminator: "")
    }
}
