import Foundation

/// Conversions between `Date` and whole milliseconds since 1970-01-01T00:00:00Z, the precision
/// at which dates are stored as ISO-8601 text or as INTEGER milliseconds.
enum EpochMilliseconds {
    /// The largest magnitude stored: 8.64e15 ms, about 273,790 years either side of 1970 (the range
    /// of ECMAScript dates). Dates beyond it, infinities and NaN have no stored form.
    static let limit: Int64 = 8_640_000_000_000_000

    /// The date's milliseconds since 1970, rounded to the nearest (halves away from zero), or nil
    /// when the date is NaN or beyond ±``limit``.
    static func milliseconds(of date: Date) -> Int64? {
        let scaled = (date.timeIntervalSince1970 * 1000).rounded()
        guard scaled.magnitude <= Double(limit) else { return nil }  // false for NaN too
        return Int64(scaled)
    }

    /// Why a date that ``milliseconds(of:)`` rejects cannot be stored.
    static func reason(rejecting date: Date) -> String {
        date.timeIntervalSince1970.isNaN
            ? "a NaN date has no stored form"
            : "it is outside the range of stored dates, 8.64e15 milliseconds (about 273,790 years) either side of 1970"
    }

    /// The date `milliseconds` after 1970-01-01T00:00:00Z, built exactly as
    /// `Date(timeIntervalSince1970: seconds)` would be from the decimal seconds.
    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
