import Foundation

/// The command line of `daogen-bench`.
struct Options {
    /// Timed runs per implementation and workload (`--runs`).
    var runs = 5
    /// Whether to run each implementation once before the timed runs (off with `--no-warm-up`).
    var warmUp = true
    /// The row counts (`--rows-scale`, `--smoke`).
    var sizes = WorkloadSizes()
    /// The scale the sizes came from, for the report.
    var scale = 1.0
    /// True with `--smoke`: a few hundred rows, one run, no warm-up; for CI, not for timing.
    var smoke = false
    /// Where to write the Markdown results document (`--output`).
    var output: String?
    /// Where to write the SVG bar chart of the ratios (`--svg`).
    var svg: String?
    /// A README whose results section is replaced (`--readme`).
    var readme: String?
    /// The generator measurements of run.sh (`--generator-results`).
    var generatorResults: String?
    /// The Northwind file (`--northwind`).
    var northwind = FetchOrdersWorkload.defaultSource
    /// The workloads to run, by identifier (`--workloads`); all by default.
    var workloads: Set<String>?
    /// The implementations to run, by number 1...5 (`--implementations`); all by default.
    var implementations: Set<Int>?
    /// With `--make-synthetic-schema DIR`: write the generator benchmark's schema there and exit.
    var syntheticSchemaDirectory: String?
    /// The number of tables of the synthetic schema (`--synthetic-tables`), 1,000 by default.
    var syntheticTables = 1_000
    /// True with `--help`.
    var help = false

    /// The usage text.
    static let usage = """
        usage: daogen-bench [options]
               daogen-bench --make-synthetic-schema DIR
               daogen-bench --statement-memory [--first N] [--more N] [--capacity N] [--output PATH]

        Measures the same work through five implementations: (1) the sqlite3 C API by hand,
        (2) daogen's generated DAOs, (3) GRDB Codable records, (4) GRDB records reading by index,
        (5) GRDB tuned: cached statements, arguments by position, rows read by index.
        Prints the results as Markdown. --statement-memory prints the resident memory after
        --first (10,000) and --more (100,000) distinct run-time SQL texts, with
        maximumCachedStatements = --capacity (default 128).

        options:
          --runs N                    timed runs per implementation and workload (default 5)
          --rows-scale X              multiply every row count by X (default 1)
          --smoke                     a few hundred rows, 1 run, no warm-up: checks that everything
                                      runs (for CI), measures nothing
          --no-warm-up                skip the untimed first run of each implementation
          --workloads LIST            comma-separated: insert,fetch,orders,find,update,
                                      join,filter (default all)
          --implementations LIST      comma-separated numbers 1-5 (default all)
          --northwind PATH            the Northwind file (default <repo>/../shared/data/northwind.sqlite)
          --output PATH               write the Markdown results document (RESULTS.md)
          --svg PATH                  write a bar chart of the ratios to (1)
          --readme PATH               replace the results section of this README
          --generator-results PATH    key=value measurements of the generator, written by run.sh
          --make-synthetic-schema DIR write the generator benchmark's schema (1,000 tables x 20
                                      columns x 3 indexes, 10 versions) and exit
          --synthetic-tables N        the synthetic schema's number of tables (a multiple of 20)
        """

    /// Parses `arguments` (without the program name).
    init(arguments: [String]) throws {
        var remaining = arguments[...]
        /// The value of the option `name`.
        func value(_ name: String) throws -> String {
            guard let value = remaining.popFirst() else { throw BenchError("\(name) needs a value") }
            return value
        }
        var scale: Double?
        while let argument = remaining.popFirst() {
            switch argument {
            case "--runs":
                guard let runs = Int(try value(argument)), runs > 0 else { throw BenchError("--runs needs a positive integer") }
                self.runs = runs
            case "--rows-scale":
                guard let value = Double(try value(argument)), value > 0 else { throw BenchError("--rows-scale needs a positive number") }
                scale = value
            case "--smoke":
                smoke = true
            case "--no-warm-up":
                warmUp = false
            case "--workloads":
                workloads = Set(try value(argument).split(separator: ",").map(String.init))
            case "--implementations":
                let numbers = try value(argument).split(separator: ",").map { Int($0) }
                guard numbers.allSatisfy({ $0.map((1...5).contains) ?? false }) else {
                    throw BenchError("--implementations takes numbers from 1 to 5")
                }
                implementations = Set(numbers.compactMap { $0 })
            case "--northwind":
                northwind = try value(argument)
            case "--output":
                output = try value(argument)
            case "--svg":
                svg = try value(argument)
            case "--readme":
                readme = try value(argument)
            case "--generator-results":
                generatorResults = try value(argument)
            case "--make-synthetic-schema":
                syntheticSchemaDirectory = try value(argument)
            case "--synthetic-tables":
                guard let tables = Int(try value(argument)), tables >= 20, tables % 20 == 0 else {
                    throw BenchError("--synthetic-tables needs a multiple of 20")
                }
                syntheticTables = tables
            case "--help", "-h":
                help = true
            default:
                throw BenchError("unknown argument '\(argument)'\n\n\(Self.usage)")
            }
        }
        if smoke {
            sizes = .smoke
            runs = 1
            warmUp = false
        } else if let scale {
            self.scale = scale
            sizes = .scaled(scale)
        }
    }
}
