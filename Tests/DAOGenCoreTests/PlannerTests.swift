import Foundation
import Testing

@testable import _DAOGenCore

@Suite struct PlannerTests {
    static func plan(_ directory: String) throws -> [Int: [MigrationStep]] {
        try Generator.load(directory: packageRoot.appending(path: directory), displayPath: directory).plan
    }

    @Test func evolutionUsesEveryKindOfStep() throws {
        let plan = try Self.plan("Schemas/Evolution")
        #expect(plan[2]?.map(\.kind) == [.dropIndex, .renameColumn, .dropColumn, .createTable, .createIndex])
        #expect(plan[3]?.map(\.kind) == [.renameTable, .rebuildTable, .data])
        #expect(plan[4]?.map(\.kind) == [.addColumn, .addColumn, .data, .rebuildTable])
        #expect(plan[2]?[1].statements == [#"ALTER TABLE "customer" RENAME COLUMN "full_name" TO "name""#])
        #expect(plan[2]?[2].statements == [#"ALTER TABLE "customer" DROP COLUMN "phone""#])
        #expect(plan[3]?[0].statements == [#"ALTER TABLE "customer" RENAME TO "client""#])
        #expect(plan[4]?[0].statements == [#"ALTER TABLE "client" ADD COLUMN "loyalty_points" INTEGER NOT NULL DEFAULT 0"#])
        #expect(plan[3]?[1].comment == "Rebuild table purchase to change column amount (rebuild: copies every row)")
        #expect(plan[2]?[1].comment == "Rename column customer.full_name to name (cheap ALTER)")
    }

    @Test func theRebuildFollowsSQLitesDocumentedOrder() throws {
        let rebuild = try #require(try Self.plan("Schemas/Evolution")[3]?[1])
        #expect(rebuild.statements.count == 5)
        #expect(rebuild.statements[0].hasPrefix(#"CREATE TABLE "_daogen_new_purchase" ("#))
        #expect(rebuild.statements[1] == #"INSERT INTO "_daogen_new_purchase" ("id", "client_id", "note", "amount") SELECT "id", "client_id", "note", "amount" FROM "purchase""#)
        #expect(Array(rebuild.statements[2...]) == [
            #"DROP TABLE "purchase""#,
            #"ALTER TABLE "_daogen_new_purchase" RENAME TO "purchase""#,
            #"CREATE INDEX "purchase_by_client_amount" ON "purchase" ("client_id", "amount" DESC)"#,
        ])
    }

    @Test func dropTableAndChangesAlterCannotMake() throws {
        let loaded = try loadSchema([
            "daogen.yaml": "version: 2\n",
            "t.yaml": """
                tables:
                  - name: old
                    until: 1
                    columns:
                      - { name: id, type: INTEGER, primaryKey: true }
                  - name: t
                    columns:
                      - { name: id, type: INTEGER, primaryKey: true }
                      - { name: code, type: TEXT, unique: true, until: 1 }
                      - { name: created, type: TEXT, default: CURRENT_TIMESTAMP, since: 2 }

                """,
        ])
        let steps = try #require(loaded.plan[2])
        #expect(steps.map(\.kind) == [.dropTable, .rebuildTable])
        #expect(steps[0].statements == [#"DROP TABLE "old""#])
        #expect(steps[1].summary == "Rebuild table t to add column created, drop column code")
    }

    @Test func addingANotNullColumnWithoutDefaultNeedsADataStep() throws {
        let result = try diagnostics([
            "daogen.yaml": "version: 2\n",
            "t.yaml": tableFile("      - name: score\n        type: INTEGER\n        notNull: true\n        since: 2\n"),
        ])
        #expect(result == [
            "S/t.yaml:7:15: error: column 'score' is added to table 't' in version 2 as NOT NULL without a default, so rows that exist cannot get a value; add a 'default:', make it nullable, or add a 'migrations:' step for version 2 that supplies the data"
        ])
    }

    @Test func anAffinityChangeNeedsADataStep() throws {
        let result = try diagnostics([
            "daogen.yaml": "version: 2\n",
            "t.yaml": tableFile("      - name: a\n        type: TEXT\n        until: 1\n      - name: a\n        type: INTEGER\n        since: 2\n"),
        ])
        #expect(result == [
            "S/t.yaml:11:15: error: column 'a' of table 't' changes from TEXT to INTEGER affinity in version 2, which would convert its values; add a 'migrations:' step for version 2 that converts the data"
        ])
    }

    @Test func aRenameAtTheWrongVersionIsCaught() throws {
        let result = try diagnostics([
            "daogen.yaml": "version: 2\n",
            "t.yaml": tableFile("      - name: b\n        type: TEXT\n        since: 2\n        renamedFrom: { name: a, in: 2 }\n"),
        ])
        #expect(result == ["S/t.yaml:10:37: error: renamedFrom 'in' must be a version after 'since' 2 and at most 2, found 2"])
    }

    @Test func aDataStepNamingAMissingColumnIsCaught() throws {
        let result = try diagnostics([
            "daogen.yaml": "version: 2\n",
            "t.yaml": tableFile("      - name: a\n        type: TEXT\n", extra: "migrations:\n  - version: 2\n    sql: \"UPDATE t SET b = 1\"\n"),
        ])
        #expect(result == ["S/t.yaml:11:10: error: invalid SQL in migration to version 2: no such column: b"])
    }

    @Test(arguments: ["Evolution", "Library", "MigrationTest"])
    func planOutputMatchesItsGoldenFile(schema: String) throws {
        let loaded = try Generator.load(directory: packageRoot.appending(path: "Schemas/\(schema)"), displayPath: "Schemas/\(schema)")
        let text = Generator.planSQL(loaded, from: 1, to: loaded.schema.settings.version)
        let golden = packageRoot.appending(path: "Tests/Golden/\(schema).plan.sql")
        #expect(text == (try String(contentsOf: golden, encoding: .utf8)), "re-record with Scripts/record-golden-files.sh")
    }

    @Test func theProofCountsItsSampleRows() throws {
        #expect(try Generator.load(directory: packageRoot.appending(path: "Schemas/Evolution"), displayPath: "E").provedRowCount == 24)
    }

    @Test func theProofRunsTheMigrationsAndReportsAFailingStep() throws {
        let result = try diagnostics([
            "daogen.yaml": "version: 2\n",
            "t.yaml": tableFile(
                "      - name: a\n        type: TEXT\n        check: \"length(a) > 5\"\n",
                extra: "migrations:\n  - version: 2\n    sql: \"UPDATE t SET a = 'short'\"\n"),
        ])
        #expect(result == ["S/t.yaml:12:10: error: the migration to version 2 fails: CHECK constraint failed: length(a) > 5, in: UPDATE t SET a = 'short'"])
    }

    /// The proof's sample rows hold NULL in every nullable column, so a data step that leaves NULLs in
    /// a column becoming NOT NULL fails at generation, as it would on a real file.
    @Test func theProofFailsWhereARealFileWould() throws {
        let result = try diagnostics([
            "daogen.yaml": "version: 2\n",
            "t.yaml": tableFile(
                "      - name: a\n        type: TEXT\n        until: 1\n      - name: a\n        type: TEXT\n        notNull: true\n        since: 2\n",
                extra: "migrations:\n  - version: 2\n    sql: \"UPDATE t SET a = 'x' WHERE id < 0\"\n"),
        ])
        #expect(result == [
            #"S/t.yaml:2:5: error: the migration to version 2 fails: NOT NULL constraint failed: _daogen_new_t.a, in: INSERT INTO "_daogen_new_t" ("id", "a") SELECT "id", "a" FROM "t""#
        ])
    }

    /// A column becoming NOT NULL: with a default and no data step one rebuild copies NULLs as the
    /// default; with a data step, the step sees the new shape with the column still nullable and a
    /// second rebuild tightens it.
    @Test func aColumnBecomingNotNullIsFilledBeforeItIsTightened() throws {
        let plan = try Generator.load(directory: packageRoot.appending(path: "Tests/Schemas/Trust"), displayPath: "T").plan
        let toTwo = try #require(plan[2]?.first { $0.kind == .rebuildTable })
        #expect(toTwo.statements.contains { $0.hasSuffix(#"coalesce("rating", 'unrated') FROM "ticket""#) })
        #expect(plan[3]?.map(\.kind) == [.dropIndex, .renameColumn, .rebuildTable, .data, .rebuildTable])
        let relaxed = try #require(plan[3]?[2].statements.first)
        #expect(relaxed.contains(#""email" TEXT,"#))
        let tightened = try #require(plan[3]?[4].statements.first)
        #expect(tightened.contains(#""email" TEXT NOT NULL,"#))
        #expect(plan[3]?[4].comment == "Rebuild table account to make email NOT NULL after the data step (rebuild: copies every row)")
    }

    /// Sample ISO-8601 dates once wrapped after a day of minutes, so a Date key collided past ~480
    /// versions; keys of finite types (enums, Bool) run out at once. Neither is an error now.
    @Test func sampleRowsOfFiniteOrLongHistoriesDoNotCollide() throws {
        let loaded = try loadSchema([
            "daogen.yaml": "version: 500\n",
            "t.yaml": """
                tables:
                  - name: t
                    columns:
                      - name: at
                        type: TEXT
                        primaryKey: true
                        swift: Date
                      - name: flag
                        type: INTEGER
                        swift: Bool
                        notNull: true
                        unique: true
                  - name: level
                    columns:
                      - name: code
                        type: TEXT
                        primaryKey: true
                        enum: [low, mid, high]

                """,
        ])
        #expect(loaded.provedRowCount > 0)
    }

    /// Found by the generative test: a data step of the version that renames a table sees the new
    /// name, also when it fills a NOT NULL column added in that version.
    @Test func aDataStepSeesTheNewNamesOfATableItFills() throws {
        let loaded = try loadSchema([
            "daogen.yaml": "version: 2\n",
            "t.yaml": """
                tables:
                  - name: new_name
                    renamedFrom: { name: old_name, in: 2 }
                    columns:
                      - name: id
                        type: INTEGER
                        primaryKey: true
                      - name: filled
                        type: INTEGER
                        notNull: true
                        since: 2
                migrations:
                  - version: 2
                    sql: "UPDATE new_name SET filled = 1"

                """,
        ])
        #expect(loaded.plan[2]?.map(\.kind) == [.rebuildTable, .data, .rebuildTable])
        #expect(loaded.plan[2]?.first?.statements.first == #"ALTER TABLE "old_name" RENAME TO "new_name""#)
    }
}
