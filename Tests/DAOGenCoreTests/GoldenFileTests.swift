import Foundation
import Testing

@testable import _DAOGenCore

/// The generated code of every example and fixture schema, compared byte for byte with the files checked in
/// under Tests/Generated (which the consumer tests compile and run). `Scripts/record-golden-files.sh` re-records them.
@Suite struct GoldenFileTests {
    /// A schema directory (relative to the package root), the golden directory of its code, and the
    /// schema version the code is generated for (nil: the latest).
    struct Case: Sendable, CustomTestStringConvertible {
        var schema: String
        var golden: String
        var version: Int?
        var testDescription: String { golden }
    }

    /// One case per fixture of Package.swift's `generatedFixtures`: `Name` is the code of Schemas/Name
    /// (or Tests/Schemas/Name) at its latest version, `NameVk` at version k.
    static let cases: [Case] = generatedFixtures().map { fixture in
        let digits = fixture.reversed().prefix { $0.isNumber }.count
        let isOld = digits > 0 && fixture.dropLast(digits).hasSuffix("V")
        let base = isOld ? String(fixture.dropLast(digits + 1)) : fixture
        let schema = FileManager.default.fileExists(atPath: packageRoot.appending(path: "Schemas/\(base)").path(percentEncoded: false))
            ? "Schemas/\(base)" : "Tests/Schemas/\(base)"
        return Case(schema: schema, golden: "Tests/Generated/\(fixture)", version: isOld ? Int(fixture.suffix(digits)) : nil)
    }

    /// The names in the `generatedFixtures` list of Package.swift.
    static func generatedFixtures() -> [String] {
        let manifest = (try? String(contentsOf: packageRoot.appending(path: "Package.swift"), encoding: .utf8)) ?? ""
        guard let start = manifest.range(of: "let generatedFixtures = ["),
              let end = manifest[start.upperBound...].range(of: "\n]")
        else { return [] }
        return manifest[start.upperBound..<end.lowerBound].split(separator: "\n")
            .map { line -> Substring in  // comments out
                guard let comment = line.range(of: "//") else { return line }
                return line[..<comment.lowerBound]
            }
            .flatMap { $0.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) } }
    }

    @Test func theFixtureListIsRead() {
        #expect(Self.cases.count >= 15)
        #expect(Self.cases.contains { $0.golden == "Tests/Generated/EvolutionV2" && $0.schema == "Schemas/Evolution" && $0.version == 2 })
        #expect(Self.cases.contains { $0.golden == "Tests/Generated/Trust" && $0.schema == "Tests/Schemas/Trust" && $0.version == nil })
    }

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
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: golden.path(percentEncoded: false))
            .filter { $0.hasSuffix(".swift") }
            .sorted()
        #expect(onDisk == generated.map(\.name).sorted(), "golden files of \(schema); re-record with Scripts/record-golden-files.sh")
        for file in generated {
            let expected = try String(contentsOf: golden.appending(path: file.name), encoding: .utf8)
            #expect(file.contents == expected, "\(file.name) of \(schema) differs; re-record with Scripts/record-golden-files.sh and review the diff")
        }
    }

    @Test func generationIsDeterministic() throws {
        let directory = packageRoot.appending(path: "Schemas/Library")
        let first = try GeneratorCommands(source: SchemaSource(directory: directory, displayPath: "Schemas/Library")).generate().files
        let second = try GeneratorCommands(source: SchemaSource(directory: directory, displayPath: "Schemas/Library")).generate().files
        #expect(first == second)
    }
}
