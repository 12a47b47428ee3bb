import DAOGenRuntime
import Foundation
import TestSupport
import Testing

/// A path for a new SQLite file in a fresh temporary directory; the directory is removed by `remove()`.
struct TemporaryDatabaseFile {
    let directory: URL
    let path: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appending(path: "daogen-consumer-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appending(path: "test.sqlite").path(percentEncoded: false)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A date with whole milliseconds, as every date storage keeps them.
func millisecondDate(_ milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
}

/// An error thrown on purpose to roll a transaction back.
struct IntentionalFailure: Error {}

/// Runs `sql` on the database file at `path` from another process: the `sqlite3` shell when there is
/// one, otherwise a second `Database` (another connection, which SQLite's data version tells apart the
/// same way).
func writeFromAnotherProcess(_ sql: String, to path: String) async throws {
    let shell = "/usr/bin/sqlite3"
    guard FileManager.default.isExecutableFile(atPath: shell) else {
        try Database(path: path).execute(sql)
        return
    }
    let result = try await ChildProcess(URL(filePath: shell), [path, sql]).result()
    #expect(result.status == 0, "\(result.output)")
}
