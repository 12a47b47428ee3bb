import DAOGenRuntime

extension QueryAnalyzer {
    /// Comparison operators whose other side types a parameter.
    static let comparisons: Set<String> = ["=", "==", "<>", "!=", "<", "<=", ">", ">="]
    static let comparisonWords: Set<String> = ["IS", "LIKE", "GLOB"]

    // MARK: - Parameters

    /// Every distinct named parameter, typed by `params:`, else by what it is compared with; nil after an error.
    mutating func typeParameters(_ query: Query, of owner: QueryOwner, statement: Statement, shape: SQLShape) -> [AnalyzedQuery.Parameter]? {
        let prefix = "query '\(query.name)'"
        var parameters: [AnalyzedQuery.Parameter] = []
        var failed = false
        let count = statement.parameterCount
        var labels: [String: String] = [:]
        for index in stride(from: 1, through: count, by: 1) {
            guard let written = statement.parameterName(at: index) else {
                diagnostics.error(
                    "\(prefix): parameters must be named (:name, @name or $name); '?' has no name to label a Swift argument",
                    at: query.location(of: "sql"))
                return nil
            }
            let name = String(written.dropFirst())
            guard name.first.map({ !$0.isNumber }) == true else {
                diagnostics.error("\(prefix): parameter '\(written)' must be named with a letter first", at: query.location(of: "sql"))
                return nil
            }
            let label = SwiftNaming.isIdentifier(name) ? name : SwiftNaming.lowerCamelCase(name)
            if let other = labels[label] {
                diagnostics.error(
                    "\(prefix): parameters '\(other)' and '\(written)' both become the Swift argument '\(label)'; use one name",
                    at: query.location(of: "sql"))
                return nil
            }
            labels[label] = written
            let occurrences = shape.tokens.indices.filter {
                shape.tokens[$0].kind == .parameter && shape.tokens[$0].text == name
                    && shape.tokens[$0].offset < query.sql.utf8.count
                    && query.sql.utf8.dropFirst(shape.tokens[$0].offset).first == written.utf8.first
            }
            let annotation = query.parameterTypes.first(where: { $0.name == name || $0.name == written })
            let listSlots = occurrences.filter { isListSlot($0, in: shape.tokens) }
            // `IN (:p)` takes an array, unless 'params:' gives a single value's type.
            let elementAnnotation = annotation.flatMap(listElement(of:))
            let isList = annotation == nil ? !listSlots.isEmpty : elementAnnotation != nil
            if isList {
                guard let value = listParameter(
                    written, of: query, owner: owner, occurrences: occurrences, listSlots: listSlots, annotation: elementAnnotation, shape: shape)
                else { failed = true; continue }
                parameters.append(AnalyzedQuery.Parameter(name: name, label: label, index: index, value: value, isList: true))
                continue
            }
            var value: AnalyzedQuery.Value?
            if let annotation {
                value = resolve(annotation, of: owner, what: "params")
                if value == nil { failed = true; continue }
            } else {
                var inferred: [AnalyzedQuery.Value] = []
                for occurrence in occurrences {
                    if let found = inferParameter(at: occurrence, in: shape), !inferred.contains(found) { inferred.append(found) }
                }
                let at = occurrences.first.map { query.location(ofSQLOffset: shape.tokens[$0].offset) } ?? query.location(of: "sql")
                if inferred.count > 1 {
                    diagnostics.error(
                        "\(prefix): parameter '\(written)' is compared with values of different Swift types (\(inferred.map(\.swiftName).joined(separator: ", "))); give its type in 'params:'",
                        at: at)
                    failed = true
                    continue
                }
                guard let only = inferred.first else {
                    diagnostics.error(
                        "\(prefix): the type of parameter '\(written)' cannot be inferred (it is not compared with a column, nor a LIMIT or OFFSET); give it in 'params:', e.g. params: { \(name): String }",
                        at: at)
                    failed = true
                    continue
                }
                value = only
            }
            if let value {
                parameters.append(AnalyzedQuery.Parameter(name: name, label: label, index: index, value: value))
            }
        }
        for annotation in query.parameterTypes where !parameters.contains(where: { $0.name == annotation.name }) && !failed {
            if !(1...max(count, 1)).contains(where: { index in
                statement.parameterName(at: index).map { $0.dropFirst() == annotation.name } == true
            }) {
                diagnostics.error("\(prefix): 'params' types '\(annotation.name)', which is not a parameter of the query", at: annotation.location)
                failed = true
            }
        }
        return failed ? nil : parameters
    }

    /// The type a parameter occurrence takes from its surroundings (see docs/SchemaFormat.md, Queries).
    func inferParameter(at position: Int, in shape: SQLShape) -> AnalyzedQuery.Value? {
        let tokens = shape.tokens
        func token(_ index: Int) -> SQLToken? { tokens.indices.contains(index) ? tokens[index] : nil }
        func value(_ reference: SourceColumn?) -> AnalyzedQuery.Value? {
            reference.map { AnalyzedQuery.Value(type: $0.type, isOptional: false) }
        }
        // LIMIT :n, OFFSET :n, LIMIT a, :n
        if let previous = token(position - 1) {
            if previous.isKeyword("LIMIT") || previous.isKeyword("OFFSET") {
                return AnalyzedQuery.Value(type: .int, isOptional: false)
            }
            if previous.isSymbol(","), token(position - 3)?.isKeyword("LIMIT") == true {
                return AnalyzedQuery.Value(type: .int, isOptional: false)
            }
            // book_fts MATCH :q, book_fts.title MATCH :q: an FTS query is text.
            if previous.isKeyword("MATCH") {
                return AnalyzedQuery.Value(type: .string, isOptional: false)
            }
        }
        // column op :p
        if let operatorStart = comparisonOperator(endingAt: position - 1, in: tokens),
           let found = value(columnReference(endingAt: operatorStart - 1, in: shape)) {
            return found
        }
        // :p op column
        if let operatorEnd = comparisonOperator(startingAt: position + 1, in: tokens),
           let found = value(columnReference(startingAt: operatorEnd + 1, in: shape)) {
            return found
        }
        // column [NOT] BETWEEN :p AND x, column [NOT] BETWEEN x AND :p
        var between = position - 1
        if token(between)?.isKeyword("AND") == true, token(between - 2)?.isKeyword("BETWEEN") == true { between -= 2 }
        if token(between)?.isKeyword("BETWEEN") == true {
            let end = token(between - 1)?.isKeyword("NOT") == true ? between - 2 : between - 1
            if let found = value(columnReference(endingAt: end, in: shape)) { return found }
        }
        // column [NOT] IN (..., :p, ...), and INSERT INTO t (columns) VALUES (..., :p, ...)
        if let open = shape.opening(before: position),
           token(position - 1).map({ $0.isSymbol("(") || $0.isSymbol(",") }) == true,
           token(position + 1).map({ $0.isSymbol(")") || $0.isSymbol(",") }) == true {
            if token(open - 1)?.isKeyword("IN") == true {
                let end = token(open - 2)?.isKeyword("NOT") == true ? open - 3 : open - 2
                if let found = value(columnReference(endingAt: end, in: shape)) { return found }
            }
            let isValues = token(open - 1)?.isKeyword("VALUES") == true
                || (token(open - 1)?.isSymbol(",") == true && token(open - 2)?.isSymbol(")") == true)
            if isValues, let target = shape.insertTable, let columns = sourceColumns(named: target) {
                var depth = 0
                var position2 = 0
                for index in (open + 1)..<position {
                    if tokens[index].isSymbol("(") { depth += 1 }
                    if tokens[index].isSymbol(")") { depth -= 1 }
                    if depth == 0, tokens[index].isSymbol(",") { position2 += 1 }
                }
                let names = shape.insertColumns.isEmpty ? columns.map(\.name) : shape.insertColumns
                if names.indices.contains(position2), let column = column(named: names[position2], in: columns) {
                    return AnalyzedQuery.Value(type: column.type, isOptional: false)
                }
            }
        }
        return nil
    }

    /// The index of the first token of a comparison operator ending at `end` (`=`, `IS NOT`, `NOT LIKE`...).
    private func comparisonOperator(endingAt end: Int, in tokens: [SQLToken]) -> Int? {
        guard tokens.indices.contains(end) else { return nil }
        let last = tokens[end]
        if last.kind == .symbol, Self.comparisons.contains(last.text) { return end }
        if last.kind == .word, Self.comparisonWords.contains(last.text.uppercased()) {
            return end > 0 && tokens[end - 1].isKeyword("NOT") ? end - 1 : end
        }
        if last.isKeyword("NOT"), end > 0, tokens[end - 1].isKeyword("IS") { return end - 1 }
        return nil
    }

    /// The index of the last token of a comparison operator starting at `start`.
    private func comparisonOperator(startingAt start: Int, in tokens: [SQLToken]) -> Int? {
        guard tokens.indices.contains(start) else { return nil }
        let first = tokens[start]
        if first.kind == .symbol, Self.comparisons.contains(first.text) { return start }
        if first.isKeyword("NOT"), start + 1 < tokens.count,
           tokens[start + 1].isKeyword("LIKE") || tokens[start + 1].isKeyword("GLOB") { return start + 1 }
        if first.kind == .word, Self.comparisonWords.contains(first.text.uppercased()) {
            return start + 1 < tokens.count && tokens[start + 1].isKeyword("NOT") && first.isKeyword("IS") ? start + 1 : start
        }
        return nil
    }

    /// `name` or `qualifier.name` ending at `end`, resolved among the statement's sources.
    func columnReference(endingAt end: Int, in shape: SQLShape) -> SourceColumn? {
        let tokens = shape.tokens
        guard tokens.indices.contains(end), tokens[end].isName else { return nil }
        if end >= 2, tokens[end - 1].isSymbol("."), tokens[end - 2].isName {
            return resolveColumn(qualifier: tokens[end - 2].text, name: tokens[end].text, in: shape)
        }
        return resolveColumn(qualifier: nil, name: tokens[end].text, in: shape)
    }

    /// `name` or `qualifier.name` starting at `start` (not a function call), resolved among the statement's sources.
    func columnReference(startingAt start: Int, in shape: SQLShape) -> SourceColumn? {
        let tokens = shape.tokens
        guard tokens.indices.contains(start), tokens[start].isName else { return nil }
        if start + 2 < tokens.count, tokens[start + 1].isSymbol("."), tokens[start + 2].isName {
            if start + 3 < tokens.count, tokens[start + 3].isSymbol("(") { return nil }
            return resolveColumn(qualifier: tokens[start].text, name: tokens[start + 2].text, in: shape)
        }
        if start + 1 < tokens.count, tokens[start + 1].isSymbol("(") { return nil }
        return resolveColumn(qualifier: nil, name: tokens[start].text, in: shape)
    }

    // MARK: - Result columns

    /// Every result column, typed by `types:`, else by its origin column, else by its expression; nil after an error.
    mutating func typeColumns(
        _ query: Query, of owner: QueryOwner, statement: Statement, shape: SQLShape, what: String = "query"
    ) -> [AnalyzedQuery.ResultColumn]? {
        let prefix = "\(what) '\(query.name)'"
        let count = Int(statement.columnCount)
        var columns: [AnalyzedQuery.ResultColumn] = []
        var failed = false
        let found = resultFacts(of: query.sql, shape: shape)
        let facts = found?.count == count ? found : nil
        for index in 0..<count {
            let name = statement.columnName(at: index)
            var swiftName = SwiftNaming.lowerCamelCase(name)
            // A property is derived from a name, not from an expression's text (`max(rating)`). A query's
            // only column needs none: its value is returned as it is.
            let isUnnamedValue = what == "query" && count == 1
            if isUnnamedValue && !(SwiftNaming.isIdentifier(swiftName) && name.unicodeScalars.allSatisfy({ CharacterSetHelpers.isIdentifierScalar($0) || $0 == " " })) {
                swiftName = "value"
            }
            guard SwiftNaming.isIdentifier(swiftName),
                  isUnnamedValue || name.unicodeScalars.allSatisfy({ CharacterSetHelpers.isIdentifierScalar($0) || $0 == " " }) else {
                diagnostics.error("\(prefix): result column '\(name)' needs a name that can be a Swift property; add AS name", at: query.location(of: "sql"))
                failed = true
                continue
            }
            var value: AnalyzedQuery.Value?
            if let annotation = query.resultTypes.first(where: { $0.name == name }) {
                value = resolve(annotation, of: owner, what: "types")
                if value == nil { failed = true; continue }
            } else if let origin = originColumn(statement, at: index) {
                // The type of the column SQLite traces it to; NULL as the statement's syntax allows.
                value = AnalyzedQuery.Value(type: origin.type, isOptional: !(facts?[index].value.isNeverNull ?? false))
            } else if let fact = facts?[index].value, let type = fact.type {
                value = AnalyzedQuery.Value(type: type, isOptional: !fact.isNeverNull)
            }
            guard let value else {
                diagnostics.error(
                    "\(prefix): the type of result column '\(name)' cannot be inferred from the schema; give it in 'types:', e.g. types: { \(name): Double? }",
                    at: query.location(of: "sql"))
                failed = true
                continue
            }
            columns.append(AnalyzedQuery.ResultColumn(name: name, swiftName: swiftName, value: value))
        }
        for annotation in query.resultTypes where !columns.contains(where: { $0.name == annotation.name }) && !failed {
            diagnostics.error("\(prefix): 'types' types '\(annotation.name)', which is not a result column of the query", at: annotation.location)
            failed = true
        }
        return failed ? nil : columns
    }

    /// The schema column a result column comes from, through SQLite's column metadata.
    private func originColumn(_ statement: Statement, at index: Int) -> SourceColumn? {
        guard let origin = statement.columnOrigin(at: index) else { return nil }
        // A column of a `search:` index holds a copy of its table's column of the same name.
        let indexed = schema.tables.first { table in
            table.range.contains(schema.settings.version) && table.search(at: schema.settings.version) != nil
                && table.searchIndexName(at: schema.settings.version).caseInsensitiveCompare(origin.table) == .orderedSame
        }
        let columns = indexed.map(sourceColumns(of:)) ?? sourceColumns(named: origin.table)
        return columns.flatMap { column(named: origin.column, in: $0) }
    }
}
