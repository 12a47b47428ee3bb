import Foundation

/// What both plugins share: where a target's schema is, what daogen reads and writes, and its arguments.
/// (Plugins cannot depend on library targets; this folder is linked into each plugin.)
struct DAOGenInvocation {
    /// The directory holding daogen.yaml and the table files.
    var schemaDirectory: URL
    /// Every YAML file of the schema directory, the template overrides and the schema history records
    /// (`history/v<N>.sql`): the build's inputs.
    var inputFiles: [URL]
    /// The template override directory, when there is one.
    var templatesDirectory: URL?
    /// The directory daogen writes into.
    var outputDirectory: URL

    /// Finds the schema among `files` (a target's files): YAML files directly in `schemaDirectory`, and
    /// template overrides in its `Templates` folder or the folder `templates:` of daogen.yaml names.
    /// Nil when the target has no YAML file.
    init?(schemaDirectory: URL, files: [URL], outputDirectory: URL) {
        let directory = schemaDirectory.standardizedFileURL
        func isYAML(_ url: URL) -> Bool { OutputFileNames.isSchemaFile(named: url.lastPathComponent) }
        let yaml = files
            .filter { isYAML($0) && $0.deletingLastPathComponent().standardizedFileURL.path(percentEncoded: false) == directory.path(percentEncoded: false) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        guard !yaml.isEmpty else { return nil }
        self.schemaDirectory = directory
        self.outputDirectory = outputDirectory
        templatesDirectory = Self.templatesDirectory(in: directory, settings: yaml.first { $0.deletingPathExtension().lastPathComponent == OutputFileNames.settingsStem })
        let templates = templatesDirectory.map { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))) ?? [])
                .filter { $0.hasSuffix(".mustache") }
                .sorted()
                .map { directory.appending(path: $0) }
        } ?? []
        let history = directory.appending(path: "history", directoryHint: .isDirectory).path(percentEncoded: false)
        let records = files
            .filter { $0.pathExtension == "sql" && $0.deletingLastPathComponent().standardizedFileURL.path(percentEncoded: false) == history }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        inputFiles = yaml + templates + records
    }

    /// `templates:` of daogen.yaml when set (a plain one-line scan: the plugin has no YAML parser),
    /// else `Templates/` beside the schema when it exists.
    private static func templatesDirectory(in directory: URL, settings: URL?) -> URL? {
        if let settings, let text = try? String(contentsOf: settings, encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("templates:") {
                var value = line.dropFirst("templates:".count)
                if let comment = value.firstIndex(of: "#") { value = value[..<comment] }
                let path = value.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                if !path.isEmpty { return directory.appending(path: path, directoryHint: .isDirectory) }
            }
        }
        let conventional = directory.appending(path: "Templates", directoryHint: .isDirectory)
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: conventional.path(percentEncoded: false), isDirectory: &isDirectory)
            && isDirectory.boolValue ? conventional : nil
    }

    /// The files daogen will write, from the schema file names alone: `<stem>.swift` per table file, and
    /// `daogen.swift`, as `OutputFileNames` (shared with the tool) names them.
    var outputFiles: [URL] {
        OutputFileNames.outputFileNames(forSchemaFiles: inputFiles.map(\.lastPathComponent))
            .map { outputDirectory.appending(path: $0) }
    }

    /// `daogen generate <schema> --output <dir> [--templates <dir>] --quiet`. The build plugin adds
    /// `--history check`: it may not write the history records into the package.
    var arguments: [String] {
        var arguments = ["generate", schemaDirectory.path(percentEncoded: false), "--output", outputDirectory.path(percentEncoded: false)]
        if let templatesDirectory {
            arguments += ["--templates", templatesDirectory.path(percentEncoded: false)]
        }
        return arguments + ["--quiet"]
    }
}
