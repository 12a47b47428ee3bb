import DAOGenRuntime
import Foundation
import Testing

/// `Configuration.trace` sees every statement each time it runs, as prepared, without its values.
@Suite("Statement trace")
struct StatementTraceTests {
    /// A database on a new file whose connections report to the returned array.
    static func tracedDatabase(in directory: TemporaryDirectory) throws -> (Database, LockedArray<String>) {
        let traced = LockedArray<String>()
        var configuration = Database.Configuration()
        configuration.trace = { traced.append($0) }
        return (try Database(path: directory.path("trace.sqlite"), configuration: configuration), traced)
    }

    @Test("opening reports the PRAGMAs the runtime runs")
    func opening() throws {
        let directory = try TemporaryDirectory()
        let (_, traced) = try Self.tracedDatabase(in: directory)
        #expect(traced.all == ["PRAGMA foreign_keys = ON", "PRAGMA journal_mode = WAL", "PRAGMA journal_mode"])
    }

    @Test("a statement is reported each time it runs, with its placeholders and never its values")
    func eachRun() throws {
        let directory = try TemporaryDirectory()
        let (database, traced) = try Self.tracedDatabase(in: directory)
        try database.execute("CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT)")
        let insert = StatementKey("INSERT INTO note(body) VALUES (?)")
        for body in ["secret one", "secret two", "secret three"] {
            try database.withStatement(insert) { statement in
                statement.bind(body, at: 1)
                try statement.execute()
            }
        }
        let inserts = traced.all.filter { $0.hasPrefix("INSERT") }
        #expect(inserts == Array(repeating: "INSERT INTO note(body) VALUES (?)", count: 3))
        #expect(!traced.all.contains { $0.contains("secret") })
    }

    @Test("transaction control, reads on readers and triggers: one line per statement that ran")
    func transactionsReadersAndTriggers() throws {
        let directory = try TemporaryDirectory()
        let (database, traced) = try Self.tracedDatabase(in: directory)
        try database.execute("""
            CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT);
            CREATE TABLE log(note INTEGER);
            CREATE TRIGGER logged AFTER INSERT ON note BEGIN INSERT INTO log VALUES (new.id); END
            """)
        let start = traced.all.count
        try database.transaction {
            try database.execute("INSERT INTO note(body) VALUES ('x')")
        }
        let count = try database.rows("SELECT count(*) FROM log")
        #expect(count == [[.integer(1)]])
        let lines = Array(traced.all.dropFirst(start))
        #expect(lines.filter { !$0.hasPrefix("PRAGMA") } == [
            "BEGIN IMMEDIATE", "INSERT INTO note(body) VALUES ('x')", "COMMIT", "SELECT count(*) FROM log",
        ], "\(lines)")
    }
}
