import DAOGenRuntime
import Foundation

/// A store with two databases in one module: the catalog (`CatalogDatabase`, from `Catalog/`) and the
/// sessions (`SessionsDatabase`, from `Sessions/`), each in its own file.
public struct Store: Sendable {
    /// The products.
    public let catalog: CatalogDatabase
    /// The shoppers' sessions.
    public let sessions: SessionsDatabase

    /// Opens (or creates) both databases in `directory`.
    public init(directory: URL) throws {
        catalog = try CatalogDatabase.open(path: directory.appending(path: "catalog.sqlite").path(percentEncoded: false))
        sessions = try SessionsDatabase.open(path: directory.appending(path: "sessions.sqlite").path(percentEncoded: false))
    }

    /// Puts a product into a session's basket, starting the session when it is new.
    public func add(_ product: Product, to token: String) throws {
        var session = try sessions.session.find(token: token) ?? Session(token: token)
        session.basket += session.basket.isEmpty ? product.name : ", \(product.name)"
        try sessions.session.upsert(session)
    }
}
