import Foundation

/// The stages of the pipeline (see `Stages.swift`), each a function of the previous stage's value. The
/// commands run them through `GeneratorCommands`; tests call them one by one.
public enum Generator {
    /// Parse: reads the YAML files of the source into located nodes.
    static func parse(_ source: SchemaSource) throws(DiagnosticsError) -> ParsedSchema {
        try SchemaDirectoryParser.parse(directory: source.directory, displayPath: source.displayPath)
    }

    /// Resolve: types and validates the parsed files, and says which tables and views each file holds.
    static func resolve(_ parsed: ParsedSchema, from source: SchemaSource) throws(DiagnosticsError) -> ResolvedSchema {
        let output = try SchemaResolver.resolve(parsed)
        return ResolvedSchema(source: source, schema: output.schema, files: output.files, warnings: output.warnings)
    }

    /// Plan: the migration steps to each version and the CREATE statements of every version. Errors
    /// come with the warnings of Resolve.
    static func plan(_ resolved: ResolvedSchema) throws(DiagnosticsError) -> PlannedSchema {
        let creation = CreationSQL(schema: resolved.schema)
        do {
            let plan = try MigrationPlanner.plan(resolved.schema)
            let latest = resolved.schema.settings.version
            let statements = TableStatements.byDeclaration(resolved.schema.tables.filter { $0.range.contains(latest) }, at: latest)
            return PlannedSchema(resolved: resolved, plan: plan, creation: creation, statements: statements)
        } catch {
            throw DiagnosticsError(diagnostics: error.diagnostics + resolved.warnings)
        }
    }

    /// Verify: creates every version in SQLite, prepares every statement and proves the plan's migrations
    /// on sample rows. Errors come with the warnings of Resolve.
    static func verify(_ planned: PlannedSchema) throws(DiagnosticsError) -> VerifiedSchema {
        let schema = planned.resolved.schema
        do {
            // The fingerprint's digests come from the databases verification created and migrated, in parts.
            let verified = try SchemaVerifier.verify(schema, plan: planned.plan, creation: planned.creation, statements: planned.statements)
            let fingerprint = SchemaVerifier.fingerprint(of: schema, creation: planned.creation, plan: planned.plan, verified: verified)
            return VerifiedSchema(planned: planned, provedRowCount: verified.provedRowCount, fingerprint: fingerprint)
        } catch {
            throw DiagnosticsError(diagnostics: error.diagnostics + planned.resolved.warnings)
        }
    }

    /// Type: prepares the queries and views against the latest version and types their parameters and
    /// result columns. Errors come with the warnings of Resolve.
    static func type(_ verified: VerifiedSchema) throws(DiagnosticsError) -> TypedSchema {
        do {
            let (queries, views) = try QueryAnalyzer.analyzeAll(verified.planned.resolved.schema, creation: verified.planned.creation)
            return TypedSchema(verified: verified, queries: queries, views: views)
        } catch {
            throw DiagnosticsError(diagnostics: error.diagnostics + verified.planned.resolved.warnings)
        }
    }

    /// Parse, Resolve, Plan, Verify and Type of the schema directory at `source`.
    public static func load(_ source: SchemaSource) throws(DiagnosticsError) -> TypedSchema {
        try type(verify(plan(resolve(parse(source), from: source))))
    }

    /// Parse, Resolve, Plan, Verify and Type of the schema directory at `directory`. `displayPath` is how
    /// paths appear in diagnostics.
    public static func load(directory: URL, displayPath: String) throws(DiagnosticsError) -> TypedSchema {
        try load(SchemaSource(directory: directory, displayPath: displayPath))
    }

    /// History: reads the records of the schema's `history/` folder and compares every version with its
    /// record. Throws the errors when a shipped version no longer matches its record (or a record cannot
    /// be read), so a caller that writes only after this returns writes nothing then.
    public static func history(of verified: TypedSchema) throws(DiagnosticsError) -> SchemaHistory.Comparison {
        let records = try HistoryFiles.read(schemaDirectory: verified.source.directory, displayPath: verified.source.displayPath)
        let comparison = SchemaHistory.compare(
            verified.schema, records: records, creation: verified.creation, displayPath: verified.source.displayPath)
        if !comparison.errors.isEmpty {
            throw DiagnosticsError(diagnostics: comparison.errors)
        }
        return comparison
    }

    /// The schema as code generated when `version` was the latest saw it: for keeping an app's old
    /// code around, e.g. to test that files it created migrate.
    public static func asOf(_ verified: TypedSchema, version: Int) -> TypedSchema {
        var old = verified
        old.schema = verified.schema.truncated(to: version)
        old.plan = verified.plan.filter { $0.key <= version }
        // The DAOs of that version run its statements.
        old.planned.statements = TableStatements.byDeclaration(old.schema.tables.filter { $0.range.contains(version) }, at: version)
        // Queries exist at the latest version only; the views alive at `version` are typed against its schema.
        if version != verified.schema.settings.version {
            old.queries = [:]
            // `creation` writes every version, so its statements at `version` are the truncated schema's.
            old.views = (try? QueryAnalyzer.analyzeAll(old.schema, creation: verified.creation).views) ?? [:]
        }
        return old
    }

    /// The CREATE statements of `version` (the latest when nil), each ending with a semicolon.
    public static func creationSQL(_ verified: TypedSchema, version: Int? = nil) -> String {
        creationSQL(verified.creation.statements(at: version ?? verified.schema.settings.version))
    }

    /// The CREATE statements of `version` of `schema`, each ending with a semicolon: what `daogen sql` prints
    /// and what the schema history records.
    static func creationSQL(of schema: Schema, version: Int) -> String {
        creationSQL(SQLWriter.creationStatements(for: schema, at: version))
    }

    /// `statements` as `daogen sql` prints them, each ending with a semicolon.
    static func creationSQL(_ statements: [String]) -> String {
        statements.map { $0 + ";\n" }.joined(separator: "\n")
    }

    /// The migration steps from `from` to `to` as an SQL script, each step under a comment saying what it does.
    public static func planSQL(_ verified: TypedSchema, from: Int, to: Int) -> String {
        var text = ""
        for version in stride(from: from + 1, through: to, by: 1) {
            text += "-- Version \(version - 1) -> \(version)\n"
            let steps = verified.plan[version] ?? []
            if steps.isEmpty { text += "-- (no changes)\n" }
            for step in steps {
                text += "-- \(step.comment)\n" + step.statements.map { $0 + ";\n" }.joined()
            }
            text += "\n"
        }
        return text
    }
}
