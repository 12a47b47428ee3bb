import DAOGenRuntime
import Foundation

/// The shelf: a thin layer over the generated `BookshelfDatabase`.
public struct Bookshelf: Sendable {
    /// The generated database.
    public let database: BookshelfDatabase

    /// Opens (creating when needed) the shelf stored at `path`.
    public init(path: String) throws {
        database = try BookshelfDatabase.open(path: path)
    }

    /// Adds a book and returns it with its id.
    @discardableResult
    public func add(title: String, author: String) throws -> Book {
        try database.book.insert(Book(title: title, author: author))
    }

    /// The books not read yet, by title.
    public func unread() throws -> [Book] {
        try database.book.fetchAll(where: "read = ?", false, orderBy: [.title.ascending])
    }
}
