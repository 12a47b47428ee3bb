import Foundation

/// What both plugins share: where a target's schema is, what daogen reads and writes, and its arguments.
/// (Plugins cannot depend on library targets; this folder is linked into each plugin.) The plugins pass
/// the schema directory and the output directory; daogen itself decides the rest (the template overrides
/// of daogen.yaml, the history records), as on the command line.
struct DAOGenInvocation {
    /// The directory holding daogen.yaml and the table files.
    var schemaDirectory: URL
    /// The build's inputs: every file under the schema directory that is neither hidden (as the parser
    /// skips dotfiles) nor Swift source. That covers the YAML files, the schema history records
    /// (`history/v<N>.sql`) and template overrides in a folder of the schema directory, without reading
    /// daogen.yaml. A `templates:` folder outside the schema directory is read by daogen but not tracked.
    var inputFiles: [URL]
    /// The names of the YAML files directly in the schema directory.
    var schemaFileNames: [String]
    /// The directory daogen writes into.
    var outputDirectory: URL

    /// Finds the schema among `files` (a target's files). Nil when the schema directory holds no YAML file.
    init?(schemaDirectory: URL, files: [URL], outputDirectory: URL) {
        var directoryPath = schemaDirectory.standardizedFileURL.path(percentEncoded: false)
        while directoryPath.count > 1, directoryPath.hasSuffix("/") { directoryPath.removeLast() }
        let prefix = directoryPath + "/"
        var inputs: [(relative: String, url: URL)] = []
        for file in files {
            let path = file.standardizedFileURL.path(percentEncoded: false)
            guard path.hasPrefix(prefix), file.pathExtension != "swift" else { continue }
            let relative = String(path.dropFirst(prefix.count))
            let components = relative.split(separator: "/")
            guard !components.isEmpty, !components.contains(where: { $0.hasPrefix(".") }) else { continue }
            inputs.append((relative, file))
        }
        inputs.sort { $0.relative < $1.relative }
        let names = inputs.map(\.relative).filter { !$0.contains("/") && OutputFileNames.isSchemaFile(named: $0) }
        guard !names.isEmpty else { return nil }
        self.schemaDirectory = URL(filePath: directoryPath, directoryHint: .isDirectory)
        self.outputDirectory = outputDirectory
        inputFiles = inputs.map(\.url)
        schemaFileNames = names
    }

    /// The files daogen will write, from the schema file names alone: `<stem>.swift` per table file, and
    /// `daogen.swift`, as `OutputFileNames` (shared with the tool) names them.
    var outputFiles: [URL] {
        OutputFileNames.outputFileNames(forSchemaFiles: schemaFileNames).map { outputDirectory.appending(path: $0) }
    }

    /// `daogen generate <schema> --output <dir> --quiet`. The build plugin adds `--history check`: it may
    /// not write the history records into the package.
    var arguments: [String] {
        ["generate", schemaDirectory.path(percentEncoded: false), "--output", outputDirectory.path(percentEncoded: false), "--quiet"]
    }
}
