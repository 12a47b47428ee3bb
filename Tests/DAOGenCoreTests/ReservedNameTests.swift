import Testing

@testable import _DAOGenCore

/// Issue 21, item 5: every generated type name is a Swift identifier that hides no type of Swift,
/// Foundation or DAOGenRuntime; otherwise a located error names the `swiftName:` to use.
@Suite struct ReservedNameTests {
    @Test func aTableThatWouldHideTaskNamesTheFix() throws {
        let result = try diagnostics(["t.yaml": "tables:\n  - name: task\n    columns:\n      - name: id\n        type: INTEGER\n        primaryKey: true\n"])
        #expect(result == [
            "S/t.yaml:2:11: error: table 'task': its Swift name 'Task' would hide Swift's Task in the whole module; add swiftName: (e.g. TaskRecord)"
        ])
    }

    @Test func anExplicitSwiftNameIsHeldToTheSameRules() throws {
        let file = "tables:\n  - name: t\n    swiftName: %@\n    columns:\n      - name: id\n        type: INTEGER\n        primaryKey: true\n"
        for (name, problem) in [
            ("Date", "would hide Foundation's Date in the whole module; choose another (e.g. DateRecord)"),
            ("Statement", "would hide DAOGenRuntime's Statement in the whole module; choose another (e.g. StatementRecord)"),
            ("MainActor", "would hide Swift's MainActor in the whole module; choose another (e.g. MainActorRecord)"),
            ("\"1st\"", "is not a Swift identifier; choose another (e.g. MyRecord)"),
            ("\"_\"", "is not a Swift identifier; choose another (e.g. MyRecord)"),
            ("struct", "is a Swift keyword; choose another (e.g. StructRecord)"),
        ] {
            let result = try diagnostics(["t.yaml": file.replacingOccurrences(of: "%@", with: name)])
            let shown = name.trimmingCharacters(in: ["\""])
            #expect(result == ["S/t.yaml:3:16: error: table 't': its swiftName '\(shown)' \(problem)"], "\(name)")
        }
    }

    @Test func theDatabaseNameMustBeAnIdentifier() throws {
        let table = "tables:\n  - name: t\n    columns:\n      - name: id\n        type: INTEGER\n        primaryKey: true\n"
        #expect(try diagnostics(["daogen.yaml": "database: \"_\"\n", "t.yaml": table]) == [
            "S/daogen.yaml:1:11: error: 'database': the Swift name '_' is not a Swift identifier; choose another (e.g. MyDatabase)"
        ])
        #expect(try diagnostics(["daogen.yaml": "database: Result\n", "t.yaml": table]) == [
            "S/daogen.yaml:1:11: error: 'database': the Swift name 'Result' would hide Swift's Result in the whole module; choose another (e.g. ResultDatabase)"
        ])
        // Found by NameSlotTests: inside the database type, `read` is its method, not the type.
        #expect(try diagnostics(["daogen.yaml": "database: read\n", "t.yaml": table]) == [
            "S/daogen.yaml:1:11: error: 'database': the Swift name 'read' starts with a lowercase letter, as the members of generated code do; choose another (e.g. ReadDatabase)"
        ])
        // (In items.yaml: t.yaml would also generate t.swift, the database file T.swift in another case.)
        #expect(try diagnostics(["daogen.yaml": "database: T\n", "items.yaml": table]) == [
            "S/items.yaml:2:11: error: table 't': its Swift name 'T' is taken by the database type (S/daogen.yaml:1:11); set swiftName"
        ])
    }

    @Test func aDAOTakesNoNameOfTheDatabaseTypesMembers() throws {
        let file = "tables:\n  - name: %@\n    columns:\n      - name: id\n        type: INTEGER\n        primaryKey: true\n"
        for name in ["read", "live", "close"] {
            #expect(try diagnostics(["t.yaml": file.replacingOccurrences(of: "%@", with: name)]) == [
                "S/t.yaml:2:11: error: table '\(name)': its DAO would be the database's property '\(name)', which the database type has already; set swiftName"
            ])
        }
    }

    @Test func viewNamesAreCheckedLikeTables() throws {
        let table = "tables:\n  - name: t\n    columns:\n      - name: id\n        type: INTEGER\n        primaryKey: true\n"
        #expect(try diagnostics(["t.yaml": table + "views:\n  - name: '\"\"'\n    sql: SELECT id FROM t\n"]) == [
            "S/t.yaml:8:11: error: view '\"\"': its Swift name '' is empty; add swiftName: (e.g. MyRecord)"
        ])
        // The names are compared as Swift compares them: `Url` hides nothing.
        #expect(try diagnostics(["t.yaml": table + "views:\n  - name: url\n    sql: SELECT id FROM t\n"]) == [])
        #expect(try diagnostics(["t.yaml": table + "views:\n  - name: data\n    sql: SELECT id FROM t\n"]) == [
            "S/t.yaml:8:11: error: view 'data': its Swift name 'Data' would hide Foundation's Data in the whole module; add swiftName: (e.g. DataRecord)"
        ])
        #expect(try diagnostics(["t.yaml": table + "views:\n  - name: t\n    swiftName: T\n    sql: SELECT id FROM t\n"]).first
            == "S/t.yaml:9:16: error: view 't': its Swift name 'T' is taken by table 't' (S/t.yaml:2:11); set swiftName")
    }

    @Test func aViewWithTwoColumnsOfOneNameIsRefusedAtTheView() throws {
        let table = "tables:\n  - name: t\n    columns:\n      - name: id\n        type: INTEGER\n        primaryKey: true\n"
        #expect(try diagnostics(["t.yaml": table + "views:\n  - name: v\n    sql: SELECT id, id FROM t\n"]) == [
            "S/t.yaml:9:10: error: view 'v': result columns 'id' and 'id' both become property 'id'; rename one with AS"
        ])
    }

    @Test func enumsAndResultStructsHideNothingInsideTheRecord() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: data\n        type: TEXT\n        enum: [a, b]\n")])
        #expect(result == [
            "S/t.yaml:9:15: error: column 'data' of table 't': its enum's Swift name 'Data' would hide Foundation's Data inside T; set the column's swiftName: to rename the enum (e.g. swiftName: dataKind makes enum DataKind)"
        ])
        let renamed = try loadSchema(["t.yaml": tableFile("      - name: data\n        type: TEXT\n        swiftName: dataKind\n        enum: [a, b]\n")])
        #expect(renamed.schema.tables[0].columns[1].swiftType.swiftName == "DataKind")
        let query = try diagnostics(["t.yaml": queryFile("      - name: result\n        sql: SELECT id, title FROM book\n")])
        #expect(query == [
            "S/t.yaml:26:15: error: query 'result': its result struct's Swift name 'Result' would hide Swift's Result inside Book; rename the query (e.g. resultRow)"
        ])
    }

    @Test func enumCasesAndColumnsTakeNoNameTheGeneratedEnumsHave() throws {
        #expect(try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        enum: [\"!\", b]\n")]) == [
            "S/t.yaml:9:15: error: enum value '!' of column 'a' gives no usable Swift case name ('!'); use values made of letters and digits"
        ])
        #expect(try diagnostics(["t.yaml": tableFile("      - name: raw_value\n        type: TEXT\n")]) == [
            "S/t.yaml:7:15: error: column 'raw_value' of table 't': its Swift name 'rawValue' is a member of the record's Column enum already; add swiftName: (e.g. rawValueValue)"
        ])
    }

    @Test func identifiersFollowSwiftsGrammar() {
        for valid in ["a", "_a", "__", "Straße", "名前", "a1", "é", "😀"] { #expect(SwiftNaming.isIdentifier(valid), "\(valid)") }
        for invalid in ["", "_", "1a", "a-b", "a b", "a→b", "a\u{2028}"] { #expect(!SwiftNaming.isIdentifier(invalid), "\(invalid)") }
    }
}
