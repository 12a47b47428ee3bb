import Foundation

/// What both plugins share: where a target's schemas are, what daogen reads and writes, and its arguments.
/// (Plugins cannot depend on library targets; this folder is linked into each plugin.) The plugins pass
/// the schema directory and the output directory; daogen itself decides the rest (the template overrides
/// of daogen.yaml, the history records), as on the command line.
struct DAOGenInvocation {
    /// The directory holding daogen.yaml and the table files.
    var schemaDirectory: URL
    /// The build's inputs: every file under the schema directory that is neither hidden (as the parser
    /// skips dotfiles) nor Swift source, nor in another schema directory inside this one. That covers the
    /// YAML files, the schema history records (`history/v<N>.sql`) and template overrides in a folder of
    /// the schema directory, without reading daogen.yaml. A `templates:` folder outside the schema
    /// directory is read by daogen but not tracked.
    var inputFiles: [URL]
    /// The names of the YAML files directly in the schema directory.
    var schemaFileNames: [String]
    /// The database type's name, from the `database:` line of daogen.yaml (`AppDatabase` without one).
    var databaseTypeName: String
    /// The directory daogen writes into.
    var outputDirectory: URL

    /// Finds the schema among `files` (a target's files). Nil when the schema directory holds no YAML file.
    /// Files under a directory of `nestedSchemaDirectories` that lies inside this one (another schema) are
    /// not its own.
    init?(schemaDirectory: URL, files: [URL], outputDirectory: URL, nestedSchemaDirectories: [URL] = []) {
        let directoryPath = Self.path(of: schemaDirectory)
        let prefix = directoryPath + "/"
        // Only the schema directories inside this one take files away from it.
        let nestedPrefixes = nestedSchemaDirectories.map { Self.path(of: $0) + "/" }.filter { $0 != prefix && $0.hasPrefix(prefix) }
        var inputs: [(relative: String, url: URL)] = []
        for file in files {
            let path = file.standardizedFileURL.path(percentEncoded: false)
            guard path.hasPrefix(prefix), file.pathExtension != "swift",
                  !nestedPrefixes.contains(where: { path.hasPrefix($0) })
            else { continue }
            let relative = String(path.dropFirst(prefix.count))
            let components = relative.split(separator: "/")
            guard !components.isEmpty, !components.contains(where: { $0.hasPrefix(".") }) else { continue }
            inputs.append((relative, file))
        }
        inputs.sort { $0.relative < $1.relative }
        let names = inputs.map(\.relative).filter { !$0.contains("/") && OutputFileNames.isSchemaFile(named: $0) }
        guard !names.isEmpty else { return nil }
        let settings = inputs.first { !$0.relative.contains("/") && OutputFileNames.isSettingsFile(named: $0.relative) }
        self.schemaDirectory = URL(filePath: directoryPath, directoryHint: .isDirectory)
        self.outputDirectory = outputDirectory
        inputFiles = inputs.map(\.url)
        schemaFileNames = names
        databaseTypeName = settings
            .flatMap { try? String(contentsOf: $0.url, encoding: .utf8) }
            .flatMap(OutputFileNames.databaseTypeName(inSettingsText:))
            ?? OutputFileNames.defaultDatabaseTypeName
    }

    /// One invocation per schema directory of a target whose folder is `targetDirectory`: the target's
    /// folder itself when YAML files are directly in it (as before several schemas could share a target),
    /// and every folder below it that holds a `daogen.yaml` (or `daogen.yml`). Each writes into its own
    /// folder of `outputRoot`: the target's schema into `outputRoot`, `Library/` into `outputRoot/Library`.
    /// Throws when two schemas would generate files of one name, which one module cannot hold.
    static func invocations(targetDirectory: URL, files: [URL], outputRoot: URL) throws -> [DAOGenInvocation] {
        let root = path(of: targetDirectory)
        let settingsFolders = Set(files.compactMap { file -> String? in
            let path = file.standardizedFileURL.path(percentEncoded: false)
            guard OutputFileNames.isSettingsFile(named: file.lastPathComponent), path.hasPrefix(root + "/") else { return nil }
            let folder = Self.path(of: file.deletingLastPathComponent())
            let relative = folder.dropFirst(root.count)
            return relative.split(separator: "/").contains { $0.hasPrefix(".") } ? nil : folder
        })
        let folders = ([root] + settingsFolders.subtracting([root]).sorted())
        let invocations = folders.compactMap { folder -> DAOGenInvocation? in
            let relative = String(folder.dropFirst(root.count).drop { $0 == "/" })
            return DAOGenInvocation(
                schemaDirectory: URL(filePath: folder, directoryHint: .isDirectory), files: files,
                outputDirectory: relative.isEmpty ? outputRoot : outputRoot.appending(path: relative, directoryHint: .isDirectory),
                nestedSchemaDirectories: folders.map { URL(filePath: $0, directoryHint: .isDirectory) })
        }
        try checkDistinctOutputNames(invocations, targetDirectory: root)
        return invocations
    }

    /// Two files of one name in a module are an error of the Swift compiler: say which schemas clash.
    static func checkDistinctOutputNames(_ invocations: [DAOGenInvocation], targetDirectory root: String) throws {
        var producers: [String: String] = [:]
        for invocation in invocations {
            let folder = String(path(of: invocation.schemaDirectory).dropFirst(root.count).drop { $0 == "/" })
            let place = folder.isEmpty ? "the target's folder" : folder
            for name in invocation.outputFiles.map(\.lastPathComponent) {
                if let other = producers[name.lowercased()] {
                    throw InvocationError(
                        "the schemas in \(other) and \(place) both generate \(name), and one module cannot hold two files of one name; rename a table file or a database type")
                }
                producers[name.lowercased()] = place
            }
        }
    }

    /// The files daogen will write, from the schema file names and daogen.yaml's `database:` line:
    /// `<stem>.swift` per table file, and `<DatabaseType>.swift`, as `OutputFileNames` (shared with the
    /// tool) names them.
    var outputFiles: [URL] {
        OutputFileNames.outputFileNames(forSchemaFiles: schemaFileNames, databaseTypeName: databaseTypeName)
            .map { outputDirectory.appending(path: $0) }
    }

    /// `daogen generate <schema> --output <dir> --quiet`. The build plugin adds `--history check`: it may
    /// not write the history records into the package.
    var arguments: [String] {
        ["generate", schemaDirectory.path(percentEncoded: false), "--output", outputDirectory.path(percentEncoded: false), "--quiet"]
    }

    /// A directory's standardized path without a trailing slash.
    private static func path(of directory: URL) -> String {
        var path = directory.standardizedFileURL.path(percentEncoded: false)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

/// A target whose schemas cannot be generated, said in words; SwiftPM prints it.
struct InvocationError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
