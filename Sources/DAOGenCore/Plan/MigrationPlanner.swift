/// Stage 3: derives the steps from each version to the next by comparing what is alive at both.
/// Plain ALTER TABLE where SQLite allows the change, SQLite's documented table rebuild otherwise.
struct MigrationPlanner {
    let schema: Schema
    var diagnostics = DiagnosticCollector()

    init(schema: Schema) {
        self.schema = schema
    }

    /// The steps of every version 2...latest, or the errors of changes that cannot keep the data.
    static func plan(_ schema: Schema) throws(DiagnosticsError) -> [Int: [MigrationStep]] {
        guard schema.settings.version >= 2 else { return [:] }
        // Each version on its own, on every core; the diagnostics in version order.
        let versions = Array(2...schema.settings.version)
        let planned = versions.parallelMap { version in
            var planner = MigrationPlanner(schema: schema)
            return (planner.steps(to: version), planner.diagnostics.diagnostics)
        }
        var diagnostics = DiagnosticCollector()
        var plan: [Int: [MigrationStep]] = [:]
        for (version, (steps, found)) in zip(versions, planned) {
            plan[version] = steps
            diagnostics.append(contentsOf: found)
        }
        try diagnostics.throwIfErrors()
        return plan
    }

    /// The steps from `version - 1` to `version`.
    mutating func steps(to version: Int) -> [MigrationStep] {
        let old = version - 1
        var steps: [MigrationStep] = []
        let oldTables = schema.tables.filter { $0.range.contains(old) }
        let newTables = schema.tables.filter { $0.range.contains(version) }
        let carried = oldTables.filter { $0.range.contains(version) }
        var rebuilt: Set<String> = []

        // Indexes that go away, first: DROP COLUMN refuses indexed columns.
        for table in carried {
            for index in table.indexes(at: old) where !index.range.contains(version) || index.name(at: old) != index.name(at: version) {
                steps.append(MigrationStep(
                    kind: .dropIndex, statements: [SQLWriter.dropIndex(named: index.name(at: old))],
                    summary: "Drop index \(index.name(at: old))", from: index))
            }
        }
        for table in oldTables where !table.range.contains(version) {
            steps.append(MigrationStep(
                kind: .dropTable, statements: [SQLWriter.dropTable(named: table.name(at: old))],
                summary: "Drop table \(table.name(at: old))", from: table))
        }
        let hasDataStep = schema.migrations.contains { $0.version == version }
        var rebuildsAfterData: [MigrationStep] = []
        for table in carried {
            let change = TableChange(table: table, from: old, to: version, schema: schema)
            if !change.needsRebuild {
                steps += change.alterSteps
                continue
            }
            rebuilt.insert(table.name)
            let unfilled = change.addedColumns.filter { $0.notNull && $0.defaultSQL == nil }
            let tightened = change.tightenedColumns.map(\.new)
            // With renames, the data step must see the new names too: the same two rebuilds.
            if hasDataStep && (!tightened.isEmpty || (!unfilled.isEmpty && change.renames)) {
                // The data step sees the new shape with the columns it must fill still nullable; a
                // second rebuild after it tightens them (NULLs it left become the default, if any).
                let relaxed = Set((tightened + unfilled).map(\.name))
                steps.append(rebuild(change, relaxing: relaxed))
                rebuildsAfterData.append(tighten(change, columns: tightened, alsoFilled: unfilled))
            } else if hasDataStep && !unfilled.isEmpty {
                // The data step supplies values: add the columns as nullable first, let the step fill
                // them, then rebuild with NOT NULL, copying them along.
                for column in unfilled {
                    let name = column.name(at: version)
                    steps.append(MigrationStep(
                        kind: .addColumn,
                        statements: [SQLWriter.addBareColumn(name, type: column.sqlType, toTable: table.name(at: old))],
                        summary: "Add column \(table.name(at: old)).\(name) as nullable for the data step to fill",
                        from: column))
                }
                rebuildsAfterData.append(rebuild(change, alsoCopying: unfilled.map { $0.name(at: version) }))
            } else {
                if !hasDataStep { checkDataIsKept(change, version: version) }
                steps.append(rebuild(change))
            }
        }
        for table in newTables where !table.range.contains(old) {
            steps.append(MigrationStep(
                kind: .createTable, statements: [SQLWriter.createTable(table, at: version, in: schema)],
                summary: "Create table \(table.name(at: version))", from: table))
        }
        for table in newTables where !rebuilt.contains(table.name) {
            let isNew = !table.range.contains(old)
            for index in table.indexes(at: version)
            where isNew || !index.range.contains(old) || index.name(at: old) != index.name(at: version) {
                steps.append(MigrationStep(
                    kind: .createIndex, statements: [SQLWriter.createIndex(index, of: table, at: version)],
                    summary: "Create index \(index.name(at: version))", from: index))
            }
        }
        for migration in schema.migrations where migration.version == version {
            steps.append(MigrationStep(kind: .data, statements: migration.statements, summary: "Explicit data step of version \(version)", from: migration))
        }
        return withViewsAndTriggers(steps + rebuildsAfterData, from: old, to: version)
    }

    /// SQLite's documented rebuild: create the new table, copy the carried columns, drop the old one,
    /// rename the new one, recreate its indexes. Runs with foreign keys off; the migrator checks them before commit.
    /// `alsoCopying` names columns added to the old table earlier in the same migration.
    /// `relaxing` names columns created nullable for the data step (see `tighten`).
    func rebuild(_ change: TableChange, alsoCopying extra: [String] = [], relaxing: Set<String> = []) -> MigrationStep {
        let table = change.table
        let version = change.newVersion
        let newName = table.name(at: version)
        // Without a data step, a column that becomes NOT NULL takes its default where it held NULL.
        let defaults = relaxing.isEmpty
            ? Dictionary(change.tightenedColumns.compactMap { pair in pair.new.defaultSQL.map { (pair.new.name(at: version), $0) } }) { a, _ in a }
            : [:]
        let copied = change.copiedColumns.map { ($0.old, $0.new) } + extra.map { ($0, $0) }
        let oldName = table.name(at: change.oldVersion)
        var statements: [String] = []
        if oldName != newName {
            // Renaming first makes SQLite rewrite the references other tables hold; dropping the old
            // table and renaming the new one into place would leave them pointing at the old name.
            statements.append(SQLWriter.renameTable(oldName, to: newName))
        }
        statements += SQLWriter.rebuildStatements(
            table, at: version, in: schema, copying: copied, defaults: defaults, relaxing: relaxing, keepsAutoincrement: change.keepsAutoincrement)
        return MigrationStep(kind: .rebuildTable, statements: statements, summary: "Rebuild table \(newName) to \(change.changeSummary.joined(separator: ", "))", from: table)
    }

    /// The rebuild after a data step that makes `columns` (and the NOT NULL columns the step filled)
    /// NOT NULL again, copying every column; NULLs the step left take the column's default, if any.
    func tighten(_ change: TableChange, columns: [Column], alsoFilled filled: [Column]) -> MigrationStep {
        let table = change.table
        let version = change.newVersion
        let names = table.columns(at: version).map { $0.name(at: version) }
        let defaults = Dictionary(columns.compactMap { column in column.defaultSQL.map { (column.name(at: version), $0) } }) { a, _ in a }
        let statements = SQLWriter.rebuildStatements(
            table, at: version, in: schema, copying: names.map { ($0, $0) }, defaults: defaults, relaxing: [],
            keepsAutoincrement: change.keepsAutoincrement)
        let described = (columns + filled).map { $0.name(at: version) }.joined(separator: ", ")
        return MigrationStep(
            kind: .rebuildTable, statements: statements,
            summary: "Rebuild table \(table.name(at: version)) to make \(described) NOT NULL after the data step", from: table)
    }

    /// A rebuild that cannot fill a NOT NULL column without a default, or that would coerce values into
    /// another affinity, loses data: an error unless the version has an explicit data step.
    mutating func checkDataIsKept(_ change: TableChange, version: Int) {
        for column in change.addedColumns where column.notNull && column.defaultSQL == nil {
            // A NOT NULL column of the same type that ends in the previous version is most likely this one renamed.
            let renamed = change.droppedColumns.first { $0.notNull && $0.sqlType.uppercased() == column.sqlType.uppercased() }.map { old in
                let oldName = old.name(at: change.oldVersion)
                return "; if it is column '\(oldName)' renamed, declare it once, with `renamedFrom: { name: \(oldName), in: \(version) }`, which keeps its values"
            } ?? ""
            diagnostics.error(
                "column '\(column.name)' is added to table '\(change.table.name)' in version \(version) as NOT NULL without a default, so rows that exist cannot get a value; add a 'default:', make it nullable, or add a 'migrations:' step for version \(version) that supplies the data\(renamed)",
                at: column.location(of: "name"))
        }
        for (_, new) in change.tightenedColumns where new.defaultSQL == nil {
            diagnostics.error(
                "column '\(new.name)' of table '\(change.table.name)' becomes NOT NULL in version \(version) without a default, so rows holding NULL in it cannot be kept; add a 'default:' (NULLs become it) or a 'migrations:' step for version \(version) that fills them",
                at: new.location(of: "notNull"))
        }
        for (old, new) in change.replacedColumns where old.affinity != new.affinity {
            diagnostics.error(
                "column '\(new.name)' of table '\(change.table.name)' changes from \(old.affinity.rawValue) to \(new.affinity.rawValue) affinity in version \(version), which would convert its values; add a 'migrations:' step for version \(version) that converts the data",
                at: new.location(of: "type"))
        }
    }
}
