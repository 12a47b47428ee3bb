import Foundation

/// The one entry point of daogen's commands (`generate`, `check`, `history`, `sql`, `plan`, `verify`,
/// `validate`; the build and command plugins run `generate` and `history`). Each command runs the stages
/// it needs (see `Stages.swift`) and returns a typed result; the caller prints it and writes its files.
/// Nothing here prints or writes.
public struct GeneratorCommands: Sendable {
    /// The schema directory.
    public var source: SchemaSource
    /// Template overrides from the command line (`--templates`), which take precedence over daogen.yaml's.
    public var templates: TemplateOverrides?

    /// A pipeline for the schema directory `source`.
    public init(source: SchemaSource, templates: TemplateOverrides? = nil) {
        self.source = source
        self.templates = templates
    }

    // MARK: - Commands

    /// `daogen generate`: the rendered files, and the history records to write (none when
    /// `history` is `.check` or `schemaVersion` is set, when missing or outdated records are warnings).
    public func generate(schemaVersion: Int? = nil, history mode: HistoryMode = .write) throws(GeneratorError) -> GenerateResult {
        var run = Run()
        var verified = try run.stage { () throws(DiagnosticsError) in try loadForRendering() }
        run.warnings += verified.warnings
        let comparison = try run.stage { () throws(DiagnosticsError) in try Generator.history(of: verified) }
        if mode == .check {
            run.warnings += comparison.warnings
        }
        if let schemaVersion {
            try run.requireVersion(schemaVersion, of: verified, option: "--schema-version")
            verified = Generator.asOf(verified, version: schemaVersion)
        }
        let files = try run.stage { () throws(DiagnosticsError) in try render(verified) }
        let writesHistory = mode == .write && schemaVersion == nil
        return GenerateResult(warnings: run.warnings, files: files, records: writesHistory ? comparison.records : [])
    }

    /// `daogen check`: the generated files and history records that differ from those on disk.
    public func check(output: URL) throws(GeneratorError) -> CheckResult {
        var run = Run()
        let verified = try run.stage { () throws(DiagnosticsError) in try loadForRendering() }
        run.warnings += verified.warnings
        let comparison = try run.stage { () throws(DiagnosticsError) in try Generator.history(of: verified) }
        let files = try run.stage { () throws(DiagnosticsError) in try render(verified) }
        return CheckResult(
            warnings: run.warnings,
            fileCount: files.count,
            staleFiles: FreshnessCheck.staleFiles(files, in: output),
            staleRecords: FreshnessCheck.staleFiles(comparison.records, in: HistoryFiles.directory(of: source.directory)))
    }

    /// `daogen history`: the comparison of the schema with its history records (the records to write,
    /// and what is missing or outdated).
    public func history() throws(GeneratorError) -> HistoryResult {
        var run = Run()
        let verified = try run.stage { () throws(DiagnosticsError) in try Generator.load(source) }
        run.warnings += verified.warnings
        let comparison = try run.stage { () throws(DiagnosticsError) in try Generator.history(of: verified) }
        return HistoryResult(warnings: run.warnings, comparison: comparison, latestVersion: verified.schema.settings.version)
    }

    /// `daogen sql`: the CREATE statements of `version` (the latest when nil), then its `PRAGMA user_version`.
    public func sql(version: Int? = nil) throws(GeneratorError) -> TextResult {
        var run = Run()
        let verified = try run.stage { () throws(DiagnosticsError) in try Generator.load(source) }
        run.warnings += verified.warnings
        if let version {
            try run.requireVersion(version, of: verified, option: "--schema-version")
        }
        // Stamped like a file the generated code creates, so `open(path:)` accepts the result.
        let stamped = version ?? verified.schema.settings.version
        return TextResult(
            warnings: run.warnings, text: Generator.creationSQL(verified, version: version) + "\nPRAGMA user_version = \(stamped);\n")
    }

    /// `daogen plan`: the migration steps from `from` (1 when nil) to `to` (the latest when nil) as an SQL script.
    public func plan(from: Int? = nil, to: Int? = nil) throws(GeneratorError) -> TextResult {
        var run = Run()
        let verified = try run.stage { () throws(DiagnosticsError) in try Generator.load(source) }
        run.warnings += verified.warnings
        let from = from ?? 1
        let to = to ?? verified.schema.settings.version
        try run.requireVersion(from, of: verified, option: "--from")
        try run.requireVersion(to, of: verified, option: "--to")
        guard from <= to else { throw GeneratorError(diagnostics: run.warnings, invalidOption: "--from must not be after --to") }
        return TextResult(warnings: run.warnings, text: Generator.planSQL(verified, from: from, to: to))
    }

    /// `daogen verify`: what the migration proof covered.
    public func verify() throws(GeneratorError) -> VerifyResult {
        var run = Run()
        let verified = try run.stage { () throws(DiagnosticsError) in try Generator.load(source) }
        run.warnings += verified.warnings
        return VerifyResult(warnings: run.warnings, latestVersion: verified.schema.settings.version, provedRowCount: verified.provedRowCount)
    }

    /// `daogen validate`: every stage but Render and Write, the history compared (a missing record is a
    /// warning), and the template folder daogen.yaml names checked.
    public func validate() throws(GeneratorError) -> ValidateResult {
        var run = Run()
        let verified = try run.stage { () throws(DiagnosticsError) in try Generator.load(source) }
        run.warnings += verified.warnings
        _ = try run.stage { () throws(DiagnosticsError) in try verified.templatesDirectory() }
        let comparison = try run.stage { () throws(DiagnosticsError) in try Generator.history(of: verified) }
        run.warnings += comparison.warnings
        let latest = verified.schema.settings.version
        return ValidateResult(
            warnings: run.warnings, latestVersion: latest, tableCount: verified.schema.tables.filter { $0.range.contains(latest) }.count)
    }

    // MARK: - Stages

    /// Load, with the built-in templates parsed on another thread meanwhile (for 100 tables, parsing
    /// them takes about half as long as Parse).
    private func loadForRendering() throws(DiagnosticsError) -> TypedSchema {
        let (loaded, _) = concurrently({
            Result { () throws(DiagnosticsError) in try Generator.load(source) }
        }, {
            TemplateRenderer.parseBuiltins()
        })
        return try loaded.get()
    }

    /// Render with the overrides of `templates`, else those of the schema.
    private func render(_ verified: TypedSchema) throws(DiagnosticsError) -> RenderedFiles {
        let renderer = try verified.renderer(overriding: templates?.directory, displayPath: templates?.displayPath)
        return try Generator.render(verified, renderer: renderer)
    }

    /// The warnings a command has found so far, which a failure reports before its errors.
    private struct Run {
        var warnings: [Diagnostic] = []

        /// The value of `body`, or a `GeneratorError` with the warnings so far and `body`'s diagnostics.
        func stage<Value>(_ body: () throws(DiagnosticsError) -> Value) throws(GeneratorError) -> Value {
            do {
                return try body()
            } catch {
                throw GeneratorError(diagnostics: warnings + error.diagnostics)
            }
        }

        /// Throws an invalid-option error unless `version` is one of the schema's versions.
        func requireVersion(_ version: Int, of verified: TypedSchema, option: String) throws(GeneratorError) {
            let latest = verified.schema.settings.version
            guard (1...latest).contains(version) else {
                throw GeneratorError(diagnostics: warnings, invalidOption: "\(option) must be between 1 and \(latest), the schema's version")
            }
        }
    }
}

/// Why a command of `GeneratorCommands` failed.
public struct GeneratorError: Error, Sendable, CustomStringConvertible {
    /// What to report, in order: the warnings found before the failure, then its errors.
    public var diagnostics: [Diagnostic]
    /// A command-line option that does not fit the schema (a version out of range), reported as a usage
    /// error after `diagnostics`; nil when the schema, its history or the templates failed.
    public var invalidOption: String?

    /// A failure with these diagnostics and, for a usage error, the message about the option.
    public init(diagnostics: [Diagnostic], invalidOption: String? = nil) {
        self.diagnostics = diagnostics
        self.invalidOption = invalidOption
    }

    /// Every diagnostic on its own line, then the invalid option's message.
    public var description: String {
        (diagnostics.map(\.description) + (invalidOption.map { [$0] } ?? [])).joined(separator: "\n")
    }
}

/// What `daogen generate` does with the schema history records.
public enum HistoryMode: String, Sendable, CaseIterable {
    /// Write missing records and the latest one.
    case write
    /// Write nothing into the schema directory; warn about missing or outdated records.
    case check
}

/// The result of a command: the warnings to report before its output.
public protocol GeneratorResult: Sendable {
    /// The warnings of every stage the command ran, in the order they were found.
    var warnings: [Diagnostic] { get }
}

/// The result of `generate`.
public struct GenerateResult: GeneratorResult {
    /// The warnings to report before the output.
    public var warnings: [Diagnostic]
    /// The Swift files to write into the output directory (`OutputWriter`).
    public var files: RenderedFiles
    /// The history records to write into the schema directory (`HistoryFiles`).
    public var records: [GeneratedFile]
}

/// The result of `check`.
public struct CheckResult: GeneratorResult {
    /// The warnings to report before the output.
    public var warnings: [Diagnostic]
    /// How many files `generate` would write.
    public var fileCount: Int
    /// Generated files that are missing, stale or orphaned in the output directory.
    public var staleFiles: [FreshnessCheck.StaleFile]
    /// History records that are missing or outdated.
    public var staleRecords: [FreshnessCheck.StaleFile]
}

/// The result of `history`.
public struct HistoryResult: GeneratorResult {
    /// The warnings to report before the output.
    public var warnings: [Diagnostic]
    /// The schema compared with its records.
    public var comparison: SchemaHistory.Comparison
    /// The schema's latest version.
    public var latestVersion: Int
}

/// The result of `sql` and `plan`: text to print.
public struct TextResult: GeneratorResult {
    /// The warnings to report before the output.
    public var warnings: [Diagnostic]
    /// The SQL script.
    public var text: String
}

/// The result of `verify`.
public struct VerifyResult: GeneratorResult {
    /// The warnings to report before the output.
    public var warnings: [Diagnostic]
    /// The schema's latest version.
    public var latestVersion: Int
    /// Rows the migration proof inserted and compared.
    public var provedRowCount: Int
}

/// The result of `validate`.
public struct ValidateResult: GeneratorResult {
    /// The warnings to report before the output.
    public var warnings: [Diagnostic]
    /// The schema's latest version.
    public var latestVersion: Int
    /// The tables of the latest version.
    public var tableCount: Int
}
