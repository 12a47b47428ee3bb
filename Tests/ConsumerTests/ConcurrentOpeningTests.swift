import DAOGenRuntime
import Foundation
import GeneratedEvolution
import GeneratedEvolutionV1
import TestSupport
import Testing

#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
/// Several processes opening one file at the same moment: each step of creating or migrating it is done
/// once, under the write lock, and every process ends with the file at the latest version.
@Suite final class ConcurrentOpeningTests {
    static let processCount = 4
    static let rowCount = 2_000

    let directory: TemporaryDatabaseFile

    init() throws {
        directory = try TemporaryDatabaseFile()
    }

    deinit {
        directory.remove()
    }

    /// The path of a file named `name` in the test's directory.
    func path(_ name: String) -> String {
        directory.directory.appending(path: name).path(percentEncoded: false)
    }

    /// What one helper process reported.
    struct Outcome {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs the helper on `path` in `count` processes that open the file at the same moment.
    static func openAtOnce(_ path: String, count: Int = processCount, extraArguments: [String] = []) async throws -> [Outcome] {
        let startAt = Date().timeIntervalSince1970 + 0.5
        let processes = try (0..<count).map { _ in
            try ChildProcess(CrashDuringMigrationTests.helper, [path, "--start-at", String(startAt)] + extraArguments, separateErrors: true)
        }
        var outcomes: [Outcome] = []
        for process in processes {
            let result = await process.result()
            outcomes.append(Outcome(status: result.status, output: result.output, error: result.errors))
        }
        return outcomes
    }

    /// A version-1 Shop file holding `rows` purchases.
    func makeVersion1File(named name: String, rows: Int = rowCount) throws -> String {
        let path = path(name)
        let old = try GeneratedEvolutionV1.ShopDatabase.open(path: path)
        let client = try old.client.insert(GeneratedEvolutionV1.Client(name: "Ada", email: "ada@example.org", phone: "555"))
        try old.purchase.insert(contentsOf: (0..<rows).map { index in
            GeneratedEvolutionV1.Purchase(clientId: client.id!, amount: "\(index).50", note: "row \(index)")
        })
        return path
    }

    /// The other processes wait for the one that migrates, however long its steps take: here each step
    /// (a rebuild of 50,000 rows) outlasts the busy timeout (1 ms) many times over.
    @Test func fourProcessesWaitOutAMigrationSlowerThanTheBusyTimeout() async throws {
        let rows = 50_000
        let path = try makeVersion1File(named: "slow.sqlite", rows: rows)
        let outcomes = try await Self.openAtOnce(path, extraArguments: ["--busy-timeout", "0.001"])
        for outcome in outcomes {
            #expect(outcome.status == 0, "\(outcome.error)")
            #expect(outcome.output == "version 4, \(rows) purchases\n")
        }
    }

    @Test func fourProcessesMigrateAnOldFileOnce() async throws {
        for round in 0..<3 {
            let path = try makeVersion1File(named: "old-\(round).sqlite")
            let outcomes = try await Self.openAtOnce(path)
            for outcome in outcomes {
                #expect(outcome.status == 0, "\(outcome.error)")
                #expect(outcome.output == "version 4, \(Self.rowCount) purchases\n")
            }
            let shop = try GeneratedEvolution.ShopDatabase.open(path: path)
            #expect(try shop.database.userVersion() == 4)
            #expect(try shop.purchase.count() == Self.rowCount)
            #expect(try shop.purchase.find(id: 2)?.amount == 150)
            #expect(try shop.database.rows("PRAGMA integrity_check") == [[.text("ok")]])
        }
    }

    @Test func fourProcessesCreateANewFileOnce() async throws {
        for round in 0..<3 {
            let path = path("new-\(round).sqlite")
            let outcomes = try await Self.openAtOnce(path)
            for outcome in outcomes {
                #expect(outcome.status == 0, "\(outcome.error)")
                #expect(outcome.output == "version 4, 0 purchases\n")
            }
            let shop = try GeneratedEvolution.ShopDatabase.open(path: path)
            #expect(try shop.database.userVersion() == 4)
            let fresh = try GeneratedEvolution.ShopDatabase.open(path: ":memory:")
            #expect(try shop.database.tableNames() == fresh.database.tableNames())
        }
    }

    @Test func aFileThatCannotBeWrittenOpensAtTheLatestVersion() async throws {
        let path = path("read-only.sqlite")
        do {
            let shop = try GeneratedEvolution.ShopDatabase.open(path: path)
            let client = try shop.client.insert(GeneratedEvolution.Client(name: "Ada"))
            try shop.purchase.insert(GeneratedEvolution.Purchase(clientId: client.id!, amount: 1, status: .allCases[0], note: "kept"))
            // Read-only media usually hold a file in the default rollback journal mode.
            try shop.database.execute("PRAGMA journal_mode = DELETE")
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        // The helper drops root privileges, so that the permissions apply even when the tests run as root.
        let outcomes = try await Self.openAtOnce(path, count: 1, extraArguments: ["--as-nobody"])
        #expect(outcomes.map(\.status) == [0], "\(outcomes.map(\.error))")
        #expect(outcomes.map(\.output) == ["version 4, 1 purchases\n"])
    }
}
#endif
