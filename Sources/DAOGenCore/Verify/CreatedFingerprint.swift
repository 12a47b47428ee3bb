import DAOGenRuntime

/// The fingerprint's digests of a file created at the latest version (`SchemaFingerprint.masters`'
/// first, and `description`), worked out from the parts verification created at that version
/// rather than by creating the version once more, whole.
///
/// A file lists its `sqlite_master` entries in the order the statements that made them ran (SQLite
/// gives a new entry the rowid after the largest), and the entries one statement made in rowid order.
/// A part ran its own statements in the file's order: its tables, then their indexes (then, when it is
/// the whole schema, its virtual tables, views and triggers). So each entry is tagged with the place of
/// its statement in the whole creation, and the parts' entries are digested in that order.
/// `CreatedFingerprintTests` compares the result with the runtime's `SchemaFingerprint(creating:)`.
enum CreatedFingerprint {
    /// What verification keeps of one part's database at the latest version.
    struct Part: Sendable {
        /// The part's `sqlite_master` entries, in rowid order.
        var entries: [Entry]
        /// The part's schema as SQLite describes it.
        var description: SchemaDescription
        /// The statements that created the part, in the order they ran.
        var statements: [String]
    }

    /// An entry of `sqlite_master`.
    struct Entry: Sendable {
        var rowid: Int64
        var type: String
        var name: String
        var sql: String?

        /// True when the entry is the first a statement makes: a table's, an index's written with
        /// CREATE INDEX (those of UNIQUE and PRIMARY KEY, without SQL, come with their table's), a
        /// view's or a trigger's. `sqlite_sequence` comes with the first AUTOINCREMENT table's.
        var startsStatement: Bool {
            switch type {
            case "table": name != "sqlite_sequence"
            case "index": sql != nil
            default: true
            }
        }
    }

    /// The entries of `database`'s `sqlite_master`, in rowid order.
    static func entries(of database: Database) throws -> [Entry] {
        try database.rows("SELECT rowid, type, name, sql FROM sqlite_master ORDER BY rowid").map { row in
            func text(_ value: DatabaseValue) -> String? { if case let .text(text) = value { text } else { nil } }
            guard case let .integer(rowid) = row[0] else { return Entry(rowid: 0, type: "", name: "", sql: nil) }
            return Entry(rowid: rowid, type: text(row[1]) ?? "", name: text(row[2]) ?? "", sql: text(row[3]))
        }
    }

    /// The fingerprint of the file that `creation` (every statement of the latest version, in order)
    /// makes, from `parts`, which together ran those statements.
    static func fingerprint(of parts: [Part], creation: [String]) -> SchemaFingerprint {
        var order: [String: Int] = [:]
        for (place, statement) in creation.enumerated() where order[statement] == nil { order[statement] = place }
        var tagged: [(made: Int, rowid: Int64, entry: Entry)] = []
        for part in parts {
            // The statement that made each entry; a schema verified whole runs in the file's order, so
            // there only the order of the tags matters, which follows the rowids.
            var statement = -1
            for entry in part.entries {
                if entry.startsStatement || statement < 0 { statement = min(statement + 1, part.statements.count - 1) }
                let made = statement >= 0 ? order[part.statements[statement]] ?? creation.count : creation.count
                tagged.append((made, entry.rowid, entry))
            }
        }
        var digest = SchemaFingerprint.MasterDigest()
        var hasSequence = false
        for (_, _, entry) in tagged.sorted(by: { ($0.made, $0.rowid) < ($1.made, $1.rowid) }) {
            // The first AUTOINCREMENT table of a file makes `sqlite_sequence`, once.
            if entry.type == "table", entry.name == "sqlite_sequence" {
                if hasSequence { continue }
                hasSequence = true
            }
            digest.add(entry.sql)
        }
        let description = SchemaDescription.merging(parts.map(\.description))
        return SchemaFingerprint(masters: [digest.value], description: description.digest)
    }
}
