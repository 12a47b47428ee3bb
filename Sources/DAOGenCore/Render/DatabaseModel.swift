/// What the database-file template needs.
struct DatabaseModel {
    struct TableEntry {
        var tableName: String
        var accessorName: String
        var daoName: String
    }

    struct MigrationModel {
        var version: Int
        var steps: [StepModel]
    }

    struct StepModel {
        var comment: String
        var statements: [String]
    }

    var fileName: String
    /// The schema directory's name, without its parents.
    var schemaName: String
    var access: String
    var typeName: String
    var version: Int
    var tables: [TableEntry]
    var creationStatements: [String]
    var versionOneStatements: [String]
    var hasVersionOne: Bool
    var migrations: [MigrationModel]
    // Stored, not computed: Mustache reads models through Mirror, which sees stored properties only.
    var hasMigrations: Bool

    /// Indentation of the statement literals inside `creation: [` and `steps: [`.
    static let creationIndent = 12
    static let stepIndent = 20

    init(
        schema: Schema, creation: CreationSQL? = nil, tables: [TableModel], plan: [Int: [MigrationStep]], fileName: String, schemaName: String
    ) {
        let settings = schema.settings
        self.fileName = fileName
        self.schemaName = SwiftLiteral.commentText(schemaName)
        access = settings.access == .internal ? "" : settings.access.rawValue + " "
        typeName = settings.databaseName
        version = settings.version
        self.tables = tables.map { TableEntry(tableName: $0.tableName, accessorName: $0.accessorName, daoName: $0.daoName) }
        func statements(at version: Int) -> [String] {
            creation?.statements(at: version) ?? SQLWriter.creationStatements(for: schema, at: version)
        }
        creationStatements = statements(at: settings.version).map {
            Self.literal($0, indent: Self.creationIndent)
        }
        versionOneStatements = settings.version > 1
            ? statements(at: 1).map { Self.literal($0, indent: Self.creationIndent) }
            : []
        hasVersionOne = !versionOneStatements.isEmpty
        migrations = plan.keys.sorted().map { version in
            MigrationModel(version: version, steps: plan[version]!.map { step in
                StepModel(comment: SwiftLiteral.commentText(step.comment), statements: step.statements.map { Self.literal($0, indent: Self.stepIndent) })
            })
        }
        hasMigrations = !migrations.isEmpty
    }

    /// One-line SQL as a one-line literal, longer SQL as an indented multi-line literal. SQL holding
    /// other control characters (a CR in a name or a default) is one escaped literal, which shows them.
    static func literal(_ sql: String, indent: Int) -> String {
        let onlyLineBreaks = !sql.unicodeScalars.contains { $0 != "\n" && Diagnostic.isControl($0) }
        return sql.contains("\n") && onlyLineBreaks ? SwiftLiteral.multiline(sql, indent: indent) : SwiftLiteral.string(sql)
    }
}
