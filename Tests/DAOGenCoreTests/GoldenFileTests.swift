import Foundation
import Testing

@testable import DAOGenCore

/// The generated code of every example and fixture schema, compared byte for byte with the files checked in
/// under Tests/Generated (which the consumer tests compile and run). `DAOGEN_RECORD=1 swift test` re-records them.
@Suite struct GoldenFileTests {
    /// Schema directory (relative to the package root) -> golden directory.
    static let cases: [(schema: String, golden: String)] = [
        ("Schemas/Library", "Tests/Generated/Library"),
        ("Schemas/Notes", "Tests/Generated/Notes"),
        ("Schemas/Roster", "Tests/Generated/Roster"),
        ("Schemas/NewsCache", "Tests/Generated/NewsCache"),
        ("Schemas/TestTable", "Tests/Generated/TestTable"),
        ("Tests/Schemas/EdgeCases", "Tests/Generated/EdgeCases"),
        ("Tests/Schemas/EpochDates", "Tests/Generated/EpochDates"),
    ]

    @Test func everySchemaDirectoryHasAGoldenCase() throws {
        let schemas = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appending(path: "Schemas").path(percentEncoded: false))
            .filter { !$0.hasPrefix(".") }
            .map { "Schemas/\($0)" }
        #expect(Set(schemas).isSubset(of: Set(Self.cases.map(\.schema))))
    }

    @Test(arguments: cases.map(\.schema))
    func generatedCodeMatchesGoldenFiles(schema: String) throws {
        let golden = packageRoot.appending(path: Self.cases.first { $0.schema == schema }!.golden, directoryHint: .isDirectory)
        let generated = try Generator.generate(directory: packageRoot.appending(path: schema), displayPath: schema).files
        if isRecording {
            _ = try OutputWriter.write(generated, to: golden)
            return
        }
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: golden.path(percentEncoded: false))
            .filter { $0.hasSuffix(".swift") }
            .sorted()
        #expect(onDisk == generated.map(\.name).sorted(), "golden files of \(schema); re-record with DAOGEN_RECORD=1")
        for file in generated {
            let expected = try String(contentsOf: golden.appending(path: file.name), encoding: .utf8)
            #expect(file.contents == expected, "\(file.name) of \(schema) differs; re-record with DAOGEN_RECORD=1 and review the diff")
        }
    }

    @Test func generationIsDeterministic() throws {
        let directory = packageRoot.appending(path: "Schemas/Library")
        let first = try Generator.generate(directory: directory, displayPath: "Schemas/Library").files
        let second = try Generator.generate(directory: directory, displayPath: "Schemas/Library").files
        #expect(first == second)
    }
}
