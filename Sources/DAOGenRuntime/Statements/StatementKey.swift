import Foundation

/// The identity of a statement whose SQL is fixed at compile time.
///
/// Generated code declares keys as static lets. Each key gets a small process-wide unique
/// `id`, and ``Database`` caches the key's prepared statement in an array slot at that index,
/// so finding it hashes no string.
public final class StatementKey: Sendable {
    /// The statement's SQL text.
    public let sql: String
    /// The key's slot in a connection's statement cache, unique in the process.
    @usableFromInline let id: Int
    /// Which connection the statement runs on when no transaction or read is open: a reader for a
    /// query, the writer otherwise.
    @usableFromInline let kind: SQLKind

    /// Creates a key for `sql`, with the next free id.
    public init(_ sql: String) {
        self.sql = sql
        self.id = StatementKeyCounter.shared.next()
        self.kind = SQLKind.of(sql)
    }
}

/// The process-wide source of statement key ids, protected by a lock.
private final class StatementKeyCounter: @unchecked Sendable {
    /// The one counter.
    static let shared = StatementKeyCounter()

    /// Guards ``nextID``.
    private let lock = NSLock()
    /// The id the next key gets.
    private var nextID = 0

    /// Returns an id no key has had before.
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        let id = nextID
        nextID += 1
        return id
    }
}
