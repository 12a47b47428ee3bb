/// The syntax of a SELECT statement, as far as typing its result columns needs: where each result
/// column comes from, through joins, subqueries, common table expressions and compound arms, and
/// the form of every expression. Parsed by `SelectParser`; typed by `QueryAnalyzer+Nullability`.
struct SelectStatement {
    /// `WITH` tables, in order.
    var commonTables: [CommonTable] = []
    /// The arms of a compound statement (one for a simple SELECT).
    var arms: [SelectCore] = []
    /// How each arm after the first joins the ones before it.
    var operators: [CompoundOperator] = []
    /// The `ORDER BY` terms (an aggregate there makes a simple SELECT an aggregate query).
    var ordering: [SQLExpression] = []
    /// True when a `LIMIT` (or `OFFSET`) is written: the statement may return no row at all.
    var isLimited = false
}

/// `UNION`, `UNION ALL`, `EXCEPT` or `INTERSECT`.
enum CompoundOperator {
    case union, except, intersect
}

/// `name [(columns)] AS (statement)` of a `WITH` clause.
struct CommonTable {
    var name: String
    var columnNames: [String]
    var body: SelectStatement
}

/// One arm of a compound SELECT.
enum SelectCore {
    /// `SELECT ... FROM ... WHERE ... GROUP BY ... HAVING ...`.
    case select(SelectBody)
    /// `VALUES (...), (...)`: rows of expressions.
    case values([[SQLExpression]])
}

/// A `SELECT` arm: its result list, sources and whether it groups.
struct SelectBody {
    var terms: [ResultTerm] = []
    var sources: [FromItem] = []
    /// True when `WHERE` is written.
    var hasWhere = false
    /// True when `GROUP BY` is written.
    var isGrouped = false
    /// The `HAVING` condition, when written.
    var having: SQLExpression?
}

/// One term of a result list.
enum ResultTerm {
    /// `*`
    case all
    /// `qualifier.*`
    case allOf(String)
    /// An expression and its `AS` name, when written.
    case expression(SQLExpression, alias: String?)
}

/// How a source joins the ones before it.
enum JoinKind {
    /// The first source, a comma, `JOIN`, `INNER JOIN`, `CROSS JOIN`.
    case inner
    /// `LEFT [OUTER] JOIN`: the new source may have no row.
    case left
    /// `RIGHT [OUTER] JOIN`: the sources before it may have no row.
    case right
    /// `FULL [OUTER] JOIN`: either side may have no row.
    case full
}

/// One source of a FROM clause.
struct FromItem {
    enum Kind {
        /// A table, view or common table, by name.
        case named(String)
        /// `(SELECT ...)`.
        case subquery(SelectStatement)
        /// A table-valued function (`json_each(...)`): columns the schema does not describe.
        case function(String)
        /// `(a JOIN b ...)`: a parenthesized join.
        case group([FromItem])
    }

    var kind: Kind
    var alias: String?
    var join: JoinKind = .inner
    /// The columns of `USING (...)`, or every shared column of a `NATURAL` join (resolved later).
    var using: [String] = []
    var isNatural = false
}

/// A function call: `name([DISTINCT] arguments) [FILTER (WHERE ...)] [OVER ...]`.
struct SQLFunctionCall {
    /// The name, lowercased.
    var name: String
    var arguments: [SQLExpression]
    /// `count(*)`.
    var isStar = false
    /// A `FILTER (WHERE ...)` clause: an aggregate may see no row of its group.
    var isFiltered = false
    /// An `OVER` clause: a window function, not an aggregate of the query.
    var isWindow = false
}

/// A `WHEN x THEN y` branch of CASE.
struct CaseBranch {
    var condition: SQLExpression
    var result: SQLExpression
}

/// An expression, by the form that decides its type and whether it can be NULL.
indirect enum SQLExpression {
    /// `NULL`.
    case null
    /// An integer literal (also `TRUE`, `FALSE`).
    case integer(Int64?)
    /// A real literal.
    case real(Double?)
    /// A string literal (also `CURRENT_TIME`, `CURRENT_DATE`, `CURRENT_TIMESTAMP`).
    case string
    /// A blob literal `x'..'`.
    case blob
    /// A bound parameter.
    case parameter
    /// `name`, `qualifier.name`.
    case column(qualifier: String?, name: String)
    case function(SQLFunctionCall)
    /// `CAST(x AS type)`.
    case cast(SQLExpression, typeName: String)
    /// `CASE [x] WHEN ... THEN ... [ELSE ...] END`.
    case caseWhen(branches: [CaseBranch], otherwise: SQLExpression?)
    /// `(SELECT ...)` used as a value.
    case subquery(SelectStatement)
    /// `[NOT] EXISTS (SELECT ...)`.
    case exists(SelectStatement)
    /// `x [NOT] IN (SELECT ...)`.
    case inSubquery(SQLExpression, SelectStatement)
    /// `x [NOT] IN (a, b, ...)`; also a row value `(a, b)`.
    case inList(SQLExpression, [SQLExpression])
    /// `NOT x`, `-x`, `+x`, `~x`.
    case unary(String, SQLExpression)
    /// `a op b`, `op` uppercased (`+`, `=`, `AND`, `LIKE`, `->`...).
    case binary(String, SQLExpression, SQLExpression)
    /// `x IS [NOT] y`, `x ISNULL`, `x NOTNULL`, `x NOT NULL`: true or false, never NULL.
    case truth
    /// `x [NOT] BETWEEN a AND b`.
    case between(SQLExpression, SQLExpression, SQLExpression)
    /// `x COLLATE name`.
    case collate(SQLExpression)
    /// A form not parsed here (`RAISE(...)`, an unreadable expression): may be anything, NULL included.
    case unknown
}
