extension GeneratedDatabase {
    /// Yields the value of `fetch` at once, then again after each committed transaction (also of another
    /// process) that changed a table `fetch` read, when the value differs. Ending the iteration stops it.
    public func observe<T: Equatable & Sendable>(
        _ fetch: @escaping @Sendable (Self) throws -> T
    ) -> AsyncThrowingStream<T, any Error> {
        database.observe { try fetch(self) }
    }

    /// A ``LiveQuery`` holding the value of `fetch`, which a SwiftUI view keeps in `@State`: it updates on
    /// the main actor by the rules of ``observe(_:)``, records a failed fetch in `error`, and stops when
    /// it is released.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    public func live<T: Equatable & Sendable>(
        _ fetch: @escaping @Sendable (Self) throws -> T
    ) -> LiveQuery<T> {
        database.live { try fetch(self) }
    }
}
