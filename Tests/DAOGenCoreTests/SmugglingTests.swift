import Foundation
import Testing

@testable import _DAOGenCore

/// No statement can be smuggled through a slot that holds SQL: a view is one SELECT, a trigger one
/// CREATE TRIGGER, a query one statement, a data step only statements that change rows. Every payload
/// in every slot is a located error, and no file is ever created by generating.
@Suite struct SmugglingTests {
    /// A schema with one table and each SQL slot; `slot` names the one that gets `sql`.
    static func files(_ slot: String, _ sql: String) -> [String: String] {
        func value(_ name: String, _ normal: String) -> String {
            let text = name == slot ? sql : normal
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        }
        return [
            "daogen.yaml": "version: 2\n",
            "t.yaml": """
                tables:
                  - name: item
                    columns:
                      - name: id
                        type: INTEGER
                        primaryKey: true
                      - name: n
                        type: INTEGER
                    queries:
                      - name: numbers
                        sql: \(value("query", "SELECT n FROM item"))
                views:
                  - name: v
                    sql: \(value("view", "SELECT id, n FROM item"))
                triggers:
                  - name: tr
                    sql: \(value("trigger", "CREATE TRIGGER tr AFTER DELETE ON item BEGIN SELECT 1; END"))
                migrations:
                  - version: 2
                    sql: \(value("data", "UPDATE item SET n = 0"))

                """,
        ]
    }

    static let normal: [String: String] = [
        "query": "SELECT n FROM item", "view": "SELECT id, n FROM item",
        "trigger": "CREATE TRIGGER tr AFTER DELETE ON item BEGIN SELECT 1; END", "data": "UPDATE item SET n = 0",
    ]

    /// Lines of each slot's `sql:` in `files`.
    static let lines = ["query": 11, "view": 14, "trigger": 17, "data": 20]

    @Test(arguments: ["query", "view", "trigger", "data"])
    func everyPayloadInEverySlotIsALocatedError(slot: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.url.appending(path: "smuggled.sqlite").path(percentEncoded: false)
        let payloads = [
            "; CREATE TABLE x (z)", "; ATTACH '\(target)' AS p", "; DETACH p", "; DROP TABLE item",
            "; PRAGMA writable_schema = 1", "; VACUUM INTO '\(target)'", ";\n CREATE TRIGGER t2 AFTER INSERT ON item BEGIN DELETE FROM item; END",
            "; SELECT load_extension('x')",
        ]
        for payload in payloads {
            let result = try diagnostics(Self.files(slot, Self.normal[slot]! + payload))
            #expect(result.count == 1, "\(slot): \(payload): \(result)")
            #expect(result.first?.hasPrefix("S/t.yaml:\(Self.lines[slot]!):") == true, "\(slot): \(payload): \(result)")
            #expect(!FileManager.default.fileExists(atPath: target), "\(slot): \(payload) created a file")
        }
    }

    @Test func theMessagesPointAtTheSecondStatement() throws {
        let view = try diagnostics(Self.files("view", "SELECT id, n FROM item; CREATE TABLE x (z)"))
        #expect(view == [
            "S/t.yaml:14:35: error: view 'v': 'sql' holds a second statement after ';'; a view is one SELECT statement (daogen writes CREATE VIEW around it), and nothing may follow it"
        ])
        let trigger = try diagnostics(Self.files("trigger", "CREATE TRIGGER tr AFTER DELETE ON item BEGIN SELECT 1; END; DELETE FROM item"))
        #expect(trigger == [
            "S/t.yaml:17:71: error: trigger 'tr': 'sql' holds a second statement after ';'; a trigger is one CREATE TRIGGER statement, and nothing may follow it"
        ])
        let data = try diagnostics(Self.files("data", "UPDATE item SET n = 0; DETACH p"))
        #expect(data == [
            "S/t.yaml:20:34: error: migration to version 2: a data step holds only INSERT, UPDATE, DELETE or REPLACE statements (WITH may lead them) on the schema's tables; found 'DETACH'"
        ])
    }

    /// A data step may hold several statements that change rows; each runs on its own.
    @Test func aDataStepMayHoldSeveralStatements() throws {
        let schema = try loadSchema(Self.files("data", "UPDATE item SET n = 0; /* then */ DELETE FROM item WHERE n IS NULL;"))
        #expect(schema.schema.migrations.first?.statements == ["UPDATE item SET n = 0", "DELETE FROM item WHERE n IS NULL"])
    }

    /// A trailing comment or `;` is not part of what daogen writes around the statement.
    @Test func aViewAndATriggerAreTrimmedToTheirTokens() throws {
        var files = Self.files("view", "SELECT id, n FROM item; -- the view")
        files["t.yaml"] = files["t.yaml"]!.replacingOccurrences(
            of: "BEGIN SELECT 1; END'", with: "BEGIN SELECT 1; END; /* done */'")
        let schema = try loadSchema(files).schema
        #expect(schema.views.map(\.sql) == ["SELECT id, n FROM item"])
        #expect(schema.triggers.map(\.sql) == ["CREATE TRIGGER tr AFTER DELETE ON item BEGIN SELECT 1; END"])
    }
}
