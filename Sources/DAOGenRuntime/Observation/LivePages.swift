import Foundation
import Observation

/// A list of one table's rows that loads page by page and stays up to date: an `@Observable` object on
/// the main actor that a SwiftUI list can hold in `@State`, for feeds and long lists that should load
/// only what is shown.
///
/// Make one with a DAO's `livePages(where:orderBy:pageSize:)`. It fetches its first page when made,
/// then ``loadMore()`` fetches the next one (keyset paging: the rows after the last one loaded). The
/// window is `pageSize` rows times the pages asked for (the first, and each ``loadMore()`` that fetched
/// one). After each commit that changed a table its fetch read (also another process's, as
/// ``Database/observe(throttle:_:)`` sees them), it refetches the window in one statement that reads one
/// row more, which tells whether there are more: ``records`` is then what one `fetchAll` of the window's
/// number of rows in that order returns, and ``hasMore`` whether rows follow them. Releasing the object
/// stops its observation.
///
/// Fetches run on other threads and may finish out of order; the list publishes only a fetch that began
/// after the one it shows, so it never goes back to an older snapshot, and a page is appended only when
/// it read the same commits as the window shown (no write of this process was open or committed between
/// the two reads, nor a newer refetch came in); otherwise the window and the page are read again in one
/// statement, and a ``loadMore()`` made meanwhile waits for that read.
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
    /// The database the fetches read.
    @ObservationIgnored private let database: Database
    /// How many rows the window holds, and the order in which fetches began.
    @ObservationIgnored private let window: WindowState
    /// Fetches the first `count` rows of the ordering.
    @ObservationIgnored private let fetchWindow: @Sendable (Int) throws -> [Record]
    /// Fetches `count` rows after a record in the ordering.
    @ObservationIgnored private let fetchAfter: @Sendable (Record, Int) throws -> [Record]
    /// The task that feeds the window's refetches; cancelled when the object is released.
    @ObservationIgnored private var feed: Task<Void, Never>?
    /// The sequence number of the window fetch ``records`` shows; -1 before the first.
    @ObservationIgnored private var shownSequence = -1
    /// The writer generation the window fetch ``records`` shows read (``Database/withWriterGeneration(_:)``).
    @ObservationIgnored private var shownGeneration: Int?
    /// True until the first window is in.
    @ObservationIgnored private var awaitsFirstPage = true
    /// True while ``loadMore()`` fetches a page.
    @ObservationIgnored private var fetchesPage = false
    /// True from a page that could not be appended until the window read in its place is shown: until
    /// then ``records`` and ``hasMore`` are older than the window, and a page read after them would count
    /// twice.
    @ObservationIgnored private var awaitsGrownWindow = false
    /// True while a fetch runs that ``loadMore()`` waits for.
    private var isLoading: Bool { awaitsFirstPage || fetchesPage || awaitsGrownWindow }
    /// True when ``loadMore()`` was called while a fetch ran: it runs after it.
    @ObservationIgnored private var loadRequested = false

    /// A list over `database` whose windows `fetchWindow` reads and whose pages `fetchAfter` reads.
    init(
        database: Database, pageSize: Int, fetchWindow: @escaping @Sendable (Int) throws -> [Record],
        fetchAfter: @escaping @Sendable (Record, Int) throws -> [Record]
    ) {
        let window = WindowState(max(pageSize, 1))
        self.database = database
        self.pageSize = max(pageSize, 1)
        self.window = window
        self.fetchWindow = fetchWindow
        self.fetchAfter = fetchAfter
        // Every fetch is delivered (they never compare equal): this object compares with what it shows,
        // since a refetch outside the observation may have changed it since the observation's last value.
        let outcomes = database.observe { () -> WindowFetch<Record> in
            let (size, sequence) = window.begin()
            return WindowFetch(size: size, sequence: sequence, database: database) { try fetchWindow(size + 1) }
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
    /// before), it runs once that fetch is in (several such calls count as one); called when ``hasMore``
    /// is false, it does nothing.
    public func loadMore() {
        guard !isLoading else {
            loadRequested = true
            return
        }
        guard hasMore, let last = records.last else { return }
        fetchesPage = true
        let fetchAfter = fetchAfter, count = pageSize + 1, window = window, database = database
        Task { [weak self] in
            let (page, sequence, generation) = await Task.detached { () -> (Result<[Record], any Error>, Int, Int?) in
                let sequence = window.nextSequence()
                let (page, generation) = database.withWriterGeneration { Result { try fetchAfter(last, count) } }
                return (page, sequence, generation)
            }.value
            self?.finishPage(page, after: last, sequence: sequence, generation: generation)
        }
    }

    /// Appends a fetched page, when the list still ends with the record it was fetched after, the page
    /// read the commits the shown window read (the same writer generation: none came in between), and
    /// no window fetch that began after the page's has been published (it may have seen another
    /// process's commit the page did not); otherwise reads the window with the page in one statement.
    private func finishPage(_ page: Result<[Record], any Error>, after last: Record, sequence: Int, generation: Int?) {
        fetchesPage = false
        switch page {
        case .success(let rows) where records.last == last && shownSequence < sequence && generation != nil && generation == shownGeneration:
            records += rows.prefix(pageSize)
            window.size += pageSize
            hasMore = rows.count > pageSize
            if error != nil { error = nil }
        case .success:
            window.size += pageSize
            awaitsGrownWindow = true
            refreshWindow()
            return
        case .failure(let failure):
            error = failure
        }
        loadNextIfRequested()
    }

    /// Publishes a fetch of the window, unless a fetch that began after it is shown already; a fetch
    /// made for another size than the window's (a page was added since it began) reads the window again.
    private func apply(_ outcome: WindowFetch<Record>) {
        guard outcome.sequence > shownSequence else { return }
        guard outcome.size == window.size else {
            refreshWindow()
            return
        }
        shownSequence = outcome.sequence
        shownGeneration = outcome.generation
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
        if awaitsFirstPage || awaitsGrownWindow {
            awaitsFirstPage = false
            awaitsGrownWindow = false
            loadNextIfRequested()
        }
    }

    /// Reads the window at its present size outside the observation, and publishes it.
    private func refreshWindow() {
        let fetchWindow = fetchWindow, window = window, database = database
        Task { [weak self] in
            let outcome = await Task.detached { () -> WindowFetch<Record> in
                let (size, sequence) = window.begin()
                return WindowFetch(size: size, sequence: sequence, database: database) { try fetchWindow(size + 1) }
            }.value
            self?.apply(outcome)
        }
    }

    /// Runs a ``loadMore()`` that was asked for while a fetch ran.
    private func loadNextIfRequested() {
        guard loadRequested, !isLoading else { return }
        loadRequested = false
        loadMore()
    }
}

/// One fetch of a ``LivePages`` window: its size, when it began, and what it read. Never equal to
/// another, so that the observation delivers every fetch.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private struct WindowFetch<Record: DatabaseRecord & Equatable>: Equatable, Sendable {
    /// The number of rows the window held when the fetch began.
    let size: Int
    /// The fetch's place in the order in which the list's fetches began.
    let sequence: Int
    /// The rows read (one more than `size` when more follow), or the error.
    let rows: Result<[Record], any Error>
    /// The writer generation whose commits the fetch read, when known.
    let generation: Int?

    /// Runs `fetch` on `database`, keeping its error.
    init(size: Int, sequence: Int, database: Database, _ fetch: () throws -> [Record]) {
        self.size = size
        self.sequence = sequence
        (rows, generation) = database.withWriterGeneration { Result { try fetch() } }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        false
    }
}

/// The number of rows a ``LivePages`` window holds, read by fetches on other threads, and the counter
/// that numbers the fetches in the order they begin. A fetch takes its number just before its statement
/// starts, so it sees every commit made before a fetch with a smaller number took its own.
private final class WindowState: @unchecked Sendable {
    private let lock = NSLock()
    private var rows: Int
    private var sequence = 0

    init(_ size: Int) {
        rows = size
    }

    /// The size; setting it changes what the next fetch of the window reads.
    var size: Int {
        get { lock.withLock { rows } }
        set { lock.withLock { rows = newValue } }
    }

    /// The window's size and the next sequence number, read together as a window fetch begins.
    func begin() -> (size: Int, sequence: Int) {
        lock.withLock {
            sequence += 1
            return (rows, sequence)
        }
    }

    /// The next sequence number, as a page fetch begins.
    func nextSequence() -> Int {
        lock.withLock {
            sequence += 1
            return sequence
        }
    }
}
