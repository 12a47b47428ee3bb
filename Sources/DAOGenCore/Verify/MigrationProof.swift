import DAOGenRuntime

/// Proves the planned migrations at generation time: for every version k before the latest, builds k in
/// memory, fills it with sample rows, migrates it with the same runtime code an app runs, and checks that
/// the schema equals a freshly created latest one and that every row kept its carried values.
struct MigrationProof {
    let schema: Schema
    let plan: [Int: [MigrationStep]]
    var diagnostics = DiagnosticCollector()
    /// Sample rows inserted across all versions, for the summary of `daogen verify`.
    private(set) var sampleRowCount = 0

    var latest: Int { schema.settings.version }

    init(schema: Schema, plan: [Int: [MigrationStep]]) {
        self.schema = schema
        self.plan = plan
    }

    /// The runtime definition the generated code declares.
    static func definition(for schema: Schema, plan: [Int: [MigrationStep]]) -> SchemaDefinition {
        let latest = schema.settings.version
        return SchemaDefinition(
            version: latest,
            creation: SQLWriter.creationStatements(for: schema, at: latest),
            versionOneCreation: latest > 1 ? SQLWriter.creationStatements(for: schema, at: 1) : [],
            migrations: plan.keys.sorted().map { version in
                SchemaDefinition.Migration(version: version, steps: plan[version]!.flatMap(\.statements))
            })
    }

    mutating func prove() {
        guard latest > 1 else { return }
        let definition = Self.definition(for: schema, plan: plan)
        let expected: SchemaDescription
        do {
            let fresh = try Database(path: ":memory:")
            for statement in definition.creation { try fresh.execute(statement) }
            expected = try SchemaDescription(database: fresh)
        } catch {
            diagnostics.error("cannot create the latest version to compare migrations with: \(error)", at: schema.settings.versionLocation)
            return
        }
        for version in 1..<latest {
            prove(from: version, definition: definition, expected: expected)
        }
    }

    private mutating func prove(from version: Int, definition: SchemaDefinition, expected: SchemaDescription) {
        let database: Database
        do {
            database = try Database(path: ":memory:")
            for statement in SQLWriter.creationStatements(for: schema, at: version) { try database.execute(statement) }
            try database.setUserVersion(version)
        } catch {
            diagnostics.error("cannot create version \(version) to prove its migration: \(error)", at: schema.settings.versionLocation)
            return
        }
        let samples = SampleRows(schema: schema, version: version)
        for failure in samples.insert(into: database) {
            diagnostics.error(
                "cannot insert sample rows into table '\(failure.table.name(at: version))' at version \(version) to prove the migrations: \(failure.message)",
                at: failure.table.location(of: "name"))
        }
        let snapshots = comparedTables(from: version).map { ($0, try? rows(of: $0, at: version, in: database)) }
        sampleRowCount += snapshots.reduce(0) { $0 + ($1.1?.count ?? 0) }

        do {
            try definition.prepare(database)
        } catch let error as DAOGenError {
            if case let .migrationFailed(failedVersion, sql, underlying) = error {
                let step = plan[failedVersion]?.first { $0.statements.contains(sql) }
                diagnostics.error(
                    "the migration from version \(version) fails at version \(failedVersion): \(underlying.message), in: \(sql)",
                    at: step?.location ?? schema.settings.versionLocation)
            } else {
                diagnostics.error("the migration from version \(version) fails: \(error)", at: schema.settings.versionLocation)
            }
            return
        } catch {
            diagnostics.error("the migration from version \(version) fails: \(error)", at: schema.settings.versionLocation)
            return
        }

        do {
            let differences = try SchemaDescription(database: database).differences(from: expected)
            for difference in differences {
                diagnostics.error(
                    "after migrating from version \(version), the schema differs from version \(latest): \(difference)",
                    at: schema.settings.versionLocation)
            }
            for (compared, before) in snapshots {
                guard let before else { continue }
                let after = try rows(of: compared, at: latest, in: database)
                if after != before {
                    let lost = before.filter { !after.contains($0) }.count
                    diagnostics.error(
                        "migrating from version \(version) does not keep the rows of table '\(compared.table.name)': \(before.count) row(s) before, \(after.count) after, \(lost) changed or missing (columns \(compared.columns.map(\.name).joined(separator: ", ")))",
                        at: compared.table.location(of: "name"))
                }
            }
        } catch {
            diagnostics.error("cannot compare the migrated database: \(error)", at: schema.settings.versionLocation)
        }
    }

    /// A table alive at `version` and at the latest, with the columns whose values must survive.
    struct ComparedTable {
        var table: Table
        var columns: [Column]
    }

    /// Tables and columns the proof compares. Columns a data step may rewrite, or whose affinity changes
    /// (allowed only with a data step), are left out; so are tables a data step inserts into or deletes from.
    private func comparedTables(from version: Int) -> [ComparedTable] {
        let dataSteps = schema.migrations.filter { $0.version > version }.map { Self.identifiers(in: $0.sql) }
        let mentionedNames = dataSteps.reduce(into: Set<String>()) { $0.formUnion($1) }
        func mentioned(_ name: String) -> Bool { mentionedNames.contains(name.lowercased()) }
        return schema.tables.compactMap { table in
            guard table.range.contains(version), table.range.contains(latest) else { return nil }
            let names = [table.name.lowercased(), table.name(at: version).lowercased()]
            let touchesRows = dataSteps.contains { words in
                (words.contains("delete") || words.contains("insert")) && names.contains(where: words.contains)
            }
            if touchesRows { return nil }
            let columns = table.columns(at: latest).filter { column in
                guard let old = table.column(named: column.name, at: version) else { return false }
                return old.affinity == column.affinity && !mentioned(column.name) && !mentioned(old.name(at: version))
            }
            return ComparedTable(table: table, columns: columns)
        }
    }

    /// The lowercased words of an SQL text: identifiers and keywords, quoted or not.
    static func identifiers(in sql: String) -> Set<String> {
        Set(sql.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    /// The compared columns of every row, sorted so order does not matter.
    private func rows(of compared: ComparedTable, at version: Int, in database: Database) throws -> [[DatabaseValue]] {
        let columns = compared.columns.map { column in
            SQLWriter.quote(compared.table.column(named: column.name, at: version)?.name(at: version) ?? column.name)
        }
        let selection = columns.isEmpty ? "1" : columns.joined(separator: ", ")
        return try database.rows("SELECT \(selection) FROM \(SQLWriter.quote(compared.table.name(at: version)))")
            .sorted { $0.description < $1.description }
    }
}
