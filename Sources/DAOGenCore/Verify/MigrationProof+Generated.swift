import DAOGenRuntime

extension MigrationProof {
    /// The generated columns at `version` whose values in `database` (just migrated) are not what a fresh
    /// database computes from the same rows: one message per column, with the number of rows that differ.
    ///
    /// A fresh database computes `GENERATED ALWAYS AS (expression)` from the row's other columns, so a row
    /// agrees with it when the column `IS` the expression evaluated over that row. A STORED column a rebuild
    /// copied or a migration left stale would not; the rows' other columns are checked by the row snapshots.
    static func generatedColumnProblems(of schema: Schema, at version: Int, in database: Database) -> [(table: Table, message: String)] {
        var problems: [(Table, String)] = []
        for table in schema.tables where table.range.contains(version) {
            let name = SQLWriter.quote(table.name(at: version))
            for column in table.columns(at: version) {
                guard let expression = column.generated else { continue }
                let sql = "SELECT count(*) FROM \(name) WHERE \(SQLWriter.quote(column.name(at: version))) IS NOT (\(expression))"
                do {
                    let differing = try database.rows(sql).first?.first
                    if case let .integer(count)? = differing, count > 0 {
                        problems.append((table, "\(count) row(s) of table '\(table.name(at: version))' hold values of generated column '\(column.name(at: version))' that differ from a fresh database's"))
                    }
                } catch {
                    problems.append((table, "cannot compare generated column '\(column.name(at: version))' of table '\(table.name(at: version))': \(error)"))
                }
            }
        }
        return problems
    }
}
