@testable import DAOGenRuntime
import Foundation
import Testing

/// `RecordSQL` writes every statement a DAO runs, the ones built per call included, with one paging
/// scheme; the statement sets hold what their record's level has.
@Suite struct RecordSQLTests {
    /// A keyed record of table `gadget`, written as the generator writes one.
    struct Gadget: KeyedRecord, Equatable {
        enum Column: String, SQLColumn {
            case id, name, price
        }

        struct Columns: Sendable {
            let id = TypedColumn<Gadget, Int64>("id")
            let name = TypedColumn<Gadget, String>("name")
            let price = TypedColumn<Gadget, Double>("price")
        }

        enum Assignment: SQLAssignment {
            case price(Double)
            var sqlAssignment: (column: Column, value: any DatabaseValueConvertible) {
                switch self {
                case let .price(value): (.price, value)
                }
            }
        }

        enum UniqueKey: SQLUniqueKey {
            case id
            var keyColumns: [Column] { [.id] }
        }

        static let columns = Columns()
        static let statements = KeyedRecordStatements<Gadget>(table: "gadget", primaryKey: [.id])
        var id: Int64?
        var name: String
        var price: Double

        init(id: Int64? = nil, name: String, price: Double) {
            (self.id, self.name, self.price) = (id, name, price)
        }

        init(row statement: Statement) throws {
            id = try statement.value(at: 0)
            name = try statement.value(at: 1)
            price = try statement.value(at: 2)
        }

        func bind(to statement: Statement) {
            statement.bind(id, at: 1)
            statement.bind(name, at: 2)
            statement.bind(price, at: 3)
        }

        func value(of column: Column) -> any DatabaseValueConvertible {
            switch column {
            case .id: id
            case .name: name
            case .price: price
            }
        }

        func inserted(rowID: Int64) -> Gadget {
            var record = self
            record.id = id ?? rowID
            return record
        }

        var primaryKey: Int64? { id }

        static func bind(key: Int64, to statement: Statement) {
            statement.bind(key, at: 1)
        }
    }

    static let selectAll = #"SELECT "id", "name", "price" FROM "gadget""#

    @Test func aSelectIsWrittenClauseByClause() {
        let select = RecordSQL.Select(columns: #""a", "b""#, from: #""t""#, condition: #""a" = ?"#, orderBy: #" ORDER BY "b" DESC"#, paged: true)
        #expect(select.sql == #"SELECT "a", "b" FROM "t" WHERE "a" = ? ORDER BY "b" DESC LIMIT :daogen_limit OFFSET :daogen_offset"#)
        #expect(RecordSQL.Select(columns: "count(*)", from: #""t""#).sql == #"SELECT count(*) FROM "t""#)
        #expect(RecordSQL.exists(in: "t", where: #""a" IS ?"#) == #"SELECT EXISTS (SELECT 1 FROM "t" WHERE "a" IS ?)"#)
        #expect(RecordSQL.equality(["a", "b"], matchingNull: ["b"]) == #""a" = ?1 AND "b" IS ?2"#)
        #expect(RecordSQL.paging == " LIMIT " + Statement.limitParameter + " OFFSET " + Statement.offsetParameter)
    }

    @Test func theSetsHoldTheStatementsOfTheirLevel() {
        let keyed = Gadget.statements.sql
        #expect(keyed.statements == [
            Self.selectAll, Self.selectAll + " LIMIT :daogen_limit OFFSET :daogen_offset", #"SELECT count(*) FROM "gadget""#,
            #"INSERT INTO "gadget" ("id", "name", "price") VALUES (?1, ?2, ?3)"#, #"DELETE FROM "gadget""#,
            #"INSERT INTO "gadget" ("id", "name", "price") VALUES (?1, ?2, ?3) ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "price" = excluded."price""#,
            #"UPDATE "gadget" SET "name" = ?2, "price" = ?3 WHERE "id" = ?1"#, #"DELETE FROM "gadget" WHERE "id" = ?1"#,
            Self.selectAll + #" WHERE "id" = ?1"#,
        ])
        // Each level's keys run its set's SQL.
        #expect(Gadget.statements.reads.count.sql == keyed.writes.reads.count)
        #expect(Gadget.statements.writes.insert.sql == keyed.writes.insert)
        #expect(Gadget.statements.writes.deleteAll.sql == keyed.writes.deleteAll)
        #expect(Gadget.statements.upsert.sql == keyed.upsert)
        #expect(Gadget.statements.update.sql == keyed.update)
        #expect(Gadget.statements.deleteByKey.sql == keyed.deleteByKey)
        #expect(Gadget.statements.findByKey.sql == keyed.findByKey)
        #expect(RecordSQL.Reads(name: "v", columns: ["a"]).statements == [
            #"SELECT "a" FROM "v""#, #"SELECT "a" FROM "v" LIMIT :daogen_limit OFFSET :daogen_offset"#, #"SELECT count(*) FROM "v""#,
        ])
    }

    /// The statements built per call are RecordSQL's, and every paged one, typed or raw, pages the same way.
    @Test func theStatementsBuiltPerCallAreRecordSQLs() throws {
        let database = try Database(path: ":memory:")
        try database.execute(#"CREATE TABLE "gadget" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "price" REAL NOT NULL)"#)
        let dao = RecordDAO<Gadget>(database: database)
        for (name, price) in [("a", 1.0), ("b", 2.0), ("c", 3.0), ("d", 4.0)] {
            try dao.insert(Gadget(name: name, price: price))
        }
        let before = Set(database.writer.statements.sqlTextsByRecency)

        #expect(try dao.fetchAll(where: { $0.price >= 2 }, orderBy: [Gadget.Column.price.descending], limit: 2, offset: 1).map(\.name) == ["c", "b"])
        #expect(try dao.fetchAll(where: { $0.price >= 2 }, offset: 2).map(\.name) == ["d"])
        #expect(try dao.fetchAll(where: "price > ?", 1.5, orderBy: [Gadget.Column.name.ascending], limit: 1, offset: 1).map(\.name) == ["c"])
        #expect(try dao.count(where: { $0.price >= 2 }) == 3)
        #expect(try dao.exists(where: { $0.name == "d" }))
        #expect(try dao.update(set: [.price(9)], where: { $0.name == "a" }) == 1)
        #expect(try dao.delete(where: { $0.price < 3 }) == 1)
        #expect(try dao.fetchAll(orderBy: [Gadget.Column.id.ascending]).map(\.name) == ["a", "c", "d"])

        let paging = " LIMIT :daogen_limit OFFSET :daogen_offset"
        #expect(Set(database.writer.statements.sqlTextsByRecency).subtracting(before) == [
            Self.selectAll + #" WHERE "price" >= ? ORDER BY "price" DESC"# + paging,
            Self.selectAll + #" WHERE "price" >= ?"# + paging,
            Self.selectAll + " WHERE (price > ?) ORDER BY \"name\"" + paging,
            #"SELECT count(*) FROM "gadget" WHERE "price" >= ?"#,
            #"SELECT EXISTS (SELECT 1 FROM "gadget" WHERE "name" = ?)"#,
            #"UPDATE "gadget" SET "price" = ? WHERE "name" = ?"#,
            #"DELETE FROM "gadget" WHERE "price" < ?"#,
            Self.selectAll + #" ORDER BY "id""#,
        ])
    }
}
