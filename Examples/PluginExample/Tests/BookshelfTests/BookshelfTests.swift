import Bookshelf
import Foundation
import Testing

@Suite struct BookshelfTests {
    @Test func booksRoundTripThroughTheGeneratedDAO() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "bookshelf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let shelf = try Bookshelf(path: directory.appending(path: "shelf.sqlite").path(percentEncoded: false))
        var dune = try shelf.add(title: "Dune", author: "Frank Herbert")
        try shelf.add(title: "Children of Dune", author: "Frank Herbert")
        #expect(try shelf.unread().map(\.title) == ["Children of Dune", "Dune"])
        dune.read = true
        #expect(try shelf.database.book.update(dune))
        #expect(try shelf.unread().map(\.title) == ["Children of Dune"])
        #expect(try shelf.database.book.fetchAll(byAuthor: "Frank Herbert").count == 2)
    }
}
