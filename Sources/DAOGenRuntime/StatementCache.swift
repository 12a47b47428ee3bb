/// The prepared statements of one connection, kept for reuse: an array slot per
/// ``StatementKey`` id, and a dictionary for SQL built at run time.
struct StatementCache {
    /// Statements of keys, at the index of each key's id.
    private var keyed: [Statement?] = []
    /// Statements of run-time SQL, by text.
    private var bySQL: [String: Statement] = [:]

    /// The cached statement of `key`, if any.
    func statement(for key: StatementKey) -> Statement? {
        key.id < keyed.count ? keyed[key.id] : nil
    }

    /// Caches `statement` for `key`.
    mutating func store(_ statement: Statement, for key: StatementKey) {
        if key.id >= keyed.count {
            keyed.append(contentsOf: repeatElement(nil, count: key.id + 1 - keyed.count))
        }
        keyed[key.id] = statement
    }

    /// The cached statement of `sql`, if any.
    func statement(forSQL sql: String) -> Statement? {
        bySQL[sql]
    }

    /// Caches `statement` for its SQL text.
    mutating func store(_ statement: Statement, forSQL sql: String) {
        bySQL[sql] = statement
    }

    /// Drops every statement, which finalizes those no one else holds.
    mutating func removeAll() {
        keyed = []
        bySQL = [:]
    }
}
