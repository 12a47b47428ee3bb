@testable import DAOGenRuntime
import Testing

/// The schema comparison (`baseline`, the proof) sees generated columns and their kind, which `PRAGMA
/// table_info` hides.
@Suite struct GeneratedColumnDescriptionTests {
    static func describe(_ sql: String) throws -> SchemaDescription {
        let database = try Database(path: ":memory:")
        try database.execute(sql)
        return try SchemaDescription(database: database)
    }

    @Test func aMissingOrChangedGeneratedColumnIsADifference() throws {
        let virtual = try Self.describe("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, n INTEGER GENERATED ALWAYS AS (length(a)) VIRTUAL)")
        let stored = try Self.describe("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, n INTEGER GENERATED ALWAYS AS (length(a)) STORED)")
        let plain = try Self.describe("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, n INTEGER)")
        let missing = try Self.describe("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT)")
        #expect(virtual.tables.first?.columns.map(\.generated) == [nil, nil, "VIRTUAL"])
        #expect(virtual.differences(from: virtual) == [])
        #expect(stored.differences(from: virtual) == ["column t.n is INTEGER GENERATED STORED, expected INTEGER GENERATED VIRTUAL"])
        #expect(plain.differences(from: virtual) == ["column t.n is INTEGER, expected INTEGER GENERATED VIRTUAL"])
        #expect(missing.differences(from: virtual) == ["column t.n is missing"])
    }
}
