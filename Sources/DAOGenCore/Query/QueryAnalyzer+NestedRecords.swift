/// Nested records: a result term `t.*`, `t` a table or view of the statement, read as one property
/// holding `t`'s record (docs/SchemaFormat.md, "Nested records").
extension QueryAnalyzer {
    /// The `t.*` terms of `query`'s result that are records, in result order; nil after an error.
    /// `columns` are the query's typed result columns.
    mutating func nestedRecords(
        _ query: Query, shape: SQLShape, columns: [AnalyzedQuery.ResultColumn]
    ) -> [AnalyzedQuery.NestedRecord]? {
        let prefix = "query '\(query.name)'"
        guard let facts = resultFacts(of: query.sql, shape: shape), facts.count == columns.count else { return [] }
        var records: [AnalyzedQuery.NestedRecord] = []
        var failed = false
        var start = 0
        while start < facts.count {
            guard let star = facts[start].star else {
                start += 1
                continue
            }
            var end = start + 1
            while end < facts.count, facts[end].star?.position == star.position { end += 1 }
            defer { start = end }
            guard let source = recordSource(named: star.source), source.columnCount == end - start else { continue }
            let term = "\(star.qualifier).*"
            let swiftName = SwiftNaming.lowerCamelCase(star.alias ?? source.typeName)
            guard SwiftNaming.isIdentifier(swiftName) else {
                diagnostics.error("\(prefix): '\(term)' needs an alias that can be a Swift property", at: query.location(of: "sql"))
                failed = true
                continue
            }
            for annotation in query.resultTypes where columns[start..<end].contains(where: { $0.name == annotation.name }) {
                diagnostics.error(
                    "\(prefix): 'types' types '\(annotation.name)', a column of '\(term)', which is read as a '\(source.typeName)'; list the columns instead of '\(term)' to type them",
                    at: annotation.location)
                failed = true
            }
            var missingWhenNullAt: Int?
            if star.mayBeMissing {
                guard let judge = source.judgeColumn else {
                    diagnostics.error(
                        "\(prefix): '\(term)' may have no row, and \(source.kind) '\(star.source)' has no primary key or NOT NULL column to tell a missing row from a row of NULLs; list its columns instead",
                        at: query.location(of: "sql"))
                    failed = true
                    continue
                }
                missingWhenNullAt = start + judge
            }
            records.append(AnalyzedQuery.NestedRecord(
                term: term, swiftName: swiftName, typeName: source.typeName, columns: start..<end, missingWhenNullAt: missingWhenNullAt))
        }
        return failed ? nil : records
    }

    /// What a nested record of the table or view `name` needs: its record's Swift name, its number of
    /// columns (the ones `t.*` gives, in order) and the column that is never NULL in a row of it: the
    /// first primary key column, else the first NOT NULL column (for a view, the first non-optional one).
    private func recordSource(named name: String) -> (typeName: String, kind: String, columnCount: Int, judgeColumn: Int?)? {
        if let table = table(named: name) {
            let columns = table.columns(at: schema.settings.version)
            let keys = table.primaryKeyNames(at: schema.settings.version)
            let key = columns.firstIndex { column in
                keys.contains { $0.caseInsensitiveCompare(column.name(at: schema.settings.version)) == .orderedSame }
                    && isNotNull(column, of: table)
            }
            return (table.swiftName, "table", columns.count, key ?? columns.firstIndex { isNotNull($0, of: table) })
        }
        guard let view = views.first(where: { $0.view.name.caseInsensitiveCompare(name) == .orderedSame }) else { return nil }
        return (view.view.swiftName, "view", view.columns.count, view.columns.firstIndex { !$0.value.isOptional })
    }
}
