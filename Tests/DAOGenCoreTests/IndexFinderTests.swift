import DAOGenRuntime
import Testing

@testable import _DAOGenCore
import Seeded

/// Index finders of columns that can hold NULL: which columns an index's overload taking Optionals
/// compares with `IS`, its SQL, and that SQLite answers `IS ?` through the same index as `= ?`.
@Suite struct IndexFinderTests {
    static let files = [
        "t.yaml": """
            tables:
              - name: t
                columns:
                  - name: id
                    type: INTEGER
                    primaryKey: true
                  - name: label
                    type: TEXT
                    notNull: true
                  - name: shelf
                    type: TEXT
                  - name: code
                    type: TEXT
                indexes:
                  - name: t_by_id
                    columns: [id]
                  - name: t_by_label_shelf
                    columns: [label, shelf]
                  - name: t_by_shelf_code
                    columns: [shelf DESC, code COLLATE NOCASE]
                  - name: t_by_label
                    columns: [label]
                  - name: t_coded
                    columns: [code]
                    where: "code IS NOT NULL"
                  - name: t_unique_label_code
                    columns: [label, code]
                    unique: true
                  - name: t_by_label_shelf_again
                    columns: [label, shelf DESC]
              - name: legacy
                doc: A rowid table whose TEXT key keeps SQLite's quirk and may hold NULL.
                columns:
                  - name: k
                    type: TEXT
                    primaryKey: true
                    notNull: false
                indexes:
                  - name: legacy_by_k
                    columns: [k]
              - name: pair
                withoutRowID: true
                columns:
                  - name: a
                    type: TEXT
                  - name: b
                    type: TEXT
                  - name: note
                    type: TEXT
                primaryKey: [a, b]
                indexes:
                  - name: pair_by_b_note
                    columns: [b, note]
            """,
    ]

    static func statements(of table: String, in files: [String: String] = files) throws -> TableStatements {
        let loaded = try loadSchema(files)
        let found = try #require(loaded.schema.tables.first { $0.name == table })
        return TableStatements(table: found, version: loaded.schema.settings.version)
    }

    @Test func theColumnsThatCanHoldNullAreComparedWithIS() throws {
        let t = try Self.statements(of: "t")
        let finders = t.indexFinders.map { "\($0.index.name): \($0.columns) \($0.nullableColumns)" }
        #expect(finders == [
            // The rowid alias is never NULL, though Optional in the record until insert assigns it.
            #"t_by_id: ["id"] []"#,
            #"t_by_label_shelf: ["label", "shelf"] ["shelf"]"#,
            // DESC and COLLATE change neither the columns nor their nullability.
            #"t_by_shelf_code: ["shelf", "code"] ["shelf", "code"]"#,
            #"t_by_label: ["label"] []"#,
            // Partial: `code IS ?` does not imply `code IS NOT NULL`, so it would scan the table.
            #"t_coded: ["code"] []"#,
            // A unique index may hold many NULLs: its fetchAll finds them all.
            #"t_unique_label_code: ["label", "code"] ["code"]"#,
            // t_by_label_shelf_again has the columns of t_by_label_shelf: one finder for both.
        ])
        // A legacy key of a rowid table may hold NULL; a WITHOUT ROWID key is NOT NULL.
        #expect(try Self.statements(of: "legacy").indexFinders.map(\.nullableColumns) == [["k"]])
        #expect(try Self.statements(of: "pair").indexFinders.map(\.nullableColumns) == [["note"]])
    }

    @Test func theSQLComparesNullableColumnsWithISAndTheOthersWithEquals() throws {
        let t = try Self.statements(of: "t")
        let selectAll = #"SELECT "id", "label", "shelf", "code" FROM "t""#
        #expect(t.find(by: ["label", "shelf"]) == selectAll + #" WHERE "label" = ?1 AND "shelf" = ?2"#)
        #expect(t.find(by: ["label", "shelf"], matchingNull: ["shelf"]) == selectAll + #" WHERE "label" = ?1 AND "shelf" IS ?2"#)
        #expect(t.find(by: ["shelf", "code"], matchingNull: ["shelf", "code"]) == selectAll + #" WHERE "shelf" IS ?1 AND "code" IS ?2"#)
    }

    @Test func uniqueFindersStayNonOptional() throws {
        // A nullable UNIQUE column holds any number of NULLs, so "the row whose code is NULL" is not one row.
        let files = ["u.yaml": tableFile("      - name: code\n        type: TEXT\n        unique: true\n")]
        let loaded = try loadSchema(files)
        let model = TableModel(table: loaded.schema.tables[0], schema: loaded.schema, statements: loaded.planned.statements[loaded.schema.tables[0].id]!)
        #expect(model.uniqueFinders.map { $0.parameters.map(\.type) } == [["String"]])
        #expect(model.statements.map(\.sql).allSatisfy { !$0.contains(" IS ?") })
    }

    @Test func theRenderedFinderTakesOptionalsOnlyForTheNullableColumns() throws {
        let loaded = try loadSchema(Self.files)
        let table = try #require(loaded.schema.tables.first { $0.name == "t" })
        let model = TableModel(table: table, schema: loaded.schema, statements: loaded.planned.statements[table.id]!)
        let finders = model.indexFinders.map { finder in
            finder.parameters.map { "\($0.label): \($0.type)" }.joined(separator: ", ") + " -> " + finder.statementName
        }
        #expect(finders == [
            "byId: Int64 -> selectById",
            "byLabel: String, shelf: String -> selectByLabelShelf",
            "byLabel: String, shelf: String? -> selectByLabelShelfMatchingNull",
            "byShelf: String, code: String -> selectByShelfCode",
            "byShelf: String?, code: String? -> selectByShelfCodeMatchingNull",
            "byLabel: String -> selectByLabel",
            "byCode: String -> selectByCode",
            "byLabel: String, code: String -> selectByLabelCode",
            "byLabel: String, code: String? -> selectByLabelCodeMatchingNull",
        ])
        #expect(model.indexFinders.map(\.nullMatchingDescription) == [
            nil, nil, "`shelf`", nil, "`shelf` or `code`", nil, nil, nil, "`code`",
        ])
        let statement = try #require(model.statements.first { $0.name == "selectByLabelShelfMatchingNull" })
        #expect(statement.sql.hasSuffix(#" WHERE "label" = ?1 AND "shelf" IS ?2"#))
    }

    @Test func statementNamesThatCollideAreNumbered() throws {
        // `shelf_row, no` and `shelf, row_no` both join to `ShelfRowNo`: each finder must keep its own SQL.
        let columns = ["shelf_row", "no", "shelf", "row_no"].map { "      - name: \($0)\n        type: INTEGER\n        notNull: true\n" }.joined()
        let indexes = """
                indexes:
                  - name: a
                    columns: [shelf_row, no]
                  - name: b
                    columns: [shelf, row_no]

            """
        let loaded = try loadSchema(["t.yaml": tableFile(columns, extra: indexes)])
        let model = TableModel(table: loaded.schema.tables[0], schema: loaded.schema, statements: loaded.planned.statements[loaded.schema.tables[0].id]!)
        let names = model.indexFinders.map(\.statementName)
        #expect(names == ["selectByShelfRowNo", "selectByShelfRowNo2"])
        let sql = Dictionary(uniqueKeysWithValues: model.statements.map { ($0.name, $0.sql) })
        #expect(sql["selectByShelfRowNo"]?.hasSuffix(#"WHERE "shelf_row" = ?1 AND "no" = ?2"#) == true)
        #expect(sql["selectByShelfRowNo2"]?.hasSuffix(#"WHERE "shelf" = ?1 AND "row_no" = ?2"#) == true)
    }

    /// The query plan of `sql` with every detail line joined.
    static func plan(_ sql: String, in database: Database) throws -> String {
        try database.rows("EXPLAIN QUERY PLAN " + sql).map { row in
            if case let .text(detail) = row.last { detail } else { "" }
        }.joined(separator: "; ")
    }

    /// Checks that every index finder taking Optionals of `verified` is planned as its finder taking
    /// values; returns how many were compared.
    ///
    /// The two plans are the same, except where `=` finds a UNIQUE index on some of the nullable columns:
    /// `=` there matches at most one row, so SQLite prefers it, while `IS` may match many NULLs and
    /// searches an index with every column of the finder.
    static func compareFinderPlans(of verified: TypedSchema, label: String) throws -> Int {
        let version = verified.schema.settings.version
        let database = try Database(path: ":memory:")
        for statement in verified.creation.statements(at: version) { try database.execute(statement) }
        var compared = 0
        for table in verified.schema.tables where table.range.contains(version) {
            let sql = TableStatements(table: table, version: version)
            let unique = try database.rows("SELECT name FROM pragma_index_list(?) WHERE \"unique\"", [.text(table.name(at: version))])
                .compactMap { row -> String? in if case let .text(name) = row.first { name } else { nil } }
            for finder in sql.indexFinders where !finder.nullableColumns.isEmpty {
                let equals = try plan(sql.find(by: finder.columns), in: database)
                let matchingNull = try plan(sql.find(by: finder.columns, matchingNull: finder.nullableColumns), in: database)
                let context = Comment(rawValue: "\(label): \(table.name) \(finder.columns): IS: \(matchingNull); =: \(equals)")
                // When the index's collations are the columns', `IS` searches an index.
                if finder.index.columns.allSatisfy({ $0.collate == nil }) {
                    #expect(matchingNull.hasPrefix("SEARCH ") && matchingNull.contains("INDEX "), context)
                }
                if matchingNull != equals {
                    // `=` found a UNIQUE index; `IS` searches one with every column of the finder (its own, or
                    // one of the same columns in another order).
                    #expect(unique.contains { equals.contains("INDEX \($0) (") }, context)
                    let terms = Set(finder.columns.map { "\(table.sqlName(ofColumn: $0, at: version))=?" })
                    let searched = matchingNull.split(separator: "(").last.map { $0.dropLast().components(separatedBy: " AND ") }
                    #expect(searched.map(Set.init) == terms, context)
                }
                compared += 1
            }
        }
        return compared
    }

    @Test(arguments: GoldenFileTests.cases.filter { $0.version == nil }.map(\.schema))
    func everyFixtureFinderTakingOptionalsSearchesTheIndexOfItsFinderTakingValues(schema: String) throws {
        let verified = try Generator.load(directory: packageRoot.appending(path: schema), displayPath: schema)
        _ = try Self.compareFinderPlans(of: verified, label: schema)
    }

    @Test func theFixturesHaveFindersTakingOptionals() throws {
        let verified = try Generator.load(directory: packageRoot.appending(path: "Tests/Schemas/EdgeCases"), displayPath: "E")
        #expect(try Self.compareFinderPlans(of: verified, label: "EdgeCases") >= 4)
    }

    /// Random tables of nullable and NOT NULL columns with random indexes (one to three columns, DESC,
    /// UNIQUE, a column's own COLLATE): `IS ?` is planned exactly like `= ?`, through an index.
    @Test func randomIndexesAreSearchedAlikeByISAndEquals() throws {
        var random = SeededRandom(seed: 21)
        var compared = 0
        for round in 0..<150 {
            let count = Int(random.next() % 4) + 2
            var columns = ""
            for column in 0..<count {
                let type = ["TEXT", "INTEGER", "REAL", "BLOB"][Int(random.next() % 4)]
                columns += "      - name: c\(column)\n        type: \(type)\n"
                if random.next() % 3 == 0 { columns += "        notNull: true\n" }
                if type == "TEXT", random.next() % 4 == 0 { columns += "        collate: NOCASE\n" }
            }
            var indexes = "    indexes:\n"
            for index in 0..<Int(random.next() % 3) + 1 {
                var chosen: [String] = []
                for _ in 0..<Int(random.next() % 3) + 1 {
                    let name = "c\(random.next() % UInt64(count))"
                    if !chosen.contains(where: { $0.hasPrefix(name + " ") || $0 == name }) {
                        chosen.append(random.next() % 3 == 0 ? name + " DESC" : name)
                    }
                }
                indexes += "      - name: i\(index)\n        columns: [\(chosen.joined(separator: ", "))]\n"
                if random.next() % 4 == 0 { indexes += "        unique: true\n" }
            }
            let verified = try loadSchema(["t.yaml": tableFile(columns, extra: indexes)])
            compared += try Self.compareFinderPlans(of: verified, label: "round \(round)\n\(columns)\(indexes)")
        }
        #expect(compared > 150)
    }
}
