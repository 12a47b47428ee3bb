@testable import DAOGenRuntime
import Foundation
import Testing

/// Which statements read one row by its rowid (row-precise observation): worked out on a statement's
/// first observed run, not when it is prepared, and then what `KeyedRead` says.
@Suite("Keyed reads")
struct KeyedReadTests {
    let database: Database

    init() throws {
        database = try Database(path: ":memory:")
        try database.execute("""
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE tag (name TEXT PRIMARY KEY, label TEXT);
            CREATE TABLE plain (code INTEGER, name TEXT)
            """)
    }

    /// The statement of `sql` as its connection prepares it, and its keyed table as worked out then.
    func prepared(_ sql: String) throws -> (before: Statement.KeyedLookup, after: String?) {
        try database.withConnection(kind: .read) { connection, _ in
            let statement = try connection.prepare(sql, persistent: false)
            return (statement.keyedLookup, statement.keyedTable)
        }
    }

    @Test("preparing a statement that reads one table only notes the table; the first look reads its key")
    func lazy() throws {
        let find = try prepared(#"SELECT "id", "name" FROM "item" WHERE "id" = ?1"#)
        guard case .readsOnly("item") = find.before else {
            Issue.record("prepared as \(find.before), expected .readsOnly(\"item\")")
            return
        }
        #expect(find.after == "item")
    }

    @Test("only a lookup by the INTEGER PRIMARY KEY of columns alone is keyed", arguments: [
        (#"SELECT "id", "name" FROM "item" WHERE "id" = ?1"#, "item"),
        (#"SELECT "name" FROM "item" WHERE "id" = ?1"#, "item"),
        (#"SELECT "id", "name" FROM "item" WHERE "name" = ?1"#, nil),
        (#"SELECT "id", upper("name") FROM "item" WHERE "id" = ?1"#, nil),
        (#"SELECT "name", "label" FROM "tag" WHERE "name" = ?1"#, nil),
        (#"SELECT "code", "name" FROM "plain" WHERE "code" = ?1"#, nil),
        (#"SELECT "id", "name" FROM "item" WHERE "id" > ?1"#, nil),
    ] as [(String, String?)])
    func keyed(sql: String, table: String?) throws {
        #expect(try prepared(sql).after == table)
    }

    @Test("a statement that reads two tables, or writes, is known at once to be no lookup")
    func known() throws {
        for sql in [#"SELECT "item"."id" FROM "item", "tag" WHERE "item"."id" = ?1"#, #"DELETE FROM "item" WHERE "id" = ?1"#] {
            let statement = try prepared(sql)
            guard case .known(nil) = statement.before else {
                Issue.record("\(sql) prepared as \(statement.before), expected .known(nil)")
                continue
            }
        }
    }
}
