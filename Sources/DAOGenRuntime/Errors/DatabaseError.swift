/// Every failure reported by SQLite.
public struct DatabaseError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The primary result code, such as ``ResultCode/constraint``.
    public let resultCode: ResultCode
    /// The extended result code, such as ``ResultCode/constraintUnique``.
    public let extendedResultCode: ResultCode
    /// SQLite's message (`sqlite3_errmsg`), such as `UNIQUE constraint failed: t.x`.
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?
    /// Where in `sql` (a UTF-8 offset) the error is, when SQLite says (`sqlite3_error_offset`, for
    /// errors of preparing a statement); nil otherwise.
    public let offset: Int?

    /// Creates an error from an (extended) result code; the primary code is derived from it.
    public init(resultCode: ResultCode, message: String, sql: String?, offset: Int? = nil) {
        self.resultCode = resultCode.primary
        self.extendedResultCode = resultCode
        self.message = message
        self.sql = sql
        self.offset = offset
    }

    /// For example `SQLite error 19 (SQLITE_CONSTRAINT_UNIQUE): UNIQUE constraint failed: t.x, in: INSERT INTO t(x) VALUES (?)`.
    public var description: String {
        var text = "SQLite error \(resultCode.rawValue) (\(extendedResultCode.name)): \(message)"
        if let sql {
            text += ", in: \(sql)"
        }
        return text
    }
}
