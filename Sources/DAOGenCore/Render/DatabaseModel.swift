import DAOGenRuntime

/// What the database-file template needs.
struct DatabaseModel: Encodable {
    /// A table's (or a view's) DAO on the database type.
    struct TableEntry: Encodable {
        var tableName: String
        var accessorName: String
        var daoName: String

        /// The entry of `table`, named as its `TableModel` names it.
        init(table: Table, version: Int) {
            self.init(sqlName: table.name(at: version), swiftName: table.swiftName)
        }

        /// The entry of `view`, named as its `TableModel` names it.
        init(view: View) {
            self.init(sqlName: view.name, swiftName: view.swiftName)
        }

        private init(sqlName: String, swiftName: String) {
            tableName = SwiftLiteral.commentText(sqlName)
            accessorName = SwiftNaming.escaped(SwiftNaming.lowerCamelCase(swiftName))
            daoName = swiftName + "DAO"
        }
    }

    struct MigrationModel: Encodable {
        var version: Int
        var steps: [StepModel]
    }

    struct StepModel: Encodable {
        var comment: String
        var statements: [StringLiteralModel]
    }

    var fileName: String
    /// The schema directory's name, without its parents.
    var schemaName: String
    var access: String
    var typeName: String
    var version: Int
    /// `adoptsUserVersion` of daogen.yaml, or 0.
    var adoptsUserVersion: Int
    /// Whether daogen.yaml sets `adoptsUserVersion`.
    var hasAdoptsUserVersion: Bool
    /// The case of `ValueStorage.Dates` of `dates:`.
    var dates: String
    /// The case of `ValueStorage.UUIDs` of `uuids:`.
    var uuids: String
    var tables: [TableEntry]
    var creationStatements: [StringLiteralModel]
    var versionOneStatements: [StringLiteralModel]
    var hasVersionOne: Bool
    var migrations: [MigrationModel]
    var hasMigrations: Bool
    /// The digests of the latest version's schema (`SchemaFingerprint`), as Swift hexadecimal literals: the
    /// `sqlite_master` digests, an array literal on one line or one a line, and the description's.
    var fingerprintMasters: String
    var fingerprintDescription: String

    init(
        schema: Schema, creation: CreationSQL, tables: [TableEntry], plan: [Int: [MigrationStep]], fingerprint: SchemaFingerprint,
        fileName: String, schemaName: String
    ) {
        let settings = schema.settings
        self.fileName = fileName
        self.schemaName = SwiftLiteral.commentText(schemaName)
        access = settings.access == .internal ? "" : settings.access.rawValue + " "
        typeName = settings.databaseName
        version = settings.version
        adoptsUserVersion = settings.adoptsUserVersion ?? 0
        hasAdoptsUserVersion = settings.adoptsUserVersion != nil
        dates = settings.dates.rawValue
        uuids = settings.uuids.rawValue
        self.tables = tables
        creationStatements = creation.statements(at: settings.version).map(StringLiteralModel.init)
        versionOneStatements = settings.version > 1 ? creation.statements(at: 1).map(StringLiteralModel.init) : []
        hasVersionOne = !versionOneStatements.isEmpty
        migrations = plan.keys.sorted().map { version in
            MigrationModel(version: version, steps: plan[version]!.map { step in
                StepModel(comment: SwiftLiteral.commentText(step.comment), statements: step.statements.map(StringLiteralModel.init))
            })
        }
        hasMigrations = !migrations.isEmpty
        let masters = fingerprint.masters.map(SwiftLiteral.hexadecimal)
        fingerprintMasters = masters.count <= 2
            ? "[" + masters.joined(separator: ", ") + "]"
            : "[\n" + masters.map { "                \($0),\n" }.joined() + "            ]"
        fingerprintDescription = SwiftLiteral.hexadecimal(fingerprint.description)
    }
}
