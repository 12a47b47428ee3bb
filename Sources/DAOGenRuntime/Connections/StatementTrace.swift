import CSQLite

/// Reports each statement a connection runs to ``Database/Configuration/trace``, through SQLite's
/// statement trace (`sqlite3_trace_v2` with `SQLITE_TRACE_STMT`): the SQL as prepared, with its
/// placeholders and never the bound values, each time a statement starts running.
///
/// The connection keeps its trace alive as long as its handle, which SQLite calls back with.
final class StatementTrace: Sendable {
    /// The app's callback.
    private let report: @Sendable (String) -> Void

    /// A trace that calls `report`.
    init(_ report: @escaping @Sendable (String) -> Void) {
        self.report = report
    }

    /// Starts tracing the statements of `handle`.
    func install(on handle: OpaquePointer) {
        sqlite3_trace_v2(handle, UInt32(SQLITE_TRACE_STMT), { _, context, _, text in
            guard let context, let text else { return 0 }
            let sql = String(cString: text.assumingMemoryBound(to: CChar.self))
            // SQLite also reports each trigger it fires, as an SQL comment ("-- TRIGGER name"): the
            // trigger is part of the statement already reported.
            guard !sql.hasPrefix("--") else { return 0 }
            Unmanaged<StatementTrace>.fromOpaque(context).takeUnretainedValue().report(sql)
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}
