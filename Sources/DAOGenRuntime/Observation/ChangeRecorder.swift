import CSQLite
import Foundation

/// The rows one commit changed, as the writer recorded them: one element of ``Database/changes()``
/// before it is turned into a ``DatabaseChanges`` (by the consumer, off the write path).
struct CommitLog: Sendable {
    /// What happened to one row, or a table whose rows were not reported.
    struct Entry: Sendable {
        /// Index into ``CommitLog/tables``.
        var table: Int32
        /// What happened.
        var operation: Operation
        /// The rowid (0 for ``Operation/unreported``).
        var rowid: Int64
    }

    /// What an entry says.
    enum Operation: UInt8, Sendable {
        case insert, update, delete
        /// The table changed without its rows being reported.
        case unreported
    }

    /// The changes, in the order SQLite made them.
    var entries: [Entry]
    /// Table names, by the index the entries use (may name tables no entry uses).
    var tables: [String]
    /// Tables whose rows are unknown, whatever the entries say.
    var untracked: Set<String>
    /// True when every table the commit touched is incomplete (a savepoint rolled back by hand).
    var untracksAll: Bool

    /// Every rowid of `table` that `logs` inserted, updated or deleted; nil when one of them changed
    /// the table without reporting its rows.
    static func rowids(of table: String, in logs: [CommitLog]) -> Set<Int64>? {
        var rowids = Set<Int64>()
        for log in logs {
            if log.untracked.contains(table) { return nil }
            guard let index = log.tables.firstIndex(of: table).map(Int32.init) else { continue }
            for entry in log.entries where entry.table == index {
                if entry.operation == .unreported || log.untracksAll { return nil }
                rowids.insert(entry.rowid)
            }
        }
        return rowids
    }

    /// The names of the tables the log touches.
    var tableNames: Set<String> {
        var names = untracked
        var seen = Set<Int32>()
        for entry in entries where seen.insert(entry.table).inserted {
            names.insert(tables[Int(entry.table)])
        }
        return names
    }

    /// The element: per table, the net rowid sets, or incomplete.
    func changes() -> DatabaseChanges {
        var byIndex: [Int32: TableChanges] = [:]
        for entry in entries {
            // Changed in place in the dictionary: a copy taken out and stored back would share the sets'
            // storage, so each insert would copy a whole set (50,000 rows took 16.7 G instructions).
            byIndex[entry.table, default: TableChanges()].apply(entry.operation, to: entry.rowid)
        }
        var result: [String: TableChanges] = [:]
        for (index, table) in byIndex {
            let name = tables[Int(index)]
            result[name] = untracksAll || !table.isComplete || untracked.contains(name) ? .incomplete : table
        }
        for name in untracked { result[name] = .incomplete }
        return DatabaseChanges(tables: result)
    }
}

extension TableChanges {
    /// Adds what one entry of a commit log says.
    fileprivate mutating func apply(_ operation: CommitLog.Operation, to rowid: Int64) {
        switch operation {
        case .insert:
            inserted.insert(rowid)
        case .update:
            updated.insert(rowid)
        case .delete:
            // A row inserted or updated earlier in the commit and deleted now is gone: deleting
            // it first, as a consumer does, must leave it gone.
            inserted.remove(rowid)
            updated.remove(rowid)
            deleted.insert(rowid)
        case .unreported:
            isComplete = false
        }
    }
}

/// Records, on the writer, the rows each transaction changes, for ``Database/changes()``: installs
/// SQLite's update and commit hooks only while someone listens, keeps the changes of the open
/// transaction in order (so that a savepoint rolled back or a failed statement can drop its own), and
/// seals them into a ``CommitLog`` at each commit, which ``Database`` publishes when the writer is
/// given back.
///
/// Used only by the thread that holds the writer (SQLite calls the hooks on it).
final class ChangeRecorder {
    /// True while the hooks are installed.
    private(set) var isActive = false
    /// The changes of the open transaction.
    ///
    /// This and the other state the update hook touches for every row skip Swift's run-time exclusivity
    /// checks: only the writer's thread, inside SQLite's callbacks, uses them (the checks were a fifth of
    /// the hook's cost, Benchmarks/RESULTS.md "Change feed").
    @exclusivity(unchecked) private var entries: [CommitLog.Entry] = []
    /// Table names by index; kept across transactions (the schema's tables are few).
    private var tables: [String] = []
    /// Index of each name in ``tables``.
    private var tableIndexes: [String: Int32] = [:]
    /// A NUL-terminated copy of the last table name the update hook reported, and its index: the
    /// hook's rows come table by table, so a repeat is recognized by `strcmp`, without a string.
    @exclusivity(unchecked) private var lastName: UnsafeMutablePointer<CChar>
    /// Capacity of ``lastName``.
    private var lastNameCapacity = 64
    /// Index of ``lastName`` in ``tables``; -1 until a name is known.
    @exclusivity(unchecked) private var lastIndex: Int32 = -1
    /// Tables of the open transaction whose rows are unknown whatever savepoints roll back.
    private var untracked: Set<String> = []
    /// True when every table of the open transaction is incomplete.
    private var untracksAll = false
    /// Commits sealed and not yet published, oldest first.
    private(set) var sealed: [CommitLog] = []
    /// True when the last event was a commit hook that sealed a log (undone if that COMMIT fails).
    @exclusivity(unchecked) private var lastEventWasSeal = false
    /// How many times the commit hook ran.
    private(set) var commitCount = 0
    /// Positions in ``entries`` where the runtime's open savepoints began, innermost last.
    private var savepointMarks: [Int] = []
    /// What is known of each table, for the statements that write it; valid for ``infoSchemaVersion``.
    private var tableInfo: [String: TableInfo] = [:]
    /// The `schema_version` that ``tableInfo`` describes.
    private var infoSchemaVersion: Int32 = -1

    init() {
        lastName = .allocate(capacity: lastNameCapacity)
        lastName[0] = 0
    }

    deinit {
        lastName.deallocate()
    }

    // MARK: - Turning on and off

    /// Installs the hooks on `handle`. `inTransaction`: a transaction is open, whose earlier changes
    /// were not recorded, so every table of `allTables` is incomplete in its commit.
    func activate(on handle: OpaquePointer, inTransaction: Bool, allTables: @autoclosure () -> Set<String>) {
        guard !isActive else { return }
        isActive = true
        reset()
        if inTransaction { untracked = allTables() }
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_update_hook(handle, { context, operation, database, table, rowid in
            guard let context, let database, let table else { return }
            // The recorder outlives its hooks (deactivate removes them): no retain for the call.
            Unmanaged<ChangeRecorder>.fromOpaque(context)._withUnsafeGuaranteedRef {
                $0.record(operation, database: database, table: table, rowid: rowid)
            }
        }, context)
        sqlite3_commit_hook(handle, { context in
            guard let context else { return 0 }
            Unmanaged<ChangeRecorder>.fromOpaque(context).takeUnretainedValue().seal()
            return 0
        }, context)
    }

    /// Removes the hooks and forgets what was recorded.
    func deactivate(on handle: OpaquePointer) {
        guard isActive else { return }
        isActive = false
        sqlite3_update_hook(handle, nil, nil)
        sqlite3_commit_hook(handle, nil, nil)
        reset()
        sealed = []
    }

    /// Forgets the open transaction's changes.
    private func reset() {
        if !entries.isEmpty { entries.removeAll(keepingCapacity: true) }
        if !untracked.isEmpty { untracked = [] }
        untracksAll = false
        lastEventWasSeal = false
    }

    // MARK: - Hooks

    /// The update hook: one row of `table` inserted, updated or deleted.
    @inline(__always)
    private func record(_ operation: Int32, database: UnsafePointer<CChar>, table: UnsafePointer<CChar>, rowid: Int64) {
        // Only the main database's tables: `temp` is the connection's own. "main\0", byte by byte.
        guard database[0] == 0x6D, database[1] == 0x61, database[2] == 0x69, database[3] == 0x6E, database[4] == 0 else { return }
        let index = lastIndex >= 0 && strcmp(lastName, table) == 0 ? lastIndex : indexSlowPath(table)
        let kind: CommitLog.Operation = operation == SQLITE_INSERT ? .insert : operation == SQLITE_DELETE ? .delete : .update
        entries.append(CommitLog.Entry(table: index, operation: kind, rowid: rowid))
        lastEventWasSeal = false
    }

    /// The index of `table`, remembered as the last name.
    private func indexSlowPath(_ table: UnsafePointer<CChar>) -> Int32 {
        let length = strlen(table)
        if length + 1 > lastNameCapacity {
            lastName.deallocate()
            lastNameCapacity = length + 1
            lastName = .allocate(capacity: lastNameCapacity)
        }
        strcpy(lastName, table)
        lastIndex = index(of: String(cString: table))
        return lastIndex
    }

    /// The index of the table named `name`, added when new.
    private func index(of name: String) -> Int32 {
        if let index = tableIndexes[name] { return index }
        let index = Int32(tables.count)
        tables.append(name)
        tableIndexes[name] = index
        return index
    }

    /// The commit hook: the open transaction's changes become a sealed log (none when it changed nothing).
    private func seal() {
        commitCount &+= 1
        guard !entries.isEmpty || !untracked.isEmpty else {
            untracksAll = false
            return
        }
        sealed.append(CommitLog(entries: entries, tables: tables, untracked: untracked, untracksAll: untracksAll))
        entries = []
        untracked = []
        untracksAll = false
        lastEventWasSeal = true
    }

    /// The rollback hook: the open transaction's changes are gone.
    func rolledBack() {
        guard isActive else { return }
        reset()
    }

    /// The sealed logs, which the caller publishes, in commit order.
    func takeSealed() -> [CommitLog] {
        let logs = sealed
        sealed = []
        return logs
    }

    // MARK: - Statements and savepoints

    /// Before `statement` runs: remembers where its changes begin, and notes the tables it writes
    /// whose rows SQLite does not report.
    func willRun(_ statement: Statement) {
        statement.feedMark = entries.count
        if !statement.unreportedTables.isEmpty { noteUnreported(statement.unreportedTables) }
        if statement.rollsBackSavepoint { untracksAll = true }
        lastEventWasSeal = false
    }

    /// After `statement` failed on `handle`. Outside a transaction SQLite rolled back (the rollback
    /// hook ran) or committed what the statement did (the commit hook ran). Inside one, a statement
    /// that SQLite rolled back (no change counted) drops its changes; one that kept some (`OR FAIL`)
    /// makes its tables incomplete. A `COMMIT` that failed leaves the transaction open: its log goes
    /// back to the transaction.
    func statementFailed(_ statement: Statement, on handle: OpaquePointer) {
        guard isActive, sqlite3_get_autocommit(handle) == 0 else { return }
        let text = statement.sql.drop { $0.isWhitespace }.prefix(6).uppercased()
        if text.hasPrefix("COMMIT") || text.hasPrefix("END") {
            if lastEventWasSeal, let log = sealed.popLast() {
                entries = log.entries + entries
                untracked.formUnion(log.untracked)
                untracksAll = untracksAll || log.untracksAll
                lastEventWasSeal = false
            }
            return
        }
        let mark = statement.feedMark
        guard mark >= 0 else { return }
        if sqlite3_changes(handle) == 0 {
            if mark < entries.count { entries.removeSubrange(mark...) }
        } else {
            // Kept with the savepoint it ran in: a later ROLLBACK TO drops it with the rows.
            noteUnreported(statement.writtenTables.filter { !$0.hasPrefix("sqlite_") })
        }
    }

    /// Where a savepoint the runtime opens begins.
    func savepointBegan() {
        savepointMarks.append(entries.count)
    }

    /// The runtime's innermost savepoint was released (`rolledBack` false) or rolled back to its start.
    func savepointEnded(rolledBack: Bool) {
        guard let mark = savepointMarks.popLast() else { return }
        if rolledBack, mark < entries.count { entries.removeSubrange(mark...) }
    }

    /// State before a `sqlite3_exec` script, to place what it did afterwards.
    struct ScriptStart {
        let sealedCount: Int
        let commitCount: Int
        let totalChanges: Int32
    }

    /// Call before running a script with `sqlite3_exec`.
    func scriptWillRun(on handle: OpaquePointer) -> ScriptStart {
        ScriptStart(sealedCount: sealed.count, commitCount: commitCount, totalChanges: sqlite3_total_changes(handle))
    }

    /// After a script ran: the tables it wrote whose rows SQLite did not report (or all it wrote, when it
    /// failed inside a transaction, or rolled back a savepoint by hand) become incomplete in the commits
    /// it made and in the open transaction.
    func scriptDidRun(
        _ start: ScriptStart, on handle: OpaquePointer, sql: String, authorizations: Authorizations, failed: Bool
    ) {
        guard isActive else { return }
        let inTransaction = sqlite3_get_autocommit(handle) == 0
        if failed, inTransaction, lastEventWasSeal, commitCount != start.commitCount, let log = sealed.popLast() {
            // A COMMIT that failed and left the transaction open.
            entries = log.entries + entries
            untracked.formUnion(log.untracked)
            untracksAll = untracksAll || log.untracksAll
            lastEventWasSeal = false
        }
        var incomplete = Set(unreportedTables(written: authorizations.written, updated: authorizations.updatedColumns,
                                              sql: sql, on: handle))
        if failed && inTransaction { incomplete.formUnion(authorizations.written.filter { !$0.hasPrefix("sqlite_") }) }
        let everything = authorizations.rollsBackSavepoint
        let changedRows = sqlite3_total_changes(handle) != start.totalChanges
        guard changedRows && !incomplete.isEmpty || everything else { return }
        if commitCount != start.commitCount {
            if sealed.count == start.sealedCount {
                if !incomplete.isEmpty {
                    sealed.append(CommitLog(entries: [], tables: tables, untracked: incomplete, untracksAll: false))
                }
            } else {
                for position in start.sealedCount..<sealed.count {
                    sealed[position].untracked.formUnion(incomplete)
                    if everything { sealed[position].untracksAll = true }
                }
            }
        }
        if inTransaction {
            noteUnreported(incomplete)
            if everything { untracksAll = true }
        }
    }

    /// Notes that `tables` changed in the open transaction without their rows, as entries, so that a
    /// savepoint rolled back drops them with its rows.
    private func noteUnreported(_ tables: some Sequence<String>) {
        for table in tables {
            entries.append(CommitLog.Entry(table: index(of: table), operation: .unreported, rowid: 0))
        }
    }

    // MARK: - Tables SQLite does not report

    /// What the recorder needs to know of a table.
    private struct TableInfo {
        /// False for `WITHOUT ROWID` and virtual tables: the update hook never reports their rows.
        var reportsRows: Bool
        /// The column that is the rowid (an `INTEGER PRIMARY KEY`), if any.
        var rowidAlias: String?
        /// True when the table's SQL declares an `ON CONFLICT REPLACE`: a plain insert may delete rows.
        var mayReplace: Bool
    }

    /// The tables among `written` whose changes SQLite does not report row by row: `WITHOUT ROWID` and
    /// virtual tables, any table a statement with `REPLACE` writes (a conflict deletes rows silently), and
    /// a table whose rowid an `UPDATE` changes (the hook reports only the new rowid).
    func unreportedTables(
        written: Set<String>, updated: [String: Set<String>], sql: String, on handle: OpaquePointer
    ) -> [String] {
        guard !written.isEmpty else { return [] }
        refreshTableInfo(on: handle)
        let replaces = sql.range(of: "REPLACE", options: .caseInsensitive) != nil
        var result: [String] = []
        for table in written.sorted() where !table.hasPrefix("sqlite_") {
            let info = info(of: table, on: handle)
            var unreported = !info.reportsRows || replaces || info.mayReplace
            if !unreported, let columns = updated[table] {
                unreported = columns.contains { column in
                    let lower = column.lowercased()
                    return lower == "rowid" || lower == "oid" || lower == "_rowid_"
                        || info.rowidAlias.map { $0.lowercased() == lower } ?? false
                }
            }
            if unreported { result.append(table) }
        }
        return result
    }

    /// Forgets ``tableInfo`` when the schema changed since it was learned.
    private func refreshTableInfo(on handle: OpaquePointer) {
        let version = Int32(truncatingIfNeeded: Self.int64(handle, "PRAGMA schema_version", []).first ?? -1)
        if version != infoSchemaVersion {
            tableInfo = [:]
            infoSchemaVersion = version
        }
    }

    /// What is known of `table` (a view: reports its rows through the tables under it).
    private func info(of table: String, on handle: OpaquePointer) -> TableInfo {
        if let info = tableInfo[table] { return info }
        var info = TableInfo(reportsRows: true, rowidAlias: nil, mayReplace: false)
        let kinds = Self.text(handle, "SELECT type || ':' || wr FROM pragma_table_list WHERE schema = 'main' AND name = ?", [table])
        if let kind = kinds.first {
            if kind.hasPrefix("virtual") || kind.hasSuffix(":1") { info.reportsRows = false }
            if kind.hasPrefix("table") {
                let keys = Self.text(handle, "SELECT name || ':' || type FROM pragma_table_info(?) WHERE pk > 0", [table])
                if keys.count == 1, let key = keys.first, let colon = key.lastIndex(of: ":"),
                   key[key.index(after: colon)...].uppercased() == "INTEGER" {
                    info.rowidAlias = String(key[..<colon])
                }
                let sql = Self.text(handle, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", [table])
                info.mayReplace = sql.first.map { $0.range(of: "REPLACE", options: .caseInsensitive) != nil } ?? true
            }
        } else if kinds.isEmpty && !Self.exists(handle, table) {
            info.reportsRows = false
        }
        tableInfo[table] = info
        return info
    }

    /// True when `name` is a table or view of the main database.
    private static func exists(_ handle: OpaquePointer, _ name: String) -> Bool {
        !text(handle, "SELECT name FROM sqlite_schema WHERE name = ?", [name]).isEmpty
    }

    /// The names of the main database's tables.
    static func allTables(_ handle: OpaquePointer) -> Set<String> {
        Set(text(handle, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'", []))
    }

    /// The first column of each row of `sql` as text; empty when it fails.
    private static func text(_ handle: OpaquePointer, _ sql: String, _ arguments: [String]) -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return [] }
        defer { sqlite3_finalize(statement) }
        for (offset, argument) in arguments.enumerated() {
            sqlite3_bind_text(statement, Int32(offset + 1), argument, -1, sqliteTransient)
        }
        var rows: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
        return rows
    }

    /// The first column of each row of `sql` as integers; empty when it fails.
    private static func int64(_ handle: OpaquePointer, _ sql: String, _ arguments: [String]) -> [Int64] {
        text(handle, sql, arguments).compactMap { Int64($0) }
    }
}
