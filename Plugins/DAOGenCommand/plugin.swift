import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-daos [--target T] [--schema DIR] [--output DIR] [--history-only]`:
/// writes the generated files into the package, for teams that check generated code in, and the schema history
/// records into the schema's `history/` folder. `--history-only` writes the records alone (`daogen history`), for
/// targets whose code the build plugin generates.
///
/// For each target (all, or those named with `--target`), the schema is the target's `Schema` folder when it
/// exists, else the target's directory (`--schema` names another folder, relative to the target); the output is
/// the target's `Generated` folder (`--output` names another, relative to the target). Every folder below the
/// schema folder that holds a `daogen.yaml` is one more schema (several databases in one target), generated
/// into the output's folder of the same relative path (`Catalog/` into `Generated/Catalog`).
@main struct DAOGenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let schemaFolder = extractor.extractOption(named: "schema").last
        let outputFolder = extractor.extractOption(named: "output").last ?? "Generated"
        let historyOnly = extractor.extractFlag(named: "history-only") > 0
        if !extractor.remainingArguments.isEmpty {
            throw CommandError("unexpected arguments: \(extractor.remainingArguments.joined(separator: " ")); use --target, --schema, --output, --history-only")
        }
        // A folder of Sources/ that holds only YAML is no target to SwiftPM (it skips targets without a
        // Swift source): generate into it, which gives it its first Swift files.
        let known = Set(context.package.targets.map(\.name))
        let sources = context.package.directoryURL.appending(path: "Sources", directoryHint: .isDirectory)
        let skipped = (targetNames.isEmpty
            ? ((try? FileManager.default.contentsOfDirectory(atPath: sources.path(percentEncoded: false))) ?? [])
                .filter { !$0.hasPrefix(".") }  // hidden, as the parser skips dotfiles (.DS_Store)
                .sorted()
            : targetNames).filter { !known.contains($0) }
        var folders: [(name: String, directory: URL)] = []
        for name in skipped {
            let directory = sources.appending(path: name, directoryHint: .isDirectory)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path(percentEncoded: false), isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CommandError("no target named '\(name)', and no folder Sources/\(name); name a target of the package")
            }
            folders.append((name, directory))
        }
        let targets = context.package.targets.filter { targetNames.isEmpty || targetNames.contains($0.name) }
        let tool = try context.tool(named: "daogen")
        var generated = 0
        var work: [(name: String, directory: URL, declared: Bool)] = targets.compactMap { target in
            (target as? SourceModuleTarget).map { ($0.name, $0.directoryURL, true) }
        }
        work += folders.map { ($0.name, $0.directory, false) }
        for (name, directory, declared) in work {
            let schemaDirectory = Self.schemaDirectory(of: directory, folder: schemaFolder)
            // The folder's own schema and every folder below it that holds a daogen.yaml (several
            // databases in one target), each into its folder of the output: Catalog/ into Generated/Catalog.
            let invocations = try DAOGenInvocation.invocations(
                targetDirectory: schemaDirectory, files: Self.files(under: schemaDirectory),
                outputRoot: directory.appending(path: outputFolder, directoryHint: .isDirectory))
            if invocations.isEmpty {
                if targetNames.contains(name) {
                    throw CommandError(
                        "target '\(name)' has no .yaml schema in \(schemaDirectory.path(percentEncoded: false)), nor a folder there that holds a daogen.yaml")
                }
                continue
            }
            if !declared {
                print("Sources/\(name) holds a schema but no Swift file, so SwiftPM skipped it; generating into Sources/\(name)/\(outputFolder). Declare the target in Package.swift (with exclude: [\"Schema\"] when the schema is in Schema/) if it is not.")
            }
            for invocation in invocations {
                let process = Process()
                process.executableURL = tool.url
                process.arguments = historyOnly
                    ? ["history", invocation.schemaDirectory.path(percentEncoded: false)]
                    : invocation.arguments.filter { $0 != "--quiet" }
                try process.run()
                process.waitUntilExit()
                guard process.terminationStatus == 0 else {
                    throw CommandError(
                        "daogen failed for target '\(name)' (schema \(invocation.schemaDirectory.path(percentEncoded: false))); its diagnostics are above")
                }
                generated += 1
            }
        }
        if generated == 0 {
            throw CommandError("no target has a .yaml schema (in its Schema/ folder, its own folder, or a folder that holds a daogen.yaml); name one with --target")
        }
    }

    /// Every file under `directory`, hidden files and folders left out (as the parser skips dotfiles).
    static func files(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        return enumerator.compactMap { item in
            guard let url = item as? URL, (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { return nil }
            return url
        }
    }

    static func schemaDirectory(of directory: URL, folder: String?) -> URL {
        if let folder { return directory.appending(path: folder, directoryHint: .isDirectory) }
        let conventional = directory.appending(path: "Schema", directoryHint: .isDirectory)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: conventional.path(percentEncoded: false), isDirectory: &isDirectory), isDirectory.boolValue {
            return conventional
        }
        return directory
    }
}

/// A failure of the command, printed by SwiftPM.
struct CommandError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
