import DAOGenRuntime
import Testing

@testable import _DAOGenCore

/// The migration proof's shortcut: a migrated database whose `sqlite_master` text equals, in canonical
/// form, that of a fresh database is not described again.
@Suite struct ExpectedSchemaTests {
    static func master(_ statements: [String]) throws -> [[String]]? {
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

    @Test func aCommentHasNoCanonicalForm() throws {
        #expect(ExpectedSchema.canonical("CREATE TABLE t (a -- note\n, b)") == nil)
        #expect(ExpectedSchema.canonical("CREATE TABLE t (a /* note */, b)") == nil)
        #expect(ExpectedSchema.canonical("CREATE TABLE t (a TEXT DEFAULT '--', b)") != nil)
        #expect(try Self.master(["CREATE TABLE t (a -- note\n, b)"]) == nil)
    }
}
