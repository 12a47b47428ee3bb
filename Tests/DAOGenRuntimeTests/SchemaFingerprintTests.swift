@testable import DAOGenRuntime
import Testing

/// The digests that confirm a file's schema at open: equal for equal schemas however they were made,
/// different when anything compared differs, and the same in every process.
@Suite struct SchemaFingerprintTests {
    private func database(_ statements: [String]) throws -> Database {
        let database = try Database(path: ":memory:")
        for statement in statements { try database.execute(statement) }
        return database
    }

    @Test func aCreatedFileMatchesBothDigests() throws {
        let creation = [#"CREATE TABLE "t" ("a" INTEGER PRIMARY KEY, "b" TEXT NOT NULL)"#, #"CREATE INDEX "t_b" ON "t" ("b")"#]
        let fingerprint = try SchemaFingerprint(creating: creation)
        let file = try database(creation)
        #expect(try fingerprint.masters == [SchemaFingerprint.masterDigest(of: file)])
        #expect(try SchemaDescription(database: file).digest == fingerprint.description)
    }

    @Test func aMigratedFileMatchesTheDescriptionDigestOnly() throws {
        // As the generator writes it: one column a line. ADD COLUMN appends to the stored text instead.
        let fingerprint = try SchemaFingerprint(creating: ["CREATE TABLE \"t\" (\n  \"a\" INTEGER,\n  \"b\" TEXT\n)"])
        let migrated = try database([#"CREATE TABLE "t" ("a" INTEGER)"#, #"ALTER TABLE "t" ADD COLUMN "b" TEXT"#])
        #expect(try !fingerprint.masters.contains(SchemaFingerprint.masterDigest(of: migrated)))
        #expect(try SchemaDescription(database: migrated).digest == fingerprint.description)
    }

    /// Each schema differs from the first in one compared property: every digest differs.
    @Test func everyComparedPropertyChangesTheDescriptionDigest() throws {
        let schemas = [
            [#"CREATE TABLE t (a INTEGER, b TEXT)"#],
            [#"CREATE TABLE t (a INTEGER, c TEXT)"#],
            [#"CREATE TABLE t (a INTEGER, b BLOB)"#],
            [#"CREATE TABLE t (a INTEGER, b TEXT NOT NULL)"#],
            [#"CREATE TABLE t (a INTEGER, b TEXT DEFAULT 'x')"#],
            [#"CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT)"#],
            [#"CREATE TABLE t (a INTEGER, b TEXT AS (a || 'x'))"#],
            [#"CREATE TABLE t (a INTEGER REFERENCES u (id), b TEXT)"#, "CREATE TABLE u (id INTEGER PRIMARY KEY)"],
            [#"CREATE TABLE t (a INTEGER, b TEXT)"#, "CREATE INDEX t_b ON t (b)"],
            [#"CREATE TABLE t (a INTEGER, b TEXT)"#, "CREATE INDEX t_b ON t (b) WHERE a > 0"],
            [#"CREATE TABLE t (a INTEGER, b TEXT)"#, "CREATE VIEW v AS SELECT a FROM t"],
            [#"CREATE TABLE t (a INTEGER, b TEXT)"#, "CREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; END"],
            [#"CREATE TABLE t (a INTEGER, b TEXT)"#, "CREATE VIRTUAL TABLE s USING fts5(x)"],
            [#"CREATE TABLE u (a INTEGER, b TEXT)"#],
        ]
        let digests = try schemas.map { try SchemaDescription(database: database($0)).digest }
        #expect(Set(digests).count == schemas.count)
    }

    /// A migrated file's digest, added from the older version's creation and the migration, is the one a
    /// file created at that version and migrated by the definition has.
    @Test func aMigratedFilesDigestIsAdded() throws {
        let latest = ["CREATE TABLE \"t\" (\n  \"a\" INTEGER,\n  \"b\" TEXT\n)"]
        let older = ["CREATE TABLE \"t\" (\n  \"a\" INTEGER\n)"]
        let definition = SchemaDefinition(
            version: 2, creation: latest, versionOneCreation: older,
            migrations: [SchemaDefinition.Migration(version: 2, steps: [#"ALTER TABLE "t" ADD COLUMN "b" TEXT"#])])
        var fingerprint = try SchemaFingerprint(creating: latest)
        try fingerprint.addMigrated(from: 1, creation: older, by: definition)
        #expect(fingerprint.masters.count == 2)

        let file = try database(older)
        try file.setUserVersion(1)
        try definition.prepare(file)
        #expect(try fingerprint.masters.contains(SchemaFingerprint.masterDigest(of: file)))
    }

    /// The digests are FNV-1a of fixed text: these values hold in every process, on every platform.
    @Test func digestsAreTheSameInEveryProcess() throws {
        let fingerprint = try SchemaFingerprint(creating: ["CREATE TABLE t (a INTEGER)"])
        #expect(fingerprint == SchemaFingerprint(masters: [13_595_521_382_719_029_072], description: 5_831_287_325_593_516_906))
    }
}
