/// Defects that are known and being fixed on another branch. A failing history that shows one of them
/// is reported as a known issue rather than a new failure; the generator keeps drawing their inputs, so
/// the fixes are exercised as soon as they are merged.
enum KnownDefects {
    static func match(_ failure: HistoryFailure, _ history: SchemaHistory) -> String? {
        let text = failure.detail
        let columns = history.tables.flatMap(\.columns)
        if columns.contains(where: { $0.name == "self" }) {
            return "a column named self"
        }
        if columns.contains(where: { $0.declarations.contains { $0.kind == .int8 && $0.defaultSQL == "300" } }),
           text.contains("300") || text.contains("overflow") {
            return "Int8 default 300 overflows"
        }
        let enumInFinder = history.tables.contains { table in
            table.indexes.contains { index in
                index.columns.contains { name in table.columns.contains { $0.name == name && $0.declarations.contains { $0.kind.isEnum } } }
            }
        }
        if enumInFinder, failure.stage == "compile", text.contains("cannot find type") {
            return "enum type of a finder outside the record"
        }
        let tightened = columns.contains { column in
            zip(column.declarations, column.declarations.dropFirst()).contains { !$0.notNull && $1.notNull }
        }
        if tightened, text.contains("NOT NULL constraint failed") {
            return "nullable -> NOT NULL with a default fails on NULL rows"
        }
        let indexOnOldName = history.tables.contains { table in
            table.indexes.contains { index in
                index.columns.contains { name in
                    table.columns.contains { $0.name == name && $0.renamedFrom.map { index.until < $0.in || index.since < $0.in } == true }
                }
            }
        }
        if indexOnOldName, failure.stage == "rejected", text.contains("index") {
            return "index with until naming a column's old name"
        }
        return nil
    }
}
