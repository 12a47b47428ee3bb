#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The connections the current thread is working on, one entry per open scope: a transaction or
/// `withLock` on the writer, a `read` snapshot, or a single statement whose body may call back into
/// the database. Calls made inside a scope go to its connection, so a transaction sees its own
/// writes, a read keeps its snapshot, and nested calls never wait for a second connection.
///
/// Kept in thread-local storage: the bodies of these scopes are synchronous, so they run on one
/// thread from start to end, and the storage needs no lock.
@usableFromInline
final class ThreadScopes {
    /// What a scope allows.
    @usableFromInline
    enum Kind: UInt8 {
        /// The writer, in `transaction`, `write`, `withLock` or a write statement: everything runs on it.
        case writer
        /// A reader (or the only connection of an in-memory database) in `read {}`: everything runs
        /// on it, in one read transaction.
        case snapshot
        /// A reader lent to one read statement: nested reads share it, nested writes go to the writer.
        case statement
    }

    /// One open scope.
    @usableFromInline
    struct Entry {
        /// The ``Database`` it belongs to.
        @usableFromInline let owner: ObjectIdentifier
        /// The connection calls go to.
        @usableFromInline let connection: Connection
        /// What the scope allows.
        @usableFromInline let kind: Kind
        /// Collects the tables read, while an observation fetches.
        @usableFromInline let tracker: TableTracker?
    }

    /// The open scopes, innermost last.
    // Unchecked exclusivity: only the thread that owns these scopes touches them, and the dynamic
    // check cost more than the lookup itself on every statement.
    @exclusivity(unchecked) @usableFromInline var entries: [Entry] = []

    /// The innermost scope of `owner`, if any.
    @inlinable
    func entry(for owner: ObjectIdentifier) -> Entry? {
        index(for: owner).map { entries[$0] }
    }

    /// The position in ``entries`` of the innermost scope of `owner`, if any.
    @inlinable
    func index(for owner: ObjectIdentifier) -> Int? {
        var index = entries.count
        while index > 0 {
            index -= 1
            if entries[index].owner == owner { return index }
        }
        return nil
    }

    /// The current thread's scopes, created on first use.
    @usableFromInline
    static var current: ThreadScopes {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadScopes>.fromOpaque(pointer).takeUnretainedValue()
        }
        let scopes = ThreadScopes()
        pthread_setspecific(key, Unmanaged.passRetained(scopes).toOpaque())
        return scopes
    }

    /// `body` applied to the current thread's scopes, which are not retained for it: the thread-local
    /// slot holds them as long as the thread lives (a retain and a release less on the DAOs' hot path).
    static func withCurrent<Result>(_ body: (ThreadScopes) throws -> Result) rethrows -> Result {
        if let pointer = pthread_getspecific(key) {
            return try Unmanaged<ThreadScopes>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }
        return try body(current)
    }

    /// The thread-local slot; its destructor releases a thread's scopes when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<ThreadScopes>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<ThreadScopes>.fromOpaque(pointer).release() }
            #endif
        }
        return key
    }()
}

/// The tables read while an observation fetches its value.
///
/// Used only by the thread that runs the fetch, inside its scope; the result is read after.
@usableFromInline
final class TableTracker {
    /// The tables read so far (other than by rowid).
    @usableFromInline var tables: Set<String> = []
    /// The rowids read so far by lookups of one row by its rowid, by table.
    var keyed: [String: Set<Int64>] = [:]

    /// Creates an empty tracker.
    init() {}
}
