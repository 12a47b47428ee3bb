import Foundation

/// Hand-written ISO-8601 formatting and parsing of UTC timestamps at millisecond precision,
/// such as `2024-01-02T03:04:05.678Z`.
///
/// It keeps no shared state, so it is thread-safe, and it works on raw UTF-8 bytes, so binding
/// and reading a date allocate nothing.
enum ISO8601Timestamp {
    /// Room for the longest text ``write(milliseconds:into:)`` produces.
    static let capacity = 32

    /// Writes the timestamp for `milliseconds` since 1970 as UTF-8 into `buffer`, which holds at
    /// least ``capacity`` bytes, and returns the number of bytes written.
    ///
    /// Years 0...9999 have four digits; others have a sign and at least four digits (`+10000`,
    /// `-0001`), as ISO 8601 expanded years do.
    static func write(milliseconds: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let millisecondsPerDay: Int64 = 86_400_000
        var days = milliseconds / millisecondsPerDay
        var timeOfDay = milliseconds % millisecondsPerDay
        if timeOfDay < 0 {
            days -= 1
            timeOfDay += millisecondsPerDay
        }
        let (year, month, day) = CivilCalendar.date(days: days)

        var position = 0
        func put(_ byte: UInt8) {
            buffer[position] = byte
            position += 1
        }
        func put(_ value: Int64, digits: Int) {
            var remaining = value
            var index = position + digits - 1
            while index >= position {
                buffer[index] = UInt8(truncatingIfNeeded: remaining % 10) + UInt8(ascii: "0")
                remaining /= 10
                index -= 1
            }
            position += digits
        }

        if year < 0 {
            put(UInt8(ascii: "-"))
        } else if year > 9999 {
            put(UInt8(ascii: "+"))
        }
        let yearMagnitude = year.magnitude
        var yearDigits = 4
        while yearDigits < 19, yearMagnitude >= pow10(yearDigits) {
            yearDigits += 1
        }
        put(Int64(yearMagnitude), digits: yearDigits)
        put(UInt8(ascii: "-"))
        put(month, digits: 2)
        put(UInt8(ascii: "-"))
        put(day, digits: 2)
        put(UInt8(ascii: "T"))
        put(timeOfDay / 3_600_000, digits: 2)
        put(UInt8(ascii: ":"))
        put(timeOfDay / 60000 % 60, digits: 2)
        put(UInt8(ascii: ":"))
        put(timeOfDay / 1000 % 60, digits: 2)
        put(UInt8(ascii: "."))
        put(timeOfDay % 1000, digits: 3)
        put(UInt8(ascii: "Z"))
        return position
    }

    /// 10 to the power `exponent` (0...18).
    private static func pow10(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent {
            result *= 10
        }
        return result
    }

    /// The timestamp text of a date, rounded to the nearest millisecond, or nil when
    /// ``EpochMilliseconds/milliseconds(of:)`` rejects it.
    static func string(from date: Date) -> String? {
        guard let milliseconds = EpochMilliseconds.milliseconds(of: date) else { return nil }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            write(milliseconds: milliseconds, into: buffer)
        }
    }

    /// The date that a timestamp text denotes, or nil when it is not one.
    static func date(from string: String) -> Date? {
        var text = string
        return text.withUTF8 { bytes in
            milliseconds(parsing: bytes).map(EpochMilliseconds.date(milliseconds:))
        }
    }

    /// Milliseconds since 1970 for the UTF-8 timestamp text in `bytes`, or nil when it is not one.
    ///
    /// Accepts `YYYY-MM-DD`, optionally followed by `T` (or `t` or a space) and `HH:MM`,
    /// optionally `:SS`, optionally a fraction of any length after `.` or `,` (rounded to the
    /// nearest millisecond), then optionally `Z` or an offset `±HH:MM`, `±HHMM` or `±HH`;
    /// text with no zone is UTC, like SQLite's `datetime()`. Years may have a sign and more
    /// than four digits, as ``write(milliseconds:into:)`` writes them.
    static func milliseconds(parsing bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        if let milliseconds = fixedWidthMilliseconds(bytes) {
            return milliseconds
        }
        var cursor = ByteCursor(bytes: bytes)

        var yearSign: Int64 = 1
        if cursor.skip(UInt8(ascii: "-")) {
            yearSign = -1
        } else {
            _ = cursor.skip(UInt8(ascii: "+"))
        }
        guard let (yearMagnitude, yearDigits) = cursor.number(maxDigits: 6), yearDigits >= 4,
              cursor.skip(UInt8(ascii: "-")),
              let month = cursor.number(digits: 2), (1...12).contains(month),
              cursor.skip(UInt8(ascii: "-")),
              let day = cursor.number(digits: 2)
        else { return nil }
        let year = yearSign * yearMagnitude
        guard day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month) else { return nil }
        var total = CivilCalendar.days(year: year, month: month, day: day) * 86_400_000
        if cursor.isAtEnd {
            return total
        }

        guard cursor.skip(UInt8(ascii: "T")) || cursor.skip(UInt8(ascii: "t")) || cursor.skip(UInt8(ascii: " ")),
              let hour = cursor.number(digits: 2), hour <= 23,
              cursor.skip(UInt8(ascii: ":")),
              let minute = cursor.number(digits: 2), minute <= 59
        else { return nil }
        total += hour * 3_600_000 + minute * 60000
        if cursor.skip(UInt8(ascii: ":")) {
            guard let second = cursor.number(digits: 2), second <= 59 else { return nil }
            total += second * 1000
            if cursor.skip(UInt8(ascii: ".")) || cursor.skip(UInt8(ascii: ",")) {
                guard let fraction = cursor.fractionInMilliseconds() else { return nil }
                total += fraction
            }
        }

        if cursor.skip(UInt8(ascii: "Z")) || cursor.skip(UInt8(ascii: "z")) {
            // UTC.
        } else if let sign = cursor.offsetSign() {
            guard let offsetHours = cursor.number(digits: 2), offsetHours <= 23 else { return nil }
            var offsetMinutes: Int64 = 0
            if !cursor.isAtEnd {
                _ = cursor.skip(UInt8(ascii: ":"))
                guard let minutes = cursor.number(digits: 2), minutes <= 59 else { return nil }
                offsetMinutes = minutes
            }
            total -= sign * (offsetHours * 3_600_000 + offsetMinutes * 60000)
        }
        return cursor.isAtEnd ? total : nil
    }

    /// The common fixed-width forms, `YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS` (or with `T`), and
    /// `YYYY-MM-DDTHH:MM:SS.sss` with or without `Z`, read without the general parser; nil for
    /// any other text, which ``milliseconds(parsing:)`` then reads in full. Gives the same value as
    /// the general parser for every text it accepts.
    @inline(__always)
    static func fixedWidthMilliseconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        let count = bytes.count
        guard count == 10 || count == 19 || count == 23 || count == 24, let base = bytes.baseAddress,
              base[4] == UInt8(ascii: "-"), base[7] == UInt8(ascii: "-")
        else { return nil }
        /// The value of the decimal digit at `offset`, or a value above 9 when it is none.
        @inline(__always) func digit(_ offset: Int) -> UInt32 { UInt32(base[offset] &- UInt8(ascii: "0")) }
        let y0 = digit(0), y1 = digit(1), y2 = digit(2), y3 = digit(3)
        let m0 = digit(5), m1 = digit(6), d0 = digit(8), d1 = digit(9)
        guard y0 < 10, y1 < 10, y2 < 10, y3 < 10, m0 < 10, m1 < 10, d0 < 10, d1 < 10 else { return nil }
        let year = Int64(y0 &* 1000 &+ y1 &* 100 &+ y2 &* 10 &+ y3)
        let month = Int64(m0 &* 10 &+ m1), day = Int64(d0 &* 10 &+ d1)
        guard month >= 1, month <= 12, day >= 1,
              day <= 28 || day <= CivilCalendar.daysInMonth(year: year, month: month)
        else { return nil }
        var total = CivilCalendar.days(year: year, month: month, day: day) &* 86_400_000
        guard count > 10 else { return total }
        let separator = base[10]
        guard separator == UInt8(ascii: " ") || separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t"),
              base[13] == UInt8(ascii: ":"), base[16] == UInt8(ascii: ":")
        else { return nil }
        let h0 = digit(11), h1 = digit(12), n0 = digit(14), n1 = digit(15), s0 = digit(17), s1 = digit(18)
        guard h0 < 10, h1 < 10, n0 < 10, n1 < 10, s0 < 10, s1 < 10 else { return nil }
        let hour = h0 &* 10 &+ h1, minute = n0 &* 10 &+ n1, second = s0 &* 10 &+ s1
        guard hour <= 23, minute <= 59, second <= 59 else { return nil }
        total &+= Int64(hour &* 3_600_000 &+ minute &* 60000 &+ second &* 1000)
        guard count > 19 else { return total }
        let f0 = digit(20), f1 = digit(21), f2 = digit(22)
        guard base[19] == UInt8(ascii: "."), f0 < 10, f1 < 10, f2 < 10 else { return nil }
        total &+= Int64(f0 &* 100 &+ f1 &* 10 &+ f2)
        guard count == 23 || base[23] == UInt8(ascii: "Z") || base[23] == UInt8(ascii: "z") else { return nil }
        return total
    }
}

/// Reads ASCII tokens from UTF-8 bytes, front to back.
private struct ByteCursor {
    /// The bytes read.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The index of the next byte.
    var position = 0

    /// True when every byte has been read.
    var isAtEnd: Bool { position == bytes.count }

    /// Consumes `byte` when it is next and tells whether it was.
    mutating func skip(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// The decimal digit at `index`, or nil.
    private func digit(at index: Int) -> Int64? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        return Int64(byte - UInt8(ascii: "0"))
    }

    /// Consumes exactly `digits` decimal digits and returns their value.
    mutating func number(digits: Int) -> Int64? {
        guard let (value, count) = number(maxDigits: digits), count == digits else { return nil }
        return value
    }

    /// Consumes one to `maxDigits` decimal digits and returns their value and count.
    mutating func number(maxDigits: Int) -> (Int64, Int)? {
        var value: Int64 = 0
        var count = 0
        while count < maxDigits, let digit = digit(at: position) {
            value = value * 10 + digit
            position += 1
            count += 1
        }
        return count > 0 ? (value, count) : nil
    }

    /// Consumes the digits of a decimal fraction and returns it in milliseconds, rounded to the
    /// nearest (a fraction that rounds up to a whole second gives 1000).
    mutating func fractionInMilliseconds() -> Int64? {
        var milliseconds: Int64 = 0
        var count = 0
        while let digit = digit(at: position) {
            if count < 3 {
                milliseconds = milliseconds * 10 + digit
            } else if count == 3, digit >= 5 {
                milliseconds += 1
            }
            position += 1
            count += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 3) {
            milliseconds *= 10
        }
        return milliseconds
    }

    /// Consumes `+` or `-` and returns 1 or -1.
    mutating func offsetSign() -> Int64? {
        if skip(UInt8(ascii: "+")) { return 1 }
        if skip(UInt8(ascii: "-")) { return -1 }
        return nil
    }
}
