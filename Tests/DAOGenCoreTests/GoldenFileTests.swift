import Foundation
import Testing

@testable import _DAOGenCore

/// The generated code of every example and fixture schema, compared byte for byte with the files checked in
/// under Tests/Generated (which the consumer tests compile and run). `DAOGEN_RECORD=1 swift test` re-records them.
@Suite struct GoldenFileTests {
    /// A schema directory (relative to the package root), the golden directory of its code, and the
    /// schema version the code is generated for (nil: the latest).
    struct Case: Sendable, CustomTestStringConvertible {
        var schema: String
        var golden: String
        var version: Int?
        var testDescription: String { golden }
    }

    static let cases: [Case] = [
        Case(schema: "Schemas/Library", golden: "Tests/Generated/Library"),
        Case(schema: "Schemas/Library", golden: "Tests/Generated/LibraryV1", version: 1),
        Case(schema: "Schemas/Notes", golden: "Tests/Generated/Notes"),
        Case(schema: "Schemas/Roster", golden: "Tests/Generated/Roster"),
        Case(schema: "Schemas/NewsCache", golden: "Tests/Generated/NewsCache"),
        Case(schema: "Schemas/TestTable", golden: "Tests/Generated/TestTable"),
        Case(schema: "Schemas/Evolution", golden: "Tests/Generated/Evolution"),
        Case(schema: "Schemas/Evolution", golden: "Tests/Generated/EvolutionV1", version: 1),
        Case(schema: "Schemas/Evolution", golden: "Tests/Generated/EvolutionV2", version: 2),
        Case(schema: "Schemas/MigrationTest", golden: "Tests/Generated/MigrationTest"),
        Case(schema: "Schemas/MigrationTest", golden: "Tests/Generated/MigrationTestV1", version: 1),
        Case(schema: "Tests/Schemas/EdgeCases", golden: "Tests/Generated/EdgeCases"),
        Case(schema: "Tests/Schemas/EpochDates", golden: "Tests/Generated/EpochDates"),
        Case(schema: "Tests/Schemas/Trust", golden: "Tests/Generated/Trust"),
        Case(schema: "Tests/Schemas/Trust", golden: "Tests/Generated/TrustV1", version: 1),
    ]

    @Test func everySchemaDirectoryHasAGoldenCase() throws {
        let schemas = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appending(path: "Schemas").path(percentEncoded: false))
            .filter { !$0.hasPrefix(".") }
            .map { "Schemas/\($0)" }
        #expect(Set(schemas).isSubset(of: Set(Self.cases.map(\.schema))))
    }

    @Test(arguments: cases)
    func generatedCodeMatchesGoldenFiles(_ testCase: Case) throws {
        let schema = testCase.schema
        let golden = packageRoot.appending(path: testCase.golden, directoryHint: .isDirectory)
        var loaded = try Generator.load(directory: packageRoot.appending(path: schema), displayPath: schema)
        if let version = testCase.version {
            loaded = Generator.asOf(loaded, version: version)
        }
        // The built-in templates lay out the final text: normalization has nothing to trim or fold.
        var renderer = try TemplateRenderer()
        renderer.requiresNormalizedOutput = true
        let generated = try Generator.render(loaded, renderer: renderer)
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
        let first = try GeneratorPipeline(source: SchemaSource(directory: directory, displayPath: "Schemas/Library")).generate().files
        let second = try GeneratorPipeline(source: SchemaSource(directory: directory, displayPath: "Schemas/Library")).generate().files
        #expect(first == second)
    }
}
