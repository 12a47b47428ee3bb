import CSQLite
import Testing

@testable import _DAOGenCore
import Seeded

/// `SQLStatements.split` ends statements where SQLite does: held to SQLite's own parser (the tail of
/// `sqlite3_prepare_v2`) on random texts made of the pieces that hide or fake a `;`.
@Suite struct SQLStatementsTests {
    @Test func splitsWhereSQLiteEndsAStatement() {
        #expect(SQLStatements.split("SELECT 1 AS a; CREATE TABLE x (z)").map(\.text) == ["SELECT 1 AS a", "CREATE TABLE x (z)"])
        #expect(SQLStatements.split("SELECT ';' -- ;\n; ;").map(\.text) == ["SELECT ';'"])
        #expect(SQLStatements.split("  /* a */ SELECT 1 /* b; */").map(\.text) == ["SELECT 1"])
        #expect(SQLStatements.split("  /* a */ SELECT 1").map(\.offset) == [10])
        #expect(SQLStatements.split("-- only a comment").isEmpty)
        let trigger = "CREATE TRIGGER t AFTER DELETE ON a BEGIN DELETE FROM b; SELECT CASE WHEN 1 THEN 2 END; END"
        #expect(SQLStatements.split(trigger + ";").map(\.text) == [trigger])
        #expect(SQLStatements.split(trigger + "; DELETE FROM a").map(\.text) == [trigger, "DELETE FROM a"])
    }

    /// Random texts of statements, strings, quoted names and comments that hold `;`, and trigger bodies:
    /// the split gives as many statements as SQLite prepares, starting where SQLite's tail says.
    @Test func agreesWithSQLiteOnRandomTexts() throws {
        var handle: OpaquePointer?
        #expect(sqlite3_open(":memory:", &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        #expect(sqlite3_exec(handle, #"CREATE TABLE a (x, "x;", "y;z", "q;"); CREATE TABLE b (y)"#, nil, nil, nil) == SQLITE_OK)
        let statements = [
            "SELECT 1", "SELECT ';'", "SELECT 'it''s; here'", "SELECT \"x;\" FROM a", "SELECT [y;z] FROM a",
            "SELECT `q;` FROM a", "DELETE FROM a", "INSERT INTO b VALUES (';')",
            "CREATE TRIGGER IF NOT EXISTS t AFTER INSERT ON a BEGIN DELETE FROM b; UPDATE b SET y = ';'; END",
            "CREATE TRIGGER IF NOT EXISTS u BEFORE DELETE ON a BEGIN SELECT CASE WHEN 1 THEN 'end;' END; END",
        ]
        let separators = [";", " ; ", ";\n", "; -- a; comment\n", "; /* ; */ ", ";;", ";\t;\n"]
        var random = SeededRandom(seed: 21)
        for _ in 0..<3_000 {
            var text = random.text(joining: [" ", "\n", "-- lead; \n", "/* ; */"], count: 0...2)
            let count = Int.random(in: 1...4, using: &random)
            for index in 0..<count {
                text += statements.randomElement(using: &random)!
                if index < count - 1 || Bool.random(using: &random) { text += separators.randomElement(using: &random)! }
            }
            if Bool.random(using: &random) { text += "-- trailing; comment" }
            let split = SQLStatements.split(text)
            let ranges = Self.statementRanges(text, in: handle!)
            #expect(split.count == ranges.count, "\(text)")
            for (statement, range) in zip(split, ranges) {
                #expect(range.contains(statement.offset) && statement.offset + statement.text.utf8.count <= range.upperBound, "\(text)")
            }
        }
    }

    /// The UTF-8 ranges of the statements SQLite's parser finds in `text` (from where each starts to its
    /// tail, following `sqlite3_prepare_v2`), skipping empty ones, without running any.
    static func statementRanges(_ text: String, in handle: OpaquePointer) -> [Range<Int>] {
        let bytes = Array(text.utf8CString)
        return bytes.withUnsafeBufferPointer { buffer -> [Range<Int>] in
            let base = buffer.baseAddress!
            var ranges: [Range<Int>] = []
            var cursor = base
            while cursor.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                guard sqlite3_prepare_v2(handle, cursor, -1, &statement, &tail) == SQLITE_OK, let tail else {
                    Issue.record("SQLite does not prepare: \(String(cString: cursor))")
                    return ranges
                }
                if let statement {
                    ranges.append((cursor - base)..<(tail - base))
                    sqlite3_finalize(statement)
                }
                cursor = tail
            }
            return ranges
        }
    }
}
