import DAOGenRuntime

/// The runtime's statement set of a table, at the level of its record: what the generated record's
/// `statements` holds (`TableRecordStatements`, `KeyedRecordStatements`), written by the same
/// `RecordSQL` from the same names. (A view's set, `RecordStatements(view:)`, is its reads only.)
enum RecordSQLSet: Sendable, Hashable {
    /// A table without a primary key.
    case table(RecordSQL.Writes)
    /// A table with a primary key.
    case keyed(RecordSQL.KeyedWrites)

    /// The reads every table has.
    var reads: RecordSQL.Reads {
        switch self {
        case let .table(writes): writes.reads
        case let .keyed(keyed): keyed.writes.reads
        }
    }

    /// Every statement of the set, in the runtime's order: what Verify prepares.
    var statements: [String] {
        switch self {
        case let .table(writes): writes.statements
        case let .keyed(keyed): keyed.statements
        }
    }
}

extension RecordSQLSet {
    /// The keyed table's set, or nil for a table without a primary key.
    var keyed: RecordSQL.KeyedWrites? {
        if case let .keyed(keyed) = self { keyed } else { nil }
    }

    /// The table's writes.
    var writes: RecordSQL.Writes {
        switch self {
        case let .table(writes): writes
        case let .keyed(keyed): keyed.writes
        }
    }
}
