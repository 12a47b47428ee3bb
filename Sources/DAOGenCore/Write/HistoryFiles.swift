import Foundation

/// The schema history on disk: reads the records of a schema directory's `history/` folder and writes new
/// ones, all together or none, and only when the contents change. `SchemaHistory` decides what to write.
public enum HistoryFiles {
    /// The `history/` folder of a schema directory.
    public static func directory(of schemaDirectory: URL) -> URL {
        schemaDirectory.appending(path: SchemaHistory.folderName, directoryHint: .isDirectory)
    }

    /// The records in `history/`, by version (`v1.sql` -> 1); empty when there is no such folder. Other
    /// files in the folder are ignored. A record that cannot be read is an error.
    public static func read(schemaDirectory: URL, displayPath: String) throws(DiagnosticsError) -> [Int: String] {
        let folder = directory(of: schemaDirectory)
        guard Generator.isDirectory(folder),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))
        else { return [:] }
        var records: [Int: String] = [:]
        var diagnostics = DiagnosticCollector()
        for name in names.sorted() {
            guard let version = SchemaHistory.version(ofFileName: name) else { continue }
            let url = folder.appending(path: name, directoryHint: .notDirectory)
            guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
                diagnostics.error(
                    "cannot read \(SchemaHistory.folderName)/\(name) as UTF-8 text",
                    at: SourceLocation(file: "\(displayPath)/\(SchemaHistory.folderName)/\(name)", line: 1, column: 1))
                continue
            }
            records[version] = text
        }
        try diagnostics.throwIfErrors()
        return records
    }

    /// Writes `records` (from `SchemaHistory.Comparison.records`) into the `history/` folder of
    /// `schemaDirectory`, creating it when needed, all of them or none (`DirectoryTransaction`). Returns
    /// the names written, as `history/v1.sql`.
    public static func write(_ records: [GeneratedFile], schemaDirectory: URL) throws -> [String] {
        guard !records.isEmpty else { return [] }
        let folder = directory(of: schemaDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var transaction = DirectoryTransaction(directory: folder)
        var written: [String] = []
        for record in records {
            let url = folder.appending(path: record.name, directoryHint: .notDirectory)
            let data = Data(record.contents.utf8)
            if let existing = try? Data(contentsOf: url), existing == data { continue }
            transaction.writes.append((record.name, data))
            written.append("\(SchemaHistory.folderName)/\(record.name)")
        }
        do {
            try transaction.commit()
        } catch {
            throw OutputWriter.WriteError(path: error.path, reason: error.reason)
        }
        return written
    }
}
