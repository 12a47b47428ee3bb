import Foundation
import NotesKit
import Testing

@Suite struct NotesCommandTests {
    @Test func addListDelete() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "notes.sqlite").path(percentEncoded: false)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(try NotesCommand.run(["--file", file, "add", "Buy", "milk"], now: now) == "added note 1")
        #expect(try NotesCommand.run(["--file", file, "add", "Call Ada"], now: now) == "added note 2")
        #expect(try NotesCommand.run(["--file", file, "list"]) == """
            1  2023-11-14T22:13:20Z  Buy milk
            2  2023-11-14T22:13:20Z  Call Ada
            """)
        #expect(try NotesCommand.run(["--file", file, "delete", "1"]) == "deleted note 1")
        #expect(try NotesCommand.run(["--file", file, "delete", "1"]) == "no note 1")
        #expect(try NotesCommand.run(["--file", file, "list"]) == "2  2023-11-14T22:13:20Z  Call Ada")
        #expect(throws: NotesCommand.UsageError.self) { try NotesCommand.run(["--file", file, "frobnicate"]) }
    }
}
