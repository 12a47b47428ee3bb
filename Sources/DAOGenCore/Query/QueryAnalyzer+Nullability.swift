/// What typing knows of a value: its Swift type, when known, and whether it is provably never NULL.
struct ValueFacts {
    var type: SwiftValueType?
    /// True only when no row of any database can make the value NULL (see docs/SchemaFormat.md,
    /// "When a result column is Optional").
    var isNeverNull: Bool

    /// Nothing known: any type, possibly NULL.
    static let unknown = ValueFacts(type: nil, isNeverNull: false)

    /// A value of an integer Swift type (integer arithmetic on such values never makes NULL).
    var isInteger: Bool {
        switch type {
        case .int64?, .int?, .int32?, .int16?, .int8?, .uint8?, .bool?: return true
        default: return false
        }
    }
}

/// A column of a statement's result or of a source: its name (nil for an unnamed expression) and facts.
struct ColumnFacts {
    var name: String?
    var value: ValueFacts
    /// For a column of a result term `t.*` of a table or view, where it comes from: what a nested record
    /// is read from (kept in a simple SELECT's own result only).
    var star: StarTerm?
}

/// A result term `q.*` whose source is a table or view of the schema.
struct StarTerm {
    /// The term's position among the result terms of its SELECT.
    var position: Int
    /// The qualifier as written: the source's alias, else its name.
    var qualifier: String
    /// The source's alias, when written.
    var alias: String?
    /// The table's or view's SQL name.
    var source: String
    /// True when the source may have no row: it is on a nullable side of an outer join, or the query is an
    /// aggregate query without GROUP BY.
    var mayBeMissing: Bool
}

/// Whether each result column can be NULL, decided on the statement's syntax (`SelectParser`) and
/// the schema: a result column is never NULL only when every row the statement can return has a
/// value there. Anything this analysis does not read is possibly NULL.
extension QueryAnalyzer {
    /// A source of a FROM clause, as the columns it gives.
    struct FactSource {
        /// The name expressions qualify its columns with: its alias, else its name.
        var qualifier: String
        /// Its columns; nil when the schema does not describe them (a table-valued function).
        var columns: [ColumnFacts]?
        /// On the side of an outer join that may have no row.
        var isNullable = false
        /// Columns `*` leaves out (the right side's `USING` / `NATURAL` columns), lowercased.
        var hidden: Set<String> = []
        /// The name of the table or view of the schema it is (nil for a common table, a subquery or a function).
        var schemaName: String?
        /// Its alias, when written.
        var alias: String?
    }

    /// The sources of one SELECT arm and whether it is an aggregate query without GROUP BY.
    struct FactScope {
        var sources: [FactSource]
        /// An aggregate query without GROUP BY returns one row even when no row matches: its
        /// columns outside aggregates are NULL then.
        var bareColumnsMayBeNull: Bool
        /// `GROUP BY`: every group has a row, so an aggregate over a never-NULL value is never NULL.
        var isGrouped: Bool
    }

    /// Common tables in reach, by lowercased name.
    typealias CommonTables = [String: [ColumnFacts]]

    /// The facts of every result column of `sql`, in order; nil when the statement is not read.
    func resultFacts(of sql: String, shape: SQLShape) -> [ColumnFacts]? {
        let target = shape.insertTable ?? shape.sources.first?.name
        guard let statement = SelectParser.parse(sql, returningFrom: target) else { return nil }
        return facts(of: statement, scopes: [], commonTables: [:])
    }

    // MARK: - Statements

    func facts(of statement: SelectStatement, scopes: [FactScope], commonTables: CommonTables) -> [ColumnFacts]? {
        var tables = commonTables
        for table in statement.commonTables {
            tables[table.name.lowercased()] = commonTableFacts(table, scopes: scopes, commonTables: tables)
        }
        var merged: [ColumnFacts] = []
        for (position, arm) in statement.arms.enumerated() {
            let ordering = statement.arms.count == 1 ? statement.ordering : []
            guard let columns = facts(of: arm, ordering: ordering, scopes: scopes, commonTables: tables) else { return nil }
            if position == 0 {
                // A nested record is read from a simple SELECT's own `t.*` only.
                merged = statement.arms.count == 1 ? columns : columns.map { ColumnFacts(name: $0.name, value: $0.value) }
                continue
            }
            guard merged.count == columns.count else { return nil }
            for index in merged.indices {
                switch statement.operators[position - 1] {
                case .union:  // rows of either arm
                    merged[index].value.isNeverNull = merged[index].value.isNeverNull && columns[index].value.isNeverNull
                case .except:  // rows of the left arm only
                    break
                case .intersect:  // rows equal to one of each arm
                    merged[index].value.isNeverNull = merged[index].value.isNeverNull || columns[index].value.isNeverNull
                }
                if merged[index].value.type == nil { merged[index].value.type = columns[index].value.type }
            }
        }
        return merged
    }

    /// A common table's columns. A recursive one starts from "never NULL" everywhere and is
    /// evaluated again with what its body gives until nothing changes: the columns no recursion
    /// depth can make NULL.
    private func commonTableFacts(_ table: CommonTable, scopes: [FactScope], commonTables: CommonTables) -> [ColumnFacts]? {
        let key = table.name.lowercased()
        func named(_ columns: [ColumnFacts]) -> [ColumnFacts] {
            guard table.columnNames.count == columns.count else { return columns }
            return zip(table.columnNames, columns).map { ColumnFacts(name: $0, value: $1.value) }
        }
        var tables = commonTables
        tables[key] = nil
        var first = table.body
        first.arms = Array(first.arms.prefix(1))
        first.operators = []
        guard let seed = facts(of: first, scopes: scopes, commonTables: tables) else { return nil }
        var assumed = named(seed).map { ColumnFacts(name: $0.name, value: ValueFacts(type: $0.value.type, isNeverNull: true)) }
        for _ in 0..<(assumed.count + 2) {
            tables[key] = assumed
            guard let next = facts(of: table.body, scopes: scopes, commonTables: tables), next.count == assumed.count else { return nil }
            let narrowed = zip(assumed, named(next)).map { old, new in
                ColumnFacts(name: old.name, value: ValueFacts(type: old.value.type ?? new.value.type, isNeverNull: old.value.isNeverNull && new.value.isNeverNull))
            }
            if narrowed.map(\.value.isNeverNull) == assumed.map(\.value.isNeverNull) { return assumed }
            assumed = narrowed
        }
        return assumed.map { ColumnFacts(name: $0.name, value: ValueFacts(type: $0.value.type, isNeverNull: false)) }
    }

    private func facts(of core: SelectCore, ordering: [SQLExpression], scopes: [FactScope], commonTables: CommonTables) -> [ColumnFacts]? {
        switch core {
        case let .values(rows):
            guard let first = rows.first else { return nil }
            let scope = FactScope(sources: [], bareColumnsMayBeNull: false, isGrouped: false)
            var columns = first.indices.map { index in
                ColumnFacts(name: "column\(index + 1)", value: evaluate(first[index], in: [scope] + scopes, commonTables, aggregated: false))
            }
            for row in rows.dropFirst() {
                guard row.count == columns.count else { return nil }
                for index in columns.indices {
                    let value = evaluate(row[index], in: [scope] + scopes, commonTables, aggregated: false)
                    columns[index].value.isNeverNull = columns[index].value.isNeverNull && value.isNeverNull
                    if columns[index].value.type == nil { columns[index].value.type = value.type }
                }
            }
            return columns
        case let .select(body):
            var sources: [FactSource] = []
            for item in body.sources {
                guard appendSources(of: item, to: &sources, scopes: scopes, commonTables: commonTables) else { return nil }
            }
            let expressions = body.terms.compactMap { term -> SQLExpression? in
                if case let .expression(expression, _) = term { return expression }
                return nil
            } + ordering + (body.having.map { [$0] } ?? [])
            let isAggregate = body.isGrouped || body.having != nil || expressions.contains(where: containsAggregate)
                || expressions.contains { containsOuterAggregate($0, commonTables: commonTables) }
            let scope = FactScope(sources: sources, bareColumnsMayBeNull: isAggregate && !body.isGrouped, isGrouped: body.isGrouped)
            var columns: [ColumnFacts] = []
            func append(_ source: FactSource, hiding: Bool) -> Bool {
                guard let given = source.columns else { return false }
                for column in given where !(hiding && source.hidden.contains(column.name?.lowercased() ?? "")) {
                    var value = column.value
                    value.isNeverNull = value.isNeverNull && !source.isNullable && !scope.bareColumnsMayBeNull
                    columns.append(ColumnFacts(name: column.name, value: value))
                }
                return true
            }
            for (position, term) in body.terms.enumerated() {
                switch term {
                case .all:
                    for source in sources {
                        guard append(source, hiding: true) else { return nil }
                    }
                case let .allOf(qualifier):
                    guard let source = sources.last(where: { $0.qualifier.caseInsensitiveCompare(qualifier) == .orderedSame }),
                          append(source, hiding: false)
                    else { return nil }
                    if let name = source.schemaName, let count = source.columns?.count {
                        let star = StarTerm(
                            position: position, qualifier: qualifier, alias: source.alias, source: name,
                            mayBeMissing: source.isNullable || scope.bareColumnsMayBeNull)
                        for index in (columns.count - count)..<columns.count { columns[index].star = star }
                    }
                case let .expression(expression, alias):
                    let value = evaluate(expression, in: [scope] + scopes, commonTables, aggregated: false)
                    var name = alias
                    if name == nil, case let .column(_, columnName) = expression { name = columnName }
                    columns.append(ColumnFacts(name: name, value: value))
                }
            }
            return columns
        }
    }

    /// Adds the sources `item` gives, marking the sides of an outer join; false when a source's
    /// columns are needed but unknown.
    private func appendSources(of item: FromItem, to sources: inout [FactSource], scopes: [FactScope], commonTables: CommonTables) -> Bool {
        let before = sources.count
        switch item.kind {
        case let .named(name):
            var columns: [ColumnFacts]?
            var schemaName: String?
            if let given = commonTables[name.lowercased()] {
                columns = given
            } else if let named = sourceColumns(named: name) {
                columns = named.map { column in
                    ColumnFacts(name: column.name, value: ValueFacts(type: column.type, isNeverNull: column.isNeverNull))
                }
                schemaName = name
            }
            sources.append(FactSource(qualifier: item.alias ?? name, columns: columns, schemaName: schemaName, alias: item.alias))
        case let .subquery(statement):
            let columns = facts(of: statement, scopes: scopes, commonTables: commonTables)
            sources.append(FactSource(qualifier: item.alias ?? "", columns: columns))
        case let .function(name):
            sources.append(FactSource(qualifier: item.alias ?? name, columns: nil))
        case let .group(items):
            for inner in items {
                guard appendSources(of: inner, to: &sources, scopes: scopes, commonTables: commonTables) else { return false }
            }
        }
        switch item.join {
        case .inner:
            break
        case .left:
            for index in before..<sources.count { sources[index].isNullable = true }
        case .right:
            for index in 0..<before { sources[index].isNullable = true }
        case .full:
            for index in sources.indices { sources[index].isNullable = true }
        }
        if sources.count == before + 1, before > 0 {
            var hidden = Set(item.using.map { $0.lowercased() })
            if item.isNatural, let columns = sources[before].columns {
                let earlier = Set(sources[..<before].flatMap { $0.columns ?? [] }.compactMap { $0.name?.lowercased() })
                hidden.formUnion(columns.compactMap { $0.name?.lowercased() }.filter(earlier.contains))
            }
            sources[before].hidden = hidden
        }
        return true
    }

    /// True when `scope`'s row count depends on no table row: an aggregate query without GROUP BY
    /// or HAVING, or a SELECT without FROM or WHERE; one arm, no LIMIT.
    private func returnsExactlyOneRow(_ statement: SelectStatement) -> Bool {
        guard statement.arms.count == 1, !statement.isLimited, case let .select(body) = statement.arms[0],
              !body.isGrouped, body.having == nil
        else { return false }
        let isAggregate = statement.ordering.contains(where: containsAggregate) || body.terms.contains { term in
            if case let .expression(expression, _) = term { return containsAggregate(expression) }
            return false
        }
        return isAggregate || (body.sources.isEmpty && !body.hasWhere)
    }

    // MARK: - Expressions

    static let aggregateFunctions: Set<String> = [
        "count", "sum", "total", "avg", "group_concat", "string_agg", "json_group_array", "json_group_object",
        "jsonb_group_array", "jsonb_group_object",
    ]

    /// True when `call` is an aggregate of the query it is in (not a window function).
    private func isAggregate(_ call: SQLFunctionCall) -> Bool {
        !call.isWindow
            && (Self.aggregateFunctions.contains(call.name) || ((call.name == "min" || call.name == "max") && call.arguments.count == 1))
    }

    /// True when `expression` calls an aggregate function of its own query (not inside a subquery).
    func containsAggregate(_ expression: SQLExpression) -> Bool {
        switch expression {
        case let .function(call):
            return isAggregate(call) || call.arguments.contains(where: containsAggregate)
        case let .cast(inner, _), let .unary(_, inner), let .collate(inner), let .inSubquery(inner, _):
            return containsAggregate(inner)
        case let .caseWhen(branches, otherwise):
            return branches.contains { containsAggregate($0.condition) || containsAggregate($0.result) }
                || otherwise.map(containsAggregate) == true
        case let .inList(inner, list):
            return containsAggregate(inner) || list.contains(where: containsAggregate)
        case let .binary(_, left, right):
            return containsAggregate(left) || containsAggregate(right)
        case let .between(value, low, high):
            return containsAggregate(value) || containsAggregate(low) || containsAggregate(high)
        case .null, .integer, .real, .string, .blob, .parameter, .column, .subquery, .exists, .truth, .unknown:
            return false
        }
    }

    /// The direct parts of an expression: its operands, and the subqueries it holds apart.
    private func parts(of expression: SQLExpression) -> (operands: [SQLExpression], subqueries: [SelectStatement]) {
        switch expression {
        case let .function(call): return (call.arguments, [])
        case let .cast(inner, _), let .unary(_, inner), let .collate(inner): return ([inner], [])
        case let .caseWhen(branches, otherwise): return (branches.flatMap { [$0.condition, $0.result] } + (otherwise.map { [$0] } ?? []), [])
        case let .inList(inner, list): return ([inner] + list, [])
        case let .binary(_, left, right): return ([left, right], [])
        case let .between(value, low, high): return ([value, low, high], [])
        case let .subquery(statement), let .exists(statement): return ([], [statement])
        case let .inSubquery(inner, statement): return ([inner], [statement])
        case .null, .integer, .real, .string, .blob, .parameter, .column, .truth, .unknown: return ([], [])
        }
    }

    /// The column references of an expression outside its subqueries.
    private func references(in expression: SQLExpression) -> [(qualifier: String?, name: String)] {
        if case let .column(qualifier, name) = expression { return [(qualifier, name)] }
        return parts(of: expression).operands.flatMap(references)
    }

    /// True when a subquery of `expression` holds an aggregate whose argument reads only columns
    /// of enclosing queries (`(SELECT max(outer.x))`): SQLite aggregates it in the enclosing query,
    /// which then returns one row even when no row matches. Reads of a middle query count as outer
    /// here too (more Optional, never less).
    private func containsOuterAggregate(_ expression: SQLExpression, commonTables: CommonTables) -> Bool {
        let (operands, subqueries) = parts(of: expression)
        if operands.contains(where: { containsOuterAggregate($0, commonTables: commonTables) }) { return true }
        for statement in subqueries {
            for case let .select(body) in statement.arms {
                var sources: [FactSource] = []
                for item in body.sources { _ = appendSources(of: item, to: &sources, scopes: [], commonTables: commonTables) }
                func isLocal(_ reference: (qualifier: String?, name: String)) -> Bool {
                    sources.contains { source in
                        if let qualifier = reference.qualifier, source.qualifier.caseInsensitiveCompare(qualifier) != .orderedSame { return false }
                        return source.columns?.contains { $0.name?.caseInsensitiveCompare(reference.name) == .orderedSame } ?? true
                    }
                }
                var expressions = body.terms.compactMap { term -> SQLExpression? in
                    if case let .expression(expression, _) = term { return expression }
                    return nil
                }
                if let having = body.having { expressions.append(having) }
                var pending = expressions
                while let next = pending.popLast() {
                    if case let .function(call) = next, isAggregate(call) {
                        let read = call.arguments.flatMap(references)
                        if !read.isEmpty && !read.contains(where: isLocal) { return true }
                    }
                    pending += parts(of: next).operands
                }
                if expressions.contains(where: { containsOuterAggregate($0, commonTables: commonTables) }) { return true }
            }
        }
        return false
    }

    /// The facts of an expression among `scopes` (innermost first); `aggregated` inside the
    /// arguments of an aggregate of the innermost scope.
    private func evaluate(_ expression: SQLExpression, in scopes: [FactScope], _ commonTables: CommonTables, aggregated: Bool) -> ValueFacts {
        func value(_ inner: SQLExpression) -> ValueFacts { evaluate(inner, in: scopes, commonTables, aggregated: aggregated) }
        switch expression {
        case .null, .parameter, .unknown:
            return .unknown
        case .integer:
            return ValueFacts(type: .int64, isNeverNull: true)
        case .real:
            return ValueFacts(type: .double, isNeverNull: true)
        case .string:
            return ValueFacts(type: .string, isNeverNull: true)
        case .blob:
            return ValueFacts(type: .data, isNeverNull: true)
        case .exists, .truth:
            return ValueFacts(type: nil, isNeverNull: true)
        case let .column(qualifier, name):
            return resolve(qualifier: qualifier, name: name, in: scopes, aggregated: aggregated)
        case let .cast(inner, typeName):
            return ValueFacts(type: .default(for: Affinity(declaredType: typeName)), isNeverNull: value(inner).isNeverNull)
        case let .caseWhen(branches, otherwise):
            let results = branches.map { value($0.result) } + (otherwise.map { [value($0)] } ?? [])
            return ValueFacts(type: results.lazy.compactMap(\.type).first, isNeverNull: otherwise != nil && results.allSatisfy(\.isNeverNull))
        case let .subquery(statement):
            guard let first = facts(of: statement, scopes: scopes, commonTables: commonTables)?.first else { return .unknown }
            return ValueFacts(type: first.value.type, isNeverNull: first.value.isNeverNull && returnsExactlyOneRow(statement))
        case let .inSubquery(inner, statement):
            let columns = facts(of: statement, scopes: scopes, commonTables: commonTables)
            return ValueFacts(type: nil, isNeverNull: value(inner).isNeverNull && columns?.allSatisfy(\.value.isNeverNull) == true)
        case let .inList(inner, list):
            return ValueFacts(type: nil, isNeverNull: ([inner] + list).allSatisfy { value($0).isNeverNull })
        case let .unary(operation, inner):
            let operand = value(inner)
            switch operation {
            case "-", "+": return operand
            case "~": return ValueFacts(type: .int64, isNeverNull: operand.isNeverNull)
            default: return ValueFacts(type: nil, isNeverNull: operand.isNeverNull)
            }
        case let .binary(operation, left, right):
            return binary(operation, value(left), value(right), right: right)
        case let .between(inner, low, high):
            return ValueFacts(type: nil, isNeverNull: [inner, low, high].allSatisfy { value($0).isNeverNull })
        case let .collate(inner):
            return value(inner)
        case let .function(call):
            return function(call, in: scopes, commonTables, aggregated: aggregated)
        }
    }

    private func binary(_ operation: String, _ left: ValueFacts, _ right: ValueFacts, right expression: SQLExpression) -> ValueFacts {
        let both = left.isNeverNull && right.isNeverNull
        let integers = left.isInteger && right.isInteger
        switch operation {
        case "OR", "AND", "=", "==", "!=", "<>", "<", "<=", ">", ">=", "LIKE", "GLOB", "&", "|", "<<", ">>":
            return ValueFacts(type: nil, isNeverNull: both)
        case "||":
            return ValueFacts(type: .string, isNeverNull: both)
        case "+", "-", "*":
            // Reals can overflow to ±infinity, and infinity minus infinity is NaN, which SQLite returns as NULL.
            return ValueFacts(type: integers ? .int64 : nil, isNeverNull: both && integers)
        case "/", "%":
            // x / 0 and x % 0 are NULL: only a non-zero literal divisor is safe.
            var divisorIsNonZero = false
            switch expression {
            case let .integer(number?): divisorIsNonZero = number != 0
            case let .real(number?): divisorIsNonZero = operation == "/" ? number != 0 : Int64(exactly: number.rounded(.towardZero)) != 0
            default: break
            }
            return ValueFacts(type: integers ? .int64 : nil, isNeverNull: both && divisorIsNonZero)
        default:  // ->, ->>, MATCH, REGEXP, IN table
            return .unknown
        }
    }

    private func function(_ call: SQLFunctionCall, in scopes: [FactScope], _ commonTables: CommonTables, aggregated: Bool) -> ValueFacts {
        let arguments = call.arguments.map {
            evaluate($0, in: scopes, commonTables, aggregated: aggregated || isAggregate(call))
        }
        let all = arguments.allSatisfy(\.isNeverNull)
        let first = arguments.first?.type
        // An aggregate over a group (never empty) of never-NULL values, without FILTER.
        let overAGroup = isAggregate(call) && !call.isFiltered && scopes.first?.isGrouped == true && !arguments.isEmpty && all
        switch call.name {
        case "count":
            return ValueFacts(type: .int64, isNeverNull: true)
        case "total":
            return ValueFacts(type: .double, isNeverNull: true)
        case "row_number", "rank", "dense_rank", "ntile", "random", "changes", "total_changes", "last_insert_rowid":
            return ValueFacts(type: .int64, isNeverNull: true)
        case "percent_rank", "cume_dist":
            return ValueFacts(type: .double, isNeverNull: true)
        case "typeof", "quote", "hex", "sqlite_version":
            return ValueFacts(type: .string, isNeverNull: true)
        case "avg":
            return ValueFacts(type: .double, isNeverNull: overAGroup && arguments[0].isInteger)
        case "sum":
            let type: SwiftValueType? = arguments.first.map { $0.isInteger ? .int64 : ($0.type == nil ? nil : .double) } ?? nil
            return ValueFacts(type: type, isNeverNull: overAGroup && arguments[0].isInteger)
        case "min", "max":
            if arguments.count == 1 { return ValueFacts(type: first, isNeverNull: overAGroup) }
            return ValueFacts(type: arguments.lazy.compactMap(\.type).first, isNeverNull: all)
        case "group_concat", "string_agg":
            return ValueFacts(type: .string, isNeverNull: overAGroup)
        case "coalesce", "ifnull":
            let columnType = call.arguments.indices.lazy.compactMap { index -> SwiftValueType? in
                if case .column = call.arguments[index] { return arguments[index].type }
                return nil
            }.first
            return ValueFacts(type: columnType ?? arguments.lazy.compactMap(\.type).first, isNeverNull: arguments.contains(where: \.isNeverNull))
        case "iif":
            guard arguments.count == 3 else { return .unknown }
            return ValueFacts(type: arguments[1].type ?? arguments[2].type, isNeverNull: arguments[1].isNeverNull && arguments[2].isNeverNull)
        case "nullif", "lag", "lead", "first_value", "last_value", "nth_value":
            return ValueFacts(type: first, isNeverNull: false)
        case "abs", "likely", "unlikely", "likelihood":
            return ValueFacts(type: first, isNeverNull: all)
        case "upper", "lower", "trim", "ltrim", "rtrim", "replace", "substr", "substring", "printf", "format", "char":
            return ValueFacts(type: .string, isNeverNull: all)
        case "length", "instr":
            return ValueFacts(type: .int64, isNeverNull: all)
        case "round":
            return ValueFacts(type: .double, isNeverNull: all)
        case "bm25":  // FTS5's rank of a row of a MATCH query
            return ValueFacts(type: .double, isNeverNull: true)
        case "snippet", "highlight":  // FTS5's text of a match: NULL when the column holds NULL
            return ValueFacts(type: .string, isNeverNull: false)
        case "zeroblob", "randomblob":
            return ValueFacts(type: .data, isNeverNull: all)
        default:  // date and time, JSON, sign, unicode, functions of the app
            return .unknown
        }
    }

    /// The column `qualifier.name` or `name` means, innermost scope first.
    private func resolve(qualifier: String?, name: String, in scopes: [FactScope], aggregated: Bool) -> ValueFacts {
        for (depth, scope) in scopes.enumerated() {
            var matches: [(source: FactSource, column: ColumnFacts)] = []
            var undescribed = false
            var qualified = false
            for source in scope.sources {
                if let qualifier, source.qualifier.caseInsensitiveCompare(qualifier) != .orderedSame { continue }
                qualified = true
                guard let columns = source.columns else {
                    undescribed = true
                    continue
                }
                if let column = columns.first(where: { $0.name?.caseInsensitiveCompare(name) == .orderedSame }) {
                    matches.append((source, column))
                }
            }
            if matches.isEmpty {
                if undescribed || (qualifier != nil && qualified) { return .unknown }  // rowid, a function's column
                continue
            }
            let bare = scope.bareColumnsMayBeNull && (depth > 0 || !aggregated)
            let isNeverNull = !bare && !undescribed && matches.allSatisfy { !$0.source.isNullable && $0.column.value.isNeverNull }
            return ValueFacts(type: matches[0].column.value.type, isNeverNull: isNeverNull)
        }
        return .unknown
    }
}
