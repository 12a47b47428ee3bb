import DAOGenRuntime
import Foundation
import Testing

@testable import _DAOGenCore
import Seeded

/// The fingerprint's digests of migrated files, worked out part by part (`MigratedMasterDigest`), equal
/// those of one whole file migrated by the runtime (`SchemaFingerprint.addMigrated(from:creation:by:)`),
/// on random schemas large enough to be split into parts: tables and columns that arrive in later
/// versions, renamed tables and columns, references between tables, indexes added later, AUTOINCREMENT keys.
@Suite struct MigratedMasterDigestTests {
    /// A random schema directory's files: `tables` tables over `versions` versions.
    static func files(_ random: inout SeededRandom, tables: Int, versions: Int) -> [String: String] {
        var lines = ["tables:"]
        var sinces: [Int] = []
        for index in 0..<tables {
            let name = "t\(index)"
            let since = random.chance(60) ? 1 : random.int(1...versions)
            sinces.append(since)
            lines.append("  - name: \(name)")
            if since > 1 { lines.append("    since: \(since)") }
            if since < versions, random.chance(10) {
                lines.append("    renamedFrom: { name: old_\(name), in: \(random.int((since + 1)...versions)) }")
            }
            lines.append("    columns:")
            // AUTOINCREMENT makes `sqlite_sequence`, once per file however many tables use it.
            lines.append("      - { name: id, type: INTEGER, primaryKey: true\(random.chance(25) ? ", autoincrement: true" : "") }")
            lines.append("      - { name: title, type: TEXT, notNull: true, default: \"''\" }")
            if index > 0, random.chance(40), sinces[index - 1] <= since {
                lines.append("      - { name: parent_id, type: INTEGER, references: { table: t\(index - 1), onDelete: SET NULL } }")
            } else {
                lines.append("      - { name: parent_id, type: INTEGER }")
            }
            if since < versions, random.chance(15) {
                lines.append("      - { name: note, type: TEXT, renamedFrom: { name: remark, in: \(random.int((since + 1)...versions)) } }")
            }
            for column in 0..<random.int(0...4) {
                let added = random.int(since...versions)
                lines.append("      - { name: extra_\(column), type: \(random.pick(["INTEGER", "TEXT", "REAL"]))\(added > since ? ", since: \(added)" : "") }")
            }
            lines.append("    indexes:")
            lines.append("      - { name: \(name)_by_title, columns: [title] }")
            let indexSince = random.int(since...versions)
            lines.append("      - { name: \(name)_by_parent, columns: [parent_id]\(indexSince > since ? ", since: \(indexSince)" : "") }")
        }
        return [
            "daogen.yaml": "database: RandomDatabase\nversion: \(versions)\n",
            "tables.yaml": lines.joined(separator: "\n") + "\n",
        ]
    }

    /// Writes random schema `number` of `seed` (5 to 30 tables over `versions`) into a folder of
    /// `directory`, and returns it.
    static func randomSchema(_ number: Int, of seed: UInt64, versions: ClosedRange<Int>, in directory: URL) throws -> SchemaSource {
        var random = SeededRandom(seed: SeededRandom.derive(seed, number))
        let schemaDirectory = directory.appending(path: "s\(number)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: schemaDirectory, withIntermediateDirectories: true)
        for (name, text) in files(&random, tables: random.int(5...30), versions: random.int(versions)) {
            try Data(text.utf8).write(to: schemaDirectory.appending(path: name))
        }
        return SchemaSource(directory: schemaDirectory, displayPath: "s\(number)")
    }

    /// The digest for `older` with each part created anew, as verification migrates a part whose
    /// database at that version served another check.
    static func digestCreatedAnew(_ schema: Schema, from older: Int, creation: CreationSQL, plan: [Int: [MigrationStep]]) throws -> UInt64 {
        let parts = TableGroups.parts(of: schema)
        let plans = SchemaVerifier.steps(of: plan, for: parts.map(\.schema))
        let entries = try parts.indices.map { number in
            try MigratedMasterDigest.migrate(nil, part: parts[number], from: older, creation: creation, plan: plans[number])
        }
        return MigratedMasterDigest.digest(of: schema, from: older, creation: creation, plan: plan, parts: entries)
    }

    @Test func partByPartDigestsEqualThoseOfOneWholeFile() throws {
        let seed = UInt64(environmentInteger("DAOGEN_GENERATIVE_SEED") ?? 31)
        let directory = FileManager.default.temporaryDirectory.appending(path: "daogen-masters-\(UUID().uuidString)", directoryHint: .isDirectory)
        defer { try? FileManager.default.removeItem(at: directory) }
        var compared = 0
        var reused = 0
        var split = 0
        for number in 0..<40 {
            let source = try Self.randomSchema(number, of: seed, versions: 2...6, in: directory)
            let planned = try Generator.plan(Generator.resolve(Generator.parse(source), from: source))
            let schema = planned.resolved.schema
            let latest = schema.settings.version
            if TableGroups.parts(of: schema).count > 1 { split += 1 }
            let definition = SchemaDefinition(
                version: latest, creation: planned.creation.statements(at: latest),
                migrations: planned.plan.keys.sorted().map { version in
                    SchemaDefinition.Migration(version: version, steps: planned.plan[version]!.flatMap(\.statements))
                })
            // The fingerprinted versions as verification migrates them: from the databases it created
            // them in, when no other check migrated those, else from new ones.
            let verified = try SchemaVerifier.verify(schema, plan: planned.plan, creation: planned.creation, statements: planned.statements)
            #expect(verified.migratedParts.keys.sorted() == Array(SchemaVerifier.fingerprintedVersions(before: latest)))
            for older in 1..<latest {
                var whole = SchemaFingerprint(masters: [], description: 0)
                try whole.addMigrated(from: older, creation: planned.creation.statements(at: older), by: definition)
                let parts = try Self.digestCreatedAnew(schema, from: older, creation: planned.creation, plan: planned.plan)
                #expect(whole.masters == [parts], "schema \(number) of seed \(seed), from version \(older), created anew")
                if let entries = verified.migratedParts[older] {
                    let verifiedParts = MigratedMasterDigest.digest(of: schema, from: older, creation: planned.creation, plan: planned.plan, parts: entries)
                    #expect(whole.masters == [verifiedParts], "schema \(number) of seed \(seed), from version \(older), as verified")
                    reused += 1
                }
                compared += 1
            }
        }
        #expect(compared > 60 && reused > 40 && split > 20, "\(compared) migrations compared (\(reused) as verified), \(split) schemas split")
    }
}
