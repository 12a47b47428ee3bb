import Foundation

/// Conversions between `Date` and whole milliseconds since 1970-01-01T00:00:00Z, the precision
/// at which dates are stored as ISO-8601 text or as INTEGER milliseconds.
enum EpochMilliseconds {
    /// The largest magnitude kept: 8.64e15 ms, about 273,790 years either side of 1970
    /// (the range of ECMAScript dates). Dates beyond it, and infinities, are clamped to it.
    static let limit: Int64 = 8_640_000_000_000_000

    /// The date's milliseconds since 1970, rounded to the nearest (halves away from zero);
    /// clamped to ±``limit``; 0 for NaN.
    static func milliseconds(of date: Date) -> Int64 {
        let scaled = (date.timeIntervalSince1970 * 1000).rounded()
        if scaled.isNaN {
            return 0
        }
        if scaled >= Double(limit) {
            return limit
        }
        if scaled <= -Double(limit) {
            return -limit
        }
        return Int64(scaled)
    }

    /// The date `milliseconds` after 1970-01-01T00:00:00Z, built exactly as
    /// `Date(timeIntervalSince1970: seconds)` would be from the decimal seconds.
    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
