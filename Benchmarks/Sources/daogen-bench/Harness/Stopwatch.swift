/// Times the part of an implementation's work that the benchmark measures.
enum Stopwatch {
    /// The clock of every measurement.
    static let clock = ContinuousClock()

    /// Runs `body` and returns how long it took with its result.
    static func time<T>(_ body: () throws -> T) rethrows -> (duration: Duration, result: T) {
        let start = clock.now
        let result = try body()
        return (clock.now - start, result)
    }
}

/// One timed execution of a workload by an implementation.
struct Sample {
    /// The time the measured part took.
    var duration: Duration
    /// The fingerprint of what the implementation read or wrote, compared across implementations.
    var checksum: Checksum
}
