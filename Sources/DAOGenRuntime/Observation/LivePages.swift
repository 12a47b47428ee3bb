import Foundation
import Observation

/// A list of one table's rows that loads page by page and stays up to date: an `@Observable` object on
/// the main actor that a SwiftUI list can hold in `@State`, for feeds and long lists that should load
/// only what is shown.
///
/// Make one with a DAO's `livePages(where:orderBy:pageSize:)`. It fetches its first page when made,
/// then ``loadMore()`` fetches the next one (keyset paging: the rows after the last one loaded). After
/// each commit that changed a table its fetch read (also another process's, as
/// ``Database/observe(throttle:_:)`` sees them), it refetches the loaded window in one statement, which also
/// tells whether there are more rows: ``records`` is then what one `fetchAll` of that many rows in that
/// order returns. Releasing the object stops its observation.
///
/// ```swift
/// struct Feed: View {
///     @State var books = library.book.livePages(orderBy: [.published.descending], pageSize: 50)
///
///     var body: some View {
///         List(books.records, id: \.id) { book in
///             Text(book.title).onAppear { if book == books.records.last { books.loadMore() } }
///         }
///     }
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class LivePages<Record: DatabaseRecord & Equatable> {
    /// The rows loaded so far, in order.
    public private(set) var records: [Record] = []
    /// Whether rows follow the last one loaded; false until the first page is in.
    public private(set) var hasMore = false
    /// The error of the last fetch when it failed; nil after a fetch that succeeded.
    public private(set) var error: (any Error)?

    /// How many rows a page adds.
    @ObservationIgnored public let pageSize: Int
    /// How many rows the window holds: what a refetch after a commit reads.
    @ObservationIgnored private let window: WindowSize
    /// Fetches the first `count` rows of the ordering.
    @ObservationIgnored private let fetchWindow: @Sendable (Int) throws -> [Record]
    /// Fetches `count` rows after a record in the ordering.
    @ObservationIgnored private let fetchAfter: @Sendable (Record, Int) throws -> [Record]
    /// The task that feeds the window's refetches; cancelled when the object is released.
    @ObservationIgnored private var feed: Task<Void, Never>?
    /// True until the first window is in.
    @ObservationIgnored private var awaitsFirstPage = true
    /// True while ``loadMore()`` fetches a page.
    @ObservationIgnored private var fetchesPage = false
    /// True while a fetch runs that ``loadMore()`` waits for.
    private var isLoading: Bool { awaitsFirstPage || fetchesPage }
    /// True when ``loadMore()`` was called while a fetch ran: it runs after it.
    @ObservationIgnored private var loadRequested = false

    /// A list over `database` whose windows `fetchWindow` reads and whose pages `fetchAfter` reads.
    init(
        database: Database, pageSize: Int, fetchWindow: @escaping @Sendable (Int) throws -> [Record],
        fetchAfter: @escaping @Sendable (Record, Int) throws -> [Record]
    ) {
        let window = WindowSize(max(pageSize, 1))
        self.pageSize = max(pageSize, 1)
        self.window = window
        self.fetchWindow = fetchWindow
        self.fetchAfter = fetchAfter
        // One more row than the window tells whether there are more.
        let outcomes = database.observe { () -> WindowFetch<Record> in
            let size = window.value
            return WindowFetch(size: size) { try fetchWindow(size + 1) }
        }
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

    /// Fetches the next page, when there is one. Called while a fetch runs (the first page's, or a page
    /// before), it runs once that fetch is in; called when ``hasMore`` is false, it does nothing.
    public func loadMore() {
        guard !isLoading else {
            loadRequested = true
            return
        }
        guard hasMore, let last = records.last else { return }
        fetchesPage = true
        let fetchAfter = fetchAfter, count = pageSize + 1
        Task { [weak self] in
            let page = await Task.detached { Result { try fetchAfter(last, count) } }.value
            self?.finishPage(page, after: last)
        }
    }

    /// Appends a fetched page, when the list still ends with the record it was fetched after.
    private func finishPage(_ page: Result<[Record], any Error>, after last: Record) {
        fetchesPage = false
        switch page {
        case .success(let rows) where records.last == last:
            let added = rows.prefix(pageSize)
            records += added
            window.value = records.count
            hasMore = rows.count > pageSize
            if error != nil { error = nil }
        case .success:
            // A refetch changed the list meanwhile: read the window again, with the page added.
            window.value = records.count + pageSize
            refreshWindow()
        case .failure(let failure):
            error = failure
        }
        loadNextIfRequested()
    }

    /// Publishes a refetch of the window, when it was made for the window's present size; otherwise
    /// (a page was added since) reads the window again.
    private func apply(_ outcome: WindowFetch<Record>) {
        guard outcome.size == window.value else {
            refreshWindow()
            return
        }
        switch outcome.rows {
        case .success(let rows):
            let loaded = Array(rows.prefix(outcome.size))
            if records != loaded { records = loaded }
            let more = rows.count > outcome.size
            if hasMore != more { hasMore = more }
            if error != nil { error = nil }
        case .failure(let failure):
            error = failure
        }
        if awaitsFirstPage {
            awaitsFirstPage = false
            loadNextIfRequested()
        }
    }

    /// Reads the window at its present size outside the observation, and publishes it.
    private func refreshWindow() {
        let size = window.value, fetchWindow = fetchWindow
        Task { [weak self] in
            let rows = await Task.detached { Result { try fetchWindow(size + 1) } }.value
            self?.apply(WindowFetch(size: size, rows: rows))
        }
    }

    /// Runs a ``loadMore()`` that was asked for while a fetch ran.
    private func loadNextIfRequested() {
        guard loadRequested, !isLoading else { return }
        loadRequested = false
        loadMore()
    }
}

/// One fetch of a ``LivePages`` window: its size and what it read. Two failures are never equal, so
/// that every failed fetch is delivered.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private struct WindowFetch<Record: DatabaseRecord & Equatable>: Equatable, Sendable {
    /// The number of rows the window held when the fetch began.
    let size: Int
    /// The rows read (one more than `size` when more follow), or the error.
    let rows: Result<[Record], any Error>

    init(size: Int, rows: Result<[Record], any Error>) {
        self.size = size
        self.rows = rows
    }

    /// Runs `fetch`, keeping its error.
    init(size: Int, _ fetch: () throws -> [Record]) {
        self.init(size: size, rows: Result { try fetch() })
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.size == rhs.size, case .success(let left) = lhs.rows, case .success(let right) = rhs.rows else { return false }
        return left == right
    }
}

/// The number of rows a ``LivePages`` window holds, read by the observation's fetches on other threads.
private final class WindowSize: @unchecked Sendable {
    private let lock = NSLock()
    private var size: Int

    init(_ size: Int) {
        self.size = size
    }

    /// The size; setting it changes what the next refetch reads.
    var value: Int {
        get { lock.withLock { size } }
        set { lock.withLock { size = newValue } }
    }
}
