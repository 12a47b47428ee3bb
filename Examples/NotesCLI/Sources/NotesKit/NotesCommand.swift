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
        let notes = try NotesDatabase.open(path: path).note
        switch (arguments.first, arguments.count) {
        case ("add", 2...):
            let note = try notes.insert(Note(created: now, text: arguments.dropFirst().joined(separator: " ")))
            return "added note \(note.id!)"
        case ("list", 1):
            return try notes.fetchAll(orderBy: [.id.ascending])
                .map { "\($0.id!)  \($0.created.formatted(.iso8601))  \($0.text)" }
                .joined(separator: "\n")
        case ("delete", 2):
            guard let id = Int64(arguments[1]) else { throw UsageError(description: "'\(arguments[1])' is not a note id\n\(usage)") }
            return try notes.delete(id: id) ? "deleted note \(id)" : "no note \(id)"
        default:
            throw UsageError(description: usage)
        }
    }
}
