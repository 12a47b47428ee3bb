import Foundation
import Testing

/// Rules the test sources keep, read from the files.
@Suite struct TestSourcesTests {
    /// The `Tests/` folder.
    static let testsFolder = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file of the tests, by path relative to `Tests/`, generated code left out.
    static func testSources() throws -> [(path: String, text: String)] {
        let root = testsFolder.path(percentEncoded: false)
        let files = try FileManager.default.subpathsOfDirectory(atPath: root)
        return try files.filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Generated/") && !$0.hasPrefix("Golden/") }.sorted().map { path in
            (path, try String(contentsOfFile: root + "/" + path, encoding: .utf8))
        }
    }

    /// A test that blocks a thread of Swift's cooperative pool while a child process runs (two such
    /// starve every async test of the run on a 2-core machine) fails the run on a busy machine: child
    /// processes start only in `TestSupport/ChildProcess.swift`, whose wait suspends.
    @Test func childProcessesStartOnlyThroughChildProcess() throws {
        let sources = try Self.testSources()
        #expect(sources.count > 50, "the test sources are at \(Self.testsFolder.path(percentEncoded: false))")
        let offenders = sources.filter { source in
            source.path != "TestSupport/ChildProcess.swift"
                && source.text.contains(/(^|[^A-Za-z_])Process\(\)|waitUntilExit\(|posix_spawn\(/)
        }
        #expect(offenders.map(\.path) == [])
    }

    /// A wait with a limit of its own, of seconds, fails on a busy machine where an async test's tasks
    /// queue behind the run's synchronous tests: tests wait for values with `TestSupport`'s `eventually`,
    /// whose limit ends only a hang.
    @Test func waitsForValuesHaveNoDeadlineOfTheirOwn() throws {
        let offenders = try Self.testSources().filter { source in
            !source.path.hasPrefix("TestSupport/") && source.text.contains(/(ContinuousClock|clock)\.now \+/)
        }
        #expect(offenders.map(\.path) == [])
    }
}
