import DAOGenRuntime

/// The runtime's statement set of a table or view, at the level of its record: what the generated
/// record's `statements` holds (`RecordStatements`, `TableRecordStatements`, `KeyedRecordStatements`),
/// written by the same `RecordSQL` from the same names.
enum RecordSQLSet: Sendable, Hashable {
    /// A view: reads only.
    case view(RecordSQL.Reads)
    /// A table without a primary key.
    case table(RecordSQL.Writes)
    /// A table with a primary key.
    case keyed(RecordSQL.KeyedWrites)

    /// The reads every table and view has.
    var reads: RecordSQL.Reads {
        switch self {
        case let .view(reads): reads
        case let .table(writes): writes.reads
        case let .keyed(keyed): keyed.writes.reads
        }
    }

    /// Every statement of the set, in the runtime's order: what Verify prepares.
    var statements: [String] {
        switch self {
        case let .view(reads): reads.statements
        case let .table(writes): writes.statements
        case let .keyed(keyed): keyed.statements
        }
    }
}

extension RecordSQLSet {
    /// The keyed table's set, or nil for a view or a table without a primary key.
    var keyed: RecordSQL.KeyedWrites? {
        if case let .keyed(keyed) = self { keyed } else { nil }
    }

    /// The table's writes, or nil for a view.
    var writes: RecordSQL.Writes? {
        switch self {
        case .view: nil
        case let .table(writes): writes
        case let .keyed(keyed): keyed.writes
        }
    }
}
