/// Waits until `condition` holds, checking it every few milliseconds on the caller's actor; false when it
/// still does not hold after `limit`.
///
/// The limit ends a hang and nothing else. In a full `swift test` on a 2-core machine, an async test's
/// tasks queue on Swift's cooperative pool behind the synchronous tests the run started at once, and may
/// wait there a minute or more: a limit of seconds tells a backlog from a hang no better than a coin
/// (the LivePages suite's 20-second wait failed CI that way, 2026-11-29). Tests wait for values with this
/// function, never with a deadline of their own.
public func eventually(
    limit: Duration = .seconds(300), isolation: isolated (any Actor)? = #isolation, _ condition: () throws -> Bool
) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
        if try condition() { return true }
        try await Task.sleep(for: .milliseconds(2))
    }
    return try condition()
}
