import DAOGenRuntime
import Foundation
import GeneratedPair
import Testing

/// Several databases in one target (docs/CLI.md) through the CLI: Tests/Schemas/Pair/Shelf and Tests/Schemas/Pair/Cache, generated
/// by `daogen generate` each into its own folder of one module (GeneratedPair), compile together and
/// work side by side.
@Suite struct SeveralSchemasInOneModuleTests {
    @Test func twoDatabasesOfOneModuleWorkSideBySide() async throws {
        let file = try TemporaryDatabaseFile()
        defer { file.remove() }
        let shelf = try ShelfDatabase.open(path: file.path)
        let cache = try CacheDatabase.open(path: file.directory.appending(path: "cache.sqlite").path(percentEncoded: false))
        defer {
            try? shelf.close()
            try? cache.close()
        }
        try shelf.volume.insert(Volume(title: "Earthsea"))
        try cache.cachedVolume.insert(CachedVolume(title: "Kindred", expires: 10))
        try cache.cachedVolume.insert(CachedVolume(title: "Dune", expires: -1))
        #expect(try shelf.volume.titled(title: "Earthsea").map(\.title) == ["Earthsea"])
        #expect(try cache.cachedVolume.expiredBefore(now: 5).map(\.title) == ["Dune"])
        #expect(try cache.freshVolume.fetchAll().map(\.title) == ["Kindred"])
        #expect(try shelf.volume.count() == 1)

        // The generated observation and live queries of both, in one module.
        var titles = shelf.observe { try $0.volume.fetchAll().map(\.title) }.makeAsyncIterator()
        #expect(try await titles.next() == ["Earthsea"])
        #expect(ShelfDatabase.version == 1 && CacheDatabase.version == 1)
    }

    @Test func eachSchemasFilesAreNamedAfterItsOwnNames() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(path: "Generated/Pair")
        let names = try ["Shelf", "Cache"].map {
            try FileManager.default.contentsOfDirectory(atPath: root.appending(path: $0).path(percentEncoded: false)).sorted()
        }
        #expect(names == [["ShelfDatabase.swift", "shelf.swift"], ["CacheDatabase.swift", "cache.swift"]])
    }
}
