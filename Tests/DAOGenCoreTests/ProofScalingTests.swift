import Testing

@testable import _DAOGenCore

/// The migration proof's work grows linearly with `version:`. The checks that read every row (the
/// `search:` indexes, searched row by row, and the generated columns) ran after every step, so each
/// version read the sample rows of every version before it again: 6.4 s at version 400 with `search:`
/// against 0.3 s without (issue 30). Counted rather than timed, so the test cannot flake.
@Suite struct ProofScalingTests {
    /// `daogen.yaml` at `version` and one table `t` with a title, indexed by `search:` when `search`
    /// is set; `extra` holds more column lines.
    static func files(version: Int, search: Bool, extra: String = "") -> [String: String] {
        [
            "daogen.yaml": "version: \(version)\n",
            "t.yaml": """
                tables:
                  - name: t
                    columns:
                      - { name: id, type: INTEGER, primaryKey: true }
                      - { name: title, type: TEXT, notNull: true }
                \(extra)\(search ? "    search: { columns: [title] }\n" : "")
                """,
        ]
    }

    /// The proof of `files`, run as `SchemaVerifier.verify` runs it, with the verifier's diagnostics.
    static func prove(_ files: [String: String]) throws -> (proof: MigrationProof, verifierDiagnostics: [Diagnostic]) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(files)
        let source = SchemaSource(directory: directory.url, displayPath: "S")
        let planned = try Generator.plan(Generator.resolve(Generator.parse(source), from: source))
        let schema = planned.resolved.schema
        let positions = Array(schema.tables.indices)
        var verifier = SchemaVerifier(schema: schema, creation: planned.creation, positions: positions, statements: planned.statements)
        verifier.verifyAllVersions()
        var proof = MigrationProof(
            schema: schema, plan: planned.plan, expected: verifier.expectedSchemas, creation: planned.creation, positions: positions)
        proof.firstVersion = verifier.firstVersion
        proof.prove()
        return (proof, verifier.diagnostics.diagnostics)
    }

    /// No version changes the table: the index is searched for each sample row at most once, after the
    /// last step (a row whose text has no word is not searched for); the old proof searched about 239,000
    /// rows here, 200 times as many.
    @Test func atVersion400TheSearchIndexIsSearchedForEachSampleRowOnce() throws {
        let (proof, verifierDiagnostics) = try Self.prove(Self.files(version: 400, search: true))
        #expect(verifierDiagnostics.isEmpty)
        #expect(proof.diagnostics.diagnostics.isEmpty)
        #expect(proof.sampleRowCount == SampleRows.rowsPerTable * 399)
        #expect(proof.searchedRowCount > 0)
        #expect(proof.searchedRowCount <= proof.sampleRowCount)
    }

    /// A step that runs statements is still checked: the rows of versions 1 to 3 after the step to 4,
    /// then every row after the last step; the steps between search nothing.
    @Test func aStepThatRunsStatementsChecksTheIndexAtThatStep() throws {
        let (proof, _) = try Self.prove(Self.files(
            version: 10, search: true, extra: "      - { name: note, type: TEXT, since: 4 }\n"))
        #expect(proof.diagnostics.diagnostics.isEmpty)
        let rowsAtTheLast = SampleRows.rowsPerTable * 9
        #expect(proof.searchedRowCount > rowsAtTheLast)
        #expect(proof.searchedRowCount <= SampleRows.rowsPerTable * 3 + rowsAtTheLast)
    }
}
