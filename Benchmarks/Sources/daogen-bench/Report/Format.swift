import Foundation

/// Number formatting shared by the report and the progress log.
enum Format {
    /// A duration in milliseconds (or microseconds below one), with 3 significant digits or more.
    static func duration(_ duration: Duration) -> String {
        let milliseconds = seconds(duration) * 1000
        switch milliseconds {
        case 100...: return String(format: "%.0f ms", milliseconds)
        case 10..<100: return String(format: "%.1f ms", milliseconds)
        case 1..<10: return String(format: "%.2f ms", milliseconds)
        default: return String(format: "%.0f µs", milliseconds * 1000)
        }
    }

    /// A duration in seconds as a `Double`.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// A ratio, such as `1.04×`.
    static func ratio(_ ratio: Double) -> String {
        ratio >= 10 ? String(format: "%.1f×", ratio) : String(format: "%.2f×", ratio)
    }

    /// A number of bytes in megabytes (10^6 bytes).
    static func megabytes(_ bytes: Double) -> String {
        String(format: "%.0f MB", bytes / 1e6)
    }
}
