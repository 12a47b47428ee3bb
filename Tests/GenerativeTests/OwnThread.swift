import Foundation
import Testing

/// Runs `body`, which blocks for minutes (it builds and runs packages), on a thread of its own and waits
/// for it without holding a thread of Swift's cooperative pool: on a 2-core machine that pool has two
/// threads, and tests that block both starve every async test of the run (the LiveQuery suite's updates
/// among them) until they end. `body` records its failures in the `FoundIssues` it is given (the test's
/// context does not reach another thread); they are recorded as issues of the test when it returns.
func onOwnThread(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @Sendable (FoundIssues) throws -> Void
) async throws {
    let issues = FoundIssues()
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let thread = Thread { continuation.resume(with: Result { try body(issues) }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
    for comment in issues.comments {
        Issue.record(Comment(rawValue: comment), sourceLocation: sourceLocation)
    }
}

/// The failures a test body found on a thread of its own.
final class FoundIssues: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    /// Records a failure.
    func record(_ comment: String) {
        lock.withLock { recorded.append(comment) }
    }

    /// Every failure recorded, in order.
    var comments: [String] { lock.withLock { recorded } }
}
