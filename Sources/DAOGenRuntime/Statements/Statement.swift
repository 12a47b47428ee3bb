import CSQLite

/// A prepared statement. Not thread-safe by itself: ``Database`` hands it out under its lock,
/// and it must not be used outside the closure it is handed to.
///
/// Binding takes 1-based parameter indexes, like `sqlite3_bind_*`, and never throws: a failed
/// bind, or a value that cannot be stored as it is (`Double.nan`, a date out of range), is
/// remembered and thrown by the next ``step()``. Reading takes 0-based column indexes,
/// like `sqlite3_column_*`.
public final class Statement {
    /// The statement's SQL text.
    public let sql: String
    /// The `sqlite3_stmt`.
    @usableFromInline let handle: OpaquePointer
    /// The `sqlite3` connection the statement belongs to.
    @usableFromInline let connection: OpaquePointer
    /// How the statement binds and reads dates and UUIDs: its connection's.
    public let valueStorage: ValueStorage
    /// The first bind failure since the last reset, thrown by the next ``step()``: a
    /// ``DatabaseError`` from SQLite, or ``DAOGenError/unstorableValue(parameter:value:reason:sql:)``.
    // Unchecked exclusivity: a statement is used by one thread at a time, under the connection's
    // lock, and the dynamic check showed on the hot path of every step.
    @exclusivity(unchecked) @usableFromInline var bindError: (any Error)?
    /// Where the record being read begins in the current row: added to the index of every read a generated
    /// record makes (``value(at:as:)``, ``value(strictAt:as:)``, ``json(at:table:)``). 0 except while
    /// ``record(columnsFrom:as:)`` reads a record nested in a query's row.
    @exclusivity(unchecked) @usableFromInline var columnOffset: Int32 = 0
    /// True once ``step()`` ran since the statement was last reset.
    @exclusivity(unchecked) @usableFromInline var needsReset = false
    /// True while a ``Database/withStatement(_:_:)`` closure is using this cached statement.
    @exclusivity(unchecked) var isInUse = false
    /// The tables the statement reads, as SQLite's authorizer reported them when it was prepared;
    /// what an observation that ran it depends on.
    var readTables: Set<String> = []
    /// The tables the statement writes (its own and its triggers'), as the authorizer reported them.
    var writtenTables: Set<String> = []
    /// The ``Connection/changeGeneration`` at which the connection last noted ``writtenTables``
    /// as changed; 0, which no generation is, until then.
    @exclusivity(unchecked) @usableFromInline var notedChangeGeneration: UInt64 = 0
    /// Where the changes of the statement's current run begin in its connection's ``ChangeRecorder``
    /// (-1 until it runs while someone reads ``Database/changes()``).
    var feedMark = -1
    /// The tables the statement writes whose rows SQLite does not report one by one (known when it
    /// was prepared while someone reads ``Database/changes()``).
    var unreportedTables: [String] = []
    /// True when the statement rolls back to a savepoint (`ROLLBACK TO`).
    var rollsBackSavepoint = false
    /// The table the statement reads, when it reads only that table and only the row whose rowid is
    /// bound to `?1` (`SELECT "a", … FROM "t" WHERE "id" = ?1`, `id` the table's INTEGER PRIMARY KEY: the
    /// SQL of `find(id:)`); nil otherwise. Worked out on the first observed run, which alone needs it:
    /// reading the SQL and the table's key cost more than preparing most statements.
    var keyedTable: String? {
        switch keyedLookup {
        case .known(let table):
            return table
        case .readsOnly(let table):
            let keyed = KeyedRead.table(ofLookup: sql, reading: table, on: sqlite3_db_handle(handle))
            keyedLookup = .known(keyed)
            return keyed
        }
    }
    /// What is known of ``keyedTable``: set when the statement is prepared.
    var keyedLookup = KeyedLookup.known(nil)

    /// Whether a statement reads one row by its rowid, as far as it has been worked out.
    enum KeyedLookup {
        /// The statement reads only this table: ``keyedTable`` is it or nil, not yet worked out.
        case readsOnly(String)
        /// ``keyedTable``, worked out.
        case known(String?)
    }
    /// The tracker of the observation fetch running the statement, which notes the key bound to it when
    /// it is checked in; set only while ``keyedTable`` is.
    @exclusivity(unchecked) @usableFromInline var keyTracker: TableTracker?
    /// The change recorder of the writer that prepared it, told when a step fails.
    weak var recorder: ChangeRecorder?
    /// True when SQLite says the statement does not write (`sqlite3_stmt_readonly`).
    var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// Prepares the single statement in `sql`.
    ///
    /// - Parameter persistent: Passes `SQLITE_PREPARE_PERSISTENT`, for statements kept in a cache.
    /// - Throws: ``DatabaseError`` when SQLite rejects the SQL, or with ``ResultCode/misuse`` when
    ///   the text holds no statement or more than one.
    init(connection: OpaquePointer, sql: String, persistent: Bool, valueStorage: ValueStorage) throws {
        var statement: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let extraStatement: Bool = try sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(connection, text, -1, flags, &statement, &tail)
            guard code == SQLITE_OK else {
                throw DatabaseError(code: code, connection: connection, sql: sql)
            }
            return Self.hasStatement(connection: connection, tail: tail)
        }
        guard let statement else {
            throw DatabaseError(
                resultCode: .misuse, message: "The SQL holds no statement.", sql: sql)
        }
        guard !extraStatement else {
            sqlite3_finalize(statement)
            throw DatabaseError(
                resultCode: .misuse,
                message: "The SQL holds more than one statement; run scripts with Database.execute(_:).",
                sql: sql)
        }
        self.sql = sql
        self.handle = statement
        self.connection = connection
        self.valueStorage = valueStorage
    }

    /// True when the text after the first statement holds another statement (not only
    /// whitespace, semicolons and comments), or does not compile.
    private static func hasStatement(connection: OpaquePointer, tail: UnsafePointer<CChar>?) -> Bool {
        guard let tail, tail.pointee != 0 else { return false }
        var extra: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, tail, -1, &extra, nil)
        sqlite3_finalize(extra)
        return code != SQLITE_OK || extra != nil
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Executes one step: true when a row is available, false when done.
    ///
    /// - Throws: ``DatabaseError`` (with this statement's SQL) for any other outcome, or for a
    ///   bind that failed since the last reset.
    @inlinable
    public func step() throws -> Bool {
        if bindError != nil {
            try throwBindError()
        }
        needsReset = true
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw stepError(code)
    }

    /// Throws the remembered bind failure and forgets it (the slow path of ``step()``).
    @usableFromInline
    func throwBindError() throws {
        if let bindError {
            self.bindError = nil
            throw bindError
        }
    }

    /// The error of a step that returned `code` (the slow path of ``step()``).
    @usableFromInline
    func stepError(_ code: Int32) -> DatabaseError {
        let error = DatabaseError(code: code, connection: connection, sql: sql)
        recorder?.statementFailed(self, on: connection)
        return error
    }

    /// Resets the statement and clears its bindings.
    public func reset() {
        sqlite3_reset(handle)
        needsReset = false
        sqlite3_clear_bindings(handle)
        bindError = nil
    }

    /// Resets the statement when it stepped since its last reset (the generated code's methods,
    /// ``execute()``, ``fetchOne(_:)`` and ``fetchAll(_:)``, reset it when done).
    @inlinable
    func resetAfterStepping() {
        sqlite3_reset(handle)
        needsReset = false
    }

    /// Resets the statement and clears its bindings, like ``reset()``, for the next user of a
    /// cached statement, skipping `sqlite3_reset` when nothing stepped it since its last reset
    /// (the methods that step, ``execute()``, ``fetchOne(_:)`` and ``fetchAll(_:)``, reset it
    /// when done, and a second reset cost as much as the rest of a lookup's bookkeeping).
    func resetForReuse() {
        if needsReset {
            sqlite3_reset(handle)
            needsReset = false
        }
        sqlite3_clear_bindings(handle)
        if bindError != nil {
            bindError = nil
        }
    }

    /// The number of columns in the statement's result rows.
    @inlinable
    public var columnCount: Int32 {
        sqlite3_column_count(handle)
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE of this connection (`sqlite3_changes`).
    @inlinable
    public var changes: Int {
        Int(sqlite3_changes(connection))
    }

    /// The rowid of the most recent successful INSERT of this connection (`sqlite3_last_insert_rowid`).
    @inlinable
    public var lastInsertedRowID: Int64 {
        sqlite3_last_insert_rowid(connection)
    }

    /// Remembers a failed bind so that the next ``step()`` throws it.
    @usableFromInline
    func recordBindFailure(_ code: Int32) {
        if bindError == nil {
            bindError = DatabaseError(code: code, connection: connection, sql: sql)
        }
    }

    /// Remembers a value that cannot be stored, so that the next ``step()`` throws
    /// ``DAOGenError/unstorableValue(parameter:value:reason:sql:)``; the parameter is bound to NULL
    /// meanwhile.
    @usableFromInline
    func recordUnstorableValue(_ value: String, at index: Int32, reason: String) {
        sqlite3_bind_null(handle, index)
        if bindError == nil {
            bindError = DAOGenError.unstorableValue(parameter: Int(index), value: value, reason: reason, sql: sql)
        }
    }
}

/// A statement belongs to the thread that holds its connection's lock: it is never `Sendable`.
@available(*, unavailable)
extension Statement: Sendable {}
