import _DAOGenCore
import Foundation
import Seeded

/// The fuzzer of issue 8: mutants of the example and fixture schemas through the generator, in process,
/// one at a time on a worker thread with a time limit. Results are appended to `results.tsv` in the output
/// directory, one line a mutant (`index`, `class`, `detail`), and `current` names the mutant being run, so
/// `Scripts/fuzz-schemas.sh` can restart after a crash or a hang and count everything at the end.
struct FuzzRun {
    var seed: UInt64
    var start: Int
    var count: Int
    var output: URL
    /// Exit the process after a hang (a supervising script restarts after it), instead of leaving the thread.
    var exitOnHang: Bool
    /// Every `sampleStride`th mutant that generates keeps its code for the compile sample.
    var sampleStride: Int
    /// How long a mutant may take before it counts as a hang. It ends a hang and nothing else: mutant 86 of
    /// the CI sample (a 100 KB type name) takes 2 s in a debug build on a quiet machine, and took more than
    /// 5 s (the limit until 2026-11-29) beside the rest of `swift test` on a busy one.
    var timeout: Double = 60

    static let hangExitStatus: Int32 = 75

    /// The schema directories mutants start from: name -> (file name -> text).
    static func sources() throws -> [(String, [String: String])] {
        var result: [(String, [String: String])] = []
        for parent in ["Schemas", "Tests/Schemas"] {
            let folder = packageRoot.appending(path: parent, directoryHint: .isDirectory)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false)).sorted() {
                let directory = folder.appending(path: name, directoryHint: .isDirectory)
                var files: [String: String] = [:]
                for file in (try? FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))) ?? []
                where file.hasSuffix(".yaml") || file.hasSuffix(".yml") {
                    files[file] = try String(contentsOf: directory.appending(path: file), encoding: .utf8)
                }
                if !files.isEmpty { result.append(("\(parent)/\(name)", files)) }
            }
        }
        return result
    }

    /// What the worker thread found; written by it before it signals, read after the wait.
    final class Outcome: @unchecked Sendable {
        var files: [GeneratedFile]?
        var diagnostics: [Diagnostic] = []
        var needsAppTypes = false
        /// How a statement of the generated schema escaped its slot, when one did.
        var escape: String?
    }

    /// Standard Codable types (and the words of their spelled-out generics) a JSON column's type may be made of
    /// and still compile without the app's own types.
    static let standardCodableTypes: Set<String> = [
        "String", "Int", "Int64", "Int32", "Int16", "Int8", "UInt8", "Double", "Float", "Bool", "Data", "Date", "URL", "UUID",
        "Decimal", "Array", "Dictionary", "Set", "Swift", "Foundation",
    ]

    /// The file SQL payloads of mutants try to create; generating must never create it.
    var canary: URL { output.appending(path: "canary/created-by-a-schema.sqlite") }

    /// Runs the mutants `start..<start+count`; returns the class counts of this process's part.
    func run() throws -> [String: Int] {
        let sources = try Self.sources()
        // The canary's folder exists, so that nothing but daogen's refusal stops a payload from creating it.
        try FileManager.default.createDirectory(at: canary.deletingLastPathComponent(), withIntermediateDirectories: true)
        let results = output.appending(path: "results.tsv")
        if !FileManager.default.fileExists(atPath: results.path(percentEncoded: false)) {
            _ = FileManager.default.createFile(atPath: results.path(percentEncoded: false), contents: nil)
        }
        let journal = try FileHandle(forWritingTo: results)
        defer { try? journal.close() }
        try journal.seekToEnd()
        var counts: [String: Int] = [:]
        for index in start..<(start + count) {
            var random = SeededRandom(seed: SeededRandom.derive(seed, index))
            let (sourceName, files) = random.pick(sources)
            var mutator = SchemaMutator(random: random, canary: canary.path(percentEncoded: false))
            let mutant = mutator.mutate(files)
            let directory = output.appending(path: "mutants/m\(index)", directoryHint: .isDirectory)
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, text) in mutant {
                try Data(text.utf8).write(to: directory.appending(path: name))
            }
            try Data("\(index)\n".utf8).write(to: output.appending(path: "current"))
            let (kind, detail) = evaluate(directory, index: index)
            counts[kind, default: 0] += 1
            let shown = detail.count > 600 ? String(detail.prefix(300)) + " ... " + String(detail.suffix(200)) : detail
            let line = "\(index)\t\(kind)\t\(sourceName): \(shown)"
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
            try journal.write(contentsOf: Data((line + "\n").utf8))
            if kind == "generated" || kind == "rejected" {
                try? FileManager.default.removeItem(at: directory)
            }
            if kind == "hang", exitOnHang {
                try journal.synchronize()
                exit(Self.hangExitStatus)
            }
        }
        return counts
    }

    /// Loads and renders one mutant on a worker thread; its class and a detail.
    func evaluate(_ directory: URL, index: Int) -> (String, String) {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let path = directory.path(percentEncoded: false)
        let thread = Thread {
            do {
                let loaded = try Generator.load(directory: directory, displayPath: path)
                let renderer = try loaded.renderer()
                outcome.files = try Generator.render(loaded, renderer: renderer)
                outcome.escape = SlotCheck.problem(loaded)
                // A `swift:` type that is not one daogen knows is the app's to declare: code using one
                // cannot compile on its own, so it stays out of the compiled sample.
                outcome.needsAppTypes = loaded.schema.tables.flatMap(\.columns).contains { column in
                    switch column.swiftType {
                    case let .custom(name): return name != "DatabaseValue"
                    // A JSON column's type compiles alone when it is made of standard Codable types only.
                    case let .json(name):
                        return name.split { !($0.isLetter || $0.isNumber || $0 == "_") }.contains { !Self.standardCodableTypes.contains(String($0)) }
                    default: return false
                    }
                }
            } catch let error as DiagnosticsError {
                outcome.diagnostics = error.diagnostics
            } catch {
                outcome.diagnostics = [Diagnostic(.error, "not a DiagnosticsError: \(error)", at: nil)]
            }
            done.signal()
        }
        thread.stackSize = 16 << 20
        thread.start()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            return ("hang", "no answer within \(Int(timeout)) s: \(path)")
        }
        if FileManager.default.fileExists(atPath: canary.path(percentEncoded: false)) {
            try? FileManager.default.removeItem(at: canary)
            return ("file-created", "generating created \(canary.path(percentEncoded: false)): \(path)")
        }
        if let escape = outcome.escape {
            return ("escaped", "\(escape): \(path)")
        }
        if let files = outcome.files {
            if index % sampleStride == 0, !outcome.needsAppTypes {
                let kept = output.appending(path: "generated/F\(index)", directoryHint: .isDirectory)
                try? FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
                for file in files {
                    try? Data(file.contents.utf8).write(to: kept.appending(path: file.name))
                }
            }
            return ("generated", "\(files.count) files")
        }
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        if errors.isEmpty {
            return ("unlocated", "generation failed without an error: \(outcome.diagnostics): \(path)")
        }
        if let unlocated = errors.first(where: { $0.location == nil }) {
            return ("unlocated", "\(unlocated.description): \(path)")
        }
        if let multiline = errors.first(where: { $0.description.contains("\n") || $0.description.contains("\r") }) {
            return ("multiline", "\(multiline.description): \(path)")
        }
        return ("rejected", errors[0].description.replacingOccurrences(of: path, with: "<mutant>"))
    }

    /// Compiles up to `limit` kept generations in one package; the modules that failed, with their errors.
    func compileSample(limit: Int) throws -> (compiled: Int, failures: [String: [String]], warnings: [String: [String]]) {
        let folder = output.appending(path: "generated", directoryHint: .isDirectory)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))) ?? [])
            .sorted { Int($0.dropFirst()) ?? 0 < Int($1.dropFirst()) ?? 0 }
            .prefix(limit)
        var modules: [String: [String: String]] = [:]
        for name in names {
            let directory = folder.appending(path: name, directoryHint: .isDirectory)
            var files: [String: String] = [:]
            for file in try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false)) {
                files[file] = try String(contentsOf: directory.appending(path: file), encoding: .utf8)
            }
            modules[name] = files
        }
        guard !modules.isEmpty else { return (0, [:], [:]) }
        let package = BatchPackage(name: "generative")
        return try package.locked {
            var failures: [String: [String]] = [:]
            var warnings: [String: [String]] = [:]
            var remaining = modules
            for _ in 0..<5 {
                try package.write(modules: remaining, runnerFiles: [:], runnerModules: [])
                let (succeeded, output) = try package.build()
                warnings.merge(BatchPackage.culprits(in: output, severity: "warning").filter { remaining[$0.key] != nil }) { $0 + $1 }
                if succeeded { break }
                let errors = BatchPackage.culprits(in: output, severity: "error").filter { remaining[$0.key] != nil }
                if errors.isEmpty { throw GenerativeError(message: "the sample package failed to build:\n\(output.suffix(6000))") }
                for (module, lines) in errors {
                    failures[module] = lines
                    remaining[module] = nil
                }
                if remaining.isEmpty { break }
            }
            return (modules.count, failures, warnings)
        }
    }
}
