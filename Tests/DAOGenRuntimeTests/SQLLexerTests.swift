import CSQLite
@testable import DAOGenRuntime
import Foundation
import Seeded
import Testing

/// `SQLLexer`, daogen's one SQL lexer, held to SQLite itself on random texts: where a text is complete
/// (`sqlite3_complete`) and where statements end (the tails of `sqlite3_prepare_v2`).
@Suite("SQL lexer")
struct SQLLexerTests {
    /// The kinds and texts of the tokens of `sql`, white space and comments included.
    static func tokens(_ sql: String) -> [String] {
        let bytes = Array(sql.utf8)
        return SQLLexer.tokens(sql, trivia: true).map { token in
            "\(token.kind)\(token.isIllegal ? "!" : "")\(token.isUnterminated ? "…" : ""):" + SQLLexer.text(token.range, in: bytes)
        }
    }

    @Test("tokens as SQLite's tokenizer delimits them")
    func examples() {
        #expect(Self.tokens("SELECT \"a\"\"b\", `c``d`, [e\"f], 'it''s' FROM t;") == [
            "word:SELECT", "space: ", "quotedName:\"a\"\"b\"", "symbol:,", "space: ", "quotedName:`c``d`", "symbol:,", "space: ",
            "quotedName:[e\"f]", "symbol:,", "space: ", "string:'it''s'", "space: ", "word:FROM", "space: ", "word:t", "semicolon:;",
        ])
        #expect(Self.tokens("x'0A' X'' x'0' x'zz' x'0") == [
            "blob:x'0A'", "space: ", "blob:X''", "space: ", "blob!:x'0'", "space: ", "blob!:x'zz'", "space: ", "blob!…:x'0",
        ])
        #expect(Self.tokens("? ?12 :a @b #c $d $e::f $g(h;i) $k( x : 1") == [
            "parameter:?", "space: ", "parameter:?12", "space: ", "parameter::a", "space: ", "parameter:@b", "space: ",
            "parameter:#c", "space: ", "parameter:$d", "space: ", "parameter:$e::f", "space: ", "parameter:$g(h;i)", "space: ",
            "parameter!:$k(", "space: ", "word:x", "space: ", "parameter!::", "space: ", "number:1",
        ])
        #expect(Self.tokens("1 12.5 .5 1e10 1E-3 0x1F 1. 1abc 0x1g 1e+") == [
            "number:1", "space: ", "number:12.5", "space: ", "number:.5", "space: ", "number:1e10", "space: ", "number:1E-3",
            "space: ", "number:0x1F", "space: ", "number:1.", "space: ", "number!:1abc", "space: ", "number!:0x1g", "space: ",
            "number!:1e", "symbol:+",
        ])
        #expect(Self.tokens("a -- c\nb /* d */ /* e") == [
            "word:a", "space: ", "comment:-- c", "space:\n", "word:b", "space: ", "comment:/* d */", "space: ", "comment…:/* e",
        ])
        // `/*` at the very end is `/` and `*`; `<>`, `||`, `->>` are one token each; `!` alone is illegal.
        #expect(Self.tokens("a<>b||c->>d!e/*") == [
            "word:a", "symbol:<>", "word:b", "symbol:||", "word:c", "symbol:->>", "word:d", "symbol!:!", "word:e", "symbol:/", "symbol:*",
        ])
        // White space is exactly space, \t, \n, \f, \r (and \v inside a run, a byte order mark at a
        // token's start): U+00A0 and U+2028 are identifier bytes, as every byte of 0x80 or more.
        #expect(Self.tokens("a\u{a0}b \u{2028} \u{0B}c\u{FEFF}d \u{FEFF}e \u{0B}") == [
            "word:a\u{a0}b", "space: ", "word:\u{2028}", "space: \u{0B}", "word:c\u{FEFF}d", "space: ", "space:\u{FEFF}", "word:e",
            "space: \u{0B}",
        ])
        #expect(Self.tokens("\u{0B}é") == ["symbol!:\u{0B}", "word:é"])
        #expect(Self.tokens("'open") == ["string!…:'open"])
        #expect(Self.tokens("[open") == ["quotedName!…:[open"])
    }

    // MARK: Against SQLite

    /// The pieces of the random texts: keywords (those `sqlite3_complete` looks for among them), names,
    /// quoted names of every kind with doubled quotes, strings, blobs, comments of both kinds, numbers,
    /// parameters, `;`, odd bytes, non-ASCII letters, white space; terminated or not.
    static let fragments: [String] = [
        "CREATE", "create", "TEMP", "temporary", "TRIGGER", "trigger", "END", "end", "EXPLAIN", "explain", "BEGIN", "SELECT",
        "select", "ON", "AFTER", "x", "X", "t1", "_a", "a$b",
        "\"a\"", "\"a\"\"b\"", "\"end\"", "\"a;b\"", "`a`", "`a``b;`", "[a]", "[a;b]", "[end]", "\"open", "`open", "[open",
        "'a'", "'it''s'", "';'", "'end;'", "''", "'open",
        "x'0A'", "X'ff'", "x''", "x'0'", "x'zz'", "x'0A",
        "-- c\n", "-- ; end\n", "--", "/* c */", "/* ; */", "/**/", "/*", "/* open", "*/",
        ";", ";", ";", ";", "(", ")", ",", ".", "-", "/", "*", "||", "<>", "!=", "!", "->>", "=",
        "\u{1}", "\\", "^", "{", "é", "😀", "\u{a0}", "\u{2028}", "ü",
        " ", " ", "\t", "\n", "\r\n", "\u{0C}",
    ]

    /// Numbers and parameters: always followed by a space in the random texts, because a keyword
    /// run into them (`1.end`, `:end`) is part of the token for SQLite's tokenizer but a keyword for
    /// `sqlite3_complete`'s simpler scanner (see ``whereSQLiteCompleteDiffers()``).
    static let spacedFragments = ["1", "12.5", ".5", "1e10", "1E-3", "0x1F", "1.", "1abc", "?", "?12", ":a", "@b", "#c", "$d", "$e::f", "$g(h)", ":"]

    /// A random text of `count` fragments.
    static func randomText(_ random: inout SeededRandom, count: Int) -> String {
        var text = ""
        for _ in 0..<count {
            if random.below(5) == 0 {
                text += random.pick(spacedFragments) + " "
            } else {
                text += random.pick(fragments)
            }
        }
        return text
    }

    static func sqliteComplete(_ sql: String) -> Bool {
        sqlite3_complete(sql) != 0
    }

    @Test("a text is complete where sqlite3_complete says it is, on random texts")
    func completeAgreesWithSQLite() {
        let seed: UInt64 = 0x5EED_31
        print("SQLLexerTests.completeAgreesWithSQLite seed \(seed)")
        var random = SeededRandom(seed: seed)
        var complete = 0
        for trial in 0..<20_000 {
            var text = Self.randomText(&random, count: 1 + random.below(12))
            // Half end in `;` and trivia, so that complete texts are common.
            if random.below(2) == 0 { text += ";" + random.pick(["", " ", "\n", "-- c", "/* c */"]) }
            let expected = Self.sqliteComplete(text)
            if expected { complete += 1 }
            #expect(SQLLexer.isComplete(text) == expected, "trial \(trial): \(text.debugDescription)")
        }
        // Both answers occur often enough to mean something.
        #expect(complete > 3_000 && complete < 17_000, "\(complete) complete texts")
    }

    /// Valid statements of the pieces that hide or fake a `;` or an `END`: strings, quoted aliases of
    /// every kind, blobs, parameters (`$f(g;h)` holds its `;`), comments, triggers, non-ASCII names.
    static func randomStatement(_ random: inout SeededRandom) -> String {
        let trivia = [" ", " ", "\n", "\t", "/* ; */", "-- ; end\n", " \u{0B}", "\u{FEFF}", "\r\n", "/**/"]
        // A byte order mark is white space only where a token would start, so trivia stands between spaces.
        func gap() -> String { random.below(3) == 0 ? " " + random.pick(trivia) + " " : " " }
        let expressions = [
            "1", "12.5", ".5", "1e10", "0x1F", "-1", "'a'", "'it''s; here'", "';'", "'end;'", "x'0A'", "X''", "?", "?3", ":a", "@b",
            "#c", "$c", "$d::e", "$f(g;h)", "(1 + 2)", "'x' || 'end;'", "NULL", "CASE WHEN 1 THEN 2 END", "1<>2", "3->>'$'",
        ]
        let aliases = ["\"a;b\"", "\"x\"\"y\"", "`q;`", "`a``b`", "[c;d]", "é", "a\u{a0}b", "x\u{2028}", "end_", "\"end\"", "[end]"]
        func select() -> String {
            var items: [String] = []
            for _ in 0...random.below(3) {
                var item = random.pick(expressions)
                if random.below(2) == 0 { item += gap() + "AS" + gap() + random.pick(aliases) }
                items.append(item)
            }
            return "SELECT" + gap() + items.joined(separator: "," + gap())
        }
        let bodies = [
            "DELETE FROM a WHERE x = ';'", "UPDATE a SET x = 'end;'", "SELECT CASE WHEN 1 THEN 2 END", "INSERT INTO a VALUES (x'00')",
            "SELECT \"x\" FROM a", "SELECT [x] FROM a -- END;\n",
        ]
        switch random.below(6) {
        case 0:
            let body = (0...random.below(3)).map { _ in random.pick(bodies) + gap() + ";" + gap() }.joined()
            return "CREATE" + gap() + random.pick(["", "TEMP ", "temporary "]) + "TRIGGER IF NOT EXISTS t" + gap()
                + "AFTER INSERT ON a BEGIN" + gap() + body + "END"
        case 1: return "EXPLAIN" + gap() + select()
        case 2: return "CREATE TABLE IF NOT EXISTS [t;1] (\"c;\" TEXT DEFAULT ';', `end` BLOB)"
        default: return select()
        }
    }

    @Test("statements end where the tails of sqlite3_prepare_v2 say, on random valid texts")
    func statementsAgreeWithPrepare() throws {
        var handle: OpaquePointer?
        #expect(sqlite3_open(":memory:", &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        #expect(sqlite3_exec(handle, "CREATE TABLE a (x)", nil, nil, nil) == SQLITE_OK)
        let seed: UInt64 = 0x5EED_32
        print("SQLLexerTests.statementsAgreeWithPrepare seed \(seed)")
        var random = SeededRandom(seed: seed)
        let separators = [";", " ; ", ";\n", "; -- a; comment\n", "; /* ; */ ", ";;", ";\t;\n", ";\u{FEFF}", "; \u{0B}"]
        var statementCount = 0
        for trial in 0..<4_000 {
            var text = random.pick(["", " ", "\n", "-- lead; \n", "/* ; */", "\u{FEFF}"])
            let count = 1 + random.below(4)
            for index in 0..<count {
                text += Self.randomStatement(&random)
                if index < count - 1 || random.below(2) == 0 { text += random.pick(separators) }
            }
            if random.below(2) == 0 { text += random.pick(["-- trailing; comment", "/* trailing; open", " "]) }
            guard let tails = Self.tails(text, in: handle!) else {
                Issue.record("trial \(trial): SQLite does not prepare \(text.debugDescription)")
                continue
            }
            let statements = SQLLexer.statements(text)
            statementCount += statements.count
            #expect(statements.map(\.end) == tails, "trial \(trial): \(text.debugDescription)")
        }
        #expect(statementCount > 8_000)
    }

    /// Where each statement SQLite prepares from `text` ends (its tail's UTF-8 offset), skipping empty
    /// ones, without running any; nil when one does not prepare.
    static func tails(_ text: String, in handle: OpaquePointer) -> [Int]? {
        let bytes = Array(text.utf8CString)
        return bytes.withUnsafeBufferPointer { buffer -> [Int]? in
            let base = buffer.baseAddress!
            var tails: [Int] = []
            var cursor = base
            while cursor.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                guard sqlite3_prepare_v2(handle, cursor, -1, &statement, &tail) == SQLITE_OK, let tail else { return nil }
                if let statement {
                    tails.append(tail - base)
                    sqlite3_finalize(statement)
                }
                if tail == cursor { break }
                cursor = tail
            }
            return tails
        }
    }

    /// `sqlite3_complete` scans with rules of its own, coarser than the tokenizer's in a few places;
    /// there the lexer follows the tokenizer, which is what `sqlite3_prepare_v2` reads with.
    @Test("where sqlite3_complete's own scanner differs, the lexer reads as prepare does")
    func whereSQLiteCompleteDiffers() throws {
        var handle: OpaquePointer?
        #expect(sqlite3_open(":memory:", &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        // A `;` inside a Tcl-style parameter: one token for the tokenizer.
        #expect(Self.sqliteComplete("SELECT $a(x;"))
        #expect(!SQLLexer.isComplete("SELECT $a(x;"))
        #expect(Self.tails("SELECT $a(x;y); SELECT 2", in: handle!) == [15, 24])
        #expect(SQLLexer.statements("SELECT $a(x;y); SELECT 2").map(\.end) == [15, 24])
        // A byte order mark or `\v` after white space is white space for the tokenizer.
        for text in ["SELECT 1;\u{FEFF}", "SELECT 1; \u{0B}"] {
            #expect(!Self.sqliteComplete(text))
            #expect(SQLLexer.isComplete(text))
            #expect(Self.tails(text, in: handle!) == [9])
        }
        // A keyword run into a parameter or number is part of that token for the tokenizer.
        #expect(!Self.sqliteComplete("EXPLAIN 1.create TRIGGER x BEGIN SELECT 1;"))
        #expect(SQLLexer.isComplete("EXPLAIN 1.create TRIGGER x BEGIN SELECT 1;"))
    }
}
