import Foundation
import _DAOGenCore
import Testing

/// Mutated schema directories never crash or hang the generator, every error names its place, and code
/// that generates compiles. CI runs a couple of hundred mutants and compiles a few; the full run of issue 8
/// (10,000 mutants, a sample of 200 compiled) is `Scripts/fuzz-schemas.sh`.
@Suite(.serialized) struct FuzzTests {
    @Test func mutatedSchemasFailCleanly() async throws {
        try await onOwnThread { issues in
            let environment = ProcessInfo.processInfo.environment
            let seed = UInt64(environmentInteger("DAOGEN_FUZZ_SEED") ?? 8)
            let start = environmentInteger("DAOGEN_FUZZ_START") ?? 0
            let count = environmentInteger("DAOGEN_FUZZ_MUTANTS") ?? 200
            let sample = environmentInteger("DAOGEN_FUZZ_SAMPLE") ?? 6
            let phase = environment["DAOGEN_FUZZ_PHASE"] ?? "all"
            let chosenOutput = environment["DAOGEN_FUZZ_OUT"].map { URL(filePath: $0) }
            let output = chosenOutput ?? FileManager.default.temporaryDirectory.appending(path: "daogen-fuzz-\(seed)-\(UUID().uuidString)")
            // A run's own folder goes when it found nothing; one with failures stays, as they name files in it.
            defer { if chosenOutput == nil, issues.comments.isEmpty { try? FileManager.default.removeItem(at: output) } }
            let run = FuzzRun(
                seed: seed, start: start, count: count, output: output, exitOnHang: environment["DAOGEN_FUZZ_SUPERVISED"] == "1",
                sampleStride: environmentInteger("DAOGEN_FUZZ_STRIDE") ?? 1)
            if phase != "compile" {
                let counts = try run.run()
                print("fuzz: mutants \(start)..<\(start + count): \(counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
                let lines = try String(contentsOf: output.appending(path: "results.tsv"), encoding: .utf8).split(separator: "\n")
                for line in lines {
                    let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
                    guard fields.count == 3, let index = Int(fields[0]), (start..<(start + count)).contains(index) else { continue }
                    switch fields[1] {
                    case "generated", "rejected":
                        break
                    case "multiline":
                        issues.record("mutant \(index): a diagnostic of several lines: \(fields[2])")
                    default:
                        issues.record("mutant \(index): \(fields[1]): \(fields[2])")
                    }
                }
            }
            if phase != "mutate", sample > 0 {
                let (compiled, failures, warnings) = try run.compileSample(limit: sample)
                print("fuzz: compiled a sample of \(compiled) generations: \(failures.count) failed, \(warnings.count) with warnings")
                for (module, lines) in failures.sorted(by: { $0.key < $1.key }) {
                    let text = lines.prefix(10).joined(separator: "\n")
                    issues.record("mutant \(module.dropFirst()) (\(output.path(percentEncoded: false))/generated/\(module)) does not compile:\n\(text)")
                }
                for (module, lines) in warnings.sorted(by: { $0.key < $1.key }) {
                    issues.record("mutant \(module.dropFirst()) compiles with warnings:\n\(lines.prefix(10).joined(separator: "\n"))")
                }
            }
        }
    }
}

/// The fuzzer's check that statements keep to their slots finds escapes when there are some: a step
/// that holds a second statement, one that attaches a file, one that adds an undeclared object.
@Suite struct SlotCheckTests {
    @Test func findsEveryKindOfEscape() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "daogen-slot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("version: 2\n".utf8).write(to: directory.appending(path: "daogen.yaml"))
        try Data("tables:\n  - name: t\n    columns:\n      - name: id\n        type: INTEGER\n        primaryKey: true\n".utf8)
            .write(to: directory.appending(path: "t.yaml"))
        let loaded = try Generator.load(directory: directory, displayPath: "S")
        #expect(SlotCheck.problem(loaded) == nil)
        let target = directory.appending(path: "attached.sqlite").path(percentEncoded: false)
        for (sql, expected) in [
            ("UPDATE t SET id = id; CREATE TABLE pwn (z)", "holds more than one statement"),
            ("ATTACH '\(target)' AS pwn", "it tried to attach"),
            ("CREATE TABLE pwn (z)", "beyond the schema"),
        ] {
            var escaped = loaded
            escaped.plan[2, default: []].append(MigrationStep(kind: .data, statements: [sql], summary: "smuggled"))
            let problem = SlotCheck.problem(escaped)
            #expect(problem?.contains(expected) == true, "\(sql): \(problem ?? "no problem found")")
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
