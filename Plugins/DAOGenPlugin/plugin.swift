import Foundation
import PackagePlugin

/// Regenerates a target's records, DAOs and database type from its YAML schema during every build.
/// Apply it to a target whose directory holds daogen.yaml and the table .yaml files.
@main struct DAOGenPlugin {
    /// The build command for one target; no command when the target has no YAML file.
    func commands(schemaDirectory: URL, files: [URL], workDirectory: URL, tool: PluginContext.Tool) -> [Command] {
        guard let invocation = DAOGenInvocation(
            schemaDirectory: schemaDirectory, files: files, outputDirectory: workDirectory.appending(path: "GeneratedSources"))
        else { return [] }
        return [
            .buildCommand(
                displayName: "Generating DAOs from \(invocation.schemaDirectory.lastPathComponent)",
                executable: tool.url,
                // A build may not write into the package: check the schema history, warn about missing records.
                arguments: invocation.arguments + ["--history", "check"],
                inputFiles: invocation.inputFiles,
                outputFiles: invocation.outputFiles)
        ]
    }
}

extension DAOGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return commands(
            schemaDirectory: target.directoryURL,
            files: target.sourceFiles.map(\.url),
            workDirectory: context.pluginWorkDirectoryURL,
            tool: try context.tool(named: "daogen"))
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension DAOGenPlugin: XcodeBuildToolPlugin {
    /// Xcode targets have no directory: the schema is the folder that holds the target's daogen.yaml
    /// (or its first YAML file).
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        let yaml = files.filter { ["yaml", "yml"].contains($0.pathExtension) }
        guard let anchor = yaml.first(where: { $0.deletingPathExtension().lastPathComponent == "daogen" }) ?? yaml.first else {
            return []
        }
        return commands(
            schemaDirectory: anchor.deletingLastPathComponent(),
            files: files,
            workDirectory: context.pluginWorkDirectoryURL,
            tool: try context.tool(named: "daogen"))
    }
}
#endif
