import CSQLite

/// `SQLITE_TRANSIENT`, which Swift does not import: tells `sqlite3_bind_text` and
/// `sqlite3_bind_blob` to copy the bytes before returning.
@usableFromInline
var sqliteTransient: sqlite3_destructor_type {
    unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
