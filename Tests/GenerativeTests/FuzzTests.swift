import Foundation
import Testing

/// Mutated schema directories never crash or hang the generator, every error names its place, and code
/// that generates compiles. CI runs a couple of hundred mutants and compiles a few; the full run of issue 8
/// (10,000 mutants, a sample of 200 compiled) is `Scripts/fuzz-schemas.sh`.
@Suite(.serialized) struct FuzzTests {
    @Test func mutatedSchemasFailCleanly() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = UInt64(environmentInteger("DAOGEN_FUZZ_SEED") ?? 8)
        let start = environmentInteger("DAOGEN_FUZZ_START") ?? 0
        let count = environmentInteger("DAOGEN_FUZZ_MUTANTS") ?? 200
        let sample = environmentInteger("DAOGEN_FUZZ_SAMPLE") ?? 6
        let phase = environment["DAOGEN_FUZZ_PHASE"] ?? "all"
        let output = environment["DAOGEN_FUZZ_OUT"].map { URL(filePath: $0) }
            ?? FileManager.default.temporaryDirectory.appending(path: "daogen-fuzz-\(seed)-\(UUID().uuidString)")
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
                    Issue.record("mutant \(index): a diagnostic of several lines: \(fields[2])")
                default:
                    Issue.record("mutant \(index): \(fields[1]): \(fields[2])")
                }
            }
        }
        if phase != "mutate", sample > 0 {
            let (compiled, failures, warnings) = try run.compileSample(limit: sample)
            print("fuzz: compiled a sample of \(compiled) generations: \(failures.count) failed, \(warnings.count) with warnings")
            for (module, lines) in failures.sorted(by: { $0.key < $1.key }) {
                let text = lines.prefix(10).joined(separator: "\n")
                Issue.record(Comment(rawValue: "mutant \(module.dropFirst()) (\(output.path(percentEncoded: false))/generated/\(module)) does not compile:\n\(text)"))
            }
            for (module, lines) in warnings.sorted(by: { $0.key < $1.key }) {
                Issue.record("mutant \(module.dropFirst()) compiles with warnings:\n\(lines.prefix(10).joined(separator: "\n"))")
            }
        }
    }
}
