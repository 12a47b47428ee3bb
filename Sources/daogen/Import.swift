import ArgumentParser
import _DAOGenCore
import Foundation

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes a schema directory that describes an existing SQLite file.",
        discussion: """
            Reads the file read-only (it is never written) from sqlite_schema and the pragmas: tables, \
            columns with their declared type, NOT NULL, DEFAULT, COLLATE and CHECK, primary keys, UNIQUE, \
            foreign keys, indexes (partial, DESC, unique), WITHOUT ROWID and STRICT, views, triggers and \
            virtual tables. An FTS5 table exactly like the one `search:` makes (<table>_fts, external \
            content on the table's rowid, with daogen's three triggers) becomes the table's `search:`; any \
            other virtual table (FTS3/4, an FTS5 table with its own triggers, R*Tree) is written under \
            virtualTables: with its statement; shadow tables are left out. \
            Writes daogen.yaml (version: 1), one table file per table and Views.yaml (virtual tables, \
            views and triggers), \
            such that `daogen generate` on the directory compiles and `open(path:baseline: 1)` accepts the \
            original file: the schema is run through generation before anything is written. Legacy quirks \
            are kept as the file has them: a non-INTEGER primary key that may hold NULL (notNull: false), \
            INTEGER PRIMARY KEY DESC (primaryKey: DESC, not the rowid), a column without a type (type: ""), \
            values that do not fit their column's type (swift: DatabaseValue), BOOL columns holding only 0 \
            and 1 (swift: Bool), and a user_version the app set itself (adoptsUserVersion). What the \
            format cannot express but the file can still be adopted without (a generated column, a \
            COLLATE other than BINARY, NOCASE, RTRIM) is a warning naming the object. What would make \
            `open(path:baseline: 1)` refuse the file (an expression index, a composite foreign key, a view with a column list) is an error naming \
            the object, and nothing is written.

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
        guard schema.refusals.isEmpty else {
            for refusal in schema.refusals {
                FileHandle.standardError.write(Data("\(databaseFile): error: \(refusal)\n".utf8))
            }
            FileHandle.standardError.write(Data(
                "daogen: error: \(databaseFile) cannot be adopted as it is (\(schema.refusals.count) object(s) above); nothing was written\n".utf8))
            throw ExitCode.failure
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
        print("daogen: imported \(schema.tables.count) table(s), \(schema.views.count) view(s) and \(schema.triggers.count) trigger(s) from \(databaseFile) into \(output)"
            + (schema.warnings.isEmpty ? "" : " with \(schema.warnings.count) warning(s)")
            + "; next: daogen generate \(output) --output <dir>")
    }
}
