import Foundation

/// A statement handed to a ``Database/withStatement(_:_:)`` body, with what must be given back after.
@usableFromInline
struct StatementAccess {
    /// What to give back besides the statement.
    @usableFromInline
    enum Release: UInt8 {
        /// Nothing: the statement ran on the connection of an open scope.
        case none
        /// A reader, lent to this statement, and its scope.
        case reader
        /// The writer, taken for this statement, and its scope.
        case writer
    }

    /// The statement.
    @usableFromInline let statement: Statement
    /// The connection it belongs to.
    @usableFromInline let connection: Connection
    /// What to give back.
    @usableFromInline let release: Release

    /// Creates an access.
    @usableFromInline
    init(statement: Statement, connection: Connection, release: Release) {
        self.statement = statement
        self.connection = connection
        self.release = release
    }
}

extension Database {
    /// Runs `body` with the cached prepared statement for `key`, on the connection the call is
    /// routed to (see ``Database``), which no other thread uses meanwhile.
    ///
    /// The statement is prepared (with `SQLITE_PREPARE_PERSISTENT`) on first use on each
    /// connection and kept. It is reset and its bindings cleared afterwards, also when `body`
    /// throws. When `body` re-enters with the same key (a recursive query), the inner call gets a
    /// fresh, uncached statement.
    /// - Throws: ``DatabaseError`` when the SQL does not prepare, ``DAOGenError/databaseClosed(path:)``
    ///   after ``close()``, or what `body` throws.
    @inlinable
    public func withStatement<T>(_ key: StatementKey, _ body: (Statement) throws -> T) throws -> T {
        let access = try beginAccess(key)
        defer { endAccess(access) }
        return try body(access.statement)
    }

    /// Runs `body` with the cached prepared statement for SQL built at run time, cached by its
    /// text; otherwise like ``withStatement(_:_:)``.
    @inlinable
    public func withStatement<T>(sql: String, _ body: (Statement) throws -> T) throws -> T {
        let access = try beginAccess(sql: sql)
        defer { endAccess(access) }
        return try body(access.statement)
    }

    /// Checks out the statement of `key` on the connection the call is routed to.
    @usableFromInline
    func beginAccess(_ key: StatementKey) throws -> StatementAccess {
        try beginAccess(kind: key.kind) { try $0.checkOutStatement(for: key) }
    }

    /// Checks out the statement of `sql` on the connection the call is routed to.
    @usableFromInline
    func beginAccess(sql: String) throws -> StatementAccess {
        try beginAccess(kind: SQLKind.of(sql)) { try $0.checkOutStatement(forSQL: sql) }
    }

    /// Routes a statement of `kind`: to the connection of the thread's scope, to a reader, or to the
    /// writer; `checkOut` gets the statement on the chosen connection. Inlined into its two callers,
    /// so `checkOut` is no closure on the DAOs' hot path.
    ///
    /// Inside a transaction or `read {}` every statement runs on the scope's connection. Inside the body
    /// of a statement that runs on a reader, a statement that reads runs on that reader too (a `WITH`
    /// is prepared there and asked, `sqlite3_stmt_readonly`), and one that writes on the writer: a
    /// thread never waits for a second reader while it holds one, which, with as many threads as
    /// readers doing it at once, would wait forever.
    @inline(__always)
    private func beginAccess(kind: SQLKind, _ checkOut: (Connection) throws -> Statement) throws -> StatementAccess {
        // Inside a transaction or `read {}` (the hot path): the scope's connection, reached by index,
        // without copying the scope's entry or retaining the thread's scopes.
        var inScope = false
        let scoped = try ThreadScopes.withCurrent { scopes -> StatementAccess? in
            guard let index = scopes.index(for: identity) else { return nil }
            inScope = true
            let inStatement = scopes.entries[index].kind == .statement
            if inStatement, kind == .write { return nil }
            let connection = scopes.entries[index].connection
            let statement = try checkOut(connection)
            if inStatement, kind == .readIfReadOnly, !statement.isReadOnly {
                connection.checkIn(statement)
                return nil
            }
            if let tracker = scopes.entries[index].tracker {
                if statement.keyedTable != nil {
                    // The key is bound in the body: noted when the statement is checked in.
                    statement.keyTracker = tracker
                } else {
                    tracker.tables.formUnion(statement.readTables)
                }
            }
            connection.noteWrites(of: statement)
            return StatementAccess(statement: statement, connection: connection, release: .none)
        }
        if let scoped { return scoped }
        let scopes = ThreadScopes.current
        if !inScope, kind != .write, maximumReaderCount > 0 {
            let reader = try checkOutReader()
            let statement: Statement
            do {
                statement = try checkOut(reader)
            } catch {
                releaseReader(reader)
                throw error
            }
            if kind == .read || statement.isReadOnly {
                scopes.entries.append(.init(owner: identity, connection: reader, kind: .statement, tracker: nil))
                return StatementAccess(statement: statement, connection: reader, release: .reader)
            }
            reader.checkIn(statement)
            releaseReader(reader)
        }
        try checkOutWriter()
        let statement: Statement
        do {
            statement = try checkOut(writer)
        } catch {
            releaseWriter()
            throw error
        }
        writer.noteWrites(of: statement)
        scopes.entries.append(.init(owner: identity, connection: writer, kind: .writer, tracker: nil))
        return StatementAccess(statement: statement, connection: writer, release: .writer)
    }

    /// Resets the statement of `access` and gives back what it took.
    @usableFromInline
    func endAccess(_ access: StatementAccess) {
        access.connection.checkIn(access.statement)
        switch access.release {
        case .none:
            return
        case .reader:
            ThreadScopes.current.entries.removeLast()
            releaseReader(access.connection)
        case .writer:
            ThreadScopes.current.entries.removeLast()
            releaseWriter()
        }
    }

    /// Runs `body` with the connection for the statement `sql`, which is not cached, and the tracker of an
    /// observation in progress; routed as ``withStatement(_:_:)`` routes (a `WITH` inside a reader's
    /// statement is prepared on that reader and asked whether it reads).
    func withConnection<T>(for sql: String, _ body: (Connection, TableTracker?) throws -> T) throws -> T {
        var kind = SQLKind.of(sql)
        if kind == .readIfReadOnly, let entry = ThreadScopes.current.entry(for: identity), entry.kind == .statement {
            kind = try entry.connection.prepare(sql, persistent: false).isReadOnly ? .read : .write
        }
        return try withConnection(kind: kind, body)
    }

    /// Runs `body` with the connection for a statement of `kind` that is not cached, and the tracker
    /// of an observation in progress.
    func withConnection<T>(kind: SQLKind, _ body: (Connection, TableTracker?) throws -> T) throws -> T {
        let scopes = ThreadScopes.current
        if let entry = scopes.entry(for: identity), entry.kind != .statement || kind == .read {
            return try body(entry.connection, entry.tracker)
        }
        if kind == .read, maximumReaderCount > 0 {
            let reader = try checkOutReader()
            scopes.entries.append(.init(owner: identity, connection: reader, kind: .statement, tracker: nil))
            defer {
                scopes.entries.removeLast()
                releaseReader(reader)
            }
            return try body(reader, nil)
        }
        return try withWriter { try body($0, nil) }
    }
}
