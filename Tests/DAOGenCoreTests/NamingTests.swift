import Foundation
import DAOGenRuntime
import Testing

@testable import _DAOGenCore
import Seeded

@Suite struct NamingTests {
    @Test(arguments: [
        ("book", "Book"), ("test_table", "TestTable"), ("Order Details", "OrderDetails"), ("userID", "UserID"),
        ("news-item", "NewsItem"), ("2fa_code", "_2faCode"),
    ])
    func upperCamelCase(name: String, expected: String) {
        #expect(SwiftNaming.upperCamelCase(name) == expected)
    }

    @Test(arguments: [
        ("author_id", "authorId"), ("ID", "id"), ("URLString", "urlString"), ("userID", "userID"),
        ("isCelebrity", "isCelebrity"), ("Name", "name"), ("rowID", "rowID"), ("card number", "cardNumber"),
    ])
    func lowerCamelCase(name: String, expected: String) {
        #expect(SwiftNaming.lowerCamelCase(name) == expected)
    }

    @Test func keywordsAreEscaped() {
        #expect(SwiftNaming.escaped("default") == "`default`")
        #expect(SwiftNaming.escaped("where") == "`where`")
        #expect(SwiftNaming.escaped("order") == "order")
    }

    @Test func identifiersAndTypeNames() {
        #expect(SwiftNaming.isIdentifier("name_2"))
        #expect(!SwiftNaming.isIdentifier("2name"))
        #expect(!SwiftNaming.isIdentifier("my-db"))
        #expect(SwiftNaming.isTypeName("Shop.Money"))
        #expect(!SwiftNaming.isTypeName("Shop..Money"))
    }

    @Test(arguments: [
        ("INTEGER", Affinity.integer), ("BIGINT", .integer), ("VARCHAR(20)", .text), ("CLOB", .text), ("BLOB", .blob),
        ("", .blob), ("DOUBLE PRECISION", .real), ("FLOAT", .real), ("DECIMAL(10,2)", .numeric), ("BOOLEAN", .numeric),
        ("DATE", .numeric), ("CHARINT", .integer),
    ])
    func affinityFollowsSQLiteRules(type: String, expected: Affinity) {
        #expect(Affinity(declaredType: type) == expected)
    }

    /// The family of the rule above: random type names, their affinity as SQLite itself gives it
    /// (what `CAST` makes of '1.5' and '1', which tells the five affinities apart).
    @Test func affinityAgreesWithSQLiteOnRandomTypeNames() throws {
        let database = try Database(path: ":memory:")
        let fragments = [
            "INT", "int", "Char", "CLOB", "text", "BLOB", "REAL", "floa", "DOUB", "le", "VAR", "BIG", "STRING",
            "BOOL", "DATE", "POINT", "ıNT", "ß", "é", "NUM", "x", "Y", "_",
        ]
        var random = SeededRandom(seed: 0xAFF1_0173)
        for _ in 0..<500 {
            let words = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                (0..<Int.random(in: 1...3, using: &random)).map { _ in fragments.randomElement(using: &random)! }.joined()
            }
            var type = words.joined(separator: " ")
            if Bool.random(using: &random) { type += "(10)" }
            // Bare words: SQLite dequotes a quoted type name in CAST down to its first word.
            let row = try #require(try database.rows("SELECT typeof(CAST('1.5' AS \(type))), typeof(CAST('1' AS \(type)))").first)
            let sqlite: Affinity
            switch (row[0], row[1]) {
            case (.text("integer"), _): sqlite = .integer
            case (.text("real"), .text("integer")): sqlite = .numeric
            case (.text("real"), _): sqlite = .real
            case (.text("text"), _): sqlite = .text
            default: sqlite = .blob
            }
            #expect(Affinity(declaredType: type) == sqlite, "\(type)")
        }
    }

    /// `trimmingBlanks()` is `trimmingCharacters(in: .whitespaces)`, on random strings of blanks,
    /// line breaks (not blanks) and other characters.
    @Test func trimmingBlanksAgreesWithFoundation() {
        let pieces = [" ", "\t", "\u{00A0}", "\u{2003}", "\u{3000}", "\n", "\r\n", "a", "é", "'", "\u{301}", "x y"]
        var random = SeededRandom(seed: 0x7819)
        for _ in 0..<2_000 {
            let text = random.text(joining: pieces, count: 0...6)
            #expect(text.trimmingBlanks() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }

    /// `utf8Range(of:)` finds what Foundation's `range(of:)` finds, and `hasUTF8Prefix` what `hasPrefix`
    /// does, on random ASCII and non-ASCII text.
    @Test func utf8RangeAgreesWithFoundation() {
        let pieces = ["a", "b", "ab", " ", "\"", "é", "e\u{301}", "😀", "("]
        var random = SeededRandom(seed: 0x4A11)
        for _ in 0..<2_000 {
            let haystack = random.text(joining: pieces, count: 0...8), needle = random.text(joining: pieces, count: 1...3)
            #expect(haystack.hasUTF8Prefix(needle) == haystack.utf8.starts(with: needle.utf8))
            if haystack.utf8.allSatisfy({ $0 < 0x80 }) {
                #expect(haystack.hasUTF8Prefix(needle) == haystack.hasPrefix(needle))
            }
            let found = haystack.utf8Range(of: needle)
            // Foundation compares characters; bytes and characters agree when the needle's bytes match.
            let expected = haystack.utf8.indices.first { haystack.utf8[$0...].starts(with: needle.utf8) }
            #expect(found?.lowerBound == expected, "\(haystack.debugDescription) \(needle.debugDescription)")
            if let found {
                #expect(String(haystack[found]) == needle)
                if !needle.unicodeScalars.contains(where: { $0.value > 0x7F }), !haystack.unicodeScalars.contains(where: { $0.value > 0x7F }) {
                    #expect(haystack.range(of: needle) == found)
                }
            } else {
                #expect(haystack.range(of: needle) == nil || needle.unicodeScalars.contains { $0.value > 0x7F })
            }
        }
    }

    /// `YAMLNode.lines` splits a file as `split(separator: "\n")` does, Characters and all (a CR LF is one).
    @Test func yamlLinesAgreeWithSplittingCharacters() {
        let pieces = ["\n", "\r\n", "\r", "a", "é", "\u{301}", " ", "\n\n"]
        var random = SeededRandom(seed: 0x11E5)
        for _ in 0..<2_000 {
            let text = random.text(joining: pieces, count: 0...8)
            #expect(YAMLNode.lines(text) == text.split(separator: "\n", omittingEmptySubsequences: false), "\(text.debugDescription)")
        }
    }

    /// Every name, quoted, is that name to SQLite: a column so named reads back unchanged.
    @Test func quotedIdentifiersAgreeWithSQLite() throws {
        let database = try Database(path: ":memory:")
        let pieces = ["\"", "\"\"", "a", " ", "é", "select", "'", "😀", "]"]
        var random = SeededRandom(seed: 0x0A7E)
        for _ in 0..<500 {
            let name = random.text(joining: pieces, count: 1...5)
            let quoted = SQLWriter.quote(name)
            try database.execute("CREATE TABLE t (\(quoted))")
            #expect(try database.rows("SELECT name FROM pragma_table_info('t')") == [[.text(name)]], "\(quoted)")
            try database.execute("DROP TABLE t")
        }
    }

    /// Every text literal `SQLLiteral` reads is the value SQLite reads from the same SQL.
    @Test func textLiteralsAgreeWithSQLite() throws {
        let database = try Database(path: ":memory:")
        let pieces = ["'", "''", "a", " ", "é", "\t", "x'y", "😀"]
        var random = SeededRandom(seed: 0x5117)
        var checked = 0
        for _ in 0..<1_000 {
            let body = random.text(joining: pieces, count: 0...5)
            let sql = " '" + body + "'\t"
            guard case let .text(value)? = SQLLiteral(sql: sql) else { continue }
            checked += 1
            let row = try #require(try database.rows("SELECT \(sql)").first)
            #expect(row == [.text(value)], "\(sql.debugDescription)")
        }
        #expect(checked > 100)
    }

    @Test func sqlLiterals() {
        #expect(SQLLiteral(sql: "'it''s'") == .text("it's"))
        #expect(SQLLiteral(sql: "-12") == .integer(-12))
        #expect(SQLLiteral(sql: "0.5") == .real(0.5))
        #expect(SQLLiteral(sql: "NULL") == .null)
        #expect(SQLLiteral(sql: "TRUE") == .bool(true))
        #expect(SQLLiteral(sql: "'a' || 'b'") == nil)
        #expect(SQLLiteral(sql: "CURRENT_TIMESTAMP") == nil)
    }

    @Test func swiftLiterals() {
        #expect(SwiftLiteral.string("SELECT 1") == "\"SELECT 1\"")
        #expect(SwiftLiteral.string(#"SELECT "a""#) == ##"#"SELECT "a""#"##)
        #expect(SwiftLiteral.string(##"x = "#""##) == ###"##"x = "#""##"###)
        #expect(SwiftLiteral.rawHashes(##"a "# b"##) == "##")
        let multiline = StringLiteralModel("A  \n\n  B")
        #expect(multiline.oneLine == nil && multiline.multiline?.hashes == "#")
        #expect(multiline.multiline?.lines.map(\.text) == ["A", "", "  B"])
        #expect(multiline.multiline?.lines.map(\.isBlank) == [false, true, false])
        #expect(StringLiteralModel("A\rB\nC").oneLine == #""A\rB\nC""#, "other control characters: one escaped literal")
    }

    /// The one-pass ASCII literal equals the scalar-by-scalar one on random text of quotes, backslashes,
    /// hashes, control and non-ASCII characters.
    /// The one-pass ASCII `lowerCamelCase` equals the Character-by-Character one on random names.
    @Test func lowerCamelCaseOfRandomASCIINames() {
        var random = SeededRandom(seed: 0xCA3E_1CA5)
        let pieces = ["a", "b", "A", "B", "URL", "id", "ID", "_", "-", " ", "1", "42", "x9", "$", "é"]
        for _ in 0..<5_000 {
            let name = random.text(joining: pieces, count: 0...6)
            #expect(SwiftNaming.lowerCamelCase(name) == SwiftNaming.characterLowerCamelCase(name), "\(name.debugDescription)")
        }
    }

    @Test func swiftLiteralsOfRandomText() {
        var random = SeededRandom(seed: 0x5117_11E8)
        let pieces = ["a", " ", "\"", "\\", "#", "##", "\n", "\t", "\u{7F}", "é", "\u{2028}", "SELECT"]
        for _ in 0..<5_000 {
            let text = random.text(joining: pieces, count: 0...8)
            #expect(SwiftLiteral.string(text) == SwiftLiteral.generalString(text), "\(text.debugDescription)")
            let hashes = SwiftLiteral.rawHashes(text)
            #expect(!text.contains("\"" + hashes) && !text.contains("\\" + hashes) && hashes.count >= 1, "\(text.debugDescription)")
            #expect(hashes.count == 1 || text.contains("\"" + hashes.dropLast()) || text.contains("\\" + hashes.dropLast()))
        }
    }
}

/// A keyword used as an argument label in a call needs backticks only for `inout`, `var` and `let`;
/// Swift warns about the others (`delete(\`self\`: ...)`), and generated code has no warnings.
@Suite struct ArgumentLabelTests {
    @Test func onlyInoutVarAndLetKeepTheirBackticks() {
        #expect(SwiftNaming.argumentLabel("`self`") == "self")
        #expect(SwiftNaming.argumentLabel("`class`") == "class")
        #expect(SwiftNaming.argumentLabel("`inout`") == "`inout`")
        #expect(SwiftNaming.argumentLabel("`var`") == "`var`")
        #expect(SwiftNaming.argumentLabel("`let`") == "`let`")
        #expect(SwiftNaming.argumentLabel("title") == "title")
    }

    @Test func aKeyNamedWithAKeywordIsPassedWithoutBackticks() throws {
        let loaded = try loadSchema([
            "t.yaml": "tables:\n  - name: t\n    columns:\n      - name: self\n        type: TEXT\n        primaryKey: true\n      - name: inout\n        type: TEXT\n",
        ])
        let model = TableModel(table: loaded.schema.tables[0], schema: loaded.schema, statements: loaded.planned.statements[loaded.schema.tables[0].id]!)
        #expect(model.keyArgument == "selfValue")
    }
}
