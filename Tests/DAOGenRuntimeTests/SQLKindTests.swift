@testable import DAOGenRuntime
import Foundation
import Testing
import Seeded

/// `SQLKind.of(_:)`, which routes run-time SQL to a reader or the writer from its first keyword, reads
/// the string's UTF-8 in place; these tests hold it to the rule it implements.
@Suite("SQL kind")
struct SQLKindTests {
    /// The rule, written as plainly as possible: skip white space, `-- line` and `/* block */` comments
    /// (an unterminated block comment runs to the end), then take the first word (an identifier's
    /// bytes, as SQLite reads them); `SELECT` and `VALUES` are reads, `WITH` may be, anything else
    /// (also a longer word, such as `SELECTED` or `select_1`) is a write.
    static func oracle(_ sql: String) -> SQLKind {
        // Unicode scalars, not Characters: "\r\n" is one Character but two white-space scalars.
        var rest = Array(sql.unicodeScalars)[...]
        let dash: [Unicode.Scalar] = ["-", "-"], open: [Unicode.Scalar] = ["/", "*"], close: [Unicode.Scalar] = ["*", "/"]
        while true {
            if let first = rest.first, [" ", "\t", "\n", "\r", "\u{0C}"].contains(first) {
                rest = rest.dropFirst()
            } else if rest.starts(with: dash) {
                rest = rest.drop(while: { $0 != "\n" })
            } else if rest.starts(with: open) {
                rest = rest.dropFirst(2)
                while !rest.isEmpty, !rest.starts(with: close) { rest = rest.dropFirst() }
                rest = rest.dropFirst(2)
            } else {
                break
            }
        }
        // A word starts with a letter, `_` or a non-ASCII scalar and runs through digits and `$` too,
        // as SQLite's identifiers do: `SELECTED` and `select1` are not `SELECT`.
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { !scalar.isASCII || scalar == "_" || scalar.properties.isAlphabetic }
        guard let first = rest.first, isLetter(first) else { return .write }
        let word = String(String.UnicodeScalarView(rest.prefix(while: { isLetter($0) || ("0"..."9").contains($0) || $0 == "$" }))).uppercased()
        switch word {
        case "SELECT", "VALUES": return .read
        case "WITH": return .readIfReadOnly
        default: return .write
        }
    }

    /// The pieces random statements are made of.
    static let pieces = [
        " ", "\t", "\n", "\r\n", "\u{0C}", "-- a comment\n", "--", "/* block */", "/* * / **/", "/*", "*/", "-", "/",
        "SELECT", "select", "Select", "VALUES", "values", "WITH", "with", "WITHOUT", "SELECTED", "INSERT", "update",
        "PRAGMA", "(", "1", "x", "é", "😀", "\u{0}", "_", "sel", "ect", "$", "\u{a0}",
    ]

    @Test("the kind of random statements of white space, comments and keywords is the rule's")
    func randomStatements() {
        var random = SeededRandom(seed: 23)
        for trial in 0..<5_000 {
            let sql = (0..<random.below(7)).map { _ in random.pick(Self.pieces) }.joined()
            #expect(SQLKind.of(sql) == Self.oracle(sql), "trial \(trial): \(sql.debugDescription)")
        }
    }

    @Test("examples: leading comments, case, and words that only start with a keyword")
    func examples() {
        let cases: [(String, SQLKind)] = [
            ("SELECT 1", .read), ("  /* c */ -- d\n select * from t", .read), ("VALUES (1)", .read),
            ("WITH x AS (SELECT 1) SELECT * FROM x", .readIfReadOnly), ("INSERT INTO t VALUES (1)", .write),
            ("SELECTED", .write), ("/* unterminated SELECT", .write), ("", .write), ("-- only a comment", .write),
            ("select(1)", .read), ("select_1", .write), ("SELECT\u{a0}1", .write), ("\u{a0}SELECT 1", .write),
        ]
        for (sql, kind) in cases {
            #expect(SQLKind.of(sql) == kind, "\(sql.debugDescription)")
        }
    }
}
