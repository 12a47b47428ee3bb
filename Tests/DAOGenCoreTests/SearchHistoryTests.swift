import DAOGenRuntime
import Foundation
import Testing

@testable import _DAOGenCore
import Seeded

/// Random histories of a searched table (issue 24): `search:` added, removed, given other columns or
/// another tokenizer, across table and column renames, ALTER TABLE changes, rebuilds and data steps,
/// in every combination. Each history must generate, which means the migration proof passed: every
/// version's file, filled with sample rows and migrated, has indexes that FTS5's integrity-check finds
/// in step with the rows, and a search for a term of each row finds it. Then every older version's
/// file, with rows, is migrated by the runtime to the latest one and searched.
@Suite struct SearchHistoryTests {
    /// One history: its daogen.yaml and table file, and a description for failures.
    struct History: CustomStringConvertible {
        var latest: Int
        var yaml: String
        var description: String { yaml }
    }

    /// What `search:` is at one version: nil (none), or its columns and tokenizer.
    struct SearchState: Equatable {
        var columns: [String]
        var tokenizer: String?
    }

    static func history(seed: UInt64) -> History {
        var random = SeededRandom(seed: seed)
        let latest = random.int(2...4)
        var lines = ["tables:", "  - name: note"]
        // The table's rename, the body column's rename, a rebuild (a changed default) and an added column.
        let tableRename = random.chance(40) ? random.int(2...latest) : nil
        if let tableRename { lines.append("    renamedFrom: { name: old_note, in: \(tableRename) }") }
        lines.append("    columns:")
        // A table without a key keeps its rowids only as far as a rebuild copies them.
        lines.append(random.chance(70) ? "      - { name: id, type: INTEGER, primaryKey: true }" : "      - { name: id, type: INTEGER }")
        lines.append("      - { name: title, type: TEXT, notNull: true, default: \"'untitled'\" }")
        let bodyRenameVersion = random.chance(40) ? random.int(2...latest) : nil
        let bodyRename = bodyRenameVersion.map { ", renamedFrom: { name: old_body, in: \($0) }" } ?? ""
        lines.append("      - { name: body, type: TEXT\(bodyRename) }")
        if random.chance(50) {
            let change = random.int(2...latest)
            lines.append("      - { name: stars, type: INTEGER, until: \(change - 1) }")
            lines.append("      - { name: stars, type: INTEGER, default: 0, since: \(change) }")
        } else {
            lines.append("      - { name: stars, type: INTEGER }")
        }
        if random.chance(40) { lines.append("      - { name: tag, type: TEXT, since: \(random.int(2...latest)) }") }
        // `search:` per version, declared once per run of equal versions.
        let choices: [SearchState?] = [
            nil, SearchState(columns: ["title"]), SearchState(columns: ["title", "body"]),
            SearchState(columns: ["body", "title"], tokenizer: "porter unicode61"), SearchState(columns: ["title"], tokenizer: "trigram"),
        ]
        var states: [SearchState?] = []
        for version in 1...latest {
            states.append(version > 1 && random.chance(40) ? states[version - 2] : choices[random.int(0...(choices.count - 1))])
        }
        var declarations: [String] = []
        var start = 1
        for version in 1...latest where version == latest || states[version] != states[version - 1] {
            if let state = states[version - 1] {
                var item = "      - { columns: [\(state.columns.joined(separator: ", "))]"
                if let tokenizer = state.tokenizer { item += ", tokenizer: \(tokenizer)" }
                if start > 1 { item += ", since: \(start)" }
                if version < latest { item += ", until: \(version)" }
                declarations.append(item + " }")
            }
            start = version + 1
        }
        if !declarations.isEmpty { lines += ["    search:"] + declarations }
        // Data steps, which run while the index's triggers may be dropped.
        var steps: [String] = []
        for version in 2...latest where random.chance(35) {
            // The names of `version`, whose migration runs the step.
            let table = tableRename.map { version < $0 ? "old_note" : "note" } ?? "note"
            let body = bodyRenameVersion.map { version < $0 ? "old_body" : "body" } ?? "body"
            let sql = [
                "UPDATE \(table) SET title = title || ' revised' WHERE rowid % 2 = 0",
                "INSERT INTO \(table) (title, \(body)) VALUES ('added by the data step', 'zebra crossing')",
                "DELETE FROM \(table) WHERE rowid % 3 = 1",
            ][random.int(0...2)]
            steps.append("  - { version: \(version), sql: \"\(sql)\" }")
        }
        if !steps.isEmpty { lines += ["migrations:"] + steps }
        return History(latest: latest, yaml: lines.joined(separator: "\n") + "\n")
    }

    static let seeds: [UInt64] = Array(1...60)

    @Test(arguments: seeds)
    func everyHistoryGeneratesAndItsFilesMigrateToAnIndexInStep(seed: UInt64) throws {
        let history = Self.history(seed: seed)
        let files = ["daogen.yaml": "version: \(history.latest)\n", "n.yaml": history.yaml]
        let loaded: TypedSchema
        do {
            loaded = try loadSchema(files)
        } catch let error as DiagnosticsError {
            Issue.record("seed \(seed):\n\(history)\n\(error.diagnostics.map(\.description).joined(separator: "\n"))")
            return
        }
        let planned = loaded.verified.planned
        let schema = planned.resolved.schema
        // The runtime migrates a file of each older version, holding rows, to the latest.
        for start in 1..<history.latest {
            let database = try Database.scratch()
            for statement in planned.creation.statements(at: start) { try database.execute(statement) }
            try database.setUserVersion(start)
            let table = schema.tables[0]
            let title = SQLWriter.quote(table.sqlName(ofColumn: "title", at: start))
            let body = SQLWriter.quote(table.sqlName(ofColumn: "body", at: start))
            let name = SQLWriter.quote(table.name(at: start))
            for number in 1...5 {
                try database.execute("INSERT INTO \(name) (\(title), \(body)) VALUES ('walrus number \(number)', 'penguin colony \(number)')")
            }
            // A gap in the rowids, which a rebuild of a table without a key closes.
            try database.execute("DELETE FROM \(name) WHERE rowid = 2")
            let definition = SchemaDefinition(
                version: history.latest, creation: [],
                migrations: (start + 1...history.latest).map { SchemaDefinition.Migration(version: $0, steps: (planned.plan[$0] ?? []).flatMap(\.statements)) })
            try definition.prepare(database)
            guard let search = table.search(at: history.latest) else {
                #expect(try database.tableNames().allSatisfy { !$0.hasSuffix("_fts") }, "seed \(seed)")
                continue
            }
            let index = SQLWriter.quote(table.searchIndexName(at: history.latest))
            try database.execute("INSERT INTO \(index) (\(index), rank) VALUES ('integrity-check', 1)")
            let (query, column) = search.columns.contains("title") ? ("walrus", "title") : ("penguin", "body")
            let found = try database.rows("SELECT rowid FROM \(index) WHERE \(index) MATCH ?1 ORDER BY rowid", [.text(query)])
            let holding = try database.rows(
                "SELECT rowid FROM \(SQLWriter.quote(table.name(at: history.latest))) WHERE \(column) LIKE '%\(query)%' ORDER BY rowid")
            #expect(found == holding && !holding.isEmpty, "seed \(seed), from version \(start):\n\(history)")
        }
    }
}
