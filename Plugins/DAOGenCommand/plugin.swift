import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-daos [--target T] [--schema DIR] [--output DIR] [--history-only]`:
/// writes the generated files into the package, for teams that check generated code in, and the schema history
/// records into the schema's `history/` folder. `--history-only` writes the records alone (`daogen history`), for
/// targets whose code the build plugin generates.
///
/// For each target (all, or those named with `--target`), the schema is the target's `Schema` folder when it
/// exists, else the target's directory (`--schema` names another folder, relative to the target); the output is
/// the target's `Generated` folder (`--output` names another, relative to the target).
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
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        let tool = try context.tool(named: "daogen")
        var generated = 0
        for case let target as SourceModuleTarget in targets {
            let schemaDirectory = Self.schemaDirectory(of: target, folder: schemaFolder)
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: schemaDirectory.path(percentEncoded: false))) ?? [])
                .map { schemaDirectory.appending(path: $0) }
            guard let invocation = DAOGenInvocation(
                schemaDirectory: schemaDirectory, files: files,
                outputDirectory: target.directoryURL.appending(path: outputFolder, directoryHint: .isDirectory))
            else {
                if targetNames.contains(target.name) {
                    throw CommandError("target '\(target.name)' has no .yaml schema in \(schemaDirectory.path(percentEncoded: false))")
                }
                continue
            }
            let process = Process()
            process.executableURL = tool.url
            process.arguments = historyOnly
                ? ["history", invocation.schemaDirectory.path(percentEncoded: false)]
                : invocation.arguments.filter { $0 != "--quiet" }
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw CommandError("daogen failed for target '\(target.name)'; its diagnostics are above")
            }
            generated += 1
        }
        if generated == 0 {
            throw CommandError("no target has a .yaml schema; name one with --target")
        }
    }

    static func schemaDirectory(of target: SourceModuleTarget, folder: String?) -> URL {
        if let folder { return target.directoryURL.appending(path: folder, directoryHint: .isDirectory) }
        let conventional = target.directoryURL.appending(path: "Schema", directoryHint: .isDirectory)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: conventional.path(percentEncoded: false), isDirectory: &isDirectory), isDirectory.boolValue {
            return conventional
        }
        return target.directoryURL
    }
}

/// A failure of the command, printed by SwiftPM.
struct CommandError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
