import ArgumentParser
import _DAOGenCore

struct SQL: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sql",
        abstract: "Prints the CREATE statements of a schema version, ending with its PRAGMA user_version.",
        discussion: """
            Examples:
              daogen sql Schemas/Library
              daogen sql Schemas/Library --schema-version 1 | sqlite3 library-v1.sqlite
            """)

    @OptionGroup var schema: SchemaDirectoryOptions

    @Option(help: "The schema version to print (default: the latest).")
    var schemaVersion: Int?

    func run() throws {
        let result = try schema.run(SQL.self) { pipeline throws(GeneratorError) in try pipeline.sql(version: schemaVersion) }
        print(result.text, terminator: "")
    }
}
