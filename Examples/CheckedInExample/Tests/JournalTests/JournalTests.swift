import _DAOGenCore
import Foundation
import Journal
import Testing

@Suite struct JournalTests {
    /// The package directory, from this file's path.
    static let packageDirectory = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func checkedInCodeIsCurrent() throws {
        let schema = Self.packageDirectory.appending(path: "Sources/Journal/Schema")
        let generated = Self.packageDirectory.appending(path: "Sources/Journal/Generated")
        let pipeline = GeneratorCommands(source: SchemaSource(directory: schema, displayPath: "Sources/Journal/Schema"))
        let stale = try pipeline.check(output: generated).staleFiles
        #expect(stale.isEmpty, """
            The checked-in code is stale. Run
              swift package --allow-writing-to-package-directory generate-daos --target Journal
            \(stale.map(\.diff).joined())
            """)
    }

    @Test func entriesRoundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = try JournalDatabase.open(path: directory.appending(path: "journal.sqlite").path(percentEncoded: false))
        let written = Date(timeIntervalSince1970: 1_700_000_000.5)
        let entry = try journal.entry.insert(Entry(written: written, text: "Wrote the example."))
        #expect(entry.mood == .fine)
        #expect(try journal.entry.fetchAll(byWritten: written) == [entry])
    }
}
