import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's root directory, found from this file's path.
let packageRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The environment value of `name` as an integer.
func environmentInteger(_ name: String) -> Int? {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
}

/// One consumer package that compiles generated code of many schemas at once: one module per generated
/// file set (`G7`, `G7v2`), and optionally one executable whose files drive them. A single `swift build`
/// for the batch, since each costs tens of seconds. The scratch path is kept between runs, so the runtime
/// is built once; an exclusive lock keeps two runs from sharing it at once.
struct BatchPackage {
    /// Where the package and its scratch directory live.
    let home: URL
    var directory: URL { home.appending(path: "package", directoryHint: .isDirectory) }
    var scratch: URL { home.appending(path: "scratch", directoryHint: .isDirectory) }
    var runner: URL { scratch.appending(path: "debug/GenRunner") }

    init(name: String) {
        let base = ProcessInfo.processInfo.environment["DAOGEN_GENERATIVE_HOME"].map { URL(filePath: $0) }
            ?? FileManager.default.temporaryDirectory
        home = base.appending(path: "daogen-\(name)", directoryHint: .isDirectory)
    }

    /// The `swift` driver: `DAOGEN_SWIFT`, else the first `swift` on the PATH.
    static var swift: String {
        if let explicit = ProcessInfo.processInfo.environment["DAOGEN_SWIFT"] { return explicit }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/swift"
    }

    /// Runs `body` holding an exclusive lock on the package's home, so that concurrent runs wait.
    func locked<T>(_ body: () throws -> T) throws -> T {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let descriptor = open(home.appending(path: "lock").path(percentEncoded: false), O_CREAT | O_RDWR, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        flock(descriptor, LOCK_EX)
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Writes the package: `modules` (name -> generated files), and an executable `GenRunner` made of
    /// `runnerFiles` (file name -> source) depending on `runnerModules`, when there are runner files.
    func write(modules: [String: [String: String]], runnerFiles: [String: String], runnerModules: [String]) throws {
        let sources = directory.appending(path: "Sources", directoryHint: .isDirectory)
        try? FileManager.default.removeItem(at: sources)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        var targets: [String] = []
        for (module, files) in modules.sorted(by: { $0.key < $1.key }) {
            let folder = sources.appending(path: module, directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, text) in files {
                try Data(text.utf8).write(to: folder.appending(path: name))
            }
            targets.append("        .target(name: \"\(module)\", dependencies: [.product(name: \"DAOGenRuntime\", package: \"daogen\")]),")
        }
        if !runnerFiles.isEmpty {
            let folder = sources.appending(path: "GenRunner", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, text) in runnerFiles {
                try Data(text.utf8).write(to: folder.appending(path: name))
            }
            let dependencies = (runnerModules.map { "\"\($0)\"" } + [".product(name: \"DAOGenRuntime\", package: \"daogen\")"]).joined(separator: ", ")
            targets.append("        .executableTarget(name: \"GenRunner\", dependencies: [\(dependencies)]),")
        }
        let manifest = """
            // swift-tools-version:6.1
            // Written by the generative tests of daogen: generated code of many schemas, compiled at once.
            import PackageDescription

            let package = Package(
                name: "GenBatch",
                platforms: [.macOS(.v13)],
                dependencies: [.package(name: "daogen", path: \(DriverWriter.swiftString(packageRoot.path(percentEncoded: false))))],
                targets: [
            \(targets.joined(separator: "\n"))
                ],
                swiftLanguageModes: [.v6]
            )

            """
        try Data(manifest.utf8).write(to: directory.appending(path: "Package.swift"))
    }

    /// Builds the package; the combined output.
    func build() throws -> (succeeded: Bool, output: String) {
        // Its callers run on threads of their own (`onOwnThread`), so the wait may block.
        let result = try ChildProcess(URL(filePath: Self.swift), ["build", "--package-path", directory.path(percentEncoded: false),
                                                                 "--scratch-path", scratch.path(percentEncoded: false)], timeout: 3600).blockingResult()
        return (result.status == 0, result.output)
    }

    /// The modules (`G7`, `G7v2`, or `GenRunner/H7.swift` as `H7`) that errors or warnings of a build output name.
    static func culprits(in output: String, severity: String) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for line in output.split(separator: "\n") where line.contains(": \(severity): ") {
            guard let range = line.range(of: "/Sources/") else { continue }
            let rest = line[range.upperBound...]
            let parts = rest.split(separator: "/", maxSplits: 2)
            guard parts.count >= 2 else { continue }
            var module = String(parts[0])
            if module == "GenRunner" { module = String(parts[1].prefix { $0 != "." }) }
            found[module, default: []].append(String(line))
        }
        return found
    }
}

