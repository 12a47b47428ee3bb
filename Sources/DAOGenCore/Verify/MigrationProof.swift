import DAOGenRuntime

/// Proves the planned migrations at generation time. It fills version 1 with sample rows and migrates it
/// one version at a time with the same runtime code an app runs; before each step it adds sample rows
/// for that version. After each step it checks that the schema equals a freshly created database of the
/// new version; and after each step that runs statements, that every view and trigger works, that every
/// row kept its carried and renamed columns' values (row snapshots before and after) and that every
/// `search:` index holds and finds its table's rows (checked after the last step too). A file at any
/// version k takes exactly these steps from k to the latest, so checking each step once proves every
/// path, in linear rather than quadratic time; a step that runs no statement costs no more than its
/// sample rows, however many rows earlier versions added.
struct MigrationProof {
    let schema: Schema
    let plan: [Int: [MigrationStep]]
    /// The schema of each version, as a freshly created database has it.
    let expected: [Int: SchemaDescription]
    var diagnostics = DiagnosticCollector()
    /// Sample rows inserted across all versions, for the summary of `daogen verify`.
    private(set) var sampleRowCount = 0
    /// Rows the checks of the `search:` indexes searched for, across all steps: at most the sample rows
    /// of the indexed tables once per step that runs statements, plus once after the last step.
    private(set) var searchedRowCount = 0
    /// Version 1 freshly created, which the proof fills and migrates; nil to create it here.
    var firstVersion: Database?
    /// The description of the database as last migrated (version 1's to start with).
    private var migrated: SchemaDescription?

    var latest: Int { schema.settings.version }

    /// The statements that create each version, shared with the other stages.
    let creation: CreationSQL
    /// The positions of `schema`'s tables in the schema `creation` was written for.
    let positions: [Int]

    init(
        schema: Schema, plan: [Int: [MigrationStep]], expected: [Int: SchemaDescription], creation: CreationSQL, positions: [Int]
    ) {
        self.schema = schema
        self.plan = plan
        self.expected = expected
        self.creation = creation
        self.positions = positions
    }

    /// The runtime definition of the one migration to `version`: the proof's database is always at
    /// `version - 1`, so creation and earlier migrations never run (and building them each step
    /// would make the proof quadratic in the number of versions).
    static func definition(for plan: [Int: [MigrationStep]], to version: Int) -> SchemaDefinition {
        SchemaDefinition(
            version: version,
            creation: [],
            migrations: [SchemaDefinition.Migration(version: version, steps: (plan[version] ?? []).flatMap(\.statements))])
    }

    mutating func prove() {
        guard latest > 1 else { return }
        let database: Database
        do {
            if let firstVersion {
                database = firstVersion
            } else {
                database = try Database.scratch()
                for statement in creation.statements(at: 1, of: positions) { try database.execute(statement) }
            }
            try database.setUserVersion(1)
        } catch {
            diagnostics.error("cannot create version 1 to prove the migrations: \(error)", at: schema.settings.versionLocation)
            return
        }
        migrated = expected[1]
        for version in 1..<latest {
            guard step(from: version, in: database) else { return }
        }
    }

    /// Adds sample rows at `version`, migrates to the next version and checks the result; false when the
    /// step failed and later steps cannot be checked.
    private mutating func step(from version: Int, in database: Database) -> Bool {
        let next = version + 1
        let samples = SampleRows(schema: schema, version: version, firstRow: (version - 1) * SampleRows.rowsPerTable)
        for failure in samples.insert(into: database) {
            diagnostics.error(
                "cannot insert sample rows into table '\(failure.table.name(at: version))' at version \(version) to prove the migrations: \(failure.message)",
                at: failure.table.location(of: "name"))
        }
        sampleRowCount += SampleRows.rowsPerTable * schema.tables.filter { $0.range.contains(version) }.count
        // A step that runs no statement on these tables changes neither their schema nor their rows:
        // the database keeps the description it had, which must be the next version's too.
        let runsStatements = !(plan[next] ?? []).isEmpty
        let snapshots = !runsStatements ? [] : comparedTables(from: version, to: next).map { compared in
            (compared, try? rows(of: compared, at: version, in: database, selecting: compared.before, nullsBecome: compared.nullsBecome))
        }

        do {
            try Self.definition(for: plan, to: next).prepare(database)
        } catch let DAOGenError.migrationFailed(_, sql, underlying) {
            let step = plan[next]?.first { $0.statements.contains(sql) }
            diagnostics.error(
                "the migration to version \(next) fails: \(underlying.message), in: \(sql)",
                at: step?.location ?? schema.settings.versionLocation)
            return false
        } catch {
            diagnostics.error("the migration to version \(next) fails: \(error)", at: schema.settings.versionLocation)
            return false
        }

        do {
            if runsStatements || migrated == nil { migrated = try SchemaDescription(database: database) }
            if let expected = expected[next], let migrated {
                for difference in migrated.differences(from: expected) {
                    diagnostics.error(
                        "after migrating from version \(version), the schema differs from version \(next): \(difference)",
                        at: schema.settings.versionLocation)
                }
            }
            // The checks below read every row: at every step they would read the rows of every version
            // again at each (quadratic in `version`). Only a statement can change what they check, and
            // after the last step they read every sample row the steps between added.
            let checksRows = runsStatements || next == latest
            if checksRows {
                for problem in Self.generatedColumnProblems(of: schema, at: next, in: database) {
                    diagnostics.error(
                        "after migrating from version \(version) to \(next), \(problem.message)", at: problem.table.location(of: "name"))
                }
            }
            if runsStatements {
                for problem in ViewAndTriggerCheck.problems(of: schema, at: next, in: database, after: " after the migration from version \(version)") {
                    diagnostics.error(problem.message, at: problem.location)
                }
            }
            if checksRows {
                let problems = SearchCheck.problems(
                    of: schema, at: next, in: database, after: " after the migration from version \(version)", searchedRows: &searchedRowCount)
                for problem in problems {
                    diagnostics.error(problem.message, at: problem.location)
                }
            }
            for (compared, before) in snapshots {
                guard let before else { continue }
                let after = try rows(of: compared, at: next, in: database, selecting: compared.after)
                if after != before {
                    let lost = before.reduce(0) { $0 + max(0, $1.value - (after[$1.key] ?? 0)) }
                    let rowsBefore = before.values.reduce(0, +)
                    let rowsAfter = after.values.reduce(0, +)
                    diagnostics.error(
                        "migrating from version \(version) to \(next) does not keep the rows of table '\(compared.table.name)': \(rowsBefore) row(s) before, \(rowsAfter) after, \(lost) changed or missing (columns \(compared.columns.map(\.name).joined(separator: ", ")))",
                        at: compared.table.location(of: "name"))
                }
            }
        } catch {
            diagnostics.error("cannot compare the migrated database: \(error)", at: schema.settings.versionLocation)
        }
        return !diagnostics.hasErrors
    }

    /// A table alive at both versions, with the columns whose values must survive the step.
    struct ComparedTable {
        var table: Table
        var columns: [Column]
        /// What to select before the step: each column's value, as the step should leave it.
        var before: [String]
        /// What to select after the step.
        var after: [String]
        /// The value a NULL becomes in a column made NOT NULL with a default, by column position.
        var nullsBecome: [Int: DatabaseValue] = [:]
    }

    /// `row` with the NULLs at the positions of `replacements` replaced.
    static func replacingNulls(in row: [DatabaseValue], with replacements: [Int: DatabaseValue]) -> [DatabaseValue] {
        guard !replacements.isEmpty else { return row }
        var row = row
        for (position, value) in replacements where row[position] == .null { row[position] = value }
        return row
    }

    /// Tables and columns the step must keep. Columns the version's data step may rewrite, or whose
    /// affinity changes (allowed only with a data step), are left out; so are tables it inserts into or
    /// deletes from.
    private func comparedTables(from version: Int, to next: Int) -> [ComparedTable] {
        let dataSteps = schema.migrations.filter { $0.version == next }.map { Self.identifiers(in: $0.sql) }
        let mentionedNames = dataSteps.reduce(into: Set<String>()) { $0.formUnion($1) }
        func mentioned(_ name: String) -> Bool { mentionedNames.contains(name.lowercased()) }
        return schema.tables.compactMap { table in
            guard table.range.contains(version), table.range.contains(next) else { return nil }
            let names = [table.name.lowercased(), table.name(at: version).lowercased()]
            let touchesRows = dataSteps.contains { words in
                (words.contains("delete") || words.contains("insert")) && names.contains(where: words.contains)
            }
            if touchesRows { return nil }
            var compared = ComparedTable(table: table, columns: [], before: [], after: [])
            // A generated column's values are checked against its expression (`generatedColumnProblems`).
            for column in table.columns(at: next) where column.generated == nil {
                guard let old = table.column(named: column.name, at: version), old.affinity == column.affinity,
                      !mentioned(column.name), !mentioned(old.name(at: version))
                else { continue }
                if !old.notNull && column.notNull && !column.primaryKey {
                    // Tightened to NOT NULL: a NULL becomes the default, which only a literal lets the proof
                    // predict, as the column's affinity stores it.
                    guard dataSteps.isEmpty, let defaultSQL = column.defaultSQL, SQLLiteral(sql: defaultSQL) != nil,
                          let value = Self.stored(defaultSQL, asType: column.sqlType)
                    else { continue }
                    compared.nullsBecome[compared.columns.count] = value
                }
                compared.columns.append(column)
                compared.before.append(SQLWriter.quote(old.name(at: version)))
                compared.after.append(SQLWriter.quote(column.name(at: next)))
            }
            return compared
        }
    }

    /// The literal `sql` as a column declared `type` stores it, by SQLite's own affinity rules (REAL
    /// stores 0 as 0.0; NUMERIC keeps ISO-8601 text as text); nil when SQLite refuses it.
    static func stored(_ sql: String, asType type: String) -> DatabaseValue? {
        guard let database = try? Database.scratch(),
              (try? database.execute("CREATE TABLE \"t\" (\"v\" \(type))")) != nil,
              (try? database.execute("INSERT INTO \"t\" VALUES (\(SQLWriter.defaultExpression(sql)))")) != nil
        else { return nil }
        return try? database.rows("SELECT \"v\" FROM \"t\"").first?.first
    }

    /// The lowercased words of an SQL text: identifiers and keywords, quoted or not.
    static func identifiers(in sql: String) -> Set<String> {
        Set(sql.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    /// The compared columns of every row, counted, so row order does not matter.
    private func rows(
        of compared: ComparedTable, at version: Int, in database: Database, selecting columns: [String],
        nullsBecome: [Int: DatabaseValue] = [:]
    ) throws -> [[DatabaseValue]: Int] {
        let selection = columns.isEmpty ? "1" : columns.joined(separator: ", ")
        return try database.cachedRows("SELECT \(selection) FROM \(SQLWriter.quote(compared.table.name(at: version)))")
            .reduce(into: [:]) { counts, row in counts[Self.replacingNulls(in: row, with: nullsBecome), default: 0] += 1 }
    }
}
