import Foundation
import Store
import Testing

@Suite struct StoreTests {
    @Test func bothDatabasesOfTheTargetWork() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(directory: directory)
        let tea = try store.catalog.product.insert(Product(name: "Tea", cents: 450))
        try store.catalog.product.insert(Product(name: "Teapot", cents: 3_900))
        #expect(try store.catalog.product.cheaperThan(cents: 1_000).map(\.name) == ["Tea"])
        try store.add(tea, to: "s1")
        try store.add(tea, to: "s1")
        #expect(try store.sessions.session.withBasket().map(\.basket) == ["Tea, Tea"])
    }
}
