import DAOGenRuntime
import Testing

/// A whole number of cents whose reader is built on `value(at:)`, as docs/Runtime.md suggests for a type
/// on a hot path: inside a nested record it must read the row's own column, not add the offset twice.
private struct Cents: Hashable, DatabaseValueConvertible {
    var value: Int64
    var databaseValue: DatabaseValue { .integer(value) }
    static func fromDatabaseValue(_ value: DatabaseValue) -> Cents? { Int64.fromDatabaseValue(value).map(Cents.init) }
    static func read(from statement: Statement, at index: Int32) throws -> Cents {
        Cents(value: try statement.value(at: index))
    }
}

/// A record read the way a generated one is, with every kind of reader: `value(at:)` (a custom type and an
/// Optional), `json(at:table:)` and `value(strictAt:)`.
private struct Entry: DatabaseRecord, Hashable {
    enum Column: String, SQLColumn { case id, price, note, tags }
    struct Columns: Sendable {}
    static let columns = Columns()
    static let statements = RecordStatements<Entry>(view: "entry")
    var id: Int64
    var price: Cents
    var note: String?
    var tags: [String]

    init(id: Int64, price: Cents, note: String?, tags: [String]) {
        (self.id, self.price, self.note, self.tags) = (id, price, note, tags)
    }

    init(row statement: Statement) throws {
        id = statement.value(strictAt: 0)
        price = try statement.value(at: 1)
        note = try statement.value(at: 2)
        tags = try statement.json(at: 3, table: "entry")
    }
}

/// `Statement.record(columnsFrom:)`: a record read from the columns of a row that begin at an index.
@Suite struct NestedRecordReadingTests {
    let database: Database

    init() throws {
        database = try Database(path: ":memory:")
    }

    @Test func recordsAreReadAtTheirOffsetAndTheOffsetEndsWithThem() throws {
        let sql = "SELECT 'first', 1, 250, NULL, '[\"a\"]', 2, 99, 'two', '[]', 'last'"
        let read = try database.withStatement(sql: sql) { statement in
            #expect(try statement.step())
            let first: Entry = try statement.record(columnsFrom: 1)
            let second: Entry? = try statement.record(columnsFrom: 5, nilWhenNullAt: 5)
            let outer: String = try statement.value(at: 0)
            let last: String = try statement.value(at: 9)
            return (first, second, outer, last)
        }
        #expect(read.0 == Entry(id: 1, price: Cents(value: 250), note: nil, tags: ["a"]))
        #expect(read.1 == Entry(id: 2, price: Cents(value: 99), note: "two", tags: []))
        #expect(read.2 == "first" && read.3 == "last")
    }

    @Test func aNullKeyIsNoRowAndOtherNullsAreValues() throws {
        let read = try database.withStatement(sql: "SELECT 0, NULL, 5, NULL, '[]', 7, 1, NULL, '[]'") { statement in
            #expect(try statement.step())
            let missing: Entry? = try statement.record(columnsFrom: 1, nilWhenNullAt: 1)
            let present: Entry? = try statement.record(columnsFrom: 5, nilWhenNullAt: 5)
            return (missing, present)
        }
        #expect(read.0 == nil)
        #expect(read.1 == Entry(id: 7, price: Cents(value: 1), note: nil, tags: []))
    }

    @Test func aBadValueNamesItsColumnInTheRow() throws {
        let sql = "SELECT 0 AS zero, 1 AS id, 'lots' AS price, NULL AS note, '[]' AS tags"
        let error = try database.withStatement(sql: sql) { statement -> DAOGenError? in
            #expect(try statement.step())
            do {
                _ = try statement.record(columnsFrom: 1, as: Entry.self)
                return nil
            } catch let error as DAOGenError {
                return error
            }
        }
        guard case let .invalidValue(column, value, expected, _)? = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(column == "price" && value == "'lots'" && expected == "Int64")
    }
}
