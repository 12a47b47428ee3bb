import ArgumentParser
import _DAOGenCore

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Proves the migrations without writing anything.",
        discussion: """
            Builds version 1 in an in-memory SQLite database and, for every version k before the \
            latest, adds sample rows to every table, migrates to k+1 with the runtime's migrator, and \
            checks that the schema equals a freshly created version k+1 and that every row kept its \
            carried and renamed values. Every k-to-latest migration is this chain of steps. \
            `daogen generate` runs the same proof.

            Example:
              daogen verify Schemas/Evolution
            """)

    @OptionGroup var schema: SchemaDirectoryOptions

    func run() throws {
        let result = try schema.run(Verify.self) { pipeline throws(GeneratorError) in try pipeline.verify() }
        let latest = result.latestVersion
        if latest == 1 {
            print("\(schema.displayPath): version 1 only, no migrations to prove")
        } else {
            let from = latest == 2 ? "version 1" : "versions 1...\(latest - 1)"
            print("\(schema.displayPath): migrations from \(from) to \(latest) keep the schema and all \(result.provedRowCount) sample rows")
        }
    }
}
