import Foundation

/// Renders the results as Markdown: RESULTS.md, and the section of the README that shows them.
struct MarkdownReport {
    /// The measurements, one per workload.
    var results: [WorkloadResult]
    /// The implementations' names, in the order of each result's durations.
    var implementations: [String]
    /// The options the benchmark ran with.
    var options: Options
    /// The machine it ran on.
    var machine: MachineInfo
    /// run.sh's measurements of the generator, if given.
    var generator: GeneratorResults?
    /// When the benchmark ran.
    var date: Date
    /// Where the benchmark's files were.
    var scratchDirectory: String

    /// Index of the hand-written baseline (1) among the implementations, if it ran.
    private var baselineIndex: Int? { implementations.firstIndex { $0.hasPrefix("(1)") } }
    /// Index of the generated DAOs (2), if they ran.
    private var daogenIndex: Int? { implementations.firstIndex { $0.hasPrefix("(2)") } }
    /// Index of GRDB Codable (3), if it ran.
    private var codableIndex: Int? { implementations.firstIndex { $0.hasPrefix("(3)") } }

    /// The ratio of implementation `index`'s median to the baseline's, for one result.
    func ratio(_ result: WorkloadResult, _ index: Int) -> Double? {
        let medians = result.medians
        guard let baselineIndex, let baseline = medians[baselineIndex], let median = medians[index] else { return nil }
        let baselineSeconds = Format.seconds(baseline)
        return baselineSeconds > 0 ? Format.seconds(median) / baselineSeconds : nil
    }

    /// The whole RESULTS.md.
    var document: String {
        var lines = ["# daogen benchmark results", ""]
        lines.append("Written by `Benchmarks/run.sh`; see [README.md](README.md) for what is measured and how.")
        lines.append("")
        lines += machineLines
        lines.append("")
        lines += runtimeSection(chart: options.svg.map { URL(filePath: $0).lastPathComponent })
        lines.append("")
        lines += targetsSection
        if generator != nil {
            lines.append("")
            lines += generatorSection
        }
        lines.append("")
        lines += everyRunSection
        return lines.joined(separator: "\n") + "\n"
    }

    /// The README's results section, between its markers.
    var readmeSection: String {
        var lines = [
            "Latest results ([RESULTS.md](RESULTS.md) has every run and the machine details): "
                + "\(Self.dateText(date)), \(machine.cpu), \(machine.cores) cores.",
            "",
        ]
        lines += runtimeSection(chart: options.svg.map { URL(filePath: $0).lastPathComponent })
        lines.append("")
        lines += targetsSection
        if generator != nil {
            lines.append("")
            lines += generatorSection
        }
        return lines.joined(separator: "\n")
    }

    /// The summary printed on standard output.
    var summary: String {
        (runtimeSection(chart: nil) + [""] + targetsSection).joined(separator: "\n") + "\n"
    }

    /// Date, machine and software.
    private var machineLines: [String] {
        var lines = [
            "- Date: \(Self.dateText(date))",
            "- Machine: \(machine.cpu), \(machine.cores) cores, \(Format.megabytes(Double(machine.memory))) of memory; \(machine.system)",
            "- SQLite \(machine.sqlite) (the system library, linked by every implementation)",
        ]
        if let swift = generator?.values["swift_version"] { lines.append("- \(swift)") }
        if let commit = generator?.values["daogen_commit"] { lines.append("- daogen: \(commit)") }
        lines.append("- Configuration: \(configurationText)")
        lines.append("- Scratch files (template copies, one per run): \(scratchDirectory)")
        if let start = machine.loadAtStart {
            lines.append("- Load average (1, 5, 15 min) at start: \(start); at end: \(machine.loadAtEnd ?? "?"). "
                + "The machine is shared, so other work may add noise.")
        }
        return lines
    }

    /// How the benchmark ran: runs, warm-up, scale.
    private var configurationText: String {
        var parts = ["\(options.runs) timed run\(options.runs == 1 ? "" : "s") per implementation and workload"]
        parts.append(options.warmUp ? "after one untimed warm-up run" : "no warm-up")
        if options.smoke { parts.append("smoke sizes (not a measurement)") }
        if options.scale != 1 { parts.append("row counts scaled by \(options.scale)") }
        parts.append("release build")
        return parts.joined(separator: ", ")
    }

    /// The table of medians and ratios, and the chart.
    private func runtimeSection(chart: String?) -> [String] {
        var lines = [
            "### Runtime",
            "",
            "Median of \(options.runs) run\(options.runs == 1 ? "" : "s"); in parentheses, the ratio to (1). Lower is better.",
            "",
            "| Workload | " + implementations.joined(separator: " | ") + " |",
            "|---|" + implementations.map { _ in "--:|" }.joined(),
        ]
        var notes: [String] = []
        for result in results {
            if let skipped = result.skipped {
                lines.append("| \(result.title) | " + implementations.map { _ in "—" }.joined(separator: " | ") + " |")
                notes.append("\(result.title): \(skipped).")
                continue
            }
            let cells = result.medians.indices.map { index -> String in
                guard let median = result.medians[index] else { return "—" }
                let ratio = ratio(result, index).map { " (\(Format.ratio($0)))" } ?? ""
                return Format.duration(median) + ratio
            }
            lines.append("| \(result.title) | " + cells.joined(separator: " | ") + " |")
        }
        if !notes.isEmpty {
            lines.append("")
            lines += notes
        }
        if let chart {
            lines.append("")
            lines.append("![Time of each implementation relative to the hand-written sqlite3 C API](\(chart))")
        }
        return lines
    }

    /// The issue's targets and whether they were met.
    private var targetsSection: [String] {
        var lines = ["### Targets", "", "| Target | Measured | Met |", "|---|--:|:-:|"]
        if let daogenIndex {
            for result in results where result.skipped == nil {
                guard let ratio = ratio(result, daogenIndex) else { continue }
                let target = String(format: "%.2f×", result.daogenTarget)
                lines.append("| (2) daogen within \(target) of (1): \(result.title) | \(Format.ratio(ratio)) | \(Self.mark(ratio <= result.daogenTarget)) |")
            }
            if let codableIndex {
                for result in results where result.skipped == nil && result.isFetch {
                    guard let daogen = result.medians[daogenIndex], let codable = result.medians[codableIndex] else { continue }
                    let speedup = Format.seconds(codable) / Format.seconds(daogen)
                    lines.append("| (2) daogen at least 2× faster than (3) GRDB Codable: \(result.title) | \(Format.ratio(speedup)) faster | \(Self.mark(speedup >= 2)) |")
                }
            }
        }
        if let generator {
            if let seconds = generator.generatorSeconds {
                lines.append("| Generator under 2 s (synthetic schema) | \(String(format: "%.2f s", seconds)) | \(Self.mark(seconds < 2)) |")
            }
            if let bytes = generator.generatorPeakBytes {
                lines.append("| Generator under 300 MB (synthetic schema) | \(Format.megabytes(bytes)) | \(Self.mark(bytes < 300e6)) |")
            }
        }
        return lines
    }

    /// The generator's wall time and memory, and the no-op build.
    private var generatorSection: [String] {
        guard let generator else { return [] }
        var lines = ["### Generator", "", "| Measurement | Result |", "|---|--:|"]
        let schema = generator.values["generator_schema"] ?? "synthetic schema"
        let runs = generator.numbers("generator_wall_seconds")
        if let seconds = generator.generatorSeconds {
            lines.append("| Release `daogen generate`, verification included, of the \(schema): wall time, median of \(runs.count) | \(String(format: "%.2f s", seconds)) |")
        }
        if let bytes = generator.generatorPeakBytes {
            lines.append("| Same: peak memory (maximum resident set size, largest of \(runs.count)) | \(Format.megabytes(bytes)) |")
        }
        if let output = generator.values["generator_output"] {
            lines.append("| Same: output | \(output) |")
        }
        if let seconds = generator.noOpBuildSeconds {
            let count = generator.numbers("noop_build_seconds").count
            lines.append("| No-op `swift build` of Examples/PluginExample (after a full build), median of \(count) | \(String(format: "%.2f s", seconds)) |")
        } else if let skipped = generator.values["noop_build_skipped"] {
            lines.append("| No-op `swift build` of Examples/PluginExample | \(skipped) |")
        }
        if let raw = generator.values["generator_wall_seconds"] {
            lines.append("")
            lines.append("Every generator run: \(raw.split(separator: ",").map { "\($0) s" }.joined(separator: ", ")); "
                + "peak memory \(generator.numbers("generator_peak_rss_kb").map { Format.megabytes($0 * 1024) }.joined(separator: ", ")).")
            if let noOp = generator.values["noop_build_seconds"] {
                lines.append("Every no-op build: \(noOp.split(separator: ",").map { "\($0) s" }.joined(separator: ", ")).")
            }
        }
        return lines
    }

    /// Every timed run, to judge the noise.
    private var everyRunSection: [String] {
        var lines = [
            "### Every run",
            "",
            "In order, in milliseconds. Each round starts with a different implementation.",
            "",
            "| Workload | Implementation | Runs (ms) | Min | Max |",
            "|---|---|---|--:|--:|",
        ]
        for result in results where result.skipped == nil {
            for (name, durations) in zip(implementations, result.durations) where !durations.isEmpty {
                let runs = durations.map { String(format: "%.2f", Format.seconds($0) * 1000) }.joined(separator: ", ")
                lines.append("| \(result.title) | \(name) | \(runs) | \(Format.duration(durations.min()!)) | \(Format.duration(durations.max()!)) |")
            }
        }
        return lines
    }

    /// "yes", or a bold "no".
    private static func mark(_ met: Bool) -> String {
        met ? "yes" : "**no**"
    }

    /// The date as `2025-01-31 12:34 UTC`.
    static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}

extension MarkdownReport {
    /// The marker lines around the README's results section.
    static let readmeMarkers = ("<!-- BEGIN RESULTS: written by run.sh -->", "<!-- END RESULTS -->")

    /// Replaces the text between the markers of the README at `path` with ``readmeSection``.
    func updateReadme(at path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let (begin, end) = Self.readmeMarkers
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else {
            throw BenchError("\(path) has no '\(begin)' … '\(end)' section to replace")
        }
        let updated = text[..<start.upperBound] + "\n" + readmeSection + "\n" + text[stop.lowerBound...]
        try String(updated).write(toFile: path, atomically: true, encoding: .utf8)
    }
}
