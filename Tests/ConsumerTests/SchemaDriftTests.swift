import DAOGenRuntime
import Foundation
import GeneratedLibrary
import GeneratedLibraryV1
import Testing

private typealias Library = GeneratedLibrary.LibraryDatabase

/// A file at a version the code knows whose schema is not that version's (made before the version's
/// YAML changed, during development) is refused at open, or recreated when the configuration says so.
@Suite final class SchemaDriftTests {
    let file: TemporaryDatabaseFile

    init() throws {
        file = try TemporaryDatabaseFile()
    }

    deinit {
        file.remove()
    }

    /// One kind of change each to a file at version 3, and the first difference `open` must name.
    static let drifts: [(sql: String, difference: String)] = [
        ("ALTER TABLE loan ADD COLUMN note TEXT", "column loan.note is not expected"),
        ("ALTER TABLE t_author DROP COLUMN website", "column t_author.website is missing"),
        ("ALTER TABLE book RENAME COLUMN subtitle TO sub", "trigger book_fts_ai differs"),
        ("DROP INDEX book_rated", "table book lacks index book_rated"),
        ("CREATE INDEX member_by_name ON member (name)", "table member has unexpected index member_by_name"),
        ("DROP VIEW book_summary", "view book_summary is missing"),
        ("DROP TRIGGER book_touch", "trigger book_touch is missing"),
        ("CREATE TRIGGER member_touch AFTER UPDATE ON member BEGIN SELECT 1; END", "trigger member_touch is not expected"),
        ("DROP TABLE book_fts", "virtual table book_fts USING fts5"),
        ("CREATE VIRTUAL TABLE notes USING fts5(body)", "virtual table notes USING fts5"),
    ]

    /// Creates the file at version 3 with one member, then applies `sql` behind the code's back.
    private func makeDriftedFile(_ sql: String) throws {
        let library = try Library.open(path: file.path)
        try library.member.insert(Member(cardNumber: "c-1", name: "Ada", tier: .basic, joined: Date(timeIntervalSince1970: 0)))
        try library.database.execute(sql)
        try library.close()
    }

    @Test func aFileWhoseSchemaIsNotItsVersionsIsRefusedWithTheWaysOut() throws {
        try makeDriftedFile("ALTER TABLE loan ADD COLUMN note TEXT")
        let error = try #require(throws: DAOGenError.self) { try Library.open(path: file.path) }
        #expect(error == .schemaMismatch(path: file.path, version: 3, differences: ["column loan.note is not expected"]))
        #expect("\(error)" == "The database at \(file.path) is at schema version 3, but its schema is not version 3's: column loan.note is not expected; it was left untouched. The schema of version 3 changed after the file was made. Either make the change a new version (raise version: in daogen.yaml and mark what changed since: the new version), so that files like this one are migrated, or start from a fresh file: delete it, or, during development, open it with Database.Configuration.eraseDatabaseOnSchemaChange set.")
    }

    @Test(arguments: 0..<drifts.count)
    func everyKindOfChangeIsCaughtAndLeavesTheFileUntouched(_ number: Int) throws {
        let drift = Self.drifts[number]
        try makeDriftedFile(drift.sql)
        let before = try Data(contentsOf: URL(filePath: file.path))
        let error = try #require(throws: DAOGenError.self) { try Library.open(path: file.path) }
        guard case let .schemaMismatch(path, version, differences) = error else {
            Issue.record("expected schemaMismatch, got \(error)")
            return
        }
        #expect(path == file.path && version == 3)
        #expect(differences.contains { $0.hasPrefix(drift.difference) }, "\(differences)")
        #expect(try Data(contentsOf: URL(filePath: file.path)) == before)
    }

    @Test(arguments: 0..<drifts.count)
    func eraseDatabaseOnSchemaChangeRecreatesTheFile(_ number: Int) throws {
        try makeDriftedFile(Self.drifts[number].sql)
        var configuration = Database.Configuration()
        configuration.eraseDatabaseOnSchemaChange = true
        let erased = try Library.open(path: file.path, configuration: configuration)
        #expect(try erased.member.count() == 0)
        try erased.member.insert(Member(cardNumber: "c-2", name: "Grace", tier: .premium, joined: Date(timeIntervalSince1970: 0)))
        try erased.close()
        // Now the file has version 3's schema: it opens without the option, and keeps its rows.
        let reopened = try Library.open(path: file.path)
        #expect(try reopened.member.fetchAll().map(\.name) == ["Grace"])
        #expect(try reopened.database.userVersion() == 3)
    }

    /// Litestream keeps two tables of its own in the file it replicates; other tools do the same.
    @Test func tablesTheSchemaDoesNotDeclareAreLeftAlone() throws {
        try makeDriftedFile("CREATE TABLE _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER); CREATE TABLE _litestream_lock (id INTEGER)")
        let library = try Library.open(path: file.path)
        #expect(try library.member.count() == 1)
        #expect(try library.database.tableNames().contains("_litestream_seq"))
    }

    @Test func aMigratedFileOpensAgain() throws {
        try GeneratedLibraryV1.LibraryDatabase.open(path: file.path).close()
        try Library.open(path: file.path).close()
        let library = try Library.open(path: file.path)
        #expect(try library.database.userVersion() == 3)
    }

    @Test func anOlderFileIsCheckedAgainstItsVersionBeforeItIsMigrated() throws {
        do {
            let old = try GeneratedLibraryV1.LibraryDatabase.open(path: file.path)
            try old.database.execute("ALTER TABLE t_author ADD COLUMN nickname TEXT")
            try old.close()
        }
        let error = try #require(throws: DAOGenError.self) { try Library.open(path: file.path) }
        #expect(error == .schemaMismatch(path: file.path, version: 1, differences: ["column t_author.nickname is not expected"]))
        let database = try Database(path: file.path)
        #expect(try database.userVersion() == 1)
        #expect(try database.rows("SELECT count(*) FROM pragma_table_info('t_author') WHERE name = 'nickname'") == [[.integer(1)]])
        try database.close()

        var configuration = Database.Configuration()
        configuration.eraseDatabaseOnSchemaChange = true
        let library = try Library.open(path: file.path, configuration: configuration)
        #expect(try library.database.userVersion() == 3)
    }

    @Test func aReadOnlyFileThatDriftedIsRefusedEvenWhenErasingIsAllowed() throws {
        try makeDriftedFile("ALTER TABLE loan ADD COLUMN note TEXT")
        var configuration = Database.Configuration()
        configuration.readOnly = true
        configuration.eraseDatabaseOnSchemaChange = true
        #expect(throws: (any Error).self) { try Library.open(path: file.path, configuration: configuration) }
        let database = try Database(path: file.path)
        #expect(try database.rows("SELECT count(*) FROM pragma_table_info('loan') WHERE name = 'note'") == [[.integer(1)]])
    }
}
