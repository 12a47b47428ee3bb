import Foundation
import PackagePlugin

/// Regenerates a target's records, DAOs and database types from its YAML schemas during every build.
/// Apply it to a target whose directory holds daogen.yaml and the table .yaml files; each folder of the
/// target that holds a daogen.yaml is one more schema (several databases in one target).
@main struct DAOGenPlugin {
    /// One build command per schema directory of a target; none when the target has no YAML file.
    func commands(schemas: [DAOGenInvocation], tool: PluginContext.Tool) -> [Command] {
        schemas.map { invocation in
            .buildCommand(
                displayName: "Generating DAOs from \(invocation.schemaDirectory.lastPathComponent)",
                executable: tool.url,
                // A build may not write into the package: check the schema history, warn about missing records.
                arguments: invocation.arguments + ["--history", "check"],
                inputFiles: invocation.inputFiles,
                outputFiles: invocation.outputFiles)
        }
    }
}

extension DAOGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let schemas = try DAOGenInvocation.invocations(
            targetDirectory: target.directoryURL, files: target.sourceFiles.map(\.url),
            outputRoot: context.pluginWorkDirectoryURL.appending(path: "GeneratedSources", directoryHint: .isDirectory))
        return commands(schemas: schemas, tool: try context.tool(named: "daogen"))
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension DAOGenPlugin: XcodeBuildToolPlugin {
    /// Xcode targets have no directory: each folder that holds a daogen.yaml of the target is a schema
    /// (without one, the folder of the target's first YAML file).
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        let yaml = files.filter { OutputFileNames.isSchemaFile(named: $0.lastPathComponent) }
        let settings = yaml.filter { OutputFileNames.isSettingsFile(named: $0.lastPathComponent) }
        let folders = settings.isEmpty ? Array(yaml.prefix(1)) : settings
        let directories = Set(folders.map { $0.deletingLastPathComponent().standardizedFileURL }).sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources", directoryHint: .isDirectory)
        let schemas = directories.enumerated().compactMap { index, directory in
            DAOGenInvocation(
                schemaDirectory: directory, files: files,
                // The first keeps the folder of a single schema; the others get one each, by position.
                outputDirectory: index == 0 ? output : output.appending(path: "\(index + 1)-\(directory.lastPathComponent)", directoryHint: .isDirectory),
                nestedSchemaDirectories: directories)
        }
        try DAOGenInvocation.checkDistinctOutputNames(schemas, targetDirectory: "")
        return commands(schemas: schemas, tool: try context.tool(named: "daogen"))
    }
}

#endif
