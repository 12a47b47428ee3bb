/// How one table that exists at both versions changes between them, and whether ALTER TABLE can do it.
struct TableChange {
    let table: Table
    let oldVersion: Int
    let newVersion: Int
    let schema: Schema

    /// Columns alive at both versions through the same declaration (`Column.id`): (old SQL name, new SQL name).
    let carriedColumns: [(old: String, new: String)]
    /// A declaration that ends at the old version replaced by one of the same name that starts at the new one.
    let replacedColumns: [(old: Column, new: Column)]
    /// Columns that start at the new version and replace nothing.
    let addedColumns: [Column]
    /// Columns that end at the old version and are replaced by nothing.
    let droppedColumns: [Column]

    init(table: Table, from oldVersion: Int, to newVersion: Int, schema: Schema) {
        self.table = table
        self.oldVersion = oldVersion
        self.newVersion = newVersion
        self.schema = schema
        let before = table.columns(at: oldVersion)
        let after = table.columns(at: newVersion)
        func isSame(_ a: Column, _ b: Column) -> Bool { a.id == b.id }
        carriedColumns = after.compactMap { column in
            before.contains { isSame($0, column) } ? (column.name(at: oldVersion), column.name(at: newVersion)) : nil
        }
        let ended = before.filter { column in !after.contains { isSame($0, column) } }
        let started = after.filter { column in !before.contains { isSame($0, column) } }
        replacedColumns = started.compactMap { new in ended.first { $0.name == new.name }.map { ($0, new) } }
        addedColumns = started.filter { new in !ended.contains { $0.name == new.name } }
        droppedColumns = ended.filter { old in !started.contains { $0.name == old.name } }
    }

    /// Replaced columns that were nullable and become NOT NULL: rows holding NULL need a value. This
    /// includes a legacy key (`notNull: false`) that becomes NOT NULL.
    var tightenedColumns: [(old: Column, new: Column)] {
        let oldKeys = table.primaryKeyNames(at: oldVersion), newKeys = table.primaryKeyNames(at: newVersion)
        return replacedColumns.filter { pair in
            (!pair.old.notNull && pair.new.notNull && !pair.new.primaryKey)
                || (pair.old.nullableKey && !pair.old.notNull
                    && !SQLWriter.isImplicitlyNotNull(pair.old, of: table, at: oldVersion, keyNames: oldKeys)
                    && (pair.new.notNull || SQLWriter.isImplicitlyNotNull(pair.new, of: table, at: newVersion, keyNames: newKeys)))
        }
    }

    /// True when the table or one of its carried columns has another name at the new version.
    var renames: Bool {
        table.name(at: oldVersion) != table.name(at: newVersion) || carriedColumns.contains { $0.old != $0.new }
    }

    /// Every column whose values the rebuild copies: carried and replaced ones, except those generated at the
    /// new version, which SQLite computes (an INSERT cannot write them).
    var copiedColumns: [(old: String, new: String)] {
        let generated = Set(table.columns(at: newVersion).filter { $0.generated != nil }.map { $0.name(at: newVersion) })
        return (carriedColumns + replacedColumns.map { ($0.old.name(at: oldVersion), $0.new.name(at: newVersion)) })
            .filter { !generated.contains($0.new) }
    }

    private var checksChanged: Bool {
        let before = table.checks.filter { $0.range.contains(oldVersion) }.map(\.id)
        let after = table.checks.filter { $0.range.contains(newVersion) }.map(\.id)
        return before != after
    }

    /// Why ALTER TABLE cannot make this change; empty when it can.
    var rebuildReasons: [String] {
        var reasons: [String] = []
        for (_, new) in replacedColumns {
            reasons.append("change column \(new.name(at: newVersion))")
        }
        for column in addedColumns where !canAdd(column) {
            reasons.append("add column \(column.name(at: newVersion))")
        }
        for column in droppedColumns where !canDrop(column) {
            reasons.append("drop column \(column.name(at: oldVersion))")
        }
        if checksChanged { reasons.append("change CHECK constraints") }
        return reasons
    }

    var needsRebuild: Bool { !rebuildReasons.isEmpty }

    /// Every change the table goes through, for the comment of a rebuild, which makes them all at once.
    var changeSummary: [String] {
        var changes = rebuildReasons
        let oldName = table.name(at: oldVersion)
        let newName = table.name(at: newVersion)
        if oldName != newName { changes.insert("rename from \(oldName)", at: 0) }
        for (old, new) in carriedColumns where old != new { changes.append("rename column \(old) to \(new)") }
        for column in addedColumns where !changes.contains("add column \(column.name(at: newVersion))") {
            changes.append("add column \(column.name(at: newVersion))")
        }
        for column in droppedColumns where !changes.contains("drop column \(column.name(at: oldVersion))") {
            changes.append("drop column \(column.name(at: oldVersion))")
        }
        return changes
    }

    /// True when the table keeps an AUTOINCREMENT key, whose high-water mark a rebuild must carry over.
    var keepsAutoincrement: Bool {
        table.columns(at: oldVersion).contains(where: \.autoincrement) && table.columns(at: newVersion).contains(where: \.autoincrement)
    }

    /// ALTER TABLE ... ADD COLUMN takes no key, no UNIQUE, no non-constant default, NOT NULL only with a
    /// default, and no STORED generated column (a VIRTUAL one it takes).
    private func canAdd(_ column: Column) -> Bool {
        if column.primaryKey || column.unique { return false }
        if column.generated != nil && column.stored { return false }
        if let defaultSQL = column.defaultSQL {
            let expression = SQLWriter.defaultExpression(defaultSQL)
            if expression.hasPrefix("(") || expression.uppercased().hasPrefix("CURRENT_") { return false }
            if column.notNull && SQLLiteral(sql: defaultSQL) == .null { return false }
        } else if column.notNull {
            return false
        }
        return true
    }

    /// ALTER TABLE ... DROP COLUMN refuses key, UNIQUE, foreign-key columns and columns a CHECK or a
    /// generated column's expression may name.
    private func canDrop(_ column: Column) -> Bool {
        if column.primaryKey || column.unique || column.references != nil { return false }
        let name = column.name(at: oldVersion).lowercased()
        let checks = table.checks.filter { $0.range.contains(oldVersion) }.map(\.sql)
            + table.columns(at: oldVersion).compactMap(\.check) + table.columns(at: oldVersion).compactMap(\.generated)
        if checks.contains(where: { $0.lowercased().contains(name) }) { return false }
        let referenced = schema.tables.contains { other in
            other.columns(at: oldVersion).contains { $0.references?.table == table.name && $0.references?.column == column.name }
        }
        return !referenced
    }

    /// The ALTER TABLE steps, when no rebuild is needed.
    var alterSteps: [MigrationStep] {
        var steps: [MigrationStep] = []
        let oldName = table.name(at: oldVersion)
        let newName = table.name(at: newVersion)
        if oldName != newName {
            steps.append(MigrationStep(
                kind: .renameTable, statements: [SQLWriter.renameTable(oldName, to: newName)],
                summary: "Rename table \(oldName) to \(newName)", from: table))
        }
        for (old, new) in carriedColumns where old != new {
            steps.append(MigrationStep(
                kind: .renameColumn,
                statements: [SQLWriter.renameColumn(old, to: new, inTable: newName)],
                summary: "Rename column \(newName).\(old) to \(new)", from: table))
        }
        let keyNames = table.primaryKeyNames(at: newVersion)
        for column in addedColumns {
            let definition = SQLWriter.columnDefinition(column, of: table, at: newVersion, keyNames: keyNames, in: schema)
            steps.append(MigrationStep(
                kind: .addColumn, statements: [SQLWriter.addColumn(definition, toTable: newName)],
                summary: "Add column \(newName).\(column.name(at: newVersion))", from: column))
        }
        for column in droppedColumns {
            steps.append(MigrationStep(
                kind: .dropColumn,
                statements: [SQLWriter.dropColumn(column.name(at: oldVersion), fromTable: newName)],
                summary: "Drop column \(newName).\(column.name(at: oldVersion))", from: column))
        }
        return steps
    }
}
