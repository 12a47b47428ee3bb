import CSQLite

extension DatabaseError {
    /// The error that a connection reports after a call returned `code`, with its current message.
    ///
    /// Call it right after the failing call, before anything else touches the connection.
    init(code: Int32, connection: OpaquePointer?, sql: String?) {
        let message: String
        if let connection, let text = sqlite3_errmsg(connection) {
            message = String(cString: text)
        } else {
            message = String(cString: sqlite3_errstr(code))
        }
        let offset = connection.map { Int(sqlite3_error_offset($0)) }
        self.init(resultCode: ResultCode(rawValue: code), message: message, sql: sql, offset: offset.flatMap { $0 >= 0 ? $0 : nil })
    }
}
