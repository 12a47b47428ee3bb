import DAOGenRuntime
import Foundation

// The generator is a pipeline of stages, each a function of the previous stage's value that adds
// what it found, or throws every error it found (with the warnings found before them):
//
//     SchemaSource                    the schema directory                        (Pipeline/)
//       -> parse   -> ParsedSchema    YAML nodes with file, line and column       (Parse/)
//       -> resolve -> ResolvedSchema  typed Schema, its SchemaFiles, warnings     (Resolve/)
//       -> plan    -> PlannedSchema   migration steps, CREATE statements, DAO SQL (Plan/)
//       -> verify  -> VerifiedSchema  every version and migration proved in SQLite (Verify/)
//       -> type    -> TypedSchema     queries and views typed, by declaration     (Query/)
//       -> history -> SchemaHistory.Comparison  against history/v*.sql           (History/)
//       -> render  -> RenderedFiles   Swift files, one per SchemaFile + <Database>.swift  (Render/)
//       -> write                      files on disk, only when changed            (Write/)
//
// The generator's SQL text (identifiers, literals, DDL, the finders' SELECTs) is written in `SQL/`, for
// every stage; the CRUD statements every table's DAO runs are written by the runtime's `RecordSQL`, which
// `SQL/TableStatements` calls, so Verify prepares what the DAOs run. A query's and a view's SQL is the
// schema's own, as written. A later stage never re-runs an earlier one. `GeneratorCommands` runs the
// stages for each command.

/// Where a schema is: the input of the pipeline.
public struct SchemaSource: Sendable {
    /// The schema directory: daogen.yaml, the table files, `history/`.
    public var directory: URL
    /// The directory as the user wrote it, for diagnostics.
    public var displayPath: String

    /// A schema directory and how diagnostics name it.
    public init(directory: URL, displayPath: String) {
        self.directory = directory
        self.displayPath = displayPath
    }

    /// The directory's own name (`Library`), which the generated database file mentions.
    var name: String { directory.standardizedFileURL.lastPathComponent }
}

/// The output of Parse: every YAML file of the directory as located nodes.
typealias ParsedSchema = ParsedSchemaDirectory

/// One schema file other than daogen.yaml, and the output unit it becomes: the tables and views it
/// declares are rendered into one Swift file named after it (`books.yaml` -> `books.swift`).
public struct SchemaFile: Sendable {
    /// The file name, without its directory: `books.yaml`.
    public var name: String
    /// The file name without its extension: `books`.
    public var stem: String
    /// The tables the file declares, in declaration order.
    public var tables: [DeclarationID]
    /// The views the file declares, in declaration order.
    public var views: [DeclarationID]

    /// The generated file: `books.swift`. From the name alone, as the build plugin predicts it.
    public var outputFileName: String { OutputFileNames.outputFileName(forSchemaFileStem: stem) }
}

/// The output of Resolve: the typed, validated schema and the files that declare it.
public struct ResolvedSchema: Sendable {
    /// Where the schema was read from.
    public var source: SchemaSource
    /// The typed schema.
    public var schema: Schema
    /// The schema files other than daogen.yaml, in name order: what each declares, what each becomes.
    public var files: [SchemaFile]
    /// Warnings to print; generation goes on.
    public var warnings: [Diagnostic]
}

/// The output of Plan: the resolved schema with the SQL that creates and migrates each version.
public struct PlannedSchema: Sendable {
    /// What Resolve made.
    public var resolved: ResolvedSchema
    /// The migration steps to each version 2...latest.
    public var plan: [Int: [MigrationStep]]
    /// The CREATE statements of every version, written once for verification, history, `daogen sql`
    /// and the generated database type.
    var creation: CreationSQL
    /// The statements of each table's DAO at the latest version, by the table's declaration: written
    /// once, prepared by Verify, rendered by Render.
    var statements: [DeclarationID: TableStatements]
}

/// The output of Verify: a planned schema whose every version, statement and migration SQLite accepted.
public struct VerifiedSchema: Sendable {
    /// What Plan made.
    public var planned: PlannedSchema
    /// Rows the migration proof inserted and compared.
    public var provedRowCount: Int
    /// The digests of the latest version's schema, which the database type checks files against at open.
    public var fingerprint: SchemaFingerprint
}

/// The output of Type (after Verify): the verified schema with its queries and views typed from SQLite's
/// column metadata against the latest version. What History and Render take.
public struct TypedSchema: Sendable {
    /// What Verify proved.
    public var verified: VerifiedSchema
    /// The `queries:` of each table and view, checked and typed against the latest schema, by the table's
    /// or view's declaration.
    public var queries: [DeclarationID: [AnalyzedQuery]] = [:]
    /// The views of the latest version with their result columns typed, by declaration: what their records
    /// and read-only DAOs are made of.
    public var views: [DeclarationID: TypedView] = [:]
}

extension TypedSchema {
    /// What Plan made.
    public var planned: PlannedSchema {
        get { verified.planned }
        set { verified.planned = newValue }
    }
    /// Rows the migration proof inserted and compared.
    public var provedRowCount: Int { verified.provedRowCount }
}

extension TypedSchema {
    /// Where the schema was read from.
    public var source: SchemaSource { planned.resolved.source }
    /// The schema files and what each declares.
    public var files: [SchemaFile] { planned.resolved.files }
    /// The warnings of every stage so far.
    public var warnings: [Diagnostic] { planned.resolved.warnings }

    /// The typed schema.
    public var schema: Schema {
        get { planned.resolved.schema }
        set { planned.resolved.schema = newValue }
    }

    /// The migration steps to each version 2...latest.
    public var plan: [Int: [MigrationStep]] {
        get { planned.plan }
        set { planned.plan = newValue }
    }

    /// The CREATE statements of every version.
    var creation: CreationSQL { planned.creation }
}

/// One generated Swift file.
public struct GeneratedFile: Sendable, Equatable {
    /// The file name, derived from the schema file's name alone.
    public var name: String
    /// The Swift source.
    public var contents: String
}

/// The output of Render: one Swift file per `SchemaFile`, then the database type's file (`LibraryDatabase.swift`).
public typealias RenderedFiles = [GeneratedFile]
