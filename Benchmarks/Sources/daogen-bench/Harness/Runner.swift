import Foundation

/// The measurements of one workload.
struct WorkloadResult {
    /// The workload's identifier, such as `insert`.
    var identifier: String
    /// The row title in the results.
    var title: String
    /// True for the fetch workloads.
    var isFetch: Bool
    /// The largest ratio of daogen's time to the C API's that the workload's target allows.
    var daogenTarget: Double
    /// Why the workload did not run, if it did not.
    var skipped: String?
    /// The timed runs of each implementation, in the order of ``Runner/implementations``
    /// (warm-up runs excluded).
    var durations: [[Duration]]

    /// The median of each implementation's runs, nil when it has none.
    var medians: [Duration?] {
        durations.map { $0.isEmpty ? nil : Self.median($0) }
    }

    /// The median of `durations` (the mean of the middle two for an even count).
    static func median(_ durations: [Duration]) -> Duration {
        let sorted = durations.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Runs every workload with every implementation and checks that they all did the same work.
struct Runner {
    /// The implementations, the hand-written baseline first.
    var implementations: [any Implementation]
    /// Timed runs per implementation and workload.
    var runs: Int
    /// Whether each implementation runs each workload once, untimed, before the timed runs.
    var warmUp: Bool
    /// Where progress goes (standard error).
    var log: (String) -> Void

    /// Runs `workloads` in order.
    func run(_ workloads: [any Workload], in scratch: Scratch) throws -> [WorkloadResult] {
        var results: [WorkloadResult] = []
        for var workload in workloads {
            if let skipped = try workload.setUp(scratch) {
                log("\(workload.title): \(skipped)")
                results.append(WorkloadResult(
                    identifier: workload.identifier, title: workload.title, isFetch: workload.isFetch, daogenTarget: workload.daogenTarget,
                    skipped: skipped, durations: implementations.map { _ in [] }))
                continue
            }
            results.append(try run(workload, in: scratch))
        }
        return results
    }

    /// Runs one prepared workload: the warm-up, then `runs` rounds, each round running every
    /// implementation once, starting with a different one each round.
    private func run(_ workload: any Workload, in scratch: Scratch) throws -> WorkloadResult {
        log("\(workload.title):")
        var durations: [[Duration]] = implementations.map { _ in [] }
        var reference = workload.expected
        /// Runs implementation `index` once and checks its checksum.
        func measure(_ index: Int) throws -> Duration {
            let implementation = implementations[index]
            Allocator.reset()
            let sample = try workload.run(implementation, scratch)
            if reference == nil {
                reference = sample.checksum
            }
            guard sample.checksum == reference else {
                throw BenchError(
                    "\(implementation.name) did not do the same work in '\(workload.title)': checksum "
                        + "\(sample.checksum), expected \(reference.map(String.init(describing:)) ?? "?")")
            }
            return sample.duration
        }
        if warmUp {
            for index in implementations.indices {
                _ = try measure(index)
            }
        }
        for round in 0..<runs {
            for step in implementations.indices {
                let index = (round + step) % implementations.count
                durations[index].append(try measure(index))
            }
        }
        let result = WorkloadResult(
            identifier: workload.identifier, title: workload.title, isFetch: workload.isFetch, daogenTarget: workload.daogenTarget,
            skipped: nil, durations: durations)
        for (implementation, median) in zip(implementations, result.medians) {
            log("  \(implementation.name): median \(median.map(Format.duration) ?? "-")")
        }
        return result
    }
}
