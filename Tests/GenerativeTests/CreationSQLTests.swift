import Foundation
import Testing

@testable import _DAOGenCore
import Seeded

/// On random schema histories (tables and columns added, dropped and renamed, changed definitions,
/// indexes, foreign keys), the statements `CreationSQL` reuses from the version before equal those
/// written afresh at every version.
@Suite struct CreationSQLTests {
    @Test func statementsEqualThoseWrittenAtEveryVersion() throws {
        let seed = UInt64(environmentInteger("DAOGEN_GENERATIVE_SEED") ?? 8)
        let directory = FileManager.default.temporaryDirectory.appending(path: "daogen-creation-\(UUID().uuidString)", directoryHint: .isDirectory)
        defer { try? FileManager.default.removeItem(at: directory) }
        var compared = 0
        for number in 0..<200 {
            var generator = HistoryGenerator(seed: SeededRandom.derive(seed, number))
            let history = generator.make()
            let schemaDirectory = directory.appending(path: "h\(number)", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: schemaDirectory, withIntermediateDirectories: true)
            for (name, text) in HistoryWriter.files(history) {
                try Data(text.utf8).write(to: schemaDirectory.appending(path: name))
            }
            let source = SchemaSource(directory: schemaDirectory, displayPath: "h\(number)")
            // A few histories are drawn with names the generator rejects (a column `self` with an enum).
            guard let planned = try? Generator.plan(Generator.resolve(Generator.parse(source), from: source)) else { continue }
            let schema = planned.resolved.schema
            for version in 1...schema.settings.version {
                #expect(
                    planned.creation.statements(at: version) == SQLWriter.creationStatements(for: schema, at: version),
                    "history \(number) of seed \(seed) at version \(version)")
                compared += 1
            }
        }
        #expect(compared > 400, "\(compared) versions compared")
    }
}
