import Foundation
import Testing

@testable import _DAOGenCore

/// The package's root directory, found from this file's path.
let packageRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// True when golden files should be re-recorded instead of compared (`DAOGEN_RECORD=1 swift test`).
let isRecording = ProcessInfo.processInfo.environment["DAOGEN_RECORD"] == "1"

/// A fresh temporary directory, removed when the returned value is released by the caller calling `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "daogen-tests-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `files` (name -> text) into the directory.
    func write(_ files: [String: String]) throws {
        for (name, text) in files {
            try Data(text.utf8).write(to: url.appending(path: name))
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Loads a schema directory made of `files`; paths in diagnostics start with `S/`.
func loadSchema(_ files: [String: String]) throws -> TypedSchema {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write(files)
    return try Generator.load(directory: directory.url, displayPath: "S")
}

/// The diagnostics (errors and warnings) of loading `files`, as printed; empty when it succeeds without warnings.
func diagnostics(_ files: [String: String]) throws -> [String] {
    do {
        return try loadSchema(files).warnings.map(\.description)
    } catch let error as DiagnosticsError {
        return error.diagnostics.map(\.description)
    }
}

/// A one-table file with the given column lines (already indented by 6 spaces) appended to an `id` key column.
func tableFile(_ columns: String, extra: String = "") -> String {
    """
    tables:
      - name: t
        columns:
          - name: id
            type: INTEGER
            primaryKey: true
    \(columns)\(extra)
    """
}

extension TypedSchema {
    /// The analyzed queries of the table or view called `name` (queries are kept by declaration).
    func queries(named name: String) -> [AnalyzedQuery]? {
        let id = schema.tables.first { $0.name == name }?.id ?? schema.views.first { $0.name == name }?.id
        return id.flatMap { queries[$0] }
    }

    /// The typed views in declaration order.
    var typedViews: [TypedView] { views.values.sorted { $0.id < $1.id } }
}
