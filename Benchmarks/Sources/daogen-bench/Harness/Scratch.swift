import BenchSchemas
import CSQLiteBench
import Foundation

/// The benchmark's temporary directory: template files made once, and the fresh copy each run
/// works on, deleted afterwards.
final class Scratch {
    /// The directory, removed when the benchmark ends.
    let directory: URL
    /// Template files of the `wide` table, by row count.
    private var wideTemplates: [Int: String] = [:]
    /// A counter that names copies.
    private var copies = 0

    /// Creates an empty temporary directory.
    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appending(path: "daogen-bench-\(ProcessInfo.processInfo.processIdentifier)", directoryHint: .isDirectory)
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The path of a file named `name` in the directory.
    func path(_ name: String) -> String {
        directory.appending(path: name).path(percentEncoded: false)
    }

    /// A fresh copy of the database at `template`; remove it with ``remove(_:)``.
    func copy(of template: String) throws -> String {
        copies += 1
        let copy = path("run-\(copies).sqlite")
        try FileManager.default.copyItem(atPath: template, toPath: copy)
        return copy
    }

    /// Deletes a database file and its WAL and shared-memory files.
    func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }

    /// A database holding the benchmark schema with `rows` rows in `wide` (``WideRow/rows(count:generation:)``),
    /// in WAL mode, checkpointed; made on first use.
    func wideTemplate(rows: Int) throws -> String {
        if let template = wideTemplates[rows] { return template }
        let template = path("wide-\(rows).sqlite")
        do {
            // The schema is daogen's own, so that BenchDatabase.open accepts the copies.
            _ = try BenchDatabase.open(path: template)
        }
        if rows > 0 {
            let connection = try RawConnection(path: template)
            try connection.execute("BEGIN")
            let insert = try connection.prepare(
                "INSERT INTO wide (id, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
            defer { sqlite3_finalize(insert) }
            for row in WideRow.rows(count: rows) {
                let values = [row.id, row.c1, row.c2, row.c3, row.c4, row.c5, row.c6, row.c7, row.c8, row.c9, row.c10]
                for (offset, value) in values.enumerated() {
                    sqlite3_bind_int64(insert, Int32(offset + 1), value)
                }
                guard sqlite3_step(insert) == SQLITE_DONE else { throw connection.error("template insert") }
                sqlite3_reset(insert)
            }
            try connection.execute("COMMIT")
            try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        wideTemplates[rows] = template
        return template
    }

    /// Every row of `wide` in the file at `path`, in key order.
    func wideRows(path: String) throws -> [WideRow] {
        try RawConnection(path: path).wideRows()
    }
}
