import DAOGenRuntime
import Foundation
import GeneratedEvolution
import GeneratedEvolutionV2
import TestSupport
import Testing

#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
/// A process killed with SIGKILL in the middle of migrating 100,000 rows leaves a file that opens at the
/// old version, the new one, or a version in between (each step is one transaction), with every row.
@Suite final class CrashDuringMigrationTests {
    static let rowCount = 100_000

    let directory: TemporaryDatabaseFile

    init() throws {
        directory = try TemporaryDatabaseFile()
    }

    deinit {
        directory.remove()
    }

    /// The helper executable, built next to the test bundle.
    static var helper: URL {
        var directory = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS the runner is inside the .xctest bundle; the products are beside the bundle.
        while directory.pathComponents.count > 1, !FileManager.default.fileExists(atPath: directory.appending(path: "MigrationCrashHelper").path(percentEncoded: false)) {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appending(path: "MigrationCrashHelper")
    }

    /// A version-2 file holding `rowCount` purchases.
    func makeVersion2File() throws -> String {
        let path = directory.directory.appending(path: "template.sqlite").path(percentEncoded: false)
        let shop = try GeneratedEvolutionV2.ShopDatabase.open(path: path)
        let client = try shop.client.insert(GeneratedEvolutionV2.Client(name: "Bulk"))
        try shop.purchase.insert(contentsOf: (0..<Self.rowCount).lazy.map { index in
            GeneratedEvolutionV2.Purchase(clientId: client.id!, amount: "\(index).25", note: "row \(index)")
        })
        try shop.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return path
    }

    @Test func aKilledMigrationLeavesACompleteVersion() async throws {
        let template = try makeVersion2File()
        var versionsSeen: Set<Int> = []
        for (attempt, delay) in [0.0, 0.05, 0.15, 0.3, 0.6].enumerated() {
            let path = directory.directory.appending(path: "crash-\(attempt).sqlite").path(percentEncoded: false)
            try FileManager.default.copyItem(atPath: template, toPath: path)
            let process = try ChildProcess(Self.helper, [path])
            try await Task.sleep(for: .seconds(delay))
            kill(process.processIdentifier, SIGKILL)
            _ = await process.result()

            do {
                let database = try Database(path: path)
                let version = try database.userVersion()
                versionsSeen.insert(version)
                #expect((2...4).contains(version))
                #expect(try database.rows("SELECT count(*) FROM purchase") == [[.integer(Int64(Self.rowCount))]])
                #expect(try database.rows("PRAGMA integrity_check") == [[.text("ok")]])
            }
            // However far the killed process got, the latest code finishes the job with every row.
            let shop = try GeneratedEvolution.ShopDatabase.open(path: path)
            #expect(try shop.database.userVersion() == 4)
            #expect(try shop.purchase.count() == Self.rowCount)
            #expect(try shop.purchase.find(id: 1)?.amount == 25)
        }
        print("versions left by killed migrations: \(versionsSeen.sorted())")
    }
}
#endif
