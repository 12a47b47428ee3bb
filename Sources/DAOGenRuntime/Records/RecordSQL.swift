/// The SQL of every statement a DAO runs, written from names: the one writer of that SQL, used by the
/// record's statement sets (``RecordStatements``, ``TableRecordStatements``, ``KeyedRecordStatements``)
/// and by ``RecordDAO`` at run time, and by the generator, which prepares the same sets against the
/// schema at generation time (``RecordSQL/Reads``, ``RecordSQL/Writes``, ``RecordSQL/KeyedWrites``).
///
/// Names are SQL names, unquoted; every one is quoted here (``SQLIdentifier/quoted(_:)``). A statement
/// that writes a record numbers its parameters by column position (`?1` is the first column), so one
/// binding of a record (``TableRecord/bind(to:)``) serves the insert, the upsert and the update. A
/// SELECT is written by ``Select``; a paged one ends with ``paging``, the one paging scheme.
public enum RecordSQL {
    /// ` LIMIT :daogen_limit OFFSET :daogen_offset` (``Statement/limitParameter``,
    /// ``Statement/offsetParameter``): how every paged statement ends. The two named parameters take the
    /// two numbers after a condition's own parameters. A literal, which a condition's SELECT, written on
    /// every call, takes without a retain.
    @inlinable
    public static var paging: String { " LIMIT :daogen_limit OFFSET :daogen_offset" }

    /// `"a", "b", "c"`: every column, in order.
    public static func selection(_ columns: [String]) -> String {
        columns.map(SQLIdentifier.quoted).joined(separator: ", ")
    }

    /// `"a" = ?1 AND "b" = ?2`: the columns, numbered in list order; `IS` instead of `=` for the columns
    /// in `matchingNull`, so a NULL argument finds the rows where that column is NULL.
    public static func equality(_ columns: [String], matchingNull: [String] = []) -> String {
        columns.enumerated().map { offset, name in
            SQLIdentifier.quoted(name) + (matchingNull.contains(name) ? " IS ?" : " = ?") + String(offset + 1)
        }.joined(separator: " AND ")
    }

    /// ` ORDER BY "a", "b" DESC`, or the empty string for no terms: the ORDER BY clause of a ``Select``.
    /// Column names are quoted, never spliced raw.
    @inlinable
    public static func orderBy(_ terms: [some SQLOrderingTerm]) -> String {
        guard !terms.isEmpty else { return "" }
        return " ORDER BY " + terms.map { SQLIdentifier.quoted($0.columnName) + ($0.isDescending ? " DESC" : "") }.joined(separator: ", ")
    }

    /// `SELECT count(*) FROM "t"`, with `WHERE condition` when there is one.
    public static func count(from table: String, where condition: String? = nil) -> String {
        Select(columns: "count(*)", from: SQLIdentifier.quoted(table), condition: condition).sql
    }

    /// `SELECT EXISTS (SELECT 1 FROM "t" WHERE condition)`.
    public static func exists(in table: String, where condition: String) -> String {
        "SELECT EXISTS (" + Select(columns: "1", from: SQLIdentifier.quoted(table), condition: condition).sql + ")"
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

    /// `UPDATE "t" SET "a" = ?, "b" = ? WHERE condition`: the columns set to the first parameters, the
    /// condition's parameters after them (what `update(set:where:)` runs).
    public static func update(_ table: String, set columns: [String], where condition: String) -> String {
        "UPDATE " + SQLIdentifier.quoted(table) + " SET " + columns.map { SQLIdentifier.quoted($0) + " = ?" }.joined(separator: ", ")
            + " WHERE " + condition
    }

    /// ` RETURNING "a", "b", "c"`: what an insert or upsert of a table with generated columns appends, so the
    /// record comes back with the values SQLite computed.
    public static func returning(_ columns: [String]) -> String {
        " RETURNING " + selection(columns)
    }

    /// `DELETE FROM "t"`, with `WHERE condition` when there is one.
    public static func delete(from table: String, where condition: String? = nil) -> String {
        "DELETE FROM " + SQLIdentifier.quoted(table) + (condition.map { " WHERE " + $0 } ?? "")
    }

    /// The full-text search of table `table` through its FTS5 table `index`: every column of the rows
    /// whose text matches `?1`, best match first (FTS5's `rank`, bm25 unless the index was told
    /// otherwise), paged (``paging``: the limit is parameter 2, the offset 3). The columns are qualified
    /// by the table, since the index has columns of the same names.
    public static func search(_ table: String, index: String, columns: [String]) -> String {
        let quotedTable = SQLIdentifier.quoted(table), quotedIndex = SQLIdentifier.quoted(index)
        return Select(
            columns: columns.map { quotedTable + "." + SQLIdentifier.quoted($0) }.joined(separator: ", "),
            from: quotedIndex + " JOIN " + quotedTable + " ON " + quotedTable + ".\"rowid\" = " + quotedIndex + ".\"rowid\"",
            condition: quotedIndex + " MATCH ?1", orderBy: " ORDER BY " + quotedIndex + ".\"rank\"", paged: true
        ).sql
    }
}
