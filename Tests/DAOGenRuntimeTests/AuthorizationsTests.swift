@testable import DAOGenRuntime
import Testing

/// What a statement reads, as the authorizer reports it: SQLite reports a read per column, and the
/// runtime notes a table once however its columns interleave with other tables'.
@Suite("Authorizations")
struct AuthorizationsTests {
    @Test("a statement reads every table it names, whatever the order of their columns")
    func readTablesOfAJoin() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE a (x, y); CREATE TABLE ab (x, y); CREATE TABLE \"a b\" (x)")
        let sql = "SELECT a.x, ab.y, a.y, ab.x, (SELECT count(*) FROM \"a b\") FROM a JOIN ab"
        let tables = try database.withStatement(sql: sql) { $0.readTables }
        #expect(tables == ["a", "ab", "a b"])
    }

    @Test("names that share a prefix are told apart", arguments: [
        ["a", "ab", "a"], ["ab", "a", "ab"], ["a", "a", "a"], ["é", "e", "é"], ["x", "x\u{301}"], ["", "a", ""], ["a", ""],
    ])
    func repeatsAndPrefixes(names: [String]) {
        let authorizations = Authorizations()
        for name in names {
            name.withCString { authorizations.noteRead($0) }
        }
        #expect(authorizations.read == Set(names))
        authorizations.reset()
        #expect(authorizations.read.isEmpty)
        names[0].withCString { authorizations.noteRead($0) }
        #expect(authorizations.read == [names[0]])
    }
}
