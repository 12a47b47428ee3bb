extension GeneratedDatabase {
    /// Yields the value of `fetch` at once, then again after each committed transaction (also of another
    /// process) that changed a table `fetch` read, when the value differs. Ending the iteration stops it.
    ///
    /// With a `throttle`, fetches start at least that far apart: the first commit after a quiet interval
    /// fetches at once, and after the last commit of a burst one fetch comes within the interval and sees
    /// it. See ``Database/observe(throttle:_:)``.
    ///
    /// ```swift
    /// for try await count in db.observe(throttle: .milliseconds(100), { db in try db.book.count() }) { ... }
    /// ```
    public func observe<T: Equatable & Sendable>(
        throttle: Duration? = nil, _ fetch: @escaping @Sendable (Self) throws -> T
    ) -> AsyncThrowingStream<T, any Error> {
        database.observe(throttle: throttle) { try fetch(self) }
    }

    /// A ``LiveQuery`` holding the value of `fetch`, which a SwiftUI view keeps in `@State`: it updates on
    /// the main actor by the rules of ``observe(throttle:_:)`` (with its `throttle`), records a failed fetch
    /// in `error`, and stops when it is released.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    public func live<T: Equatable & Sendable>(
        throttle: Duration? = nil, _ fetch: @escaping @Sendable (Self) throws -> T
    ) -> LiveQuery<T> {
        database.live(throttle: throttle) { try fetch(self) }
    }

    /// The change feed of the database: one element per commit of its connections, in commit order,
    /// naming for each table it changed the rowids inserted, updated and deleted (or that SQLite did not
    /// report them). See ``Database/changes()``.
    ///
    /// ```swift
    /// for await change in db.changes() {
    ///     for (table, rows) in change.tables where rows.isComplete { print(table, rows.inserted, rows.deleted) }
    /// }
    /// ```
    public func changes() -> AsyncStream<DatabaseChanges> {
        database.changes()
    }
}
