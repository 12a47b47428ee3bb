extension MigrationPlanner {
    /// The steps a version's virtual tables take around its other steps: the declared virtual tables and
    /// the FTS5 tables of `search:` that end (or change) are dropped before, those that start (or change)
    /// are created after, and an index is filled from its table's rows wherever those may have changed
    /// without its triggers (a new index, a table rebuild).
    struct VirtualTableSteps {
        var before: [MigrationStep] = []
        var after: [MigrationStep] = []
        /// Tables whose index is created in this version.
        var recreated: Set<DeclarationID> = []
        /// Tables whose index is filled again in `after`.
        var refilled: Set<DeclarationID> = []

        var isEmpty: Bool { before.isEmpty && after.isEmpty }
    }

    func virtualTableSteps(_ steps: [MigrationStep], from old: Int, to version: Int) -> VirtualTableSteps {
        var result = VirtualTableSteps()
        for virtual in schema.virtualTables where virtual.range.contains(old) && !virtual.range.contains(version) {
            result.before.append(MigrationStep(
                kind: .dropVirtualTable, statements: [SQLWriter.dropVirtualTable(named: virtual.name)],
                summary: "Drop virtual table \(virtual.name)", from: virtual))
        }
        for virtual in schema.virtualTables where !virtual.range.contains(old) && virtual.range.contains(version) {
            result.after.append(MigrationStep(
                kind: .createVirtualTable, statements: [virtual.sql], summary: "Create virtual table \(virtual.name)", from: virtual))
        }
        let rebuiltTables = Set(steps.filter { $0.kind == .rebuildTable }.compactMap(\.declaration))
        for table in schema.tables {
            let oldIndex = table.range.contains(old) ? SQLWriter.createSearchIndex(of: table, at: old) : nil
            let newIndex = table.range.contains(version) ? SQLWriter.createSearchIndex(of: table, at: version) : nil
            if oldIndex != newIndex {
                if oldIndex != nil {
                    let name = table.searchIndexName(at: old)
                    result.before.append(MigrationStep(
                        kind: .dropVirtualTable, statements: [SQLWriter.dropVirtualTable(named: name)],
                        summary: "Drop search index \(name)", from: table))
                }
                if let newIndex {
                    let name = table.searchIndexName(at: version)
                    result.after.append(MigrationStep(
                        kind: .createVirtualTable, statements: [newIndex], summary: "Create search index \(name)", from: table))
                    result.recreated.insert(table.id)
                    if table.range.contains(old) {
                        result.after.append(refill(table, at: version, because: "from the rows it has"))
                        result.refilled.insert(table.id)
                    }
                }
            } else if newIndex != nil, rebuiltTables.contains(table.id) {
                result.after.append(refill(table, at: version, because: "after the table's rebuild"))
                result.refilled.insert(table.id)
            }
        }
        return result
    }

    /// FTS5's `'rebuild'` of `table`'s index at `version`.
    func refill(_ table: Table, at version: Int, because reason: String) -> MigrationStep {
        let name = table.searchIndexName(at: version)
        return MigrationStep(
            kind: .rebuildSearchIndex, statements: [SQLWriter.rebuildSearchIndex(named: name)],
            summary: "Fill search index \(name) \(reason)", from: table)
    }
}
