import ArgumentParser
import _DAOGenCore
import Foundation

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes a schema directory that describes an existing SQLite file.",
        discussion: """
            Reads the file read-only (it is never written) from sqlite_schema and the pragmas: tables, \
            columns with their declared type, NOT NULL, DEFAULT, COLLATE and CHECK, primary keys, UNIQUE, \
            foreign keys, indexes (partial, DESC, unique), WITHOUT ROWID and STRICT. Writes daogen.yaml \
            (version: 1) and one table file per table, such that `daogen generate` on the directory compiles \
            and `open(path:baseline: 1)` accepts the original file. Legacy quirks are kept as the file has \
            them: a non-INTEGER primary key that may hold NULL (notNull: false), INTEGER PRIMARY KEY DESC \
            (primaryKey: DESC, not the rowid), a column without a type (type: ""), and values that do not \
            fit their column's type (swift: DatabaseValue). What the format cannot express (views, triggers, \
            expression indexes, generated columns, composite foreign keys) is a warning naming the object.

            The output directory must not exist or be empty. Exits with status 1 on an error.

            Example:
              daogen import notes.sqlite --output Sources/Notes/Schema
            """)

    @Argument(help: "The SQLite file to read.", completion: .file())
    var databaseFile: String

    @Option(name: .shortAndLong, help: "The schema directory to write.", completion: .directory)
    var output: String

    @Option(help: "The Swift name of the database type (default: the file's name in UpperCamelCase + Database).")
    var database: String?

    func validate() throws {
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        if !existing.filter({ !$0.hasPrefix(".") }).isEmpty {
            throw ValidationError("\(output) is not empty; import writes a new schema directory")
        }
    }

    func run() throws {
        let schema: ImportedSchema
        do {
            schema = try SchemaImporter.read(path: databaseFile, databaseName: database)
        } catch {
            FileHandle.standardError.write(Data("daogen: error: \(databaseFile): \(error)\n".utf8))
            throw ExitCode.failure
        }
        for warning in schema.warnings {
            FileHandle.standardError.write(Data("\(databaseFile): warning: \(warning)\n".utf8))
        }
        let files = ImportYAMLWriter.files(for: schema, source: URL(filePath: databaseFile).lastPathComponent)
        do {
            let directory = URL(filePath: output, directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for file in files {
                try Data(file.contents.utf8).write(to: directory.appending(path: file.name), options: .atomic)
            }
        } catch {
            FileHandle.standardError.write(Data("daogen: error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        print("daogen: imported \(schema.tables.count) table(s) from \(databaseFile) into \(output)"
            + (schema.warnings.isEmpty ? "" : " with \(schema.warnings.count) warning(s)")
            + "; next: daogen generate \(output) --output <dir>")
    }
}
