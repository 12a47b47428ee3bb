extension Database {
    /// The change feed: one element per commit of this database's connections, in commit order, naming
    /// for each table it changed the rowids inserted, updated and deleted.
    ///
    /// Reports every commit that ends after the call returns, until ``close()`` (the stream then
    /// finishes after the elements not read yet). A commit that changed no row yields nothing, and a
    /// rolled-back transaction, savepoint or failed statement yields nothing of what it undid. Where
    /// SQLite does not report rows one by one, the table's ``TableChanges/isComplete`` is false:
    /// `WITHOUT ROWID` and virtual tables, statements with `REPLACE` (a conflict deletes rows
    /// silently), an `UPDATE` of a rowid, a savepoint rolled back by hand with `ROLLBACK TO`, and the
    /// commits of another process (seen within a second, as by ``observe(throttle:_:)``). While someone
    /// listens, `DELETE` without `WHERE` deletes (and reports) row by row instead of truncating. A
    /// consumer that falls behind loses nothing: past 10,000 waiting elements they collapse into one in
    /// which every table they named is incomplete.
    ///
    /// With no consumer the writer records nothing: SQLite's update and commit hooks are installed
    /// while at least one stream exists, and removed when the last one ends (its iteration ends, or it
    /// is released). The call takes the writer for a moment (waiting for a transaction in progress on
    /// another thread to end) to install them. Called inside a transaction, the commit of that
    /// transaction names every table of the database, incomplete.
    public func changes() -> AsyncStream<DatabaseChanges> {
        let subscription = ChangeSubscription()
        if changeFeed.add(subscription) {
            do {
                try withWriter { _ in
                    updateRecording()
                    try updatePolling()
                }
            } catch {
                _ = changeFeed.remove(subscription)
                subscription.finish()
            }
        }
        let token = ChangeSubscriptionToken(database: self, subscription: subscription)
        return AsyncStream(unfolding: { await token.subscription.next() }, onCancel: { token.subscription.cancel() })
    }

    /// Removes a consumer; the last one leaving removes the hooks (once it holds the writer).
    func endChanges(_ subscription: ChangeSubscription) {
        subscription.cancel()
        guard changeFeed.remove(subscription) else { return }
        Task { [weak self] in
            guard let self else { return }
            do {
                try await self.checkOutWriterAsync()
            } catch {
                return
            }
            defer { self.releaseWriter() }
            self.updateRecording()
            try? self.updatePolling()
        }
    }
}

/// Ends a consumer's subscription when its stream (and the stream's iterator) goes away.
///
/// `@unchecked Sendable`: its properties are set once, when it is made.
final class ChangeSubscriptionToken: @unchecked Sendable {
    /// The database, which the stream does not keep open.
    private weak var database: Database?
    /// The consumer.
    let subscription: ChangeSubscription

    init(database: Database, subscription: ChangeSubscription) {
        self.database = database
        self.subscription = subscription
    }

    deinit {
        if let database {
            database.endChanges(subscription)
        } else {
            subscription.cancel()
        }
    }
}
