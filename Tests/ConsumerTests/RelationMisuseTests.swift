import Foundation
import TestSupport
import Testing

/// Section 12's misuses that must not compile, type-checked with `swiftc` against the generated Library
/// module this test target links: `including:` and `after:` on a view, a relation the record does not
/// have, a child's condition naming the parent's column, a count compared with a String. A correct
/// snippet compiles, so the harness itself is checked.
@Suite struct RelationMisuseTests {
    struct Snippet: CustomTestStringConvertible, Sendable {
        let name: String
        let body: String
        /// A fragment of the compiler's error, or nil when the snippet must compile.
        let error: String?
        var testDescription: String { name }
    }

    static let snippets: [Snippet] = [
        Snippet(name: "correct use", body: """
            _ = try db.author.fetchAll(where: { $0.books.count >= 3 }, including: { $0.books.ordered(by: [.title.ascending]) })
            let first = try db.book.fetchAll(limit: 2)
            _ = try db.book.fetchAll(after: first[1], limit: 2, including: { $0.author })
            """, error: nil),
        Snippet(name: "including: on a view",
                body: "_ = try db.bookSummary.fetchAll(including: { $0.books })",
                error: "has no member 'books'"),
        Snippet(name: "after: on a view", body: """
            let summary = try db.bookSummary.fetchAll()[0]
            _ = try db.bookSummary.fetchAll(after: summary, limit: 2)
            """, error: "error:"),
        Snippet(name: "a relation the record does not have",
                body: "_ = try db.member.fetchAll(including: { $0.author })",
                error: "has no member 'author'"),
        Snippet(name: "the parent's column in the child's condition",
                body: "_ = try db.author.fetchAll(where: { $0.books.contains { $0.name == \"x\" } })",
                error: "has no member 'name'"),
        Snippet(name: "a count compared with a String",
                body: "_ = try db.author.fetchAll(where: { $0.books.count >= \"3\" })",
                error: "error:"),
    ]

    @Test(arguments: snippets)
    func typeCheck(_ snippet: Snippet) async throws {
        let modules = packageRoot.appending(path: ".build/debug/Modules")
        try #require(FileManager.default.fileExists(atPath: modules.appending(path: "GeneratedLibrary.swiftmodule").path(percentEncoded: false)),
                     "the generated Library module is not at \(modules.path(percentEncoded: false))")
        let directory = try TemporaryDatabaseFile()
        defer { directory.remove() }
        let source = directory.directory.appending(path: "Snippet.swift")
        try Data("""
            import GeneratedLibrary

            func snippet(_ db: LibraryDatabase) throws {
            \(snippet.body)
            }

            """.utf8).write(to: source)
        let result = try await ChildProcess(command: [
            "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path(percentEncoded: false),
            "-Xcc", "-fmodule-map-file=" + packageRoot.appending(path: "Sources/CSQLite/module.modulemap").path(percentEncoded: false),
            source.path(percentEncoded: false),
        ]).result()
        if let error = snippet.error {
            #expect(result.status != 0, "compiled, but must not:\n\(snippet.body)")
            #expect(result.output.contains(error), "\(result.output)")
        } else {
            #expect(result.status == 0, "\(result.output)")
        }
    }
}

private let packageRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
