/// The SQL of the statements every table and view has, written from its names: the one writer of
/// that SQL, used by ``RecordStatements`` at run time and by the generator, which prepares it against
/// the schema at generation time.
///
/// Names are SQL names, unquoted; every one is quoted here (``SQLIdentifier/quoted(_:)``). Parameters
/// are numbered by column position (`?1` is the first column), so one binding of a record
/// (``TableRecord/bind(to:)``) serves the insert, the upsert and the update.
public enum RecordSQL {
    /// `"a", "b", "c"`: every column, in order.
    public static func selection(_ columns: [String]) -> String {
        columns.map(SQLIdentifier.quoted).joined(separator: ", ")
    }

    /// `SELECT "a", "b" FROM "t"`.
    public static func selectAll(from table: String, columns: [String]) -> String {
        "SELECT " + selection(columns) + " FROM " + SQLIdentifier.quoted(table)
    }

    /// `SELECT count(*) FROM "t"`.
    public static func count(from table: String) -> String {
        "SELECT count(*) FROM " + SQLIdentifier.quoted(table)
    }

    /// `INSERT INTO "t" ("a", "b") VALUES (?1, ?2)`.
    public static func insert(into table: String, columns: [String]) -> String {
        let parameters = columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        return "INSERT INTO " + SQLIdentifier.quoted(table) + " (" + selection(columns) + ") VALUES (" + parameters + ")"
    }

    /// The insert, followed by `ON CONFLICT (conflict) DO UPDATE SET` every column that is in neither
    /// `conflict` nor `kept`, to its inserted value. When none is left, the first conflict column is set
    /// to itself, so the conflicting row still counts as updated (and is returned by a RETURNING).
    public static func upsert(into table: String, columns: [String], conflict: [String], kept: [String]) -> String {
        let set = columns.filter { !conflict.contains($0) && !kept.contains($0) }
        let assignments = (set.isEmpty ? Array(conflict.prefix(1)) : set)
            .map { SQLIdentifier.quoted($0) + " = excluded." + SQLIdentifier.quoted($0) }
        return insert(into: table, columns: columns) + " ON CONFLICT (" + selection(conflict) + ") DO UPDATE SET "
            + assignments.joined(separator: ", ")
    }

    /// `UPDATE "t" SET "b" = ?2 WHERE "a" = ?1`: every column that is not in the key, by the key.
    public static func update(_ table: String, columns: [String], key: [String]) -> String {
        let set = columns.enumerated().filter { !key.contains($0.element) }
        let assignments = set.isEmpty
            ? key.prefix(1).map { SQLIdentifier.quoted($0) + " = " + SQLIdentifier.quoted($0) }
            : set.map { SQLIdentifier.quoted($0.element) + " = ?\($0.offset + 1)" }
        let condition = key.map { name in
            SQLIdentifier.quoted(name) + " = ?\((columns.firstIndex(of: name) ?? 0) + 1)"
        }
        return "UPDATE " + SQLIdentifier.quoted(table) + " SET " + assignments.joined(separator: ", ")
            + " WHERE " + condition.joined(separator: " AND ")
    }

    /// ` WHERE "a" = ?1 AND "b" = ?2`: the key's columns, numbered in key order.
    public static func keyCondition(_ key: [String]) -> String {
        " WHERE " + key.enumerated().map { SQLIdentifier.quoted($0.element) + " = ?\($0.offset + 1)" }.joined(separator: " AND ")
    }

    /// ` RETURNING "a", "b", "c"`: what an insert or upsert of a table with generated columns appends, so the
    /// record comes back with the values SQLite computed.
    public static func returning(_ columns: [String]) -> String {
        " RETURNING " + selection(columns)
    }

    /// `DELETE FROM "t"`.
    public static func deleteAll(from table: String) -> String {
        "DELETE FROM " + SQLIdentifier.quoted(table)
    }

    /// The full-text search of table `table` through its FTS5 table `index`: every column of the rows
    /// whose text matches `?1`, best match first (FTS5's `rank`, bm25 unless the index was told
    /// otherwise), `LIMIT ?2 OFFSET ?3`. The columns are qualified by the table, since the index has
    /// columns of the same names.
    public static func search(_ table: String, index: String, columns: [String]) -> String {
        let quotedTable = SQLIdentifier.quoted(table), quotedIndex = SQLIdentifier.quoted(index)
        return "SELECT " + columns.map { quotedTable + "." + SQLIdentifier.quoted($0) }.joined(separator: ", ")
            + " FROM " + quotedIndex + " JOIN " + quotedTable + " ON " + quotedTable + ".\"rowid\" = " + quotedIndex + ".\"rowid\""
            + " WHERE " + quotedIndex + " MATCH ?1 ORDER BY " + quotedIndex + ".\"rank\" LIMIT ?2 OFFSET ?3"
    }
}
