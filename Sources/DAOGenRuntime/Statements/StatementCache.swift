/// The prepared statements of one connection, kept for reuse: an array slot per
/// ``StatementKey`` id, kept for the connection's life (the generated code declares a fixed number
/// of keys), and at most ``Database/Configuration/maximumCachedStatements`` statements of SQL built
/// at run time, whose distinct texts have no bound (conditions, raw `where:` strings, IN-list
/// lengths): the least recently used are dropped, and finalized, first.
struct StatementCache {
    /// Statements of keys, at the index of each key's id.
    private var keyed: [Statement?] = []
    /// Statements of run-time SQL, by text, the least recently used dropped first.
    private var bySQL: RecentStatements

    /// An empty cache that keeps at most `sqlCapacity` statements of run-time SQL.
    init(sqlCapacity: Int) {
        bySQL = RecentStatements(capacity: sqlCapacity)
    }

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

    /// Whether statements of run-time SQL are kept at all (their capacity is not 0).
    var cachesSQL: Bool { bySQL.capacity > 0 }

    /// The cached statement of `sql`, if any, which becomes the most recently used.
    mutating func statement(forSQL sql: String) -> Statement? {
        bySQL.statement(forSQL: sql)
    }

    /// Caches `statement` for its SQL text as the most recently used, dropping the least recently
    /// used when the run-time SQL statements are at capacity.
    mutating func store(_ statement: Statement, forSQL sql: String) {
        bySQL.store(statement, forSQL: sql)
    }

    /// How many statements of run-time SQL are cached (for tests).
    var sqlStatementCount: Int { bySQL.count }

    /// The cached run-time SQL texts, from the most to the least recently used (for tests).
    var sqlTextsByRecency: [String] { bySQL.textsByRecency }

    /// Drops every statement, which finalizes those no one else holds.
    mutating func removeAll() {
        keyed = []
        bySQL.removeAll()
    }
}
