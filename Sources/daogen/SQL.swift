import ArgumentParser
import DAOGenCore

struct SQL: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sql",
        abstract: "Prints the CREATE statements of a schema version.",
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
        let latest = loaded.schema.settings.version
        if let version, !(1...latest).contains(version) {
            throw ValidationError("--version must be between 1 and \(latest), the schema's version")
        }
        print(Generator.creationSQL(loaded, version: version), terminator: "")
    }
}
