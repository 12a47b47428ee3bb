import Foundation

/// What the results were measured on.
struct MachineInfo {
    /// The processor's model name, from /proc/cpuinfo where there is one.
    var cpu: String
    /// Processors available to the process.
    var cores: Int
    /// Physical memory in bytes.
    var memory: UInt64
    /// The operating system.
    var system: String
    /// The SQLite library every implementation links.
    var sqlite: String
    /// The load average when the benchmark started, from /proc/loadavg where there is one.
    var loadAtStart: String?
    /// The load average when the benchmark ended.
    var loadAtEnd: String?

    /// The current machine.
    static func current() -> MachineInfo {
        let process = ProcessInfo.processInfo
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        return MachineInfo(
            cpu: model ?? "unknown", cores: process.activeProcessorCount, memory: process.physicalMemory,
            system: osName() ?? process.operatingSystemVersionString, sqlite: RawConnection.libraryVersion,
            loadAtStart: loadAverage())
    }

    /// The 1, 5 and 15-minute load averages, where /proc/loadavg exists.
    static func loadAverage() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// PRETTY_NAME of /etc/os-release, where it exists.
    private static func osName() -> String? {
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return nil }
        return text.split(separator: "\n")
            .first { $0.hasPrefix("PRETTY_NAME=") }
            .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
    }
}
