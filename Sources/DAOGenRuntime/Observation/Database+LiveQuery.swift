import Observation

extension Database {
    /// A ``LiveQuery`` that holds the value of `fetch` and updates it on the main actor after each commit
    /// that changes it, by the rules of ``observe(throttle:_:)`` (with its `throttle`), until it is released.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    public func live<T: Equatable & Sendable>(
        throttle: Duration? = nil, _ fetch: @escaping @Sendable () throws -> T
    ) -> LiveQuery<T> {
        LiveQuery(database: self, throttle: throttle, fetch: fetch)
    }
}
