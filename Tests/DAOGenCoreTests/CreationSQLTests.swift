import Testing

@testable import _DAOGenCore

/// `CreationSQL` writes a version's statements again only where something in the schema starts, ends
/// or is renamed; everywhere else it reuses the version before's. Its statements equal those written
/// afresh at every version (`SQLWriter.creationStatements`) on every example and fixture schema (the
/// generative tests compare them on random histories too).
@Suite struct CreationSQLTests {
    @Test(arguments: GoldenFileTests.cases)
    func statementsEqualThoseWrittenAtEveryVersion(_ testCase: GoldenFileTests.Case) throws {
        let loaded = try Generator.load(directory: packageRoot.appending(path: testCase.schema), displayPath: testCase.schema)
        let schema = loaded.schema
        for version in 1...schema.settings.version {
            #expect(
                loaded.planned.creation.statements(at: version) == SQLWriter.creationStatements(for: schema, at: version),
                "\(testCase.schema) at version \(version)")
        }
    }

    @Test func changeVersionsAreWhereWhatATableNamesStartsEndsOrIsRenamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write([
            "daogen.yaml": "version: 9\n",
            "t.yaml": tableFile("""
                      - name: a
                        type: TEXT
                        since: 3
                        until: 5
                      - name: b
                        type: TEXT
                        renamedFrom: { name: c, in: 7 }

                """),
            "u.yaml": """
                tables:
                  - name: u
                    columns:
                      - name: id
                        type: INTEGER
                        primaryKey: true
                      - name: t_id
                        type: INTEGER
                        references: { table: t }
                  - name: v
                    since: 8
                    renamedFrom: { name: w, in: 9 }
                    columns:
                      - name: id
                        type: INTEGER
                        primaryKey: true

                """,
        ])
        let source = SchemaSource(directory: directory.url, displayPath: "S")
        let resolved = try Generator.resolve(Generator.parse(source), from: source)
        let lookup = TableLookup(resolved.schema)
        let tables = Dictionary(uniqueKeysWithValues: resolved.schema.tables.map { ($0.name, $0) })
        #expect(CreationSQL.changeVersions(of: try #require(tables["t"]), lookup: lookup) == [1, 3, 6, 7])
        // u names t in its REFERENCES clause: t's changes are u's.
        #expect(CreationSQL.changeVersions(of: try #require(tables["u"]), lookup: lookup) == [1, 3, 6, 7])
        #expect(CreationSQL.changeVersions(of: try #require(tables["v"]), lookup: lookup) == [1, 8, 9])
    }
}
