import Foundation

/// The schema history on disk: reads the records of a schema directory's `history/` folder and writes new
/// ones, each write atomic and only when the contents change. `SchemaHistory` decides what to write.
public enum HistoryFiles {
    /// The `history/` folder of a schema directory.
    public static func directory(of schemaDirectory: URL) -> URL {
        schemaDirectory.appending(path: SchemaHistory.folderName, directoryHint: .isDirectory)
    }

    /// The records in `history/`, by version (`v1.sql` -> 1); empty when there is no such folder. Other
    /// files in the folder are ignored. A record that cannot be read is an error.
    public static func read(schemaDirectory: URL, displayPath: String) throws(DiagnosticsError) -> [Int: String] {
        let folder = directory(of: schemaDirectory)
        guard LoadedSchema.isDirectory(folder),
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
    /// `schemaDirectory`, creating it when needed. Returns the names written, as `history/v1.sql`.
    public static func write(_ records: [GeneratedFile], schemaDirectory: URL) throws -> [String] {
        guard !records.isEmpty else { return [] }
        let folder = directory(of: schemaDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var written: [String] = []
        for record in records {
            let url = folder.appending(path: record.name, directoryHint: .notDirectory)
            let data = Data(record.contents.utf8)
            if let existing = try? Data(contentsOf: url), existing == data { continue }
            try data.write(to: url, options: .atomic)
            written.append("\(SchemaHistory.folderName)/\(record.name)")
        }
        return written
    }
}

extension Generator {
    /// Reads the history records of a loaded schema and compares every version with its record. Throws
    /// the errors when a shipped version no longer matches its record (or a record cannot be read), so a
    /// caller that writes only after this returns writes nothing then.
    public static func history(of loaded: LoadedSchema) throws(DiagnosticsError) -> SchemaHistory.Comparison {
        let records = try HistoryFiles.read(schemaDirectory: loaded.directory, displayPath: loaded.displayPath)
        let comparison = SchemaHistory.compare(loaded.schema, records: records, creation: loaded.creation)
        if !comparison.errors.isEmpty {
            throw DiagnosticsError(diagnostics: comparison.errors)
        }
        return comparison
    }
}
