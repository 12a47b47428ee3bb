import DAOGenRuntime

// List parameters: `IN (:ids)` takes a Swift array (docs/SchemaFormat.md, "List parameters").

extension QueryAnalyzer {
    /// True when the parameter token at `position` is the only element of an `IN ( )` list.
    func isListSlot(_ position: Int, in tokens: [SQLToken]) -> Bool {
        position >= 2 && position + 1 < tokens.count
            && tokens[position - 1].isSymbol("(") && tokens[position - 2].isKeyword("IN") && tokens[position + 1].isSymbol(")")
    }

    /// The element type of a `params:` list type, `"[Int64]"`; nil for any other type.
    func listElement(of annotation: TypeAnnotation) -> TypeAnnotation? {
        guard annotation.written.count > 2, annotation.written.hasPrefix("["), annotation.written.hasSuffix("]") else { return nil }
        var element = annotation
        element.written = String(annotation.written.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        return element
    }

    /// The element type of list parameter `written`, from `params:` or the compared column; nil after an
    /// error. A list is written once, as the only element of an IN list, and its elements are values.
    mutating func listParameter(
        _ written: String, of query: Query, owner: QueryOwner, occurrences: [Int], listSlots: [Int],
        annotation: TypeAnnotation?, shape: SQLShape
    ) -> AnalyzedQuery.Value? {
        let prefix = "query '\(query.name)'"
        func location(_ occurrence: Int) -> SourceLocation { query.location(ofSQLOffset: shape.tokens[occurrence].offset) }
        guard let slot = listSlots.first else {
            diagnostics.error(
                "\(prefix): 'params' gives parameter '\(written)' the list type '[\(annotation?.written ?? "")]', but it is not the only element of an IN list, where a list goes: x IN (\(written))",
                at: annotation?.location ?? query.location(of: "params"))
            return nil
        }
        if let other = occurrences.first(where: { $0 != slot }) {
            diagnostics.error(
                "\(prefix): list parameter '\(written)' is written more than once; a list parameter (the only element of an IN list) appears once",
                at: location(other))
            return nil
        }
        let value: AnalyzedQuery.Value
        if let annotation {
            guard let resolved = resolve(annotation, of: owner, what: "params") else { return nil }
            value = resolved
        } else {
            guard let inferred = inferParameter(at: slot, in: shape) else {
                let name = String(written.dropFirst())
                diagnostics.error(
                    "\(prefix): the element type of list parameter '\(written)' cannot be inferred (the IN list is not compared with a column); give it in 'params:', e.g. params: { \(name): \"[Int64]\" }",
                    at: location(slot))
                return nil
            }
            value = inferred
        }
        if value.isOptional {
            diagnostics.error(
                "\(prefix): the elements of list parameter '\(written)' cannot be Optional: NULL in an IN list matches no row; write '[\(value.type.swiftName)]'",
                at: annotation?.location ?? location(slot))
            return nil
        }
        if case .json = value.type {
            diagnostics.error(
                "\(prefix): list parameter '\(written)' is compared with a JSON column, whose values an IN list cannot take; compare a JSON field instead",
                at: location(slot))
            return nil
        }
        return value
    }

    /// The SQL a query with list parameters runs (``AnalyzedQuery/ListSQL``), with `parameters` renumbered
    /// to it, and proven: it prepares, for lists of none, one and three values, with the number of
    /// placeholders expected; nil for a query without lists, or after an error.
    mutating func listSQL(
        _ query: Query, parameters: inout [AnalyzedQuery.Parameter], statement: Statement, in database: Database
    ) -> AnalyzedQuery.ListSQL? {
        guard parameters.contains(where: \.isList) else { return nil }
        let bytes = Array(query.sql.utf8)
        let tokens = SQLLexer.tokens(query.sql)
        // The values keep SQLite's order, numbered from 1; the lists follow in the order they appear.
        var numbers: [String: Int] = [:]
        var lists: [String: Int] = [:]
        for position in parameters.indices {
            guard let written = statement.parameterName(at: parameters[position].index) else { continue }
            if parameters[position].isList {
                lists[written] = position
            } else {
                numbers[written] = numbers.count + 1
                parameters[position].index = numbers.count
            }
        }
        let firstList = numbers.count + 1
        var sql = ""
        var copied = 0
        var listCount = 0
        for token in tokens where token.kind == .parameter {
            let written = SQLLexer.text(token.range, in: bytes)
            if let position = lists[written] {
                parameters[position].index = listCount
                numbers[written] = firstList + listCount
                listCount += 1
            }
            guard let number = numbers[written] else { continue }
            sql += String(decoding: bytes[copied..<token.range.lowerBound], as: UTF8.self) + "?\(number)"
            copied = token.range.upperBound
        }
        sql += String(decoding: bytes[copied...], as: UTF8.self)

        let runs = ListQuerySQL(sql, firstList: firstList)
        for count in [0, 1, 3] {
            let expansion = runs.expanded(Array(repeating: count, count: listCount))
            let expected = firstList - 1 + listCount * InList.paddedCount(count)
            let placeholders = try? database.withStatement(sql: expansion.sql) { $0.parameterCount }
            if placeholders != expected {
                diagnostics.error(
                    "query '\(query.name)': its list parameters cannot be expanded (\(count) values each: \(expansion.sql)); write each as the only element of an IN list",
                    at: query.location(of: "sql"))
                return nil
            }
        }
        return AnalyzedQuery.ListSQL(sql: sql, firstList: firstList)
    }
}
