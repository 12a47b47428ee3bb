import _DAOGenCore
import Foundation
import Seeded
import TestSupport

/// One history that did not pass, with what it takes to reproduce it.
struct HistoryFailure: CustomStringConvertible {
    var number: Int
    var seed: UInt64
    var schema: URL
    /// `rejected`, `compile`, `warning`, `run` or `timeout`.
    var stage: String
    var detail: String

    var description: String {
        let detailShown = detail.count > 4000 ? String(detail.prefix(4000)) + "\n..." : detail
        return "history \(number) (seed \(seed)) failed at \(stage); schema: \(schema.path(percentEncoded: false))\n\(detailShown)"
    }
}

/// The end-to-end property over many random histories: each loads and renders; its code at a random older
/// version creates a file holding adversarial rows; the latest code migrates it; every row survives.
struct GenerativeRun {
    var seed: UInt64
    var count: Int
    var batchSize: Int
    var log: (String) -> Void = { print($0) }

    struct Report {
        var tried = 0
        var passed = 0
        var failures: [HistoryFailure] = []
    }

    /// Where the schema directories of a run are kept (failing ones are left for inspection).
    var workDirectory: URL {
        BatchPackage(name: "generative").home.appending(path: "histories-\(seed)", directoryHint: .isDirectory)
    }

    func run() throws -> Report {
        var report = Report()
        let package = BatchPackage(name: "generative")
        try package.locked {
            try? FileManager.default.removeItem(at: workDirectory)
            for start in stride(from: 0, to: count, by: batchSize) {
                let numbers = Array(start..<min(count, start + batchSize))
                try runBatch(numbers, package: package, report: &report)
                log("generative: \(report.tried) histories tried, \(report.passed) passed, \(report.failures.count) failed")
            }
        }
        return report
    }

    private struct Prepared {
        var number: Int
        var history: SchemaHistory
        var schema: URL
        var old: Int
        var modules: [String: [String: String]]
        var driver: String
    }

    private func runBatch(_ numbers: [Int], package: BatchPackage, report: inout Report) throws {
        var prepared: [Int: Prepared] = [:]
        for number in numbers {
            report.tried += 1
            let historySeed = SeededRandom.derive(seed, number)
            var generator = HistoryGenerator(seed: historySeed)
            let history = generator.make()
            let schema = workDirectory.appending(path: "h\(number)", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
            for (name, text) in HistoryWriter.files(history) {
                try Data(text.utf8).write(to: schema.appending(path: name))
            }
            var choice = SeededRandom(seed: historySeed ^ 0x5EED)
            let old = history.version > 1 ? choice.int(1...(history.version - 1)) : 1
            do {
                let loaded = try Generator.load(directory: schema, displayPath: schema.path(percentEncoded: false))
                let renderer = try loaded.renderer()
                let latestFiles = try Generator.render(loaded, renderer: renderer)
                let oldFiles = try Generator.render(Generator.asOf(loaded, version: old), renderer: renderer)
                let driver = DriverWriter(history: history, number: number, old: old)
                prepared[number] = Prepared(
                    number: number, history: history, schema: schema, old: old,
                    modules: [driver.latestModule: Self.byName(latestFiles), driver.oldModule: Self.byName(oldFiles)], driver: driver.source())
            } catch {
                report.failures.append(HistoryFailure(number: number, seed: historySeed, schema: schema, stage: "rejected", detail: "\(error)"))
            }
        }
        // Build; drop the histories whose code fails to compile, and build again.
        var rounds = 0
        while !prepared.isEmpty {
            rounds += 1
            var modules: [String: [String: String]] = [:]
            var runnerFiles: [String: String] = [:]
            for item in prepared.values {
                modules.merge(item.modules) { first, _ in first }
                runnerFiles["H\(item.number).swift"] = item.driver
            }
            runnerFiles["Support.swift"] = Self.runnerSupport
            runnerFiles["main.swift"] = Self.runnerMain(prepared.keys.sorted())
            try package.write(modules: modules, runnerFiles: runnerFiles, runnerModules: modules.keys.sorted())
            let started = Date()
            let (succeeded, output) = try package.build()
            log("generative: built \(prepared.count) histories (\(modules.count + 1) modules) in \(Int(Date().timeIntervalSince(started))) s")
            let warnings = BatchPackage.culprits(in: output, severity: "warning")
            for (module, lines) in warnings {
                guard let number = Self.historyNumber(module), let item = prepared[number] else { continue }
                report.failures.append(HistoryFailure(
                    number: number, seed: item.history.seed, schema: item.schema, stage: "warning",
                    detail: Self.unique(lines).joined(separator: "\n")))
            }
            if succeeded { break }
            let errors = BatchPackage.culprits(in: output, severity: "error")
            let failing = Set(errors.keys.compactMap(Self.historyNumber)).intersection(prepared.keys)
            if failing.isEmpty || rounds > 4 {
                throw GenerativeError(message: "the batch package failed to build for no history in particular:\n\(output.suffix(6000))")
            }
            for number in failing {
                let item = prepared.removeValue(forKey: number)!
                let lines = errors.filter { Self.historyNumber($0.key) == number }.flatMap(\.value)
                report.failures.append(HistoryFailure(
                    number: number, seed: item.history.seed, schema: item.schema, stage: "compile",
                    detail: Self.unique(lines).prefix(20).joined(separator: "\n")))
            }
        }
        for item in prepared.values.sorted(by: { $0.number < $1.number }) {
            let file = item.schema.appending(path: "test.sqlite").path(percentEncoded: false)
            try? FileManager.default.removeItem(atPath: file)
            let result = try ChildProcess(package.runner, ["\(item.number)", file], timeout: 120).blockingResult()
            if result.timedOut {
                report.failures.append(HistoryFailure(number: item.number, seed: item.history.seed, schema: item.schema, stage: "timeout", detail: result.output))
            } else if result.status != 0 || !result.output.contains("VERDICT OK") {
                report.failures.append(HistoryFailure(
                    number: item.number, seed: item.history.seed, schema: item.schema, stage: "run",
                    detail: "version \(item.old) -> \(item.history.version), exit status \(result.status)\n" + result.output))
            } else {
                report.passed += 1
                try? FileManager.default.removeItem(at: item.schema)
            }
        }
    }

    /// The lines without repeats, in their first order (a build prints each diagnostic several times).
    static func unique(_ lines: [String]) -> [String] {
        var seen: Set<String> = []
        return lines.filter { seen.insert($0).inserted }
    }

    static func byName(_ files: [GeneratedFile]) -> [String: String] {
        Dictionary(files.map { ($0.name, $0.contents) }) { first, _ in first }
    }

    static func historyNumber(_ module: String) -> Int? {
        var text = Substring(module)
        guard let first = text.first, first == "G" || first == "H" else { return nil }
        text = text.dropFirst()
        return Int(text.prefix { $0.isNumber })
    }

    static let runnerSupport = """
        import DAOGenRuntime

        /// Rows as comparable text, in a fixed order.
        func canonical(_ rows: [[DatabaseValue]]) -> [String] {
            rows.map { $0.map(\\.description).joined(separator: " | ") }.sorted()
        }

        """

    static func runnerMain(_ numbers: [Int]) -> String {
        """
        import Foundation

        let runs: [Int: (String) throws -> [String]] = [
        \(numbers.map { "    \($0): runHistory\($0)," }.joined(separator: "\n"))
        ]
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let number = Int(arguments[1]), let body = runs[number] else {
            print("usage: GenRunner <history> <file>")
            exit(2)
        }
        do {
            let problems = try body(arguments[2])
            for problem in problems { print("PROBLEM \\(problem)") }
            print(problems.isEmpty ? "VERDICT OK" : "VERDICT FAIL")
            exit(problems.isEmpty ? 0 : 1)
        } catch {
            print("ERROR \\(error)")
            print("VERDICT FAIL")
            exit(1)
        }

        """
    }
}

struct GenerativeError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
