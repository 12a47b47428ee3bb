/// Which connection of a ``Database`` a statement may run on, judged from its first keyword.
@usableFromInline
enum SQLKind: UInt8, Sendable {
    /// `SELECT` or `VALUES`: a read, which may run on a reader connection.
    case read
    /// `WITH`: a read if SQLite says the prepared statement is read-only (`sqlite3_stmt_readonly`),
    /// otherwise a write (`WITH ... INSERT`).
    case readIfReadOnly
    /// Anything else (INSERT, UPDATE, DELETE, DDL, PRAGMA, BEGIN, ...): runs on the writer.
    case write

    /// The kind of `sql`, from its first token after white space and comments (``SQLLexer``), read in
    /// place: run-time SQL is judged on every call.
    @usableFromInline
    static func of(_ sql: String) -> SQLKind {
        // Not through SQLLexer.withUTF8: a generic call there costs more than the lexing (callgrind).
        if let kind = sql.utf8.withContiguousStorageIfAvailable(of(utf8:)) { return kind }
        return Array(sql.utf8).withUnsafeBufferPointer(of(utf8:))
    }

    /// The kind of the SQL whose UTF-8 bytes are `bytes`.
    private static func of(utf8 bytes: UnsafeBufferPointer<UInt8>) -> SQLKind {
        guard let first = SQLLexer.firstToken(in: bytes), first.kind == .word else { return .write }
        if SQLLexer.matches(first, "SELECT", in: bytes) || SQLLexer.matches(first, "VALUES", in: bytes) { return .read }
        return SQLLexer.matches(first, "WITH", in: bytes) ? .readIfReadOnly : .write
    }
}
