import ArgumentParser
import DAOGenCore

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Proves the migrations without writing anything.",
        discussion: """
            For every version k before the latest, builds version k in an in-memory SQLite database,
            fills every table with sample rows, migrates it to the latest version with the runtime's
            migrator, and checks that the schema equals a freshly created latest schema and that every
            row kept its carried and renamed values. `daogen generate` runs the same proof.

            Example:
              daogen verify Schemas/Evolution
            """)

    @OptionGroup var schema: SchemaDirectoryOptions

    func run() throws {
        let loaded = try schema.load()
        let latest = loaded.schema.settings.version
        if latest == 1 {
            print("\(schema.displayPath): version 1 only, no migrations to prove")
        } else {
            print("\(schema.displayPath): migrations from versions 1...\(latest - 1) to \(latest) keep the schema and all \(loaded.provedRowCount) sample rows")
        }
    }
}
