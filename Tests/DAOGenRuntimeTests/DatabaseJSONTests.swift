@testable import DAOGenRuntime
import Foundation
import Testing
import Seeded

/// JSON columns' conversion (`DatabaseJSON`, `Statement.json(at:table:)`) and the statements of a table
/// with generated columns (`KeyedRecordStatements(table:primaryKey:generated:)`).
@Suite struct DatabaseJSONTests {
    /// A nested Codable value, as an app's own JSON column type would be.
    struct Note: Codable, Hashable, Sendable {
        var title: String
        var scores: [String: Double]
        var children: [Note]
        var flag: Bool?
    }

    /// A random note of depth at most `depth`, with text that needs escaping and numbers of every size.
    static func randomNote(_ random: inout SeededRandom, depth: Int) -> Note {
        let texts = ["", "plain", "quote \" and \\ backslash", "slash / url https://x.org/a", "line\nbreak\ttab", "é ✓ 😀", "\u{1}\u{7F}", "null"]
        var scores: [String: Double] = [:]
        for _ in 0..<random.below(4) {
            scores[random.pick(texts) + String(random.below(100))] = random.pick([0, -0.5, 1e300, -1e-300, 3.25, Double(Int64.max), 0.1])
        }
        let children = depth == 0 ? [] : (0..<random.below(3)).map { _ in randomNote(&random, depth: depth - 1) }
        return Note(title: random.pick(texts), scores: scores, children: children, flag: random.pick([nil, true, false]))
    }

    @Test func randomValuesRoundTripAsFoundationsSortedKeyText() throws {
        let database = try makeValueTable()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var random = SeededRandom(seed: 24)
        for _ in 0..<300 {
            let note = Self.randomNote(&random, depth: 3)
            let read: Note = try roundTrip(database, bind: { DatabaseJSON(note).bind(to: $0, at: 1) }, read: { try $0.json(at: 0, table: "t") })
            #expect(read == note)
            // The stored text is the encoder's with sorted keys: one value, one text.
            #expect(try storedValue(database) == .text(String(decoding: encoder.encode(note), as: UTF8.self)))
            #expect(try storedType(database) == "text")
            // The wrapper reads what it binds, through the protocol too (raw arguments, conditions).
            let wrapped: DatabaseJSON<Note> = try roundTrip(database, bind: { $0.bind(DatabaseJSON(note), at: 1) }, read: { try $0.value(at: 0) })
            #expect(wrapped.value == note)
            #expect(DatabaseJSON<Note>.fromDatabaseValue(DatabaseJSON(note).databaseValue)?.value == note)
        }
    }

    @Test func nullIsNilForAnOptionalAndAnErrorOtherwise() throws {
        let database = try makeValueTable()
        let none: [String]? = try roundTrip(database, bind: { $0.bindNull(at: 1) }, read: { try $0.json(at: 0, table: "t") })
        #expect(none == nil)
        // JSON null text is nil too, for an Optional.
        let jsonNull: [String]? = try roundTrip(database, bind: { $0.bind("null", at: 1) }, read: { try $0.json(at: 0, table: "t") })
        #expect(jsonNull == nil)
        #expect(throws: DAOGenError.invalidJSON(
            table: "t", column: "v", value: "NULL", expected: "Array<String>", reason: "the column is NULL", sql: "SELECT v FROM t")
        ) {
            let _: [String] = try roundTrip(database, bind: { $0.bindNull(at: 1) }, read: { try $0.json(at: 0, table: "t") })
        }
    }

    @Test func textThatDoesNotDecodeSaysWhereAndWhy() throws {
        let database = try makeValueTable()
        let cases: [(DatabaseValue, String, String)] = [
            (.text("not json"), "'not json'", "it is not valid JSON"),
            (.text(#"{"title":"a","scores":{},"children":[{"title":1}]}"#), #"'{"title":"a","scores":{},"children":[{"title":1}]}'"#,
             "expected String at .children[0].title"),
            (.text(#"{"title":"a","children":[]}"#), #"'{"title":"a","children":[]}'"#, "no key 'scores'"),
            (.integer(12), "12", "it is not text"),
        ]
        for (stored, literal, reason) in cases {
            #expect(throws: DAOGenError.invalidJSON(
                table: "note", column: "v", value: literal, expected: "Note", reason: reason, sql: "SELECT v FROM t")
            ) {
                let _: Note? = try roundTrip(database, bind: { $0.bind(stored, at: 1) }, read: { try $0.json(at: 0, table: "note") })
            }
        }
        let error = DAOGenError.invalidJSON(table: "note", column: "v", value: "'x'", expected: "Note", reason: "it is not valid JSON", sql: "SELECT v FROM t")
        #expect(error.description == "The JSON column note.v holds 'x', which cannot be decoded as Note (it is not valid JSON), in: SELECT v FROM t")
        // Read through the wrapper (no table known), the error names the column alone.
        #expect(throws: DAOGenError.self) {
            let _: DatabaseJSON<Note> = try roundTrip(database, bind: { $0.bind("[]", at: 1) }, read: { try $0.value(at: 0) })
        }
    }

    @Test func aValueThatDoesNotEncodeFailsTheStatement() throws {
        let database = try makeValueTable()
        #expect(throws: DAOGenError.self) {
            try database.withStatement(sql: "INSERT INTO t(v) VALUES (?)") { statement in
                DatabaseJSON([Double.nan]).bind(to: statement, at: 1)
                _ = try statement.step()
            }
        }
        #expect(try database.rows("SELECT count(*) FROM t") == [[.integer(0)]])
    }

    // MARK: - Generated columns

    /// A record of table `doc` whose `size` SQLite computes, written as the generator writes one.
    struct Doc: KeyedRecord {
        enum Column: String, SQLColumn {
            case id, body, size
        }

        struct Columns: Sendable {}

        enum Assignment: SQLAssignment {
            case body(String)
            var sqlAssignment: (column: Column, value: any DatabaseValueConvertible) {
                switch self {
                case let .body(value): (.body, value)
                }
            }
        }

        enum UniqueKey: SQLUniqueKey {
            case id
            var keyColumns: [Column] { [.id] }
        }

        static let columns = Columns()
        static let statements = KeyedRecordStatements<Doc>(table: "doc", primaryKey: [.id], generated: [.size])
        var id: Int64?
        var body: String
        private(set) var size: Int64?

        init(id: Int64? = nil, body: String) {
            self.id = id
            self.body = body
        }

        init(row statement: Statement) throws {
            id = try statement.value(at: 0)
            body = try statement.value(at: 1)
            size = try statement.value(at: 2)
        }

        func bind(to statement: Statement) {
            statement.bind(id, at: 1)
            statement.bind(body, at: 2)
        }

        func value(of column: Column) -> any DatabaseValueConvertible {
            switch column {
            case .id: id
            case .body: body
            case .size: size
            }
        }

        var primaryKey: Int64? { id }

        static func bind(key: Int64, to statement: Statement) {
            statement.bind(key, at: 1)
        }
    }

    @Test func generatedColumnsAreNeitherInsertedNorUpdatedAndComeBackByReturning() throws {
        #expect(Doc.statements.writes.insert.sql == #"INSERT INTO "doc" ("id", "body") VALUES (?1, ?2) RETURNING "id", "body", "size""#)
        #expect(Doc.statements.upsert.sql
            == #"INSERT INTO "doc" ("id", "body") VALUES (?1, ?2) ON CONFLICT ("id") DO UPDATE SET "body" = excluded."body" RETURNING "id", "body", "size""#)
        #expect(Doc.statements.update.sql == #"UPDATE "doc" SET "body" = ?2 WHERE "id" = ?1"#)
        #expect(Doc.statements.sql.upsert(onConflict: ["id"])
            == #"INSERT INTO "doc" ("id", "body") VALUES (?1, ?2) ON CONFLICT ("id") DO UPDATE SET "body" = excluded."body" RETURNING "id", "body", "size""#)
        // A table without generated columns runs no RETURNING: its hot path is unchanged.
        let item = RecordSQL.Writes(name: "item", columns: ["id", "name", "price", "category"])
        #expect(item.insert == #"INSERT INTO "item" ("id", "name", "price", "category") VALUES (?1, ?2, ?3, ?4)"#)
        #expect(!item.returnsRow)

        let database = try Database(path: ":memory:")
        try database.execute(#"CREATE TABLE "doc" ("id" INTEGER PRIMARY KEY, "body" TEXT NOT NULL, "size" INTEGER GENERATED ALWAYS AS (length(body)) STORED)"#)
        let dao = RecordDAO<Doc>(database: database)
        let inserted = try dao.insert(Doc(body: "four"))
        #expect(inserted.id == 1 && inserted.size == 4)
        var changed = inserted
        changed.body = "seven!!"
        #expect(try dao.update(changed))
        #expect(try dao.find(primaryKey: 1)?.size == 7)
        #expect(try dao.upsert(Doc(id: 1, body: "x")).size == 1)
        #expect(try dao.upsert(Doc(id: 2, body: "xy"), onConflict: .id).size == 2)
        try dao.insert(contentsOf: [Doc(body: "a"), Doc(body: "bcd")])
        #expect(try dao.fetchAll().map(\.size) == [1, 2, 1, 3])
    }
}
