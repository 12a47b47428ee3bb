import Observation

/// The latest value of a fetch, kept up to date on the main actor: an `@Observable` object that a
/// SwiftUI view can hold in `@State` and read in its body.
///
/// Make one with the generated database type's `live(_:)` (or ``Database/live(throttle:_:)``). It follows the
/// rules of ``Database/observe(throttle:_:)``: the fetch runs at once, then again after each committed
/// transaction that changed a table it read (also a commit of another process to the same file, within
/// a second), and ``value`` changes only when the fetched value differs. A fetch that throws sets
/// ``error`` and the observation goes on; the next successful fetch sets ``value`` and clears
/// ``error``. When the `LiveQuery` is released, its observation stops: no fetch runs any more.
///
/// ```swift
/// struct BookList: View {
///     @State var books = library.live { try $0.book.fetchAll(orderBy: [.title.ascending]) }
///
///     var body: some View {
///         List(books.value ?? [], id: \.id) { book in Text(book.title) }
///     }
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class LiveQuery<Value: Equatable & Sendable> {
    /// The last value fetched; nil until the first fetch finishes.
    public private(set) var value: Value?

    /// The error of the last fetch when it failed; nil after a fetch that succeeded. An error that ends
    /// the observation (the database was closed before it began) stays.
    public private(set) var error: (any Error)?

    /// The task that feeds the object; cancelled when it is released.
    @ObservationIgnored private var feed: Task<Void, Never>?

    /// Starts observing `fetch` on `database`, at most one fetch per `throttle` when given.
    init(database: Database, throttle: Duration?, fetch: @escaping @Sendable () throws -> Value) {
        let outcomes = database.observe(throttle: throttle) { Outcome { try fetch() } }
        // The task holds the object weakly: releasing the object cancels the task, which ends the
        // stream's iteration, which stops the observation.
        feed = Task { [weak self] in
            do {
                for try await outcome in outcomes {
                    guard let self else { return }
                    self.apply(outcome)
                }
            } catch {
                self?.error = error
            }
        }
    }

    deinit {
        feed?.cancel()
    }

    /// Publishes one fetch's outcome, assigning only what changes (an assignment notifies observers).
    private func apply(_ outcome: Outcome) {
        switch outcome {
        case .value(let new):
            if value != new { value = new }
            if error != nil { error = nil }
        case .failure(let failure):
            error = failure
        }
    }

    /// What one fetch gave: a value, or the error it threw. Two failures are never equal, so that every
    /// failed fetch is delivered, and a success after a failure too, even with the value of before.
    private enum Outcome: Equatable, Sendable {
        case value(Value)
        case failure(any Error)

        /// Runs `fetch`, keeping its error.
        init(_ fetch: () throws -> Value) {
            do {
                self = .value(try fetch())
            } catch {
                self = .failure(error)
            }
        }

        static func == (lhs: Outcome, rhs: Outcome) -> Bool {
            if case .value(let left) = lhs, case .value(let right) = rhs { return left == right }
            return false
        }
    }
}
