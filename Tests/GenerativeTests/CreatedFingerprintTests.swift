import DAOGenRuntime
import Foundation
import Testing

@testable import _DAOGenCore

/// The fingerprint's digests of a file created at the latest version, worked out from verification's
/// parts (`CreatedFingerprint`), equal those of one whole file created by the runtime
/// (`SchemaFingerprint(creating:)`): on random schemas split into parts (AUTOINCREMENT keys among
/// them, whose `sqlite_sequence` a file has once), and on every fixture schema, verified whole (views,
/// triggers, full-text search).
@Suite struct CreatedFingerprintTests {
    /// The fingerprint of `source` from its verified parts, the runtime's of its latest version created
    /// whole, and whether verification split it.
    static func fingerprints(of source: SchemaSource) throws -> (parts: SchemaFingerprint, whole: SchemaFingerprint, split: Bool) {
        let planned = try Generator.plan(Generator.resolve(Generator.parse(source), from: source))
        let schema = planned.resolved.schema
        let verified = try SchemaVerifier.verify(schema, plan: planned.plan, creation: planned.creation, statements: planned.statements)
        let parts = CreatedFingerprint.fingerprint(of: verified.latestParts, creation: planned.creation.statements(at: schema.settings.version))
        let whole = try SchemaFingerprint(creating: planned.creation.statements(at: schema.settings.version))
        return (parts, whole, TableGroups.parts(of: schema).count > 1)
    }

    @Test func randomSchemasSplitIntoPartsHaveTheWholeFilesDigests() throws {
        let seed = UInt64(environmentInteger("DAOGEN_GENERATIVE_SEED") ?? 47)
        let directory = FileManager.default.temporaryDirectory.appending(path: "daogen-created-\(UUID().uuidString)", directoryHint: .isDirectory)
        defer { try? FileManager.default.removeItem(at: directory) }
        var split = 0
        for number in 0..<40 {
            let found = try Self.fingerprints(of: MigratedMasterDigestTests.randomSchema(number, of: seed, versions: 1...6, in: directory))
            #expect(found.parts == found.whole, "schema \(number) of seed \(seed)")
            if found.split { split += 1 }
        }
        #expect(split > 20, "\(split) schemas split into parts")
    }

    @Test func fixtureSchemasHaveTheWholeFilesDigests() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var compared = 0
        // The bundled schemas and the tests' (a schema directory holds daogen.yaml; Pair holds two).
        for folder in [root.appending(path: "Schemas"), root.appending(path: "Tests/Schemas"), root.appending(path: "Tests/Schemas/Pair")] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false)).sorted() {
                let directory = folder.appending(path: name)
                guard FileManager.default.fileExists(atPath: directory.appending(path: "daogen.yaml").path(percentEncoded: false)) else { continue }
                let found = try Self.fingerprints(of: SchemaSource(directory: directory, displayPath: name))
                #expect(found.parts == found.whole, "fixture \(name)")
                compared += 1
            }
        }
        #expect(compared >= 12, "\(compared) fixtures compared")
    }
}
