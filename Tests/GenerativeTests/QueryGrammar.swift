import Seeded
/// Random tables, rows and SELECT statements for the nullability property of query results: a small
/// grammar of what makes NULL (outer joins of each kind, aggregates with and without GROUP BY,
/// compound arms, scalar subqueries, CASE, nullif, window functions, division) and of what does not
/// (NOT NULL columns of inner-joined tables, count, total, coalesce with a literal).
struct QueryGrammar {
    struct Column {
        var name: String
        /// INTEGER, TEXT or REAL.
        var type: String
        var notNull: Bool
    }

    struct TableSpec {
        var name: String
        /// `id INTEGER PRIMARY KEY` first.
        var columns: [Column]
    }

    /// One generated query and the result columns plainly never NULL, which typing must keep non-optional.
    struct GeneratedQuery {
        var name: String
        var sql: String
        var plainlyNonNull: Set<String>
    }

    var random: SeededRandom
    var tables: [TableSpec] = []

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
        for number in 0..<random.int(2...3) {
            var columns = [Column(name: "id", type: "INTEGER", notNull: true)]
            for index in 0..<random.int(2...4) {
                columns.append(Column(name: "c\(index)", type: random.pick(["INTEGER", "TEXT", "REAL"]), notNull: random.chance(50)))
            }
            tables.append(TableSpec(name: "t\(number)", columns: columns))
        }
    }

    // MARK: - Schema and rows

    /// The table file declaring the tables, with `queries` under the first one.
    func schemaFile(_ queries: [GeneratedQuery]) -> String {
        var lines = ["tables:"]
        for (position, table) in tables.enumerated() {
            lines += ["  - name: \(table.name)", "    columns:"]
            for column in table.columns {
                lines += ["      - name: \(column.name)", "        type: \(column.type)"]
                if column.name == "id" { lines.append("        primaryKey: true") }
                if column.notNull && column.name != "id" { lines.append("        notNull: true") }
            }
            if position == 0, !queries.isEmpty {
                lines.append("    queries:")
                for query in queries {
                    lines += ["      - name: \(query.name)", "        sql: \"\(query.sql)\""]
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// CREATE TABLE statements matching `schemaFile`.
    var creationSQL: [String] {
        tables.map { table in
            let columns = table.columns.map { column in
                column.name == "id" ? "id INTEGER PRIMARY KEY" : "\(column.name) \(column.type)\(column.notNull ? " NOT NULL" : "")"
            }
            return "CREATE TABLE \(table.name) (\(columns.joined(separator: ", ")))"
        }
    }

    /// INSERT statements for random rows: some tables empty, nullable columns often NULL, few distinct values so joins match.
    mutating func rowsSQL() -> [String] {
        var statements: [String] = []
        for table in tables {
            let count = random.chance(25) ? 0 : random.int(1...4)
            for id in 0..<count {
                let values = table.columns.map { column -> String in
                    if column.name == "id" { return "\(id + 1)" }
                    if !column.notNull && random.chance(40) { return "NULL" }
                    switch column.type {
                    case "INTEGER": return random.pick(["0", "1", "2", "3", "-1"])
                    case "REAL": return random.pick(["0.5", "1.0", "-2.5", "0.0"])
                    default: return random.pick(["'a'", "'b'", "''", "'1'"])
                    }
                }
                statements.append("INSERT INTO \(table.name) VALUES (\(values.joined(separator: ", ")))")
            }
        }
        return statements
    }

    // MARK: - Queries

    private struct Source {
        var alias: String
        var columns: [Column]
        /// May have no row: on the outer side of a join.
        var nullable: Bool
    }

    private enum Mode {
        case rows, grouped, aggregate
    }

    /// A term and whether it is plainly never NULL.
    private struct Term {
        var sql: String
        var plain: Bool
    }

    mutating func query(named name: String) -> GeneratedQuery {
        var with = ""
        var common: TableSpec?
        if random.chance(15) {
            let base = random.pick(tables)
            let picked = base.columns.filter { _ in random.chance(70) }
            var columns = picked.isEmpty ? [base.columns[0]] : picked
            var sql = "SELECT " + columns.map { "b.\($0.name)" }.joined(separator: ", ")
            if random.chance(50) {
                let joined = random.pick(tables)
                let column = random.pick(joined.columns)
                sql += ", j.\(column.name) AS jc FROM \(base.name) b LEFT JOIN \(joined.name) j ON j.id = b.id"
                columns.append(Column(name: "jc", type: column.type, notNull: false))
            } else {
                sql += " FROM \(base.name) b"
            }
            with = "WITH w AS (\(sql)) "
            common = TableSpec(name: "w", columns: columns)
        }
        let termCount = random.int(1...4)
        let (first, plain) = core(terms: termCount, common: common)
        var sql = with + first
        var plainSet = Set(plain.map { "r\($0)" })
        if random.chance(20) {
            let operation = random.pick(["UNION ALL", "UNION", "EXCEPT", "INTERSECT"])
            let (second, _) = core(terms: termCount, common: common)
            sql += " \(operation) \(second)"
            plainSet = []  // kept simple: plainness is asserted on simple SELECTs
        }
        return GeneratedQuery(name: name, sql: sql, plainlyNonNull: plainSet)
    }

    /// One SELECT arm with `count` terms named r0, r1...; the indices of its plainly non-null terms.
    private mutating func core(terms count: Int, common: TableSpec?) -> (String, [Int]) {
        var sources: [Source] = []
        var from = ""
        let sourceCount = random.int(1...3)
        for index in 0..<sourceCount {
            let alias = "s\(index)"
            var spec = random.pick(tables)
            if let common, random.chance(40) { spec = common }
            var text = "\(spec.name) \(alias)"
            if random.chance(15), spec.name != "w" {
                // A subquery in FROM, possibly grouped.
                let grouped = random.chance(40)
                let columns = spec.columns.filter { $0.name == "id" || random.chance(60) }
                if grouped {
                    let kept = columns.filter { $0.name != "id" }
                    let first = kept.first ?? spec.columns[0]
                    text = "(SELECT \(first.name), count(*) AS n, max(id) AS id FROM \(spec.name) GROUP BY \(first.name)) \(alias)"
                    spec = TableSpec(name: alias, columns: [first, Column(name: "n", type: "INTEGER", notNull: true),
                                                            Column(name: "id", type: "INTEGER", notNull: true)])
                } else {
                    text = "(SELECT \(columns.map(\.name).joined(separator: ", ")) FROM \(spec.name)) \(alias)"
                    spec = TableSpec(name: alias, columns: columns)
                }
            }
            if index == 0 {
                from = text
                sources.append(Source(alias: alias, columns: spec.columns, nullable: false))
                continue
            }
            let join = random.pick([",", "JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "CROSS JOIN", "LEFT OUTER JOIN"])
            let other = random.pick(sources)
            let condition = join == "," || join == "CROSS JOIN"
                ? "" : " ON \(alias).\(spec.columns[0].name) = \(other.alias).\(random.pick(other.columns).name)"
            from += " \(join) \(text)\(condition)"
            switch join {
            case "LEFT JOIN", "LEFT OUTER JOIN":
                sources.append(Source(alias: alias, columns: spec.columns, nullable: true))
            case "RIGHT JOIN":
                for position in sources.indices { sources[position].nullable = true }
                sources.append(Source(alias: alias, columns: spec.columns, nullable: false))
            case "FULL JOIN":
                for position in sources.indices { sources[position].nullable = true }
                sources.append(Source(alias: alias, columns: spec.columns, nullable: true))
            default:
                sources.append(Source(alias: alias, columns: spec.columns, nullable: false))
            }
        }
        let mode = random.pick([Mode.rows, .rows, .grouped, .aggregate])
        var terms: [Term] = []
        for _ in 0..<count { terms.append(term(sources: sources, mode: mode, depth: 0)) }
        var sql = "SELECT " + terms.enumerated().map { "\($1.sql) AS r\($0)" }.joined(separator: ", ") + " FROM " + from
        if random.chance(40) {
            let source = random.pick(sources)
            let column = random.pick(source.columns)
            sql += random.pick([
                " WHERE \(source.alias).\(column.name) IS NOT NULL", " WHERE \(source.alias).\(column.name) > 0",
                " WHERE \(source.alias).\(column.name) IS NULL",
            ])
        }
        if mode == .grouped {
            let source = random.pick(sources)
            sql += " GROUP BY \(source.alias).\(random.pick(source.columns).name)"
        }
        return (sql, terms.indices.filter { terms[$0].plain })
    }

    private mutating func columnTerm(_ sources: [Source], mode: Mode) -> Term {
        let source = random.pick(sources)
        let column = random.pick(source.columns)
        return Term(sql: "\(source.alias).\(column.name)", plain: column.notNull && !source.nullable && mode != .aggregate)
    }

    private mutating func term(sources: [Source], mode: Mode, depth: Int) -> Term {
        let pick = random.int(0...(depth > 1 ? 2 : 13))
        switch pick {
        case 0, 1:
            return columnTerm(sources, mode: mode)
        case 2:
            return Term(sql: random.pick(["1", "'x'", "2.5", "-3"]), plain: true)
        case 3:
            let column = columnTerm(sources, mode: mode).sql
            if mode == .rows {
                return random.chance(50)
                    ? Term(sql: "row_number() OVER (ORDER BY \(column))", plain: true)
                    : Term(sql: "\(random.pick(["lag", "lead", "first_value"]))(\(column)) OVER (ORDER BY \(column))", plain: false)
            }
            return Term(sql: "count(\(random.chance(50) ? "*" : column))", plain: true)
        case 4:
            if mode == .rows { return columnTerm(sources, mode: mode) }
            let function = random.pick(["sum", "avg", "min", "max", "total", "group_concat"])
            return Term(sql: "\(function)(\(columnTerm(sources, mode: mode).sql))", plain: function == "total")
        case 5:
            let inner = term(sources: sources, mode: mode, depth: depth + 1)
            let literal = random.pick(["0", "'none'", "1.5"])
            return Term(sql: "coalesce(\(inner.sql), \(literal))", plain: true)
        case 6:
            let a = columnTerm(sources, mode: mode), b = columnTerm(sources, mode: mode)
            return Term(sql: "ifnull(\(a.sql), \(b.sql))", plain: a.plain || b.plain)
        case 7:
            let condition = "\(columnTerm(sources, mode: mode).sql) > 0"
            let then = term(sources: sources, mode: mode, depth: depth + 1)
            if random.chance(50) {
                let otherwise = term(sources: sources, mode: mode, depth: depth + 1)
                return Term(sql: "CASE WHEN \(condition) THEN \(then.sql) ELSE \(otherwise.sql) END", plain: then.plain && otherwise.plain)
            }
            return Term(sql: "CASE WHEN \(condition) THEN \(then.sql) END", plain: false)
        case 8:
            let table = random.pick(tables)
            let column = random.pick(table.columns)
            let outer = columnTerm(sources, mode: mode).sql
            if mode == .aggregate && random.chance(25) {
                // An aggregate of only outer columns belongs to the outer query.
                return Term(sql: "(SELECT max(\(outer)))", plain: false)
            }
            switch random.int(0...2) {
            case 0: return Term(sql: "(SELECT x.\(column.name) FROM \(table.name) x WHERE x.id = \(outer))", plain: false)
            case 1: return Term(sql: "(SELECT count(*) FROM \(table.name) x WHERE x.\(column.name) = \(outer))", plain: true)
            default: return Term(sql: "(SELECT max(x.\(column.name)) FROM \(table.name) x)", plain: false)
            }
        case 9:
            let inner = columnTerm(sources, mode: mode)
            return Term(sql: "nullif(\(inner.sql), \(random.pick(["0", "'a'", "1.0"])))", plain: false)
        case 10:
            let a = columnTerm(sources, mode: mode), b = columnTerm(sources, mode: mode)
            let operation = random.pick(["+", "-", "*", "/", "%"])
            let arithmetic = "(\(a.sql) \(operation) \(b.sql))"
            return Term(sql: random.chance(50) ? "CAST(\(arithmetic) AS INTEGER)" : arithmetic, plain: false)
        case 11:
            let inner = columnTerm(sources, mode: mode)
            return Term(sql: "\(random.pick(["upper", "length", "abs", "typeof"]))(\(inner.sql))", plain: false)
        case 12:
            let inner = columnTerm(sources, mode: mode)
            return Term(sql: "CAST(\(inner.sql) AS \(random.pick(["INTEGER", "TEXT", "REAL"])))", plain: inner.plain)
        default:
            let inner = columnTerm(sources, mode: mode)
            return Term(sql: "CAST((\(inner.sql) \(random.pick(["IS NULL", "IS NOT NULL", "= 1"]))) AS INTEGER)", plain: false)
        }
    }
}
