import Foundation

/// The measurements of the generator and of the plugin example's no-op build that run.sh takes,
/// read from its `key=value` file.
struct GeneratorResults {
    /// Every key and its value.
    var values: [String: String]

    /// Reads the file at `path`: one `key=value` a line; other lines are ignored.
    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        self.values = values
    }

    /// The comma-separated numbers of `key`.
    func numbers(_ key: String) -> [Double] {
        (values[key] ?? "").split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The median of a non-empty list of numbers.
    static func median(_ numbers: [Double]) -> Double? {
        guard !numbers.isEmpty else { return nil }
        let sorted = numbers.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The median wall time of `daogen generate`, in seconds.
    var generatorSeconds: Double? { Self.median(numbers("generator_wall_seconds")) }

    /// The largest peak resident set size of `daogen generate`, in bytes.
    var generatorPeakBytes: Double? { numbers("generator_peak_rss_kb").max().map { $0 * 1024 } }

    /// The median time of a no-op `swift build` of the plugin example, in seconds.
    var noOpBuildSeconds: Double? { Self.median(numbers("noop_build_seconds")) }
}
