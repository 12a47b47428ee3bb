import CSQLite
import Foundation

// The fixed storages of `Date` columns. The generator picks one per column.

extension Statement {
    /// Binds ISO-8601 UTC text with milliseconds, such as `2024-01-02T03:04:05.678Z`, rounded to
    /// the nearest millisecond, to the parameter at 1-based `index`.
    ///
    /// A date more than 8.64e15 ms (about 273,790 years) from 1970, or NaN, is not bound: the next
    /// ``step()`` throws ``DAOGenError/unstorableValue(parameter:value:reason:sql:)``.
    public func bindISO8601(_ date: Date, at index: Int32) {
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
    public func bindUnixEpoch(_ date: Date, at index: Int32) {
        bind(date.timeIntervalSince1970, at: index)
    }

    /// Binds the INTEGER number of milliseconds since 1970-01-01T00:00:00Z, rounded to the
    /// nearest, to the parameter at 1-based `index`.
    ///
    /// A date more than 8.64e15 ms (about 273,790 years) from 1970, or NaN, is not bound: the next
    /// ``step()`` throws ``DAOGenError/unstorableValue(parameter:value:reason:sql:)``.
    public func bindUnixEpochMilliseconds(_ date: Date, at index: Int32) {
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
    public func iso8601Date(at index: Int32) throws -> Date {
        if sqlite3_column_type(handle, index) == SQLITE_TEXT, let text = sqlite3_column_text(handle, index) {
            let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index)))
            if let milliseconds = ISO8601Timestamp.fixedWidthMilliseconds(bytes) ?? ISO8601Timestamp.milliseconds(parsing: bytes) {
                return EpochMilliseconds.date(milliseconds: milliseconds)
            }
        }
        throw invalidValue(at: index, databaseValue(at: index), expected: "Date (ISO-8601 text)")
    }

    /// The column at 0-based `index` read as ISO-8601 text, or nil for NULL.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when it is not NULL and
    ///   does not parse.
    public func optionalISO8601Date(at index: Int32) throws -> Date? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index)))
        // The fixed-width forms inline, anything else through the general parser.
        if sqlite3_column_type(handle, index) == SQLITE_TEXT,
           let milliseconds = ISO8601Timestamp.fixedWidthMilliseconds(bytes) ?? ISO8601Timestamp.milliseconds(parsing: bytes) {
            return EpochMilliseconds.date(milliseconds: milliseconds)
        }
        throw invalidValue(at: index, databaseValue(at: index), expected: "Date (ISO-8601 text)")
    }

    /// The column at 0-based `index` read as a number of seconds since 1970-01-01T00:00:00Z.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for NULL or a value that
    ///   is not a number, checked like ``double(at:)``.
    @inlinable
    public func unixEpochDate(at index: Int32) throws -> Date {
        let seconds = sqlite3_column_double(handle, index)
        if seconds == 0 {
            try checkNumericZero(at: index, expected: "Date (seconds since 1970)")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The column at 0-based `index` read as an integer number of milliseconds since 1970-01-01T00:00:00Z.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` for NULL or a value that
    ///   is not a number, checked like ``int64(at:)``.
    public func unixEpochMillisecondsDate(at index: Int32) throws -> Date {
        let milliseconds = sqlite3_column_int64(handle, index)
        if milliseconds == 0 {
            try checkNumericZero(at: index, expected: "Date (milliseconds since 1970)")
        }
        return EpochMilliseconds.date(milliseconds: milliseconds)
    }
}
