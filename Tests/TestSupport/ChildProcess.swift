import Foundation

/// A child process of a test (`swift build`, `swiftc`, the `sqlite3` shell, a helper executable), started
/// at once, with its output captured through files, and waited for without holding a thread of Swift's
/// cooperative pool.
///
/// On a 2-core machine that pool has two threads, and every async test of the run (the live lists'
/// fetches, observation, async reads) needs one. A test that blocked one of them in `waitUntilExit()` for
/// the minutes of a `swift build`, while another did the same, starved them all: the LivePages suite
/// waited 20 seconds for a page whose fetch never got a thread, and failed CI (2026-11-29). So tests start
/// child processes only here and `await` them; code on a thread of its own (``blockingResult()``) may block.
public final class ChildProcess: @unchecked Sendable {
    /// What a child process did.
    public struct Result: Sendable {
        /// Its exit status (the signal's number when a signal ended it).
        public var status: Int32
        /// What it wrote to standard output, and to standard error unless that was kept apart.
        public var output: String
        /// What it wrote to standard error when kept apart; empty otherwise.
        public var errors: String
        /// True when it ran past its time limit and was terminated.
        public var timedOut: Bool
    }

    private let process = Process()
    private let outputFile: URL
    private let errorsFile: URL?
    /// Left when the process has ended.
    private let ended = DispatchGroup()
    private let lock = NSLock()
    private var wasTimedOut = false

    /// Starts `executable` with `arguments`. Standard error goes to the same file as standard output
    /// unless `separateErrors`; with a `timeout` in seconds, the process is terminated when it runs
    /// longer. Standard input is empty.
    public init(_ executable: URL, _ arguments: [String], separateErrors: Bool = false, timeout: Double? = nil) throws {
        let directory = FileManager.default.temporaryDirectory
        outputFile = directory.appending(path: "daogen-child-\(UUID().uuidString).out")
        errorsFile = separateErrors ? directory.appending(path: "daogen-child-\(UUID().uuidString).err") : nil
        let output = try Self.emptyFile(at: outputFile)
        let errors = try errorsFile.map(Self.emptyFile(at:)) ?? output
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        ended.enter()
        process.terminationHandler = { [ended] _ in ended.leave() }
        do {
            try process.run()
        } catch {
            ended.leave()
            try? FileManager.default.removeItem(at: outputFile)
            if let errorsFile { try? FileManager.default.removeItem(at: errorsFile) }
            throw error
        }
        try output.close()
        if errors !== output { try errors.close() }
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
                guard process.isRunning else { return }
                lock.withLock { wasTimedOut = true }
                process.terminate()
            }
        }
    }

    /// Starts a command found on the `PATH`, as `/usr/bin/env` finds it: `["swift", "build", ...]`.
    public convenience init(command: [String], separateErrors: Bool = false, timeout: Double? = nil) throws {
        try self.init(URL(filePath: "/usr/bin/env"), command, separateErrors: separateErrors, timeout: timeout)
    }

    /// The process's identifier, to signal it.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Waits for the process to end, suspending the task, and returns what it did.
    public func result() async -> Result {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            ended.notify(queue: .global()) { continuation.resume() }
        }
        return collected()
    }

    /// Waits for the process to end, blocking the thread: only for code that runs on a thread of its own,
    /// never on the cooperative pool's.
    public func blockingResult() -> Result {
        ended.wait()
        return collected()
    }

    /// The ended process's status and output; its files are removed.
    private func collected() -> Result {
        defer {
            try? FileManager.default.removeItem(at: outputFile)
            if let errorsFile { try? FileManager.default.removeItem(at: errorsFile) }
        }
        return Result(
            status: process.terminationStatus, output: Self.text(of: outputFile), errors: errorsFile.map(Self.text(of:)) ?? "",
            timedOut: lock.withLock { wasTimedOut })
    }

    private static func emptyFile(at url: URL) throws -> FileHandle {
        _ = FileManager.default.createFile(atPath: url.path(percentEncoded: false), contents: nil)
        return try FileHandle(forWritingTo: url)
    }

    private static func text(of url: URL) -> String {
        (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
}
