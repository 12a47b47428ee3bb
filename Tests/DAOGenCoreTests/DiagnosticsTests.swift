import Testing

@testable import _DAOGenCore

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
            "S/t.yaml:9:9: error: unknown key 'nullable' in a column; expected one of: name, type, declaredType, swiftName, doc, primaryKey, autoincrement, unique, notNull, collate, default, check, references, swift, enum, since, until, renamedFrom, json, generated, stored"
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
        #expect(result == ["S/t.yaml:9:18: error: 'default' of column 'a' must be one SQL expression, but it has an unterminated string literal"])
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

    @Test func columnNamedTwiceFromARename() throws {
        let result = try diagnostics([
            "daogen.yaml": "version: 4\n",
            "t.yaml": tableFile("      - name: c\n        type: TEXT\n      - name: c\n        type: TEXT\n        renamedFrom: { name: e, in: 3 }\n"),
        ])
        #expect(result.contains(
            "S/t.yaml:9:15: error: column 'c' is declared twice in table 't' at version 3 (first at S/t.yaml:7:9); give the declarations 'since' / 'until' ranges that do not overlap"
        ), "\(result)")
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
            "S/daogen.yaml:1:11: error: 'database': the Swift name 'my-db' is not a Swift identifier; choose another (e.g. MyDbDatabase)",
            "S/daogen.yaml:2:10: error: 'version' must be between 1 and 10000, found 0",
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
            "S/a.yaml:8:9: error: unknown key 'typo' in a column; did you mean 'type'?",
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

    /// A Render error: the schema loads, and rendering (or `daogen validate`) reports the folder.
    @Test func aMissingTemplatesFolderIsAnError() throws {
        let loaded = try loadSchema(["daogen.yaml": "templates: Nowhere\n", "t.yaml": tableFile("")])
        let error = try #require(throws: DiagnosticsError.self) { try loaded.renderer() }
        #expect(error.diagnostics.map(\.description) == ["S/daogen.yaml:1:12: error: 'templates' names 'Nowhere', which is not a folder in the schema directory"])
    }

    @Test func aVersionOneSchemaHasNoMigrations() throws {
        let result = try diagnostics(["t.yaml": tableFile("", extra: "migrations:\n  - version: 2\n    sql: \"SELECT 1\"\n")])
        #expect(result == ["S/t.yaml:8:14: error: a schema at version 1 has no migrations; raise 'version' in daogen.yaml when the schema changes"])
    }
}

/// Issue 8: input that once passed generation and then broke the generated code, ran extra SQL in
/// `open()`, or stalled the generator. Each test asserts the exact message and location.
@Suite struct TrustDiagnosticsTests {
    @Test func aCheckThatClosesItsParenthesisIsRefused() throws {
        let result = try diagnostics(["t.yaml": tableFile(#"      - name: a\n        type: INTEGER\n        check: "1)); CREATE TABLE pwn (z INTEGER CHECK (1"\n"#.unescaped)])
        #expect(result == ["S/t.yaml:9:16: error: 'check' of column 'a' must be one SQL expression, but it closes a parenthesis it did not open"])
    }

    @Test func aDefaultThatAddsAColumnStaysInsideItsParentheses() throws {
        let result = try diagnostics(["t.yaml": tableFile(#"      - name: a\n        type: INTEGER\n        default: "(1), b INT DEFAULT (2)"\n"#.unescaped)])
        #expect(result == [#"S/t.yaml:9:18: error: invalid SQL in 'default' of column 'a': near ",": syntax error"#])
    }

    @Test func aTypeThatStartsAConstraintIsRefused() throws {
        let result = try diagnostics(["t.yaml": tableFile(#"      - name: a\n        type: "INTEGER CHECK (1)); CREATE TABLE pwn (z"\n"#.unescaped)])
        #expect(result == [
            "S/t.yaml:8:15: error: 'type' of column 'a' must be one SQLite type name, but 'CHECK' starts a constraint, which has a key of its own (primaryKey, notNull, unique, default, check, collate, references)"
        ])
    }

    @Test func anIndexWhereWithAFurtherStatementIsRefusedBeforeSQLiteSeesIt() throws {
        let result = try diagnostics(["t.yaml": tableFile(
            #"      - name: d\n        type: INTEGER\n"#.unescaped,
            extra: #"    indexes:\n      - name: i\n        columns: [d]\n        where: "d > 0; DROP TABLE x; --"\n"#.unescaped)])
        #expect(result == [
            "S/t.yaml:12:16: error: 'where' of index 'i' must be one SQL expression, but it holds ';': a slot takes one expression, never a further statement"
        ])
    }

    @Test func aTableCheckWithACommentIsRefused() throws {
        let result = try diagnostics(["t.yaml": tableFile("", extra: #"    checks: ["id > 0 -- comment"]\n"#.unescaped)])
        #expect(result == [
            "S/t.yaml:7:14: error: 'checks' of a table must be one SQL expression, but it holds an SQL comment, which would hide the rest of the generated statement"
        ])
    }

    @Test func aliasesAreRefusedWithoutBeingExpanded() throws {
        var text = "tables:\n  - name: t\n    columns:\n      - name: a\n        type: TEXT\n        doc: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<10 {
            text += "x\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let result = try diagnostics(["t.yaml": text])
        #expect(result.count == 9)
        #expect(result.first == "S/t.yaml:6:14: error: this node is repeated through a YAML alias (*name); anchors and aliases are not supported in schema files, write the value out")
    }

    @Test func versionIsBounded() throws {
        let result = try diagnostics(["t.yaml": tableFile(""), "daogen.yaml": "version: 9223372036854775807\n"])
        #expect(result == ["S/daogen.yaml:1:10: error: 'version' must be between 1 and 10000, found 9223372036854775807"])
    }

    @Test func adoptsUserVersionMustBeAboveVersion() throws {
        for (value, version) in [(3, 3), (1, 2), (-1, 1), (2_147_483_648, 1)] {
            let result = try diagnostics(["t.yaml": tableFile(""), "daogen.yaml": "version: \(version)\nadoptsUserVersion: \(value)\n"])
            #expect(result == [
                "S/daogen.yaml:2:20: error: 'adoptsUserVersion' must be greater than 'version' (\(version)) and at most 2147483647, found \(value): a file at user_version \(value) would be taken for version \(value) of this schema"
            ])
        }
        #expect(try diagnostics(["t.yaml": tableFile(""), "daogen.yaml": "version: 2\nadoptsUserVersion: 53\n"]) == [])
    }

    @Test func messagesStayOnOneLine() throws {
        // YAML turns `\n` into a line break inside the name, which SQLite's message repeats.
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        check: \"a = [x\\ny]\"\n")])
        #expect(result == [#"S/t.yaml:9:16: error: invalid SQL in 'check' of column 'a': no such column: x\ny"#])
        #expect(Diagnostic(.error, "near \"x\nDROP\": syntax error\r", at: nil).description == #"error: near "x\nDROP": syntax error\r"#)
    }

    @Test func anUnknownKeyCloseToAKnownOneSuggestsIt() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        notnull: true\n")])
        #expect(result == ["S/t.yaml:9:9: error: unknown key 'notnull' in a column; did you mean 'notNull'?"])
    }

    @Test func typesWithNumericAffinityByTheFallbackRuleWarn() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: b\n        type: BOOLEAN\n      - name: c\n        type: DATETIME\n")])
        #expect(result == [
            "S/t.yaml:8:15: warning: type 'BOOLEAN' of column 'b' gets NUMERIC affinity by SQLite's fallback rule, so it maps to Double; did you mean INTEGER with swift: Bool?",
            "S/t.yaml:10:15: warning: type 'DATETIME' of column 'c' gets NUMERIC affinity by SQLite's fallback rule, so it maps to Double; did you mean swift: Date?",
        ])
    }

    /// Issue 21, item 9: a type word daogen does not know is an error naming the nearest type, not a
    /// Double; `declaredType:` keeps an unusual declared type as written.
    @Test func anUnknownTypeWordIsAnErrorWithTheNearestType() throws {
        let result = try diagnostics(["t.yaml": tableFile(
            "      - name: a\n        type: TXET\n      - name: b\n        type: STRING\n      - name: c\n        type: VARCHR(20)\n      - name: d\n        type: GEOMETRY\n")])
        #expect(result == [
            "S/t.yaml:8:15: error: type 'TXET' of column 'a' is not a type daogen knows ('TXET'); did you mean TEXT? (to keep an unusual declared type, write it as declaredType:)",
            "S/t.yaml:10:15: error: type 'STRING' of column 'b' is not a type daogen knows ('STRING'); did you mean TEXT? (to keep an unusual declared type, write it as declaredType:)",
            "S/t.yaml:12:15: error: type 'VARCHR(20)' of column 'c' is not a type daogen knows ('VARCHR'); did you mean VARCHAR? (to keep an unusual declared type, write it as declaredType:)",
            "S/t.yaml:14:15: error: type 'GEOMETRY' of column 'd' is not a type daogen knows ('GEOMETRY'); write INTEGER, TEXT, REAL, BLOB or NUMERIC (to keep an unusual declared type, write it as declaredType:)",
        ])
        let kept = try loadSchema(["t.yaml": tableFile("      - name: d\n        declaredType: GEOMETRY\n")])
        #expect(kept.schema.tables[0].columns[1].sqlType == "GEOMETRY")
        #expect(kept.warnings.isEmpty)
        #expect(try diagnostics(["t.yaml": tableFile("      - name: d\n        type: TEXT\n        declaredType: GEOMETRY\n")])
            == ["S/t.yaml:8:15: error: 'type' and 'declaredType' cannot both be set on a column"])
    }

    /// Every declared type of the real apps' schemas and of the checked-in ones is a known type.
    @Test func commonDeclaredTypesAreKnown() {
        for type in ["INTEGER", "INT", "BIGINT", "UNSIGNED BIG INT", "INT8", "TEXT", "VARCHAR(255)", "varchar(40)", "NVARCHAR(100)",
                     "CHARACTER VARYING(20)", "NATIVE CHARACTER(70)", "CLOB", "BLOB", "REAL", "DOUBLE", "DOUBLE PRECISION", "FLOAT",
                     "NUMERIC", "DECIMAL(10, 5)", "BOOLEAN", "BOOL", "DATE", "DATETIME", "TIMESTAMP WITH TIME ZONE", "ANY", ""] {
            #expect(DeclaredType.unknownWord(in: type) == nil, "\(type)")
        }
    }

    @Test func aMisspelledIntegerKeyIsNotTheRowID() throws {
        let result = try diagnostics(["t.yaml": "tables:\n  - name: t\n    columns:\n      - name: id\n        type: INTEGR\n        primaryKey: true\n"])
        #expect(result == [
            "S/t.yaml:5:15: error: type 'INTEGR' of column 'id' is not a type daogen knows ('INTEGR'); did you mean INTEGER? (to keep an unusual declared type, write it as declaredType:)"
        ])
        let kept = try diagnostics(["t.yaml": "tables:\n  - name: t\n    columns:\n      - name: id\n        declaredType: INTEGR\n        primaryKey: true\n"])
        #expect(kept == [
            "S/t.yaml:5:23: warning: type 'INTEGR' is not INTEGER, so column 'id' is a plain key and not the table's rowid (only INTEGER PRIMARY KEY is); did you mean INTEGER?"
        ])
    }

    @Test func integerDefaultsMustFitTheSwiftType() throws {
        let result = try diagnostics(["t.yaml": tableFile(
            "      - name: a\n        type: INTEGER\n        swift: Int8\n        default: 300\n      - name: b\n        type: INTEGER\n        swift: UInt8\n        default: -1\n")])
        #expect(result == [
            "S/t.yaml:10:18: error: default of column 'a' is 300, outside the range of its Swift type Int8 (-128...127)",
            "S/t.yaml:14:18: error: default of column 'b' is -1, outside the range of its Swift type UInt8 (0...255)",
        ])
    }

    @Test func anEnumDefaultMustBeOneOfItsValues() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        enum: [x, y]\n        default: \"'z'\"\n")])
        #expect(result == ["S/t.yaml:10:18: error: default of column 'a' is 'z', which is not one of its enum values (x, y)"])
    }

    @Test func aBareWordDefaultNamesTheColumnAndTheFix() throws {
        let result = try diagnostics(["t.yaml": tableFile("      - name: status\n        type: TEXT\n        default: 'new'\n")])
        #expect(result == [
            #"S/t.yaml:9:18: error: invalid SQL in 'default' of column 'status': default value of column [status] is not constant; for the text new write default: "'new'""#
        ])
    }

    @Test func aColumnBecomingNotNullWithoutADefaultOrDataStepIsRefused() throws {
        let result = try diagnostics([
            "t.yaml": tableFile("      - name: a\n        type: TEXT\n        until: 1\n      - name: a\n        type: TEXT\n        notNull: true\n        since: 2\n"),
            "daogen.yaml": "version: 2\n",
        ])
        #expect(result == [
            "S/t.yaml:12:18: error: column 'a' of table 't' becomes NOT NULL in version 2 without a default, so rows holding NULL in it cannot be kept; add a 'default:' (NULLs become it) or a 'migrations:' step for version 2 that fills them"
        ])
    }
}

extension TrustDiagnosticsTests {
    /// Found by the generative test: a table whose columns all start later has none at version 1,
    /// which SQLite refuses as `CREATE TABLE t ()`.
    @Test func aTableWithoutColumnsAtOneOfItsVersionsIsRefused() throws {
        let result = try diagnostics([
            "t.yaml": "tables:\n  - name: t\n    columns:\n      - name: a\n        type: TEXT\n        since: 2\n",
            "daogen.yaml": "version: 2\n",
        ])
        #expect(result == [
            "S/t.yaml:2:11: warning: table 't' has no primary key; its DAO has no update, upsert, delete or find by key",
            "S/t.yaml:2:11: error: table 't' has no columns at version 1; let the table start later ('since') or end earlier ('until'), or give it a column that exists then",
        ])
    }
}

extension String {
    /// The text with `\n` written as two characters turned into a line break (for raw literals above).
    var unescaped: String { replacingOccurrences(of: "\\n", with: "\n") }
}
