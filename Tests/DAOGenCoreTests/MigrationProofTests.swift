import DAOGenRuntime
import Testing

@testable import _DAOGenCore

/// What the proof finds when a step does not do what the schema says: the snapshots of every step and
/// the description of every version decide. The plans here are tampered with, as a planner bug would
/// write them.
@Suite struct MigrationProofTests {
    /// Table `t` (`id`, `a`) at version 1 and `t` with `b` added at version 2.
    static let files = [
        "daogen.yaml": "version: 2\n",
        "t.yaml": tableFile("      - name: a\n        type: TEXT\n      - name: b\n        type: TEXT\n        since: 2\n"),
    ]

    /// The schema and plan of `files`, with the steps to version 2 replaced by `steps`.
    static func verify(_ files: [String: String] = files, steps: (([MigrationStep]) -> [MigrationStep])? = nil) throws -> [String] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(files)
        let source = SchemaSource(directory: directory.url, displayPath: "S")
        let planned = try Generator.plan(Generator.resolve(Generator.parse(source), from: source))
        var plan = planned.plan
        if let steps { plan[2] = steps(plan[2] ?? []) }
        do {
            try SchemaVerifier.verify(planned.resolved.schema, plan: plan, creation: planned.creation, statements: planned.statements)
            return []
        } catch {
            return error.diagnostics.map(\.message)
        }
    }

    @Test func aStepThatChangesNoRowIsProved() throws {
        var kinds: [MigrationStep.Kind] = []
        let messages = try Self.verify(steps: { steps in
            kinds = steps.map(\.kind)
            return steps
        })
        #expect(kinds == [.addColumn])
        #expect(messages.isEmpty)
    }

    /// A version whose steps are missing runs no statement, and its database, unchanged, is still
    /// compared with the version's.
    @Test func aStepLeftOutIsCaught() throws {
        let messages = try Self.verify(steps: { _ in [] })
        #expect(messages == ["after migrating from version 1, the schema differs from version 2: column t.b is missing"])
    }

    @Test func anAddedColumnThatLosesValuesIsCaughtByTheSnapshots() throws {
        let messages = try Self.verify(steps: { steps in
            steps.map { step in
                var step = step
                step.statements.append(#"UPDATE "t" SET "a" = NULL"#)
                return step
            }
        })
        #expect(messages == [
            "migrating from version 1 to 2 does not keep the rows of table 't': 3 row(s) before, 3 after, 2 changed or missing (columns id, a)",
        ])
    }

    @Test func rowsChangedToTheSameValuesPass() throws {
        let messages = try Self.verify(steps: { steps in
            steps.map { step in
                var step = step
                step.statements.append(#"UPDATE "t" SET "a" = "a""#)
                return step
            }
        })
        #expect(messages.isEmpty)
    }

    /// A rename written as a drop and a create keeps the schema and changes no counted row; it is
    /// snapshotted, as every drop is, and the lost rows are reported.
    @Test func aRenameWrittenAsDropAndCreateIsCaught() throws {
        let files = [
            "daogen.yaml": "version: 2\n",
            "t.yaml": """
                tables:
                  - name: u
                    renamedFrom: { name: t, in: 2 }
                    columns:
                      - name: id
                        type: INTEGER
                        primaryKey: true
                      - name: a
                        type: TEXT

                """,
        ]
        #expect(try Self.verify(files).isEmpty)
        var kinds: [MigrationStep.Kind] = []
        let messages = try Self.verify(files, steps: { steps in
            kinds = steps.map(\.kind)
            return [
                MigrationStep(kind: .dropTable, statements: [#"DROP TABLE "t""#], summary: "Drop table t"),
                MigrationStep(kind: .createTable, statements: [#"CREATE TABLE "u" ("id" INTEGER PRIMARY KEY, "a" TEXT)"#], summary: "Create table u"),
            ]
        })
        #expect(kinds == [.renameTable])
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("migrating from version 1 to 2 does not keep the rows of table 'u': 3 row(s) before, 0 after") == true)
    }

    /// The DAO statements of the latest version are prepared in a database of that version; one that
    /// SQLite rejects is reported.
    @Test func theLatestStatementsArePreparedInTheLatestVersion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(Self.files)
        let source = SchemaSource(directory: directory.url, displayPath: "S")
        let planned = try Generator.plan(Generator.resolve(Generator.parse(source), from: source))
        let schema = planned.resolved.schema
        let positions = Array(schema.tables.indices)

        var verifier = SchemaVerifier(schema: schema, creation: planned.creation, positions: positions, statements: planned.statements)
        verifier.verifyAllVersions()
        #expect(verifier.diagnostics.diagnostics.isEmpty)
        #expect(verifier.expectedSchemas.keys.sorted() == [1, 2])

        // In a database of version 1, which lacks column b, the statements of version 2 fail.
        let versionOne = try Database(path: ":memory:")
        for statement in planned.creation.statements(at: 1) { try versionOne.execute(statement) }
        var wrong = SchemaVerifier(schema: schema, creation: planned.creation, positions: positions, statements: planned.statements)
        wrong.prepareStatements(in: versionOne)
        #expect(wrong.diagnostics.diagnostics.first?.message == "SQLite rejects a statement generated for table 't': table t has no column named b")
    }
}
