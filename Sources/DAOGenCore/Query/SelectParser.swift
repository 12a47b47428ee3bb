/// A recursive-descent parser of SQLite's SELECT grammar over `SQLTokenizer`'s tokens, into
/// `SelectStatement`. SQLite has already prepared the statement, so the SQL is valid; an expression
/// this parser does not read becomes `.unknown` (which types as possibly NULL), and a statement
/// whose structure it does not read is nil (every result column then possibly NULL).
struct SelectParser {
    private struct Failure: Error {}

    private let tokens: [SQLToken]
    private var index = 0

    /// The result-producing statement of `sql`: a SELECT, WITH ... SELECT or VALUES; for INSERT,
    /// REPLACE, UPDATE or DELETE with RETURNING, a SELECT of the RETURNING terms from `target`.
    static func parse(_ sql: String, returningFrom target: String?) -> SelectStatement? {
        var parser = SelectParser(tokens: SQLTokenizer.tokens(sql).filter { !$0.isSymbol(";") })
        guard let first = parser.tokens.first else { return nil }
        if first.isKeyword("SELECT") || first.isKeyword("VALUES") || first.isKeyword("WITH") {
            guard let statement = try? parser.selectStatement(), parser.index == parser.tokens.count else { return nil }
            return statement
        }
        // DML: the terms after the RETURNING at depth 0, over the target table.
        guard let target else { return nil }
        var depth = 0
        var returning: Int?
        for (position, token) in parser.tokens.enumerated() {
            if token.isSymbol("(") { depth += 1 }
            if token.isSymbol(")") { depth -= 1 }
            if depth == 0, token.isKeyword("RETURNING") { returning = position }
        }
        guard let returning else { return nil }
        parser.index = returning + 1
        guard let terms = try? parser.resultTerms(), parser.index == parser.tokens.count else { return nil }
        let body = SelectBody(terms: terms, sources: [FromItem(kind: .named(target))])
        return SelectStatement(arms: [.select(body)])
    }

    private init(tokens: [SQLToken]) {
        self.tokens = tokens
    }

    // MARK: - Tokens

    private var current: SQLToken? { index < tokens.count ? tokens[index] : nil }

    private func peek(_ offset: Int) -> SQLToken? {
        index + offset < tokens.count ? tokens[index + offset] : nil
    }

    private func at(_ keyword: String) -> Bool { current?.isKeyword(keyword) == true }

    private func atSymbol(_ symbol: String) -> Bool { current?.isSymbol(symbol) == true }

    private mutating func accept(_ keyword: String) -> Bool {
        guard at(keyword) else { return false }
        index += 1
        return true
    }

    private mutating func acceptSymbol(_ symbol: String) -> Bool {
        guard atSymbol(symbol) else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ keyword: String) throws(Failure) {
        guard accept(keyword) else { throw Failure() }
    }

    private mutating func expectSymbol(_ symbol: String) throws(Failure) {
        guard acceptSymbol(symbol) else { throw Failure() }
    }

    /// A name: a bare word that is not reserved, a quoted name, or a string used as a name.
    private mutating func name() throws(Failure) -> String {
        guard let token = current, token.isName || token.kind == .string else { throw Failure() }
        index += 1
        return token.text
    }

    /// Skips a parenthesized group starting at `(`.
    private mutating func skipGroup() throws(Failure) {
        guard atSymbol("(") else { throw Failure() }
        var depth = 0
        while let token = current {
            index += 1
            if token.isSymbol("(") { depth += 1 }
            if token.isSymbol(")") { depth -= 1; if depth == 0 { return } }
        }
        throw Failure()
    }

    private var atSelect: Bool { at("SELECT") || at("WITH") || at("VALUES") }

    // MARK: - Statements

    private mutating func selectStatement() throws(Failure) -> SelectStatement {
        var statement = SelectStatement()
        if accept("WITH") {
            _ = accept("RECURSIVE")
            repeat {
                let name = try name()
                var columns: [String] = []
                if acceptSymbol("(") {
                    repeat { columns.append(try self.name()) } while acceptSymbol(",")
                    try expectSymbol(")")
                }
                try expect("AS")
                _ = accept("NOT")
                if current?.isKeyword("MATERIALIZED") == true { index += 1 }
                try expectSymbol("(")
                let body = try selectStatement()
                try expectSymbol(")")
                statement.commonTables.append(CommonTable(name: name, columnNames: columns, body: body))
            } while acceptSymbol(",")
        }
        statement.arms.append(try core())
        while true {
            if accept("UNION") {
                _ = accept("ALL")
                statement.operators.append(.union)
            } else if accept("EXCEPT") {
                statement.operators.append(.except)
            } else if accept("INTERSECT") {
                statement.operators.append(.intersect)
            } else {
                break
            }
            statement.arms.append(try core())
        }
        if accept("ORDER") {
            try expect("BY")
            statement.ordering = try orderingTerms()
        }
        if accept("LIMIT") {
            statement.isLimited = true
            _ = try expression()
            if accept("OFFSET") || acceptSymbol(",") { _ = try expression() }
        }
        return statement
    }

    private mutating func orderingTerms() throws(Failure) -> [SQLExpression] {
        var terms: [SQLExpression] = []
        repeat {
            terms.append(try expression())
            _ = accept("ASC") || accept("DESC")
            if accept("NULLS") { index += 1 }  // FIRST / LAST
        } while acceptSymbol(",")
        return terms
    }

    private mutating func core() throws(Failure) -> SelectCore {
        if accept("VALUES") {
            var rows: [[SQLExpression]] = []
            repeat {
                try expectSymbol("(")
                rows.append(try expressionList())
                try expectSymbol(")")
            } while acceptSymbol(",")
            return .values(rows)
        }
        try expect("SELECT")
        _ = accept("DISTINCT") || accept("ALL")
        var body = SelectBody()
        body.terms = try resultTerms()
        if accept("FROM") { body.sources = try joinClause() }
        if accept("WHERE") {
            body.hasWhere = true
            _ = try expression()
        }
        if accept("GROUP") {
            try expect("BY")
            body.isGrouped = true
            _ = try expressionList()
        }
        if accept("HAVING") { body.having = try expression() }
        if accept("WINDOW") {
            repeat {
                _ = try name()
                try expect("AS")
                try skipGroup()
            } while acceptSymbol(",")
        }
        return .select(body)
    }

    private mutating func resultTerms() throws(Failure) -> [ResultTerm] {
        var terms: [ResultTerm] = []
        repeat {
            if acceptSymbol("*") {
                terms.append(.all)
            } else if let qualifier = current, qualifier.isName, peek(1)?.isSymbol(".") == true, peek(2)?.isSymbol("*") == true {
                index += 3
                terms.append(.allOf(qualifier.text))
            } else {
                let expression = try expression()
                var alias: String?
                if accept("AS") {
                    alias = try name()
                } else if let token = current, token.isName || token.kind == .string {
                    alias = token.text
                    index += 1
                }
                terms.append(.expression(expression, alias: alias))
            }
        } while acceptSymbol(",")
        return terms
    }

    // MARK: - FROM

    private mutating func joinClause() throws(Failure) -> [FromItem] {
        var items = [try fromItem()]
        while true {
            var join = JoinKind.inner
            var isNatural = false
            if !acceptSymbol(",") {
                let start = index
                isNatural = accept("NATURAL")
                if accept("LEFT") {
                    join = .left
                } else if accept("RIGHT") {
                    join = .right
                } else if accept("FULL") {
                    join = .full
                } else {
                    _ = accept("INNER") || accept("CROSS")
                }
                _ = accept("OUTER")
                guard accept("JOIN") else {
                    index = start
                    break
                }
            }
            var item = try fromItem()
            item.join = join
            item.isNatural = isNatural
            if accept("ON") {
                _ = try expression()
            } else if accept("USING") {
                try expectSymbol("(")
                repeat { item.using.append(try name()) } while acceptSymbol(",")
                try expectSymbol(")")
            }
            items.append(item)
        }
        return items
    }

    private mutating func fromItem() throws(Failure) -> FromItem {
        var item: FromItem
        if acceptSymbol("(") {
            if atSelect {
                item = FromItem(kind: .subquery(try selectStatement()))
            } else {
                item = FromItem(kind: .group(try joinClause()))
            }
            try expectSymbol(")")
        } else {
            var name = try name()
            if acceptSymbol(".") { name = try self.name() }  // schema-qualified
            if atSymbol("(") {
                try skipGroup()
                item = FromItem(kind: .function(name))
            } else {
                item = FromItem(kind: .named(name))
            }
        }
        if accept("AS") {
            item.alias = try name()
        } else if let token = current, token.isName, !token.isKeyword("INDEXED") {
            item.alias = token.text
            index += 1
        }
        if accept("INDEXED") {
            try expect("BY")
            _ = try name()
        } else if at("NOT"), peek(1)?.isKeyword("INDEXED") == true {
            index += 2
        }
        return item
    }

    // MARK: - Expressions

    private mutating func expressionList() throws(Failure) -> [SQLExpression] {
        var list: [SQLExpression] = []
        repeat { list.append(try expression()) } while acceptSymbol(",")
        return list
    }

    /// Binding strength of SQLite's binary operators, loosest first.
    private enum Level: Int, Comparable {
        case or = 1, and, not, equality, comparison, bitwise, additive, multiplicative, concatenation, collate, unary
        static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    private mutating func expression(_ minimum: Level = .or) throws(Failure) -> SQLExpression {
        var left = try prefix()
        while let token = current {
            let word = token.kind == .word ? token.text.uppercased() : ""
            let negated = word == "NOT"
            let next = negated ? (peek(1).map { $0.kind == .word ? $0.text.uppercased() : "" } ?? "") : word
            let level: Level
            switch token.kind == .symbol ? token.text : next {
            case "OR": level = .or
            case "AND": level = .and
            case "=", "==", "!=", "<>", "IS", "IN", "LIKE", "GLOB", "MATCH", "REGEXP", "BETWEEN", "ISNULL", "NOTNULL", "NULL":
                level = .equality
            case "<", "<=", ">", ">=": level = .comparison
            case "&", "|", "<<", ">>": level = .bitwise
            case "+", "-": level = .additive
            case "*", "/", "%": level = .multiplicative
            case "||", "->", "->>": level = .concatenation
            case "COLLATE": level = .collate
            default: return left
            }
            guard level >= minimum else { return left }
            let higher = Level(rawValue: level.rawValue + 1) ?? .unary
            index += negated ? 2 : 1
            switch token.kind == .symbol ? token.text : next {
            case "ISNULL", "NOTNULL", "NULL":
                left = .truth
            case "IS":
                _ = accept("NOT")
                if accept("DISTINCT") { try expect("FROM") }
                _ = try expression(higher)
                left = .truth
            case "IN":
                if acceptSymbol("(") {
                    if atSelect {
                        left = .inSubquery(left, try selectStatement())
                    } else if atSymbol(")") {
                        left = .inList(left, [])
                    } else {
                        left = .inList(left, try expressionList())
                    }
                    try expectSymbol(")")
                } else {
                    // `x IN table` or `x IN function(...)`: values the schema may not describe.
                    _ = try name()
                    if acceptSymbol(".") { _ = try name() }
                    if atSymbol("(") { try skipGroup() }
                    left = .binary("IN", left, .unknown)
                }
            case "BETWEEN":
                let low = try expression(higher)
                try expect("AND")
                let high = try expression(higher)
                left = .between(left, low, high)
            case "LIKE", "GLOB", "MATCH", "REGEXP":
                left = .binary(next, left, try expression(higher))
                if accept("ESCAPE") { left = .binary(next, left, try expression(higher)) }
            case "COLLATE":
                _ = try name()
                left = .collate(left)
            default:
                left = .binary(token.kind == .symbol ? token.text : word, left, try expression(higher))
            }
        }
        return left
    }

    private mutating func prefix() throws(Failure) -> SQLExpression {
        guard let token = current else { throw Failure() }
        index += 1
        switch token.kind {
        case .number:
            let text = token.text.lowercased()
            if text.hasPrefix("0x") { return .integer(Int64(text.dropFirst(2), radix: 16)) }
            if text.contains(".") || text.contains("e") { return .real(Double(text)) }
            return .integer(Int64(text))
        case .string:
            return .string
        case .blob:
            return .blob
        case .parameter, .positional:
            return .parameter
        case .symbol:
            switch token.text {
            case "(":
                if atSelect {
                    let statement = try selectStatement()
                    try expectSymbol(")")
                    return .subquery(statement)
                }
                let list = try expressionList()
                try expectSymbol(")")
                return list.count == 1 ? list[0] : .inList(.string, list)
            case "-", "+", "~":
                return .unary(token.text, try expression(.unary))
            default:
                throw Failure()
            }
        case .word, .quotedName:
            break
        }
        let word = token.kind == .word ? token.text.uppercased() : ""
        switch word {
        case "NULL": return .null
        case "TRUE": return .integer(1)
        case "FALSE": return .integer(0)
        case "CURRENT_TIME", "CURRENT_DATE", "CURRENT_TIMESTAMP": return .string
        case "NOT":
            if at("EXISTS") { return try prefix() }
            return .unary("NOT", try expression(.not))
        case "EXISTS":
            try expectSymbol("(")
            let statement = try selectStatement()
            try expectSymbol(")")
            return .exists(statement)
        case "CASE":
            var base: SQLExpression?
            if !at("WHEN") { base = try expression() }
            var branches: [CaseBranch] = []
            while accept("WHEN") {
                var condition = try expression()
                if let base { condition = .binary("=", base, condition) }
                try expect("THEN")
                branches.append(CaseBranch(condition: condition, result: try expression()))
            }
            var otherwise: SQLExpression?
            if accept("ELSE") { otherwise = try expression() }
            try expect("END")
            return .caseWhen(branches: branches, otherwise: otherwise)
        case "CAST":
            try expectSymbol("(")
            let inner = try expression()
            try expect("AS")
            var typeWords: [String] = []
            while let part = current, !part.isSymbol(")") {
                if part.isSymbol("(") {
                    try skipGroup()
                    continue
                }
                typeWords.append(part.text)
                index += 1
            }
            try expectSymbol(")")
            return .cast(inner, typeName: typeWords.joined(separator: " "))
        case "RAISE":
            try skipGroup()
            return .unknown
        default:
            break
        }
        if atSymbol("(") {
            return .function(try call(named: token.text.lowercased()))
        }
        guard token.isName else { throw Failure() }
        if acceptSymbol(".") {
            var name = try self.name()
            var qualifier = token.text
            if acceptSymbol(".") {  // schema.table.column
                qualifier = name
                name = try self.name()
            }
            return .column(qualifier: qualifier, name: name)
        }
        return .column(qualifier: nil, name: token.text)
    }

    private mutating func call(named name: String) throws(Failure) -> SQLFunctionCall {
        try expectSymbol("(")
        var call = SQLFunctionCall(name: name, arguments: [])
        if acceptSymbol("*") {
            call.isStar = true
        } else if !atSymbol(")") {
            _ = accept("DISTINCT") || accept("ALL")
            call.arguments = try expressionList()
            if accept("ORDER") {  // group_concat(x ORDER BY y), SQLite 3.44
                try expect("BY")
                _ = try orderingTerms()
            }
        }
        try expectSymbol(")")
        if accept("FILTER") {
            call.isFiltered = true
            try skipGroup()
        }
        if accept("OVER") {
            call.isWindow = true
            if atSymbol("(") { try skipGroup() } else { _ = try self.name() }
        }
        return call
    }
}
