@testable import _DAOGenCore
import Foundation
import Testing

/// Issue 21, item 5, as a family: every reserved name, keyword and ill-formed name, through every name
/// slot, either fails with a located error or generates code that compiles beside app code naming the
/// types of Swift, Foundation and DAOGenRuntime unqualified. `DAOGEN_NAMES_RANDOM` sets how many random
/// names join the fixed ones, `DAOGEN_NAMES_SAMPLE` how many generations are compiled (0: none).
@Suite(.serialized) struct NameSlotTests {
    @Test func everyNameInEverySlotIsALocatedErrorOrCompiles() async throws {
        try await onOwnThread { issues in
            let seed = UInt64(environmentInteger("DAOGEN_NAMES_SEED") ?? 21)
            let names = NameSlot.names(seed: seed, count: environmentInteger("DAOGEN_NAMES_RANDOM") ?? 60)
            let sampleSize = environmentInteger("DAOGEN_NAMES_SAMPLE") ?? 24
            let work = FileManager.default.temporaryDirectory.appending(path: "daogen-names-\(UUID().uuidString)", directoryHint: .isDirectory)
            defer { try? FileManager.default.removeItem(at: work) }
            var generated: [(label: String, files: [GeneratedFile])] = []
            var counts: [String: Int] = [:]
            for slot in NameSlot.allCases {
                for (index, name) in names.enumerated() {
                    let directory = work.appending(path: "\(slot.rawValue)-\(index)", directoryHint: .isDirectory)
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                    for (file, text) in slot.schema(with: name) {
                        try Data(text.utf8).write(to: directory.appending(path: file))
                    }
                    let label = "\(slot.rawValue) \(DriverWriter.swiftString(name))"
                    do throws(DiagnosticsError) {
                        let loaded = try Generator.load(directory: directory, displayPath: "S")
                        generated.append((label, try Generator.render(loaded, renderer: try loaded.renderer())))
                        counts["generated", default: 0] += 1
                    } catch {
                        let errors = error.diagnostics.filter { $0.severity == .error }
                        if errors.isEmpty || errors.contains(where: { $0.location == nil }) {
                            issues.record("\(label): an error without a location: \(error.diagnostics.map(\.description))")
                        }
                        counts["rejected", default: 0] += 1
                    }
                    try? FileManager.default.removeItem(at: directory)
                }
            }
            print("names: \(names.count) names x \(NameSlot.allCases.count) slots: \(counts.sorted { $0.key < $1.key })")
            if counts["generated", default: 0] == 0 { issues.record("no name generated") }
            guard sampleSize > 0, !generated.isEmpty else { return }
            // An even spread over the slots and the names.
            let stride = max(1, generated.count / sampleSize)
            let sample = Swift.stride(from: 0, to: generated.count, by: stride).prefix(sampleSize).map { generated[$0] }
            var modules: [String: [String: String]] = [:]
            var labels: [String: String] = [:]
            for (index, generation) in sample.enumerated() {
                var files = Dictionary(uniqueKeysWithValues: generation.files.map { ($0.name, $0.contents) })
                files["AppCode.swift"] = appCodeUsingReservedNames
                modules["N\(index)"] = files
                labels["N\(index)"] = generation.label
            }
            let package = BatchPackage(name: "names")
            let (failures, output) = try package.locked { () -> ([String: [String]], String) in
                try package.write(modules: modules, runnerFiles: [:], runnerModules: [])
                let (succeeded, output) = try package.build()
                return (succeeded ? [:] : BatchPackage.culprits(in: output, severity: "error"), succeeded ? "" : output)
            }
            print("names: compiled \(modules.count) generations, \(failures.count) failed")
            for (module, lines) in failures.sorted(by: { $0.key < $1.key }) {
                issues.record("\(labels[module] ?? module) does not compile:\n\(lines.prefix(6).joined(separator: "\n"))")
            }
            if !output.isEmpty && failures.isEmpty {
                issues.record("the names package failed to build:\n\(output.suffix(4000))")
            }
        }
    }
}
