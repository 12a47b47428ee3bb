import Foundation

/// The schema of the generator benchmark: 1,000 tables of 20 columns and 3 indexes each, over 10
/// versions. Tables, columns and indexes are added across versions with `since:`, a few tables and
/// columns are renamed with `renamedFrom:`, and a third of the tables reference the one before.
struct SyntheticSchema {
    /// Number of tables.
    var tables = 1_000
    /// Tables per YAML file.
    var tablesPerFile = 20
    /// The latest schema version.
    var versions = 10

    /// A one-line description for the results.
    var description: String {
        "synthetic schema (\(tables.grouped) tables × 20 columns × 3 indexes, \(versions) versions, \(tables / tablesPerFile) file\(tables == tablesPerFile ? "" : "s"))"
    }

    /// The name of table `index` at the latest version.
    private func tableName(_ index: Int) -> String {
        String(format: "item_%04d", index)
    }

    /// The first version of table `index`: the first 600 tables exist from version 1, the others
    /// arrive in versions 2 through `versions`.
    private func since(_ index: Int) -> Int {
        index < tables * 6 / 10 ? 1 : 2 + index % (versions - 1)
    }

    /// Writes daogen.yaml and the table files into `directory`, replacing what is there.
    func write(to directory: URL) throws {
        let manager = FileManager.default
        try? manager.removeItem(at: directory)
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        try """
            # The generator benchmark's schema, written by `daogen-bench --make-synthetic-schema`.
            database: SyntheticDatabase
            version: \(versions)
            dates: iso8601

            """.write(to: directory.appending(path: "daogen.yaml"), atomically: true, encoding: .utf8)
        for first in stride(from: 0, to: tables, by: tablesPerFile) {
            var lines = ["tables:"]
            for index in first..<min(first + tablesPerFile, tables) {
                lines += table(index)
            }
            let name = String(format: "tables_%03d.yaml", first / tablesPerFile)
            try (lines.joined(separator: "\n") + "\n")
                .write(to: directory.appending(path: name), atomically: true, encoding: .utf8)
        }
    }

    /// The YAML lines of table `index`.
    private func table(_ index: Int) -> [String] {
        let name = tableName(index)
        let since = since(index)
        var lines = ["  - name: \(name)", "    doc: Synthetic table \(index)."]
        if since > 1 { lines.append("    since: \(since)") }
        // Every 100th table of version 1 had another name until version 5.
        if since == 1 && index % 100 == 50 {
            lines.append("    renamedFrom: { name: legacy_\(name), in: 5 }")
        }
        lines.append("    columns:")
        lines.append("      - { name: id, type: INTEGER, primaryKey: true }")
        lines.append("      - { name: title, type: TEXT, notNull: true, default: \"''\" }")
        lines.append("      - { name: quantity, type: INTEGER, notNull: true, default: 0 }")
        lines.append("      - { name: price, type: REAL }")
        lines.append("      - { name: created_at, type: TEXT, swift: Date }")
        lines.append("      - { name: active, type: INTEGER, notNull: true, default: 1, swift: Bool }")
        lines.append("      - { name: payload, type: BLOB }")
        lines.append("      - { name: status, type: TEXT, notNull: true, default: \"'draft'\", enum: [draft, published, archived] }")
        lines.append("      - { name: code, type: TEXT, unique: true }")
        if index % 3 == 0 && index > 0 && self.since(index - 1) <= since {
            lines.append("      - { name: parent_id, type: INTEGER, references: { table: \(tableName(index - 1)), onDelete: SET NULL } }")
        } else {
            lines.append("      - { name: parent_id, type: INTEGER }")
        }
        // Every 50th table renamed a column in the version after its first, when there is one.
        if index % 50 == 0 && since < versions {
            lines.append("      - { name: note, type: TEXT, renamedFrom: { name: remark, in: \(since + 1) } }")
        } else {
            lines.append("      - { name: note, type: TEXT }")
        }
        let types = ["INTEGER", "TEXT", "REAL", "NUMERIC"]
        for column in 11...15 {
            lines.append("      - { name: field_\(column), type: \(types[column % types.count]) }")
        }
        // Four columns added in later versions, while there are later versions.
        for column in 16...19 {
            let added = min(since + column - 15, versions)
            let sinceText = added > since ? ", since: \(added)" : ""
            lines.append("      - { name: extra_\(column), type: \(types[column % types.count])\(sinceText) }")
        }
        lines.append("    indexes:")
        lines.append("      - { name: \(name)_by_title, columns: [title] }")
        lines.append("      - { name: \(name)_by_status, columns: [status, quantity DESC] }")
        let indexSince = min(since + 2, versions)
        lines.append("      - { name: \(name)_by_parent, columns: [parent_id]\(indexSince > since ? ", since: \(indexSince)" : "") }")
        return lines
    }
}
