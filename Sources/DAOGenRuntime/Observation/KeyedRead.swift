import CSQLite
import Foundation

/// Row-precise observation: which statements read one row by its rowid, and the rowid an observed
/// fetch read with them.
enum KeyedRead {
    /// `table` when `sql` is a lookup of one row of it by its rowid, `SELECT "a", "b" FROM "t" WHERE
    /// "id" = ?1` (columns only, no expression), `id` being its INTEGER PRIMARY KEY (which is the rowid);
    /// nil otherwise. The SQL of `find(id:)` and of the finders by an integer primary key.
    static func table(ofLookup sql: String, reading table: String, on handle: OpaquePointer) -> String? {
        guard sql.hasPrefix("SELECT \""), sql.hasSuffix("\" = ?1") else { return nil }
        let quotedTable = SQLIdentifier.quoted(table)
        guard let from = sql.range(of: " FROM " + quotedTable + " WHERE \"") else { return nil }
        let selection = sql[sql.index(sql.startIndex, offsetBy: 7)..<from.lowerBound]
        // Quoted column names separated by ", ": no expression, no subquery.
        guard selection.split(separator: ", ").allSatisfy({ column in
            column.count >= 2 && column.first == "\"" && column.last == "\"" && !column.dropFirst().dropLast().contains("\"")
        }) else { return nil }
        let column = sql[from.upperBound...].dropLast(6)
        guard !column.contains("\""), let alias = rowidAlias(of: table, on: handle), alias == column else { return nil }
        return table
    }

    /// The INTEGER PRIMARY KEY column of `table`, if it has one.
    private static func rowidAlias(of table: String, on handle: OpaquePointer) -> String? {
        var statement: OpaquePointer?
        let sql = "SELECT name, type FROM pragma_table_info(?1) WHERE pk > 0"
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return nil }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, table, -1, sqliteTransient)
        var keys: [(String, String)] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            let name = sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? ""
            let type = sqlite3_column_text(statement, 1).map { String(cString: $0) } ?? ""
            keys.append((name, type))
        }
        // A WITHOUT ROWID table has no rowid: its key is no rowid alias.
        guard keys.count == 1, keys[0].1.uppercased() == "INTEGER", !isWithoutRowID(table, on: handle) else { return nil }
        return keys[0].0
    }

    /// True when `table` is a `WITHOUT ROWID` table.
    private static func isWithoutRowID(_ table: String, on handle: OpaquePointer) -> Bool {
        var statement: OpaquePointer?
        let sql = "SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?1"
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return true }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, table, -1, sqliteTransient)
        return sqlite3_step(statement) != SQLITE_ROW || sqlite3_column_int(statement, 0) != 0
    }

    /// Notes, in the statement's tracker, the rowid bound to its `?1` (the whole table when it is not an
    /// integer); called when the statement is checked in, before its bindings are cleared.
    static func noteKey(of statement: Statement) {
        guard let tracker = statement.keyTracker, let table = statement.keyedTable else { return }
        statement.keyTracker = nil
        if let key = boundKey(of: statement) {
            tracker.keyed[table, default: []].insert(key)
        } else {
            tracker.tables.insert(table)
        }
    }

    /// The integer bound to the statement's `?1`, read from its expanded SQL (`… = 42`).
    private static func boundKey(of statement: Statement) -> Int64? {
        guard let expanded = sqlite3_expanded_sql(statement.handle) else { return nil }
        defer { sqlite3_free(expanded) }
        let text = String(cString: expanded)
        guard let equals = text.range(of: " = ", options: .backwards) else { return nil }
        return Int64(text[equals.upperBound...])
    }
}
