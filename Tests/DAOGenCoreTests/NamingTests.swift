import Testing

@testable import _DAOGenCore

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
}
