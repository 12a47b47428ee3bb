import Foundation

extension Array where Element: Sendable {
    /// `transform` applied to every element on every core, the results in the elements' order.
    /// For the stages' independent parts: files to parse, table groups to verify, versions to write.
    func parallelMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        let results = ParallelResults<Result>(count: count)
        withoutActuallyEscaping(transform) { transform in
            self.withUnsafeBufferPointer { elements in
                // The buffer outlives concurrentPerform, which returns only when every iteration has.
                nonisolated(unsafe) let elements = elements
                DispatchQueue.concurrentPerform(iterations: elements.count) { index in
                    results.store(transform(elements[index]), at: index)
                }
            }
        }
        return results.all
    }
}

/// `first` on this thread and `second` on another, at the same time: for two independent jobs of a stage
/// when one of them is a single long step that would leave cores idle if it ran before or after the other.
func concurrently<First, Second: Sendable>(_ first: () -> First, _ second: @escaping @Sendable () -> Second) -> (First, Second) {
    let result = ParallelResults<Second>(count: 1)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { result.store(second(), at: 0) }
    let firstResult = first()
    group.wait()
    return (firstResult, result.all[0])
}

/// Results written from several threads, each slot once.
private final class ParallelResults<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func store(_ result: Result, at index: Int) {
        lock.withLock { results[index] = result }
    }

    var all: [Result] {
        lock.withLock { results.map { $0! } }
    }
}
