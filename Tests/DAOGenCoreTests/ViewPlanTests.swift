import Testing

@testable import _DAOGenCore

/// Views and triggers across versions: created with the schema, dropped and recreated around a
/// migration that changes tables (a rebuild would otherwise fail on the view or lose the trigger),
/// proved at generation time, and located errors for bad SQL.
@Suite struct ViewPlanTests {
    static let files = [
        "daogen.yaml": "version: 2\n",
        "t.yaml": """
            tables:
              - name: item
                columns:
                  - name: id
                    type: INTEGER
                    primaryKey: true
                  - name: label
                    type: TEXT
                    until: 1
                  - name: label
                    type: TEXT
                    notNull: true
                    default: "''"
                    since: 2
                  - name: touched
                    type: INTEGER
                    notNull: true
                    default: 0
            views:
              - name: labels
                sql: SELECT id, label FROM item
            triggers:
              - name: item_touch
                sql: CREATE TRIGGER item_touch AFTER UPDATE OF label ON item BEGIN UPDATE item SET touched = touched + 1 WHERE id = new.id; END

            """,
    ]

    @Test func aRebuildDropsAndRecreatesTheViewsAndTriggersAroundIt() throws {
        // Loading runs the migration proof: version 1 with sample rows, migrated, compared with version 2,
        // views and triggers included.
        let loaded = try loadSchema(Self.files)
        let steps = try #require(loaded.plan[2])
        #expect(steps.map(\.kind) == [.dropTrigger, .dropView, .rebuildTable, .createView, .createTrigger])
        #expect(steps.first?.statements == [#"DROP TRIGGER IF EXISTS "item_touch""#])
        #expect(steps.last?.statements.first?.hasPrefix("CREATE TRIGGER item_touch") == true)
        #expect(Generator.creationSQL(loaded, version: 1).contains(#"CREATE VIEW "labels" AS SELECT id, label FROM item;"#))
        let view = try #require(loaded.typedViews.first)
        #expect(view.columns.map { "\($0.swiftName): \($0.value.swiftName)" } == ["id: Int64", "label: String"])
    }

    @Test func aVersionWithoutTableChangesKeepsTheViews() throws {
        let loaded = try loadSchema([
            "daogen.yaml": "version: 2\n",
            "t.yaml": tableFile("", extra: "views:\n  - name: v\n    sql: SELECT id FROM t\n"),
        ])
        #expect(loaded.plan[2] == [])
    }

    @Test func aViewAddedInALaterVersionIsCreatedByItsMigration() throws {
        let loaded = try loadSchema([
            "daogen.yaml": "version: 2\n",
            "t.yaml": tableFile("", extra: "views:\n  - name: v\n    since: 2\n    sql: SELECT id FROM t\n"),
        ])
        #expect(loaded.plan[2]?.map(\.statements) == [[#"CREATE VIEW "v" AS SELECT id FROM t"#]])
    }

    @Test func invalidViewAndTriggerSQLIsLocated() throws {
        let result = try diagnostics([
            "t.yaml": tableFile("", extra: """
                views:
                  - name: v
                    sql: SELECT nope FROM t
                triggers:
                  - name: g
                    sql: CREATE TRIGGER g AFTER INSERT ON missing BEGIN SELECT 1; END

                """)
        ])
        #expect(result == [
            "S/t.yaml:9:10: error: SQLite rejects view 'v' at version 1: no such column: nope",
            "S/t.yaml:12:10: error: SQLite rejects trigger 'g' at version 1: no such table: main.missing",
        ])
        let written = try diagnostics([
            "t.yaml": tableFile("", extra: """
                views:
                  - name: v
                    sql: DELETE FROM t
                triggers:
                  - name: h
                    sql: CREATE TRIGGER other AFTER INSERT ON t BEGIN SELECT 1; END
                  - name: i
                    sql: CREATE VIEW i AS SELECT 1

                """)
        ])
        #expect(written == [
            "S/t.yaml:9:10: error: view 'v': 'sql' must be a SELECT statement (daogen writes CREATE VIEW around it)",
            "S/t.yaml:12:10: error: trigger 'h': its CREATE TRIGGER statement names 'other'; the names must agree",
            "S/t.yaml:14:10: error: trigger 'i': 'sql' must be a CREATE TRIGGER statement",
        ])
    }
}

/// SQLite checks what a view or a trigger's body uses only when it is read or fires: the proof reads
/// every view and compiles every trigger at every version, created or reached by a migration.
@Suite struct ViewAndTriggerEveryVersionTests {
    /// Version 3 of a table whose `title` ends at version 1, with a view and a trigger that use it
    /// until `until`.
    static func files(until: Int, viewUses: String = "title", triggerUses: String = "title") -> [String: String] {
        [
            "daogen.yaml": "version: 3\n",
            "t.yaml": """
                tables:
                  - name: item
                    columns:
                      - name: id
                        type: INTEGER
                        primaryKey: true
                      - name: title
                        type: TEXT
                        until: 1
                      - name: n
                        type: INTEGER
                views:
                  - name: w
                    until: \(until)
                    sql: SELECT id, \(viewUses) FROM item
                triggers:
                  - name: tr
                    until: \(until)
                    sql: CREATE TRIGGER tr AFTER UPDATE ON item BEGIN UPDATE item SET \(triggerUses) = 'x' WHERE id = new.id; END

                """,
        ]
    }

    @Test(arguments: [2, 3])
    func aViewOrTriggerThatUsesADroppedColumnFailsAtTheVersionItBreaks(until: Int) throws {
        var result = try diagnostics(Self.files(until: until))
        // The messages of the first version where they fail, wherever it is checked.
        result = result.map { $0.replacingOccurrences(of: " after the migration from version 1", with: "") }
        let versions = 2...until
        #expect(result == versions.map { "S/t.yaml:15:10: error: SQLite rejects view 'w' at version \($0): no such column: title" }
            + versions.map { "S/t.yaml:19:10: error: SQLite rejects trigger 'tr' at version \($0): no such column: title" })
    }

    /// A trigger's error is its own, not that of another trigger on the same table.
    @Test func eachTriggerIsCompiledAlone() throws {
        let result = try diagnostics([
            "t.yaml": tableFile("      - name: n\n        type: INTEGER\n", extra: """
                triggers:
                  - name: good
                    sql: CREATE TRIGGER good AFTER INSERT ON t BEGIN UPDATE t SET n = 1 WHERE id = new.id; END
                  - name: bad
                    sql: CREATE TRIGGER bad AFTER INSERT ON t BEGIN UPDATE t SET nope = 1; END
                  - name: gone
                    sql: CREATE TRIGGER gone BEFORE DELETE ON t BEGIN DELETE FROM missing; END
                  - name: cols
                    sql: CREATE TRIGGER cols AFTER UPDATE OF n ON t WHEN new.zz > 0 BEGIN SELECT 1; END

                """)
        ])
        #expect(result == [
            "S/t.yaml:13:10: error: SQLite rejects trigger 'bad' at version 1: no such column: nope",
            "S/t.yaml:15:10: error: SQLite rejects trigger 'gone' at version 1: no such table: main.missing",
            "S/t.yaml:17:10: error: SQLite rejects trigger 'cols' at version 1: no such column: new.zz",
        ])
    }
}

/// Code for an older version (`daogen generate --schema-version k`) is complete for that version: the
/// views alive at k get records and DAOs, typed against k's schema.
@Suite struct OlderVersionViewTests {
    @Test func theViewsOfAnOlderVersionAreTypedAgainstItsSchema() throws {
        let loaded = try loadSchema([
            "daogen.yaml": "version: 2\n",
            "t.yaml": tableFile("      - name: label\n        type: TEXT\n        notNull: true\n        until: 1\n", extra: """
                views:
                  - name: labels
                    until: 1
                    sql: SELECT id, label FROM t
                  - name: ids
                    sql: SELECT id FROM t

                """),
        ])
        #expect(loaded.typedViews.map(\.view.name) == ["ids"])
        let old = Generator.asOf(loaded, version: 1)
        #expect(old.typedViews.map(\.view.name) == ["labels", "ids"])
        let labels = try #require(old.typedViews.first)
        #expect(labels.columns.map { "\($0.swiftName): \($0.value.swiftName)" } == ["id: Int64", "label: String"])
    }
}
