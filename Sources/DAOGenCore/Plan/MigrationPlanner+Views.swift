extension MigrationPlanner {
    /// `steps` between the drop of the old version's triggers and views and the creation of the new
    /// version's, when the version changes any table, view or trigger: SQLite's documented procedure
    /// for schema changes (a view naming a table being rebuilt or renamed would make the rename fail,
    /// and dropping a table drops its triggers). Data steps run while views and triggers are absent.
    func withViewsAndTriggers(_ steps: [MigrationStep], from old: Int, to version: Int) -> [MigrationStep] {
        let oldViews = schema.views(at: old), newViews = schema.views(at: version)
        let oldTriggers = schema.triggers(at: old), newTriggers = schema.triggers(at: version)
        // The triggers of `search:` go with the others: a table rebuild drops them.
        let oldSearchTriggers = SQLWriter.searchTriggers(for: schema, at: old)
        let newSearchTriggers = SQLWriter.searchTriggers(for: schema, at: version)
        let viewsChanged = oldViews.map { SQLWriter.createView($0, at: old) } != newViews.map { SQLWriter.createView($0, at: version) }
        let triggersChanged = oldTriggers.map(\.sql) != newTriggers.map(\.sql) || oldSearchTriggers != newSearchTriggers
        let tablesChanged = steps.contains { $0.kind != .data }
        let virtual = virtualTableSteps(steps, from: old, to: version)
        let hasOld = !(oldViews.isEmpty && oldTriggers.isEmpty && oldSearchTriggers.isEmpty)
        guard viewsChanged || triggersChanged || !virtual.isEmpty || (tablesChanged && hasOld) else { return steps }
        var before: [MigrationStep] = []
        for trigger in oldTriggers {
            before.append(MigrationStep(
                kind: .dropTrigger, statements: [SQLWriter.dropTrigger(named: trigger.name)],
                summary: "Drop trigger \(trigger.name)", from: trigger))
        }
        for table in schema.tables {
            for trigger in SQLWriter.searchTriggers(of: table, at: old) {
                before.append(MigrationStep(
                    kind: .dropTrigger, statements: [SQLWriter.dropTrigger(named: trigger.name)],
                    summary: "Drop trigger \(trigger.name) of the search index", from: table))
            }
        }
        // Later views may select from earlier ones: drop in reverse order.
        for view in oldViews.reversed() {
            before.append(MigrationStep(
                kind: .dropView, statements: [SQLWriter.dropView(named: view.name(at: old))],
                summary: "Drop view \(view.name(at: old))", from: view))
        }
        var after: [MigrationStep] = []
        for view in newViews {
            after.append(MigrationStep(
                kind: .createView, statements: [SQLWriter.createView(view, at: version)],
                summary: "Create view \(view.name(at: version))", from: view))
        }
        for trigger in newTriggers {
            after.append(MigrationStep(
                kind: .createTrigger, statements: [trigger.sql], summary: "Create trigger \(trigger.name)", from: trigger))
        }
        for table in schema.tables {
            for trigger in SQLWriter.searchTriggers(of: table, at: version) {
                after.append(MigrationStep(
                    kind: .createTrigger, statements: [trigger.sql],
                    summary: "Create trigger \(trigger.name) of the search index", from: table))
            }
        }
        // The data steps ran without the triggers of `search:`: the indexes they may have left behind are filled again.
        let hasDataStep = steps.contains { $0.kind == .data }
        let refilled = virtual.after + schema.tables.compactMap { table -> MigrationStep? in
            guard hasDataStep, !virtual.recreated.contains(table.id), table.search(at: old) != nil, table.search(at: version) != nil,
                  !virtual.refilled.contains(table.id)
            else { return nil }
            return refill(table, at: version, because: "after the data step")
        }
        return before + virtual.before + steps + refilled + after
    }
}
