import ArgumentParser
import _DAOGenCore

struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Prints the migration steps between schema versions as SQL.",
        discussion: """
            Each step comes under a one-line comment that says what it does and whether it is a cheap \
            ALTER TABLE or SQLite's table rebuild, which copies every row. The steps are exactly what \
            the generated code runs; explicit `migrations:` SQL comes last in its version.

            Examples:
              daogen plan Schemas/Evolution
              daogen plan Schemas/Evolution --from 2 --to 3
            """)

    @OptionGroup var schema: SchemaDirectoryOptions

    @Option(help: "The version to migrate from (default: 1).")
    var from: Int?

    @Option(help: "The version to migrate to (default: the latest).")
    var to: Int?

    func run() throws {
        let result = try schema.run(Plan.self) { pipeline throws(GeneratorError) in try pipeline.plan(from: from, to: to) }
        print(result.text, terminator: "")
    }
}
