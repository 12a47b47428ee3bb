import DAOGenRuntime
import Testing

@testable import _DAOGenCore

/// The migration proof's shortcut: a migrated database whose `sqlite_master` text equals, in canonical
/// form, that of a fresh database is not described again.
@Suite struct ExpectedSchemaTests {
    static func master(_ statements: [String]) throws -> [String]? {
        let database = try Database(path: ":memory:")
        for statement in statements { try database.execute(statement) }
        return try ExpectedSchema.master(of: database)
    }

    @Test func addColumnMatchesAFreshMultiLineCreate() throws {
        let migrated = try Self.master([
            "CREATE TABLE \"t\" (\n  \"id\" INTEGER PRIMARY KEY,\n  \"name\" TEXT NOT NULL DEFAULT ''\n)",
            "ALTER TABLE \"t\" ADD COLUMN \"note\" TEXT",
            "ALTER TABLE \"t\" RENAME COLUMN \"name\" TO \"title\"",
        ])
        let fresh = try Self.master([
            "CREATE TABLE \"t\" (\n  \"id\" INTEGER PRIMARY KEY,\n  \"title\" TEXT NOT NULL DEFAULT '',\n  \"note\" TEXT\n)",
        ])
        #expect(migrated != nil)
        #expect(migrated == fresh)
    }

    @Test func whitespaceInsideQuotesStillCounts() throws {
        let one = try Self.master(["CREATE TABLE \"t\" (\"a\" TEXT DEFAULT 'x  y')"])
        let other = try Self.master(["CREATE TABLE \"t\" (\"a\" TEXT DEFAULT 'x y')"])
        #expect(one != other)
        #expect(ExpectedSchema.canonical("CREATE TABLE \"a  b\" ( [c  d] INTEGER , `e  f` TEXT )")
            == "CREATE TABLE \"a  b\"([c  d] INTEGER,`e  f` TEXT)")
    }

    @Test func tokensStayApart() {
        #expect(ExpectedSchema.canonical("\"a\" INTEGER NOT NULL") != ExpectedSchema.canonical("\"a\" INTEGERNOT NULL"))
        #expect(ExpectedSchema.canonical("x\n\t  y") == "x y")
    }

    /// `canonical` agrees with a plain array-based writing of the same rules on random SQL-like text.
    @Test func canonicalAgreesWithAPlainReference() {
        func reference(_ sql: String) -> String? {
            let bytes = Array(sql.utf8)
            var output: [UInt8] = []
            var quote: UInt8?
            var pendingSpace = false
            func isPunctuation(_ byte: UInt8) -> Bool { byte == 44 || byte == 40 || byte == 41 }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if let open = quote {
                    output.append(byte)
                    if byte == (open == 91 ? 93 : open) { quote = nil }
                    continue
                }
                if byte == 32 || (9...13).contains(byte) { pendingSpace = true; continue }
                let next = index < bytes.count ? bytes[index] : 0
                if (byte == 45 && next == 45) || (byte == 47 && next == 42) { return nil }
                if pendingSpace, let last = output.last, !isPunctuation(last), !isPunctuation(byte) { output.append(32) }
                pendingSpace = false
                output.append(byte)
                if [39, 34, 96, 91].contains(byte) { quote = byte }
            }
            return String(decoding: output, as: UTF8.self)
        }
        let pieces = [" ", "\n", "\t", "  ", ",", "(", ")", "'", "\"", "`", "[", "]", "a", "é", "-", "/", "*", "x y", "--", "/*"]
        var random = SplitMix64(seed: 0xCA40)
        for _ in 0..<3_000 {
            let text = random.text(joining: pieces, count: 0...10)
            #expect(ExpectedSchema.canonical(text) == reference(text), "\(text.debugDescription)")
        }
    }

    @Test func aCommentHasNoCanonicalForm() throws {
        #expect(ExpectedSchema.canonical("CREATE TABLE t (a -- note\n, b)") == nil)
        #expect(ExpectedSchema.canonical("CREATE TABLE t (a /* note */, b)") == nil)
        #expect(ExpectedSchema.canonical("CREATE TABLE t (a TEXT DEFAULT '--', b)") != nil)
        #expect(try Self.master(["CREATE TABLE t (a -- note\n, b)"]) == nil)
    }
}

/// The shortcut of the versions between the first and the latest: the text `ExpectedSchema(statements:)`
/// expects without creating the database is the text of the database the statements create, for every
/// version of every example and fixture schema.
@Suite struct ExpectedSchemaFromStatementsTests {
    /// Every example and fixture schema, as the golden-file tests list them.
    static let schemas = Array(Set(GoldenFileTests.cases.map(\.schema))).sorted()

    @Test(arguments: schemas)
    func textsAreThoseOfTheCreatedDatabase(schema: String) throws {
        let verified = try Generator.load(directory: packageRoot.appending(path: schema), displayPath: schema)
        var compared = 0
        for version in 1...verified.schema.settings.version {
            let statements = verified.creation.statements(at: version)
            let database = try Database(path: ":memory:")
            for statement in statements { try database.execute(statement) }
            let created = try ExpectedSchema.master(of: database)
            let expected = ExpectedSchema(statements: statements)
            if let master = expected.master {
                #expect(master == created, "version \(version)")
                compared += 1
            }
            // Either way the description is the created database's.
            #expect(try expected.description() == SchemaDescription(database: database), "version \(version)")
        }
        // Only views and triggers keep other text: most versions are compared.
        #expect(compared > 0)
    }

    @Test func sqlitesOwnTablesFollowFromTheText() throws {
        let statements = ["CREATE TABLE \"t\" (\"id\" INTEGER PRIMARY KEY AUTOINCREMENT, \"code\" TEXT UNIQUE)"]
        let database = try Database(path: ":memory:")
        try database.execute(statements[0])
        #expect(try database.rows("SELECT count(*) FROM sqlite_master WHERE name LIKE 'sqlite%'") == [[.integer(2)]])
        #expect(try ExpectedSchema.master(of: database) == ExpectedSchema(statements: statements).master)
    }

    @Test func viewsAndTriggersAreCreatedToBeCompared() {
        #expect(ExpectedSchema(statements: ["CREATE TABLE \"t\" (\"a\")", "CREATE VIEW \"v\" AS SELECT 1"]).master == nil)
        #expect(ExpectedSchema(statements: ["CREATE TABLE \"t\" (\"a\");"]).master == nil)
        #expect(ExpectedSchema(statements: ["CREATE TABLE \"t\" (\"a\")"]).master == ["CREATE TABLE \"t\"(\"a\")"])
    }
}
