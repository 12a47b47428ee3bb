import Testing

@testable import DAOGenCore

/// One test per kind of bad input: the exact message and the line:column of the offending node.
@Suite struct DiagnosticsTests {
    @Test func yamlSyntaxError() throws {
        let result = try diagnostics(["t.yaml": "tables:\n  - name: t\n    columns: [a\n"])
        #expect(result == [
            "S/t.yaml:4:1: error: YAML syntax error: did not find expected ',' or ']' (while parsing a flow sequence)"
        ])
    }

    @Test func unknownKey() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        nullable: true\n")])
        #expect(result == [
            "S/t.yaml:9:9: error: unknown key 'nullable' in a column; expected one of: name, type, swiftName, doc, primaryKey, autoincrement, unique, notNull, collate, default, check, references, swift, enum, since, until, renamedFrom"
        ])
    }

    @Test func wrongValueType() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        notNull: maybe\n")])
        #expect(result == ["S/t.yaml:9:18: error: 'notNull' must be true or false"])
    }

    @Test func missingRequiredKey() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n")])
        #expect(result == ["S/t.yaml:7:9: error: column 'a' is missing required key 'type'"])
    }

    @Test func duplicateTable() throws {
        let result = try diagnostics([
            "a.yaml": tableFile(""),
            "b.yaml": tableFile(""),
        ])
        #expect(result == [
            "S/b.yaml:2:11: error: table 't' is declared twice at version 1 (first at S/a.yaml:2:5); give the declarations 'since' / 'until' ranges that do not overlap"
        ])
    }

    @Test func duplicateColumn() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: id\n        type: TEXT\n")])
        #expect(result == [
            "S/t.yaml:7:15: error: column 'id' is declared twice in table 't' at version 1 (first at S/t.yaml:4:9); give the declarations 'since' / 'until' ranges that do not overlap"
        ])
    }

    @Test func referenceToMissingTable() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: INTEGER\n        references: { table: nowhere }\n")])
        #expect(result == ["S/t.yaml:9:21: error: column 'a' references table 'nowhere', which does not exist at version 1"])
    }

    @Test func referenceToMissingColumn() throws {
        let result = try diagnostics([
            "t.yaml": tableFile("      - name: a\n        type: INTEGER\n        references: { table: t, column: nope }\n")
        ])
        #expect(result == ["S/t.yaml:9:21: error: column 'a' references column 't.nope', which does not exist at version 1"])
    }

    @Test func invalidCheckExpression() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: INTEGER\n        check: \"nope > 0\"\n")])
        #expect(result == ["S/t.yaml:9:16: error: invalid SQL in 'check' of column 'a': no such column: nope"])
    }

    @Test func invalidDefaultExpression() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        default: \"'unclosed\"\n")])
        #expect(result == ["S/t.yaml:9:18: error: invalid SQL in 'default' of column 'a': unrecognized token: \"'unclosed))\""])
    }

    @Test func invalidIndexWhere() throws {
        let result = try diagnostics([
            "t.yaml": tableFile("", extra: "    indexes:\n      - name: i\n        columns: [id]\n        where: \"id >\"\n")
        ])
        #expect(result == ["S/t.yaml:10:16: error: SQLite rejects index 'i' at version 1: incomplete input"])
    }

    @Test func overlappingVersionRanges() throws {
        let result = try diagnostics([
            "daogen.yaml": "version: 3\n",
            "t.yaml": tableFile("      - name: a\n        type: TEXT\n        until: 2\n      - name: a\n        type: INTEGER\n        since: 2\n"),
        ])
        #expect(result == [
            "S/t.yaml:10:15: error: column 'a' is declared twice in table 't' at version 2 (first at S/t.yaml:7:9); give the declarations 'since' / 'until' ranges that do not overlap"
        ])
    }

    @Test func versionOutsideRange() throws {
        let result = try diagnostics([
            "daogen.yaml": "version: 3\n",
            "t.yaml": tableFile("      - name: a\n        type: TEXT\n        since: 5\n"),
        ])
        #expect(result == ["S/t.yaml:9:16: error: 'since' must be between 1 and 3 (the schema's version), found 5"])
    }

    @Test func unstorableSwiftType() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        swift: Data\n")])
        #expect(result == [
            "S/t.yaml:9:16: error: Swift type 'Data' cannot be stored in column 'a' of type 'TEXT' (TEXT affinity); it needs BLOB affinity"
        ])
    }

    @Test func unstorableDateNamesTheSetting() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: INTEGER\n        swift: Date\n")])
        #expect(result == [
            "S/t.yaml:9:16: error: Swift type 'Date' cannot be stored in column 'a' of type 'INTEGER' (INTEGER affinity); it needs TEXT, BLOB or NUMERIC affinity with dates: iso8601 (set 'dates' in daogen.yaml to change how dates are stored)"
        ])
    }

    @Test func twoNamesForOneSwiftName() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: author_id\n        type: TEXT\n      - name: authorId\n        type: TEXT\n")])
        #expect(result == [
            "S/t.yaml:9:15: error: columns 'author_id' and 'authorId' of table 't' both map to Swift name 'authorId'; set swiftName on one of them"
        ])
    }

    @Test func enumNeedsMatchingAffinity() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: INTEGER\n        enum: [x, y]\n")])
        #expect(result == [
            "S/t.yaml:9:15: error: enum of a list of strings needs a TEXT column, but column 'a' has type 'INTEGER' (INTEGER affinity); use a map of name: integer or change the type"
        ])
    }

    @Test func autoincrementNeedsIntegerKey() throws {
        let result = try diagnostics([
            "t.yaml": "tables:\n  - name: t\n    columns:\n      - name: id\n        type: TEXT\n        primaryKey: true\n        autoincrement: true\n"
        ])
        #expect(result == [
            "S/t.yaml:7:24: error: autoincrement needs an INTEGER primary key column in a table with a rowid; 'id' is not one"
        ])
    }

    @Test func badSettings() throws {
        let result = try diagnostics([
            "daogen.yaml": "database: my-db\nversion: 0\naccess: open\n",
            "t.yaml": tableFile(""),
        ])
        #expect(result == [
            "S/daogen.yaml:1:11: error: 'database' must be a Swift type name, found 'my-db'",
            "S/daogen.yaml:2:10: error: 'version' must be 1 or more, found 0",
            "S/daogen.yaml:3:9: error: 'access' must be one of: public, package, internal; found 'open'",
        ])
    }

    @Test func everyErrorOfEveryFileIsReportedInOrder() throws {
        let result = try diagnostics([
            "b.yaml": tableFile("      - name: a\n        type: TEXT\n        unique: sometimes\n"),
            "a.yaml": tableFile("      - name: a\n        typo: TEXT\n"),
        ])
        #expect(result == [
            "S/a.yaml:7:9: error: column 'a' is missing required key 'type'",
            "S/a.yaml:8:9: error: unknown key 'typo' in a column; expected one of: name, type, swiftName, doc, primaryKey, autoincrement, unique, notNull, collate, default, check, references, swift, enum, since, until, renamedFrom",
            "S/b.yaml:2:11: error: table 't' is declared twice at version 1 (first at S/a.yaml:2:5); give the declarations 'since' / 'until' ranges that do not overlap",
            "S/b.yaml:9:17: error: 'unique' must be true or false",
        ])
    }

    @Test func tableWithoutPrimaryKeyIsAWarning() throws {
        let result = try diagnostics(["t.yaml": "tables:\n  - name: log\n    columns:\n      - name: line\n        type: TEXT\n"])
        #expect(result == [
            "S/t.yaml:2:11: warning: table 'log' has no primary key; its DAO has no update, upsert, delete or find by key"
        ])
    }

    @Test func aRowIDKeyMustBeInt64OrInt() throws {
        let result = try diagnostics([
            "t.yaml": "tables:\n  - name: t\n    columns:\n      - name: id\n        type: INTEGER\n        primaryKey: true\n        swift: Int32\n"
        ])
        #expect(result == ["S/t.yaml:7:16: error: column 'id' is the table's rowid (INTEGER PRIMARY KEY), so its Swift type must be Int64 or Int"])
    }

    @Test func aMissingTemplatesFolderIsAnError() throws {
        let result = try diagnostics(["daogen.yaml": "templates: Nowhere\n", "t.yaml": tableFile("")])
        #expect(result == ["S/daogen.yaml:1:12: error: 'templates' names 'Nowhere', which is not a folder in the schema directory"])
    }

    @Test func aVersionOneSchemaHasNoMigrations() throws {
        let result = try diagnostics(["t.yaml": tableFile("", extra: "migrations:\n  - version: 2\n    sql: \"SELECT 1\"\n")])
        #expect(result == ["S/t.yaml:8:14: error: a schema at version 1 has no migrations; raise 'version' in daogen.yaml when the schema changes"])
    }
}
