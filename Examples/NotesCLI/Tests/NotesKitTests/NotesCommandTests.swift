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

    @Test func searchFindsNotesByTheirWordsBestMatchFirst() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "notes.sqlite").path(percentEncoded: false)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        _ = try NotesCommand.run(["--file", file, "add", "Buy milk and bread"], now: now)
        _ = try NotesCommand.run(["--file", file, "add", "Call Ada about the milk run"], now: now)
        _ = try NotesCommand.run(["--file", file, "add", "Buying a bike"], now: now)
        // The porter tokenizer: "buying" finds "Buy" and "Buying".
        #expect(Set(try NotesCommand.run(["--file", file, "search", "buying"]).split(separator: "\n").map { $0.prefix(1) }) == ["1", "3"])
        #expect(try NotesCommand.run(["--file", file, "search", "milk", "ada"]) == "2  2023-11-14T22:13:20Z  Call Ada about the milk run")
        #expect(try NotesCommand.run(["--file", file, "search", "zebra"]) == "no note matches")
        _ = try NotesCommand.run(["--file", file, "delete", "2"])
        #expect(try NotesCommand.run(["--file", file, "search", "ada"]) == "no note matches")
    }

    @Test(.timeLimit(.minutes(1))) func watchPrintsTheNotesThenWhichOnesEachCommitChanged() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "notes.sqlite").path(percentEncoded: false)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        _ = try NotesCommand.run(["--file", file, "add", "Call Ada"], now: now)
        let database = try NotesDatabase.open(path: file)
        defer { try? database.close() }
        let (lines, continuation) = AsyncStream<String>.makeStream()
        let watcher = Task { try await NotesCommand.watch(database, updates: 4) { continuation.yield($0) } }
        var iterator = lines.makeAsyncIterator()
        #expect(await iterator.next() == "1 note(s)\n1  2023-11-14T22:13:20Z  Call Ada")
        // Commits of this database: the feed names their rows.
        let milk = try database.note.insert(Note(created: now, text: "Buy milk"))
        #expect(await iterator.next() == "+ 2  2023-11-14T22:13:20Z  Buy milk")
        try database.transaction { db in
            var changed = milk
            changed.text = "Buy oat milk"
            try db.note.update(changed)
            _ = try db.note.delete(id: 1)
        }
        #expect(await iterator.next() == "- 1\n~ 2  2023-11-14T22:13:20Z  Buy oat milk")
        // Another connection, as another `notes add` process would be: compared with what was printed.
        #expect(try await NotesCommand.add("Call Grace", path: file, now: now) == 3)
        #expect(await iterator.next() == "+ 3  2023-11-14T22:13:20Z  Call Grace")
        try await watcher.value
    }
}
