import DAOGenRuntime
import Testing
import Seeded

/// Conditions built from typed columns mean what SQLite makes of them: `&&`, `||` and `!` nest with the
/// parentheses their SQL needs, and every value takes its own placeholder, in order.
@Suite("SQL conditions: three-valued logic")
struct SQLConditionLogicTests {
    /// The rows of the test table: every pair of NULL, 0, 1 and 2.
    struct Row {}
    /// `t.a`, INTEGER.
    static let a = TypedColumn<Row, Int64?>("a")
    /// `t.b`, INTEGER.
    static let b = TypedColumn<Row, Int64?>("b")
    /// The values of the table's columns.
    static let values: [Int64?] = [nil, 0, 1, 2]

    /// A random condition and its meaning in Swift: true, false or unknown (nil) for a row (a, b).
    static func randomCondition(_ random: inout SeededRandom, depth: Int) -> (SQLCondition<Row>, (Int64?, Int64?) -> Bool?) {
        if depth == 0 || random.below(3) == 0 {
            let value = Int64(random.below(3))
            let column = random.below(2) == 0 ? a : b
            let pick: (Int64?, Int64?) -> Int64? = column.sql == a.sql ? { x, _ in x } : { _, y in y }
            /// Three-valued comparison: unknown when the column is NULL.
            func compare(_ test: @escaping (Int64, Int64) -> Bool) -> (Int64?, Int64?) -> Bool? {
                { x, y in pick(x, y).map { test($0, value) } }
            }
            switch random.below(6) {
            case 0: return (column == value, compare(==))
            case 1: return (column != value, compare(!=))
            case 2: return (column < value, compare(<))
            case 3: return (column >= value, compare(>=))
            case 4: return (column == nil, { x, y in pick(x, y) == nil })
            default: return (column != nil, { x, y in pick(x, y) != nil })
            }
        }
        let (lhs, left) = randomCondition(&random, depth: depth - 1)
        switch random.below(3) {
        case 0:
            let (rhs, right) = randomCondition(&random, depth: depth - 1)
            return (lhs && rhs, { x, y in
                let (l, r) = (left(x, y), right(x, y))
                return l == false || r == false ? false : (l == nil || r == nil ? nil : true)
            })
        case 1:
            let (rhs, right) = randomCondition(&random, depth: depth - 1)
            return (lhs || rhs, { x, y in
                let (l, r) = (left(x, y), right(x, y))
                return l == true || r == true ? true : (l == nil || r == nil ? nil : false)
            })
        default:
            return (!lhs, { x, y in left(x, y).map { !$0 } })
        }
    }

    @Test("random conditions of comparisons, IS NULL, AND, OR and NOT select the rows three-valued logic selects")
    func randomConditions() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(a INTEGER, b INTEGER)")
        for x in Self.values {
            for y in Self.values {
                try database.withStatement(sql: "INSERT INTO t VALUES (?, ?)") { statement in
                    statement.bind(arguments: [x, y])
                    try statement.execute()
                }
            }
        }
        var random = SeededRandom(seed: 23)
        for trial in 0..<400 {
            let (condition, meaning) = Self.randomCondition(&random, depth: 4)
            let selected = try database.withStatement(sql: "SELECT a, b FROM t WHERE " + condition.sql + " ORDER BY rowid") { statement in
                statement.bind(arguments: condition.arguments)
                return try statement.fetchAll { statement in
                    "\(try statement.value(at: 0, as: Int64?.self) as Any) \(try statement.value(at: 1, as: Int64?.self) as Any)"
                }
            }
            var expected: [String] = []
            for x in Self.values {
                for y in Self.values where meaning(x, y) == true {
                    expected.append("\(x as Any) \(y as Any)")
                }
            }
            #expect(selected == expected, "trial \(trial): \(condition.sql)")
        }
    }

    @Test("the SQL of nested conditions: parentheses only where precedence needs them")
    func nesting() {
        let (a, b) = (Self.a, Self.b)
        #expect((a == 1 && b == nil).sql == #""a" = ? AND "b" IS NULL"#)
        #expect((a == 1 || a == 2 && b != nil).sql == #""a" = ? OR "a" = ? AND "b" IS NOT NULL"#)
        #expect(((a == 1 || a == 2) && !(a > 0 && b < 2)).sql == #"("a" = ? OR "a" = ?) AND NOT ("a" > ? AND "b" < ?)"#)
        #expect((!(a == 1)).sql == #"NOT "a" = ?"#)
        let condition = (a == 1 || a == 2) && !(a > 0 && b < 2)
        #expect(condition.arguments.map(\.databaseValue) == [.integer(1), .integer(2), .integer(0), .integer(2)])
    }
}
