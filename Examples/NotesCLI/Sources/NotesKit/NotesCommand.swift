import DAOGenRuntime
import Foundation

/// The notes app's commands, separate from `main.swift` so tests can run them.
public enum NotesCommand {
    /// What went wrong with the command line.
    public struct UsageError: Error, CustomStringConvertible {
        /// The message, with the usage.
        public var description: String
    }

    /// The usage text.
    public static let usage = """
        usage: notes [--file PATH] add TEXT
               notes [--file PATH] list
               notes [--file PATH] delete ID
               notes [--file PATH] search WORDS
               notes [--file PATH] watch
        `search` lists the notes that hold every word (FTS5 query syntax: OR, NOT, "a phrase", pre*),
        best match first.
        `watch` prints the notes, then which ones each change adds (+), changes (~) or deletes (-),
        also when another process (another `notes add`, the sqlite3 shell) changes them; Ctrl-C ends it.
        The notes live in PATH (default: notes.sqlite in the current directory).
        """

    /// Runs `arguments` (without the program name) and returns what to print.
    public static func run(_ arguments: [String], now: Date = Date()) throws -> String {
        var arguments = arguments
        var path = "notes.sqlite"
        if arguments.first == "--file" {
            guard arguments.count >= 2 else { throw UsageError(description: usage) }
            path = arguments[1]
            arguments.removeFirst(2)
        }
        let database = try NotesDatabase.open(path: path)
        // Closing checkpoints the write-ahead log, so notes.sqlite alone holds every note.
        defer { try? database.close() }
        let notes = database.note
        switch (arguments.first, arguments.count) {
        case ("add", 2...):
            let note = try notes.insert(Note(created: now, text: arguments.dropFirst().joined(separator: " ")))
            return "added note \(note.id!)"
        case ("list", 1):
            return try listing(notes.fetchAll(orderBy: [.id.ascending]))
        case ("search", 2...):
            let found = try notes.search(matching: arguments.dropFirst().joined(separator: " "))
            return found.isEmpty ? "no note matches" : listing(found)
        case ("delete", 2):
            guard let id = Int64(arguments[1]) else { throw UsageError(description: "'\(arguments[1])' is not a note id\n\(usage)") }
            return try notes.delete(id: id) ? "deleted note \(id)" : "no note \(id)"
        default:
            throw UsageError(description: usage)
        }
    }

    /// `notes watch`: prints the notes in the file at `path`, then, after each commit that changed
    /// notes, which ones: `+ ID ...` added, `~ ID ...` changed, `- ID` deleted. See ``watch(_:updates:print:)``.
    public static func watch(path: String, updates: Int? = nil, print: @Sendable (String) -> Void) async throws {
        let database = try NotesDatabase.open(path: path)
        defer { try? database.close() }
        try await watch(database, updates: updates, print: print)
    }

    /// Prints the notes at once, then, after each commit that changed notes, which ones, read from the
    /// change feed (`changes()`): the rowids a commit inserted, updated or deleted, which are the notes'
    /// ids. A commit whose rows the feed does not know (another process's: another `notes add`, the
    /// sqlite3 shell) names the table as incomplete, and the notes are compared with those printed before.
    /// Returns after `updates` prints (the first listing counts as one), or never when it is nil.
    public static func watch(_ database: NotesDatabase, updates: Int? = nil, print: @Sendable (String) -> Void) async throws {
        // Subscribed before the first listing: no commit after it is missed.
        let feed = database.changes()
        var known = try Dictionary(uniqueKeysWithValues: database.note.fetchAll(orderBy: [.id.ascending]).map { ($0.id!, $0) })
        let all = known.values.sorted { $0.id! < $1.id! }
        print("\(known.count) note(s)" + (all.isEmpty ? "" : "\n" + listing(all)))
        var printed = 1
        if let updates, printed >= updates { return }
        for await change in feed {
            guard let rows = change.tables["note"] else { continue }
            // The notes as they are now, for the ids the commit names (every note when it names none).
            let current: [Int64: Note]
            let ids: Set<Int64>
            if rows.isComplete {
                ids = rows.inserted.union(rows.updated).union(rows.deleted)
                current = try Dictionary(uniqueKeysWithValues: ids.compactMap { id in try database.note.find(id: id).map { (id, $0) } })
            } else {
                current = try Dictionary(uniqueKeysWithValues: database.note.fetchAll().map { ($0.id!, $0) })
                ids = Set(known.keys).union(current.keys)
            }
            var lines: [String] = []
            for id in ids.sorted() {
                switch (known[id], current[id]) {
                case (nil, let note?): lines.append("+ " + listing([note]))
                case (let old?, let note?) where old != note: lines.append("~ " + listing([note]))
                case (_?, nil): lines.append("- \(id)")
                default: continue
                }
                known[id] = current[id]
            }
            guard !lines.isEmpty else { continue }
            print(lines.joined(separator: "\n"))
            printed += 1
            if let updates, printed >= updates { return }
        }
    }

    /// Adds a note from async code, in a transaction that waits for the writer without blocking a thread.
    public static func add(_ text: String, path: String, now: Date = Date()) async throws -> Int64 {
        let database = try NotesDatabase.open(path: path)
        defer { try? database.close() }
        return try await database.write { db in try db.note.insert(Note(created: now, text: text)).id! }
    }

    /// One line per note.
    static func listing(_ notes: [Note]) -> String {
        notes.map { "\($0.id!)  \($0.created.formatted(.iso8601))  \($0.text)" }.joined(separator: "\n")
    }
}
