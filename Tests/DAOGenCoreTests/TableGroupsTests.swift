import Testing

@testable import _DAOGenCore

@Suite struct TableGroupsTests {
    /// `count` tables `t0`...; table `tN` references `tM` for each pair in `references`.
    static func schema(tables count: Int, references: [(Int, Int)], dataStep: String? = nil) throws -> Schema {
        var text = "tables:\n"
        for index in 0..<count {
            text += "  - name: t\(index)\n    columns:\n      - { name: id, type: INTEGER, primaryKey: true }\n"
            for (from, to) in references where from == index {
                text += "      - { name: ref\(to), type: INTEGER, references: { table: t\(to) } }\n"
            }
        }
        var files = ["t.yaml": text]
        if let dataStep {
            files["daogen.yaml"] = "version: 2\n"
            files["m.yaml"] = "migrations:\n  - version: 2\n    sql: \"\(dataStep)\"\n"
        }
        return try loadSchema(files).schema
    }

    @Test func smallSchemasStayWhole() throws {
        let parts = TableGroups.split(try Self.schema(tables: TableGroups.targetSize, references: []))
        #expect(parts.map { $0.tables.map(\.name) } == [(0..<TableGroups.targetSize).map { "t\($0)" }])
    }

    @Test func linkedTablesShareAPart() throws {
        let schema = try Self.schema(tables: 30, references: [(25, 1), (29, 25)], dataStep: "UPDATE t3 SET id = id; UPDATE t27 SET id = id")
        let parts = TableGroups.split(schema)
        #expect(parts.count > 1)
        #expect(parts.map(\.tables.count).reduce(0, +) == 30)
        let withLinked = try #require(parts.first { part in part.tables.contains { $0.name == "t1" } })
        #expect(Set(["t25", "t29"]).isSubset(of: Set(withLinked.tables.map(\.name))))
        let withDataStep = try #require(parts.first { part in part.tables.contains { $0.name == "t3" } })
        #expect(withDataStep.tables.contains { $0.name == "t27" })
        #expect(withDataStep.migrations.count == 1)
        #expect(parts.filter { !$0.migrations.isEmpty }.count == 1)
    }

    /// Each step of the plan goes to the part that holds the declaration it comes from (by
    /// `DeclarationID`); a step from no declaration goes to the first part.
    @Test func stepsGoToThePartOfTheirDeclaration() throws {
        let schema = try Self.schema(tables: 30, references: [(25, 1)], dataStep: "UPDATE t3 SET id = id")
        let parts = TableGroups.split(schema)
        let created = MigrationStep(kind: .createTable, statements: ["CREATE TABLE x (a)"], summary: "t25", from: schema.tables[25])
        let data = MigrationStep(kind: .data, statements: ["UPDATE t3 SET id = id"], summary: "data", from: schema.migrations[0])
        let loose = MigrationStep(kind: .data, statements: ["SELECT 1"], summary: "none")
        let steps = SchemaVerifier.steps(of: [2: [created, data, loose]], for: parts)
        for (part, partSteps) in zip(parts, steps) {
            var expected: [String] = []
            if part.tables.contains(where: { $0.name == "t25" }) { expected.append("t25") }
            if !part.migrations.isEmpty { expected.append("data") }
            if part.tables.first?.id == parts.first?.tables.first?.id { expected.append("none") }
            #expect(partSteps[2]?.map(\.summary) == expected)
        }
    }
}
