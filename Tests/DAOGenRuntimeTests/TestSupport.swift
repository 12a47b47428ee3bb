import DAOGenRuntime
import Foundation
import Testing
import Seeded

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory {
    /// The directory.
    let url: URL

    /// Creates the directory.
    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("DAOGenRuntimeTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a file named `name` in the directory.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// An in-memory database with an untyped column `t.v`, which keeps every value in the storage
/// class it was bound with.
func makeValueTable() throws -> Database {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t(v)")
    return database
}

/// Stores one value bound by `bind` in `t.v` (replacing any other) and reads it back with `read`.
func roundTrip<T>(
    _ database: Database, bind: (Statement) -> Void, read: (Statement) throws -> T
) throws -> T {
    try database.execute("DELETE FROM t")
    try database.withStatement(sql: "INSERT INTO t(v) VALUES (?)") { statement in
        bind(statement)
        _ = try statement.step()
    }
    return try database.withStatement(sql: "SELECT v FROM t") { statement in
        try #require(try statement.step())
        return try read(statement)
    }
}

/// The one value stored in `t.v`, in its storage class.
func storedValue(_ database: Database) throws -> DatabaseValue {
    try #require(try database.rows("SELECT v FROM t").first?.first)
}

/// The storage class SQLite reports for `t.v`.
func storedType(_ database: Database) throws -> String {
    try #require(try database.rows("SELECT typeof(v) FROM t").first?.first.flatMap(String.fromDatabaseValue))
}

/// Collects values from several threads under a lock.
final class LockedArray<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []

    /// Appends one element.
    func append(_ element: Element) {
        lock.lock()
        defer { lock.unlock() }
        elements.append(element)
    }

    /// The elements so far.
    var all: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return elements
    }
}

