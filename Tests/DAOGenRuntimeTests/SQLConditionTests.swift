@testable import DAOGenRuntime
import Foundation
import Testing
import Seeded

/// The SQL that typed conditions write, and the statement shapes they share.
@Suite struct SQLConditionTests {
    /// A record of table `item`, written as the generator writes one.
    struct Item: DatabaseRecord {
        enum Column: String, SQLColumn {
            case id, name, price, category
        }

        struct Columns: Sendable {
            let id = TypedColumn<Item, Int64>("id")
            let name = TypedColumn<Item, String>("name")
            let price = TypedColumn<Item, Double?>("price")
            let category = TypedColumn<Item, String?>("category")
        }

        static let columns = Columns()
        static let statements = RecordStatements<Item>(view: "item")
        var id: Int64
        var name: String
        var price: Double?
        var category: String?

        init(row statement: Statement) throws {
            id = try statement.value(at: 0)
            name = try statement.value(at: 1)
            price = try statement.value(at: 2)
            category = try statement.value(at: 3)
        }
    }

    let c = Item.columns

    @Test func comparisonsWritePlaceholdersAndKeepTheirValues() {
        let condition = c.price >= 4 && c.name.like("The %")
        #expect(condition.sql == #""price" >= ? AND "name" LIKE ?"#)
        #expect(condition.arguments.count == 2)
        #expect((c.price == nil).sql == #""price" IS NULL"#)
        #expect((c.price != nil).sql == #""price" IS NOT NULL"#)
        #expect((c.name == "a").sql == #""name" = ?"#)
        #expect((c.name != "a").sql == #""name" <> ?"#)
        #expect((c.category == c.name).sql == #""category" = "name""#)
        #expect(c.id.between(1, 9).sql == #""id" BETWEEN ? AND ?"#)
    }

    @Test func compoundConditionsAreParenthesizedOnlyWhereSQLWouldReadThemOtherwise() {
        let a = c.id == 1, b = c.id == 2, d = c.id == 3
        #expect(((a || b) && d).sql == #"("id" = ? OR "id" = ?) AND "id" = ?"#)
        #expect((a || b && d).sql == #""id" = ? OR "id" = ? AND "id" = ?"#)
        #expect((a && b || d).sql == #""id" = ? AND "id" = ? OR "id" = ?"#)
        #expect((!(a && b)).sql == #"NOT ("id" = ? AND "id" = ?)"#)
        #expect((!a).sql == #"NOT "id" = ?"#)
        #expect((!(!a)).sql == #"NOT NOT "id" = ?"#)
        #expect(((a && b) && (d || a)).sql == #""id" = ? AND "id" = ? AND ("id" = ? OR "id" = ?)"#)
    }

    @Test func anInListOfAnyLengthTakesOneOfAFewShapes() {
        var shapes: Set<String> = []
        for count in 0...5_000 {
            let condition = c.id.in((0..<count).map(Int64.init))
            shapes.insert(condition.sql)
            #expect(condition.arguments.count == InList.paddedCount(count))
            #expect(condition.arguments.count >= count && condition.arguments.count < max(2 * count, 1) + 1)
        }
        // 0, 1, 2, 4, ..., 8192: 15 shapes for 5,001 lengths.
        #expect(shapes.count == 15)
        #expect(c.id.in([Int64]()).sql == #""id" IN ()"#)
        #expect(c.id.in([7, 8, 9]).sql == #""id" IN (?, ?, ?, ?)"#)
    }

    @Test func paddedListsSelectWhatTheListSelects() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, category TEXT)")
        let dao = RecordDAO<Item>(database: database)
        for id in 1...40 {
            try database.execute("INSERT INTO item VALUES (\(id), 'n\(id)', \(id % 3 == 0 ? "NULL" : "\(id)"), NULL)")
        }
        var random = SeededRandom(seed: 40)
        for _ in 0..<200 {
            let ids = (0..<Int.random(in: 0...30, using: &random)).map { _ in Int64.random(in: 0...45, using: &random) }
            #expect(try dao.fetchAll(where: { $0.id.in(ids) }, orderBy: [SQLOrdering(column: .id, isDescending: false)]).map(\.id)
                == Set(ids).filter { (1...40).contains($0) }.sorted())
            let prices = ids.map(Double.init)
            #expect(try dao.count(where: { $0.price.in(prices) }) == Set(ids).filter { (1...40).contains($0) && $0 % 3 != 0 }.count)
        }
    }

    @Test func aShapeSeenBeforeReusesItsPreparedStatement() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, category TEXT)")
        let dao = RecordDAO<Item>(database: database)
        for value in 0..<500 {
            _ = try dao.fetchAll(where: { $0.price < Double(value) && $0.category == "c\(value)" }, limit: 50)
            _ = try dao.count(where: { $0.id.in([Int64(value), Int64(value + 1), Int64(value + 2)]) })
        }
        // Two shapes, whatever the values: one statement each.
        #expect(database.writer.statements.sqlStatementCount == 2)
    }
}
