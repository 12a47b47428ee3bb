import CSQLite
import Foundation

// The stored forms of a `Date`: `Date`'s conformance picks one by the statement's `valueStorage`.

extension Statement {
    /// Binds ISO-8601 UTC text with milliseconds, such as `2024-01-02T03:04:05.678Z`, rounded to
    /// the nearest millisecond, to the parameter at 1-based `index`.
    ///
    /// A date more than 8.64e15 ms (about 273,790 years) from 1970, or NaN, is not bound: the next
    /// ``step()`` throws ``DAOGenError/unstorableValue(parameter:value:reason:sql:)``.
    @usableFromInline
    func bindISO8601(_ date: Date, at index: Int32) {
        guard let milliseconds = EpochMilliseconds.milliseconds(of: date) else {
            recordUnstorableDate(date, at: index)
            return
        }
        let code = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ISO8601Timestamp.capacity) { buffer in
            let count = ISO8601Timestamp.write(milliseconds: milliseconds, into: buffer)
            return buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: count) { text in
                sqlite3_bind_text(handle, index, text, Int32(count), sqliteTransient)
            }
        }
        check(code)
    }

    /// Binds the REAL number of seconds since 1970-01-01T00:00:00Z to the parameter at 1-based `index`.
    ///
    /// Any date is stored exactly, infinities included, except NaN: the next ``step()`` throws
    /// ``DAOGenError/unstorableValue(parameter:value:reason:sql:)``.
    @inlinable
    func bindUnixEpoch(_ date: Date, at index: Int32) {
        bind(date.timeIntervalSince1970, at: index)
    }

    /// Binds the INTEGER number of milliseconds since 1970-01-01T00:00:00Z, rounded to the
    /// nearest, to the parameter at 1-based `index`.
    ///
    /// A date more than 8.64e15 ms (about 273,790 years) from 1970, or NaN, is not bound: the next
    /// ``step()`` throws ``DAOGenError/unstorableValue(parameter:value:reason:sql:)``.
    @usableFromInline
    func bindUnixEpochMilliseconds(_ date: Date, at index: Int32) {
        guard let milliseconds = EpochMilliseconds.milliseconds(of: date) else {
            recordUnstorableDate(date, at: index)
            return
        }
        check(sqlite3_bind_int64(handle, index, milliseconds))
    }

    /// Records a date that has no stored form.
    private func recordUnstorableDate(_ date: Date, at index: Int32) {
        recordUnstorableValue(
            "\(date.timeIntervalSince1970) seconds since 1970", at: index,
            reason: EpochMilliseconds.reason(rejecting: date))
    }

    /// The column at 0-based `index` read as ISO-8601 text, at millisecond precision.
    ///
    /// Accepts what ``bindISO8601(_:at:)`` writes, and also text without a fraction, without a
    /// zone (taken as UTC, like SQLite's `datetime()`), with an offset, or a bare date.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when the column is not
    ///   such text.
    @usableFromInline
    func iso8601Date(at index: Int32) throws -> Date {
        guard let date = try optionalISO8601Date(at: index) else {
            throw invalidValue(at: index, expected: "Date (ISO-8601 text)")
        }
        return date
    }

    /// The column at 0-based `index` read as ISO-8601 text, or nil for NULL.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when it is not NULL and
    ///   does not parse.
    @usableFromInline
    func optionalISO8601Date(at index: Int32) throws -> Date? {
        let value = sqlite3_column_value(handle, index)
        switch sqlite3_value_type(value) {
        case SQLITE_NULL:
            return nil
        case SQLITE_TEXT:
            // Asked before the text: asking a blob or number for text converts it.
            guard let text = sqlite3_value_text(value) else { break }
            let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
            // The fixed-width forms inline, anything else through the general parser.
            if let milliseconds = ISO8601Timestamp.fixedWidthMilliseconds(bytes) ?? ISO8601Timestamp.milliseconds(parsing: bytes) {
                return EpochMilliseconds.date(milliseconds: milliseconds)
            }
        default:
            break
        }
        throw invalidValue(at: index, expected: "Date (ISO-8601 text)")
    }

    /// The column at 0-based `index` read as a number of seconds since 1970-01-01T00:00:00Z: a
    /// REAL, or an INTEGER that a `Double` holds exactly.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for anything else,
    ///   checked like ``double(at:)``.
    @inlinable
    func unixEpochDate(at index: Int32) throws -> Date {
        let value = sqlite3_column_value(handle, index)
        if sqlite3_value_type(value) == SQLITE_FLOAT {
            return Date(timeIntervalSince1970: sqlite3_value_double(value))
        }
        return Date(timeIntervalSince1970: try convertedDouble(at: index, expected: "Date (seconds since 1970)"))
    }

    /// The column at 0-based `index` read as a number of seconds since 1970-01-01T00:00:00Z, or nil for
    /// NULL: what `isNull(at:)` followed by ``unixEpochDate(at:)`` reads.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` as ``unixEpochDate(at:)``.
    @inlinable
    func optionalUnixEpochDate(at index: Int32) throws -> Date? {
        try optionalDouble(at: index, expected: "Date (seconds since 1970)").map { Date(timeIntervalSince1970: $0) }
    }

    /// The column at 0-based `index` read as an integer number of milliseconds since
    /// 1970-01-01T00:00:00Z, within the stored range of 8.64e15 ms either side of 1970.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for a value that is not
    ///   such an integer, checked like ``int64(at:)``, and for one out of the range, which no
    ///   `Date` binding stores.
    @usableFromInline
    func unixEpochMillisecondsDate(at index: Int32) throws -> Date {
        guard let date = try optionalUnixEpochMillisecondsDate(at: index) else {
            throw invalidValue(at: index, expected: "Date (milliseconds since 1970)")
        }
        return date
    }

    /// The column at 0-based `index` read as an integer number of milliseconds since
    /// 1970-01-01T00:00:00Z, or nil for NULL: what `isNull(at:)` followed by
    /// ``unixEpochMillisecondsDate(at:)`` reads.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` as ``unixEpochMillisecondsDate(at:)``.
    @usableFromInline
    func optionalUnixEpochMillisecondsDate(at index: Int32) throws -> Date? {
        let expected = "Date (milliseconds since 1970)"
        guard let milliseconds = try optionalInt64(at: index, expected: expected) else { return nil }
        guard milliseconds.magnitude <= EpochMilliseconds.limit.magnitude else {
            throw invalidValue(at: index, expected: expected)
        }
        return EpochMilliseconds.date(milliseconds: milliseconds)
    }
}
