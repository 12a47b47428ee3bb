import ArgumentParser
import _DAOGenCore

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks a schema directory without writing anything.",
        discussion: """
            Parses and resolves every file, then builds each version in an in-memory SQLite database and \
            prepares every generated statement, and compares every version before the latest with its \
            record in the schema directory's history/ folder (a missing record is a warning). Prints every \
            error as path:line:column: error: message and exits with status 1 if there is one.

            Example:
              daogen validate Schemas/Library
            """)

    @OptionGroup var schema: SchemaDirectoryOptions

    func run() throws {
        let result = try schema.run(Validate.self) { pipeline throws(GeneratorError) in try pipeline.validate() }
        print("\(schema.displayPath): valid, \(result.tableCount) table(s) at version \(result.latestVersion)")
    }
}
