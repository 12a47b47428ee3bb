import Foundation

/// Writes `text` to standard error.
func logError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Runs the benchmark as the command line asks; returns the exit status.
func main() -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--concurrency" {
        return runConcurrency(arguments.dropFirst())
    }
    if arguments.first == "--search" {
        do {
            print(try SearchBenchmark.run(arguments.dropFirst()), terminator: "")
            return 0
        } catch {
            logError("daogen-bench: error: \(error)")
            return 1
        }
    }
    if arguments.first == "--relations" {
        do {
            print(try RelationsBenchmark.run(arguments.dropFirst()), terminator: "")
            return 0
        } catch {
            logError("daogen-bench: error: \(error)")
            return 1
        }
    }
    if arguments.first == "--statement-memory" {
        return runStatementMemory(arguments.dropFirst())
    }
    let options: Options
    do {
        options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
        logError("daogen-bench: \(error)")
        return 64
    }
    if options.help {
        print(Options.usage)
        return 0
    }
    do {
        if let directory = options.syntheticSchemaDirectory {
            let schema = SyntheticSchema(tables: options.syntheticTables)
            try schema.write(to: URL(filePath: directory, directoryHint: .isDirectory))
            print("daogen-bench: wrote the \(schema.description) to \(directory)")
            return 0
        }
        try runBenchmark(options)
        return 0
    } catch {
        logError("daogen-bench: error: \(error)")
        return 1
    }
}

/// Runs the workloads and writes the reports the options ask for.
func runBenchmark(_ options: Options) throws {
    #if DEBUG
    if !options.smoke {
        logError("daogen-bench: warning: this is a debug build; measure with `swift build -c release` (run.sh)")
    }
    #endif
    Allocator.configure()
    var machine = MachineInfo.current()
    let allImplementations: [any Implementation] = [
        RawSQLiteImplementation(), DAOGenImplementation(), GRDBCodableImplementation(), GRDBRecordImplementation(),
        GRDBTunedImplementation(),
    ]
    let implementations = allImplementations.enumerated()
        .filter { options.implementations?.contains($0.offset + 1) ?? true }
        .map(\.element)
    let sizes = options.sizes
    let allWorkloads: [any Workload] = [
        InsertWorkload(count: sizes.insertRows),
        FetchWideWorkload(count: sizes.tableRows),
        FetchOrdersWorkload(source: options.northwind),
        FindByKeyWorkload(count: sizes.findKeys, tableRows: sizes.tableRows),
        UpdateWorkload(count: sizes.updateRows, tableRows: sizes.tableRows),
        JoinWorkload(books: sizes.joinBooks, authors: sizes.joinAuthors),
        FilterWorkload(count: sizes.filterQueries, products: sizes.filterProducts, categories: sizes.filterCategories),
    ]
    let workloads = allWorkloads.filter { options.workloads?.contains($0.identifier) ?? true }
    let generator = try options.generatorResults.map(GeneratorResults.init(path:))

    let runner = Runner(implementations: implementations, runs: options.runs, warmUp: options.warmUp, log: logError)
    let scratch = try Scratch()
    let results = try runner.run(workloads, in: scratch)
    machine.loadAtEnd = MachineInfo.loadAverage()

    let report = MarkdownReport(
        results: results, implementations: implementations.map(\.name), options: options, machine: machine,
        generator: generator, date: Date(), scratchDirectory: scratch.directory.path(percentEncoded: false))
    print(report.summary, terminator: "")
    if let output = options.output {
        try report.document.write(toFile: output, atomically: true, encoding: .utf8)
        logError("daogen-bench: wrote \(output)")
    }
    if let svg = options.svg {
        try SVGChart(report: report).svg.write(toFile: svg, atomically: true, encoding: .utf8)
        logError("daogen-bench: wrote \(svg)")
    }
    if let readme = options.readme {
        try report.updateReadme(at: readme)
        logError("daogen-bench: updated the results section of \(readme)")
    }
}

/// `--concurrency [--rows N] [--runs N] [--output PATH]`: the pool, async and observation figures.
func runConcurrency(_ arguments: ArraySlice<String>) -> Int32 {
    var rows = 200_000, runs = 5
    var output: String?
    var rest = arguments
    while let option = rest.popFirst() {
        switch option {
        case "--rows": rows = Int(rest.popFirst() ?? "") ?? rows
        case "--runs": runs = Int(rest.popFirst() ?? "") ?? runs
        case "--output": output = rest.popFirst()
        default:
            logError("daogen-bench: unknown option \(option)")
            return 64
        }
    }
    let result = LockedResult()
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            result.set(.success(try await ConcurrencyBenchmark.run(rows: rows, runs: runs)))
        } catch {
            result.set(.failure(error))
        }
        done.signal()
    }
    done.wait()
    switch result.get() {
    case .success(let markdown)?:
        print(markdown, terminator: "")
        if let output {
            do { try markdown.write(toFile: output, atomically: true, encoding: .utf8) } catch {
                logError("daogen-bench: error: \(error)")
                return 1
            }
        }
        return 0
    case .failure(let error)?:
        logError("daogen-bench: error: \(error)")
        return 1
    case .none:
        return 1
    }
}

/// `--statement-memory [--first N] [--more N] [--capacity N] [--output PATH]`: the memory of
/// statements of many distinct texts.
func runStatementMemory(_ arguments: ArraySlice<String>) -> Int32 {
    var first = 10_000, more = 100_000
    var capacity: Int?
    var output: String?
    var rest = arguments
    while let option = rest.popFirst() {
        switch option {
        case "--first": first = Int(rest.popFirst() ?? "") ?? first
        case "--more": more = Int(rest.popFirst() ?? "") ?? more
        case "--capacity": capacity = Int(rest.popFirst() ?? "")
        case "--output": output = rest.popFirst()
        default:
            logError("daogen-bench: unknown option \(option)")
            return 64
        }
    }
    do {
        let markdown = try StatementMemoryBenchmark.run(first: first, more: more, capacity: capacity)
        print(markdown, terminator: "")
        if let output { try markdown.write(toFile: output, atomically: true, encoding: .utf8) }
        return 0
    } catch {
        logError("daogen-bench: error: \(error)")
        return 1
    }
}

/// The outcome of the concurrency benchmark, handed from its task to the main thread.
final class LockedResult: @unchecked Sendable {  // `value` is guarded by `lock`
    private let lock = NSLock()
    private var value: Result<String, any Error>?

    func set(_ result: Result<String, any Error>) { lock.withLock { value = result } }
    func get() -> Result<String, any Error>? { lock.withLock { value } }
}

exit(main())
