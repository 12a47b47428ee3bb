import Foundation

/// Stage 2: turns parsed YAML into a typed `Schema`, collecting every error before failing.
struct SchemaResolver {
    var reader = NodeReader()
    var settings = Settings()
    /// True when daogen.yaml's `version` is not an integer in range: resolution stops after daogen.yaml.
    var versionIsInvalid = false

    /// The result of a successful resolution: the schema, its files and the warnings seen on the way.
    struct Output: Sendable {
        var schema: Schema
        var files: [SchemaFile]
        var warnings: [Diagnostic]
    }

    static func resolve(_ parsed: ParsedSchemaDirectory) throws(DiagnosticsError) -> Output {
        var resolver = SchemaResolver()
        if let file = parsed.settingsFile, let root = file.root {
            resolver.resolveSettings(root, text: file.text)
        }
        // Every `since`, `until` and migration version is checked against `version`: without a valid one,
        // those checks would only add errors that are not the user's (daogen.yaml's errors are the real ones).
        if resolver.versionIsInvalid {
            try resolver.reader.diagnostics.throwIfErrors()
        }
        // A file resolves on its own (the settings are all it needs): on every core, merged in file order.
        let settings = resolver.settings
        let resolvedFiles = parsed.tableFiles.parallelMap { file in
            var fileResolver = SchemaResolver(settings: settings)
            return fileResolver.resolveFile(file)
        }
        var tables: [Table] = []
        var migrations: [Migration] = []
        var views: [View] = []
        var triggers: [Trigger] = []
        var virtualTables: [VirtualTable] = []
        var files: [SchemaFile] = []
        var declarations = DeclarationNumbering()
        for (file, resolved) in zip(parsed.tableFiles, resolvedFiles) {
            var fileTables = resolved.tables
            var fileViews = resolved.views
            var fileTriggers = resolved.triggers
            var fileMigrations = resolved.migrations
            var fileVirtualTables = resolved.virtualTables
            declarations.number(&fileTables, &fileViews, &fileTriggers, &fileMigrations)
            declarations.number(&fileVirtualTables)
            files.append(SchemaFile(
                name: (file.path as NSString).lastPathComponent, stem: file.stem,
                tables: fileTables.map(\.id), views: fileViews.map(\.id)))
            tables += fileTables
            migrations += fileMigrations
            views += fileViews
            triggers += fileTriggers
            virtualTables += fileVirtualTables
            resolver.reader.diagnostics.append(contentsOf: resolved.diagnostics)
            resolver.checkOutputFileName(of: file)
        }
        let schema = Schema(settings: resolver.settings, tables: tables, migrations: migrations, views: views, triggers: triggers,
                            virtualTables: virtualTables)
        var validator = SchemaValidator(schema: schema, diagnostics: resolver.reader.diagnostics)
        validator.validate()
        try validator.diagnostics.throwIfErrors()
        return Output(schema: schema.withDefaultReferenceColumns(), files: files, warnings: validator.diagnostics.warnings)
    }

    /// Gives every declaration (table, column, table check, index, view, trigger, data step) its
    /// `DeclarationID`, in declaration order.
    private struct DeclarationNumbering {
        var next = 0

        mutating func number(_ tables: inout [Table], _ views: inout [View], _ triggers: inout [Trigger], _ migrations: inout [Migration]) {
            for tableIndex in tables.indices {
                tables[tableIndex].id = take()
                for columnIndex in tables[tableIndex].columns.indices {
                    tables[tableIndex].columns[columnIndex].id = take()
                }
                for checkIndex in tables[tableIndex].checks.indices {
                    tables[tableIndex].checks[checkIndex].id = take()
                }
                for indexIndex in tables[tableIndex].indexes.indices {
                    tables[tableIndex].indexes[indexIndex].id = take()
                }
            }
            for viewIndex in views.indices {
                views[viewIndex].id = take()
            }
            for triggerIndex in triggers.indices {
                triggers[triggerIndex].id = take()
            }
            for migrationIndex in migrations.indices {
                migrations[migrationIndex].id = take()
            }
        }

        /// Numbers the virtual tables of a file, after its other declarations.
        mutating func number(_ virtualTables: inout [VirtualTable]) {
            for index in virtualTables.indices {
                virtualTables[index].id = take()
            }
        }

        private mutating func take() -> DeclarationID {
            defer { next += 1 }
            return DeclarationID(number: next)
        }
    }

    /// What one table file declares, and the problems found in it.
    struct ResolvedFile: Sendable {
        var tables: [Table] = []
        var migrations: [Migration] = []
        var views: [View] = []
        var triggers: [Trigger] = []
        var virtualTables: [VirtualTable] = []
        var diagnostics: [Diagnostic] = []
    }

    /// Resolves the tables, data steps, views and triggers of one table file.
    private mutating func resolveFile(_ file: ParsedFile) -> ResolvedFile {
        var resolved = ResolvedFile()
        (resolved.tables, resolved.migrations) = resolveTableFile(file)
        if let root = file.root, root.mapping != nil {
            if let node = root["views"], let items = reader.list(node, key: "views") {
                resolved.views = items.compactMap { resolveView($0) }
            }
            if let node = root["triggers"], let items = reader.list(node, key: "triggers") {
                resolved.triggers = items.compactMap { resolveTrigger($0) }
            }
            if let node = root["virtualTables"], let items = reader.list(node, key: "virtualTables") {
                resolved.virtualTables = items.compactMap { resolveVirtualTable($0) }
            }
        }
        resolved.diagnostics = reader.diagnostics.diagnostics
        return resolved
    }

    /// A table file's Swift file must be a name the file system takes (`books.yaml` may be the longest
    /// file name, `books.swift` is one byte longer), and may not be the database type's (`LibraryDatabase.yaml`
    /// next to `database: LibraryDatabase`), also in another case, as file systems that ignore case would merge them.
    mutating func checkOutputFileName(of file: ParsedFile) {
        let databaseFile = OutputFileNames.databaseFileName(forTypeName: settings.databaseName)
        let output = OutputFileNames.outputFileName(forSchemaFileStem: file.stem)
        if let problem = FileNameCheck.problem(with: output) {
            reader.diagnostics.error(
                "this file would generate \(output), whose name \(problem); rename the file",
                at: SourceLocation(file: file.path, line: 1, column: 1))
            return
        }
        guard output.lowercased() == databaseFile.lowercased() else { return }
        reader.diagnostics.error(
            "this file would generate \(output), the file of the database type '\(settings.databaseName)'; rename the file or the database type",
            at: SourceLocation(file: file.path, line: 1, column: 1))
    }

    // MARK: - daogen.yaml

    static let settingsKeys = ["database", "version", "access", "stripPrefix", "dates", "uuids", "templates", "adoptsUserVersion"]

    /// Reads `daogen.yaml`, whose text is `text`.
    mutating func resolveSettings(_ root: YAMLNode, text: String) {
        guard let values = reader.mapping(root, allowed: Self.settingsKeys, what: "daogen.yaml") else { return }
        if let node = values["database"], let name = reader.name(node, key: "database") {
            if let problem = SwiftNaming.typeNameProblem(name, scope: .module) {
                reader.diagnostics.error(
                    "'database': the Swift name '\(name)' \(problem); choose another (e.g. \(SwiftNaming.suggestedTypeName(for: name, suffix: "Database")))",
                    at: node.location)
            } else if let problem = FileNameCheck.problem(with: OutputFileNames.databaseFileName(forTypeName: name)) {
                // A Swift identifier holds no '/' or NUL and is not only dots: only its length can be too much.
                reader.diagnostics.error(
                    "'database': the database type's file would be \(OutputFileNames.databaseFileName(forTypeName: name)), whose name \(problem); choose a shorter name",
                    at: node.location)
            } else if OutputFileNames.databaseTypeName(inSettingsText: text) != name {
                // The build plugin names the database file from this line, without a YAML parser.
                reader.diagnostics.error(
                    "'database': write it on one line of its own, as 'database: \(name)', so that the build plugin names the generated file \(OutputFileNames.databaseFileName(forTypeName: name))",
                    at: node.location)
            } else {
                settings.databaseName = name
                settings.databaseLocation = node.location
            }
        }
        if let node = values["version"] {
            settings.versionLocation = node.location
            versionIsInvalid = true
            if let version = reader.int(node, key: "version") {
                if (1...Settings.maximumVersion).contains(version) {
                    settings.version = version
                    versionIsInvalid = false
                } else {
                    reader.diagnostics.error(
                        "'version' must be between 1 and \(Settings.maximumVersion), found \(version)", at: node.location)
                }
            }
        }
        if let node = values["access"],
           let access = reader.choice(node, key: "access", from: AccessLevel.allCases.map(\.rawValue)) {
            settings.access = AccessLevel(rawValue: access)!
        }
        if let node = values["stripPrefix"], let prefix = reader.name(node, key: "stripPrefix") {
            settings.stripPrefix = prefix
        }
        if let node = values["dates"],
           let dates = reader.choice(node, key: "dates", from: DateStorage.allCases.map(\.rawValue)) {
            settings.dates = DateStorage(rawValue: dates)!
        }
        if let node = values["templates"], let templates = reader.name(node, key: "templates") {
            settings.templates = templates
            settings.templatesLocation = node.location
        }
        if let node = values["uuids"],
           let uuids = reader.choice(node, key: "uuids", from: UUIDStorage.allCases.map(\.rawValue)) {
            settings.uuids = UUIDStorage(rawValue: uuids)!
        }
        if let node = values["adoptsUserVersion"], let adopted = reader.int(node, key: "adoptsUserVersion") {
            if adopted <= settings.version || adopted > Int(Int32.max) {
                reader.diagnostics.error(
                    "'adoptsUserVersion' must be greater than 'version' (\(settings.version)) and at most \(Int32.max), found \(adopted): a file at user_version \(adopted) would be taken for version \(adopted) of this schema",
                    at: node.location)
            } else {
                settings.adoptsUserVersion = adopted
            }
        }
    }

    // MARK: - Table files

    mutating func resolveTableFile(_ file: ParsedFile) -> ([Table], [Migration]) {
        guard let root = file.root else {
            reader.diagnostics.warning("file has no tables", at: SourceLocation(file: file.path, line: 1, column: 1))
            return ([], [])
        }
        guard let values = reader.mapping(root, allowed: ["tables", "migrations", "views", "triggers", "virtualTables"], what: "a schema file") else {
            return ([], [])
        }
        var tables: [Table] = []
        if let node = values["tables"], let items = reader.list(node, key: "tables") {
            tables = items.compactMap { resolveTable($0) }
        }
        var migrations: [Migration] = []
        if let node = values["migrations"], let items = reader.list(node, key: "migrations") {
            migrations = items.compactMap { resolveMigration($0) }
        }
        if values["tables"] == nil && values["migrations"] == nil && values["views"] == nil && values["triggers"] == nil
            && values["virtualTables"] == nil {
            reader.diagnostics.warning("file has no tables", at: root.location)
        }
        return (tables, migrations)
    }

    mutating func resolveMigration(_ node: YAMLNode) -> Migration? {
        guard let values = reader.mapping(node, allowed: ["version", "sql"], what: "a migration") else { return nil }
        guard let versionNode = reader.required(values, "version", in: "migration", at: node.location),
              let sqlNode = reader.required(values, "sql", in: "migration", at: node.location),
              let version = reader.int(versionNode, key: "version"),
              let sql = reader.name(sqlNode, key: "sql")
        else { return nil }
        guard settings.version >= 2 else {
            reader.diagnostics.error(
                "a schema at version 1 has no migrations; raise 'version' in daogen.yaml when the schema changes",
                at: versionNode.location)
            return nil
        }
        guard (2...settings.version).contains(version) else {
            reader.diagnostics.error(
                "migration 'version' must be between 2 and \(settings.version) (the schema's version), found \(version); "
                    + "a new file is created directly at the latest version",
                at: versionNode.location)
            return nil
        }
        var statements: [String] = []
        for statement in SQLStatements.split(sql) {
            let keyword = SQLTokenizer.tokens(statement.text).first.flatMap { $0.kind == .word ? $0.text.uppercased() : nil }
            guard let keyword, Self.dataStepKeywords.contains(keyword) else {
                reader.diagnostics.error(
                    "migration to version \(version): a data step holds only INSERT, UPDATE, DELETE or REPLACE statements "
                        + "(WITH may lead them) on the schema's tables; found '\(statement.text.prefix { !$0.isWhitespace && $0 != "(" })'",
                    at: ScalarPlacement.location(ofOffset: statement.offset, in: sql, placement: sqlNode.placement, node: sqlNode.location))
                return nil
            }
            statements.append(statement.text)
        }
        guard !statements.isEmpty else {
            reader.diagnostics.error("migration to version \(version): 'sql' is empty", at: sqlNode.location)
            return nil
        }
        return Migration(version: version, sql: sql, statements: statements, location: sqlNode.location)
    }

    /// The statements a data step may hold: they change rows of the schema's tables, nothing else.
    static let dataStepKeywords: Set<String> = ["INSERT", "UPDATE", "DELETE", "REPLACE", "WITH"]

    // MARK: - Versions

    /// Reads `since` / `until` from `values`; `enclosing` is the range of the containing table.
    mutating func versionRange(_ values: YAMLFields, enclosing: VersionRange?, what: String) -> VersionRange {
        let latest = settings.version
        var range = VersionRange(since: enclosing?.since ?? 1, until: enclosing?.until)
        if let node = values["since"], let since = reader.int(node, key: "since") {
            if !(1...latest).contains(since) {
                reader.diagnostics.error("'since' must be between 1 and \(latest) (the schema's version), found \(since)", at: node.location)
            } else if let enclosing, !enclosing.contains(since) {
                reader.diagnostics.error("'since' \(since) is outside the versions of the \(what)'s table (\(describe(enclosing)))", at: node.location)
            } else {
                range.since = since
            }
        }
        if let node = values["until"], let until = reader.int(node, key: "until") {
            if !(1...latest).contains(until) {
                reader.diagnostics.error("'until' must be between 1 and \(latest) (the schema's version), found \(until)", at: node.location)
            } else if until < range.since {
                reader.diagnostics.error("'until' \(until) is before 'since' \(range.since)", at: node.location)
            } else if let enclosing, !enclosing.contains(until) {
                reader.diagnostics.error("'until' \(until) is outside the versions of the \(what)'s table (\(describe(enclosing)))", at: node.location)
            } else {
                range.until = until == latest ? nil : until
            }
        }
        return range
    }

    /// Reads `renamedFrom: { name:, in: }`; the rename must fall inside `range`, after its first version.
    mutating func rename(_ values: YAMLFields, range: VersionRange) -> Rename? {
        guard let node = values["renamedFrom"],
              let fields = reader.mapping(node, allowed: ["name", "in"], what: "renamedFrom"),
              let nameNode = reader.required(fields, "name", in: "renamedFrom", at: node.location),
              let inNode = reader.required(fields, "in", in: "renamedFrom", at: node.location),
              let oldName = reader.name(nameNode, key: "name"),
              let version = reader.int(inNode, key: "in")
        else { return nil }
        let last = range.until ?? settings.version
        guard version > range.since, version <= last else {
            reader.diagnostics.error(
                "renamedFrom 'in' must be a version after 'since' \(range.since) and at most \(last), found \(version)",
                at: inNode.location)
            return nil
        }
        return Rename(oldName: oldName, version: version)
    }

    /// The SQL expression of `node` (a `check:`, `default:`, `where:`), when it is exactly one
    /// expression that cannot escape the slot the generated SQL puts it in.
    mutating func expression(_ node: YAMLNode, key: String, of owner: String) -> String? {
        // A folded or literal block scalar (`check: >`) ends with a line break that is not part of the SQL.
        guard let sql = reader.name(node, key: key)?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        if let problem = SQLSlot.expressionProblem(sql) {
            reader.diagnostics.error("'\(key)' of \(owner) must be one SQL expression, but \(problem)", at: node.location)
            return nil
        }
        return sql
    }

    func describe(_ range: VersionRange) -> String {
        "\(range.since)...\(range.until ?? settings.version)"
    }
}
