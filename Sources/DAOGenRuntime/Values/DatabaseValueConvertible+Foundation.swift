import Foundation

// Conformances of Foundation's types.

extension Data: DatabaseValueConvertible {
    /// Binds the bytes directly.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        statement.bind(self, at: index)
    }

    /// Reads a blob, or the bytes of TEXT, directly.
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> Data {
        try statement.data(at: index)
    }

    /// nil for NULL, otherwise ``read(from:at:)``, in one call to SQLite.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> Data? {
        try statement.optionalData(at: index)
    }

    /// The bytes, as a blob (an empty blob for empty data, not NULL).
    public var databaseValue: DatabaseValue { .blob(self) }

    /// A blob, or the UTF-8 bytes of a TEXT; nil otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
        switch value {
        case let .blob(data): data
        case let .text(text): Data(text.utf8)
        default: nil
        }
    }
}

extension Date: DatabaseValueConvertible {
    /// Binds the date in the statement's ``Statement/valueStorage``: ISO-8601 text, REAL seconds or
    /// INTEGER milliseconds since 1970.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        switch statement.valueStorage.dates {
        case .iso8601: statement.bindISO8601(self, at: index)
        case .unixEpoch: statement.bindUnixEpoch(self, at: index)
        case .unixEpochMilliseconds: statement.bindUnixEpochMilliseconds(self, at: index)
        }
    }

    /// Reads the date in the statement's ``Statement/valueStorage``.
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> Date {
        switch statement.valueStorage.dates {
        case .iso8601: try statement.iso8601Date(at: index)
        case .unixEpoch: try statement.unixEpochDate(at: index)
        case .unixEpochMilliseconds: try statement.unixEpochMillisecondsDate(at: index)
        }
    }

    /// nil for NULL, otherwise ``read(from:at:)``, in one call to SQLite.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> Date? {
        switch statement.valueStorage.dates {
        case .iso8601: try statement.optionalISO8601Date(at: index)
        case .unixEpoch: try statement.optionalUnixEpochDate(at: index)
        case .unixEpochMilliseconds: try statement.optionalUnixEpochMillisecondsDate(at: index)
        }
    }

    /// ISO-8601 UTC text with milliseconds, such as `2024-01-02T03:04:05.678Z`, rounded to the
    /// nearest millisecond.
    ///
    /// A date more than 8.64e15 ms (about 273,790 years) from 1970 has no such text: it is the REAL
    /// number of seconds since 1970 instead, which ``fromDatabaseValue(_:)`` reads back exactly (a NaN
    /// date is a NaN REAL, which binding refuses).
    public var databaseValue: DatabaseValue {
        ISO8601Timestamp.string(from: self).map(DatabaseValue.text) ?? .real(timeIntervalSince1970)
    }

    /// ISO-8601 text (with or without a fraction or a zone, as `Statement.iso8601Date(at:)`
    /// reads it), or an INTEGER (that a `Double` holds exactly) or REAL number of seconds since
    /// 1970; nil otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Date? {
        switch value {
        case let .text(text): ISO8601Timestamp.date(from: text)
        case let .integer(seconds): Double(exactly: seconds).map { Date(timeIntervalSince1970: $0) }
        case let .real(seconds): seconds.isFinite ? Date(timeIntervalSince1970: seconds) : nil
        default: nil
        }
    }
}

extension UUID: DatabaseValueConvertible {
    /// Binds the UUID in the statement's ``Statement/valueStorage``: lowercase text or 16 bytes.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        switch statement.valueStorage.uuids {
        case .text: statement.bindUUIDText(self, at: index)
        case .blob: statement.bindUUIDBlob(self, at: index)
        }
    }

    /// Reads the UUID in the statement's ``Statement/valueStorage``.
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> UUID {
        switch statement.valueStorage.uuids {
        case .text: try statement.uuidText(at: index)
        case .blob: try statement.uuidBlob(at: index)
        }
    }

    /// nil for NULL, otherwise ``read(from:at:)``, in one call to SQLite.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> UUID? {
        switch statement.valueStorage.uuids {
        case .text: try statement.optionalUUIDText(at: index)
        case .blob: try statement.optionalUUIDBlob(at: index)
        }
    }

    /// Lowercase canonical text, such as `123e4567-e89b-12d3-a456-426614174000`.
    public var databaseValue: DatabaseValue { .text(UUIDText.string(from: self)) }

    /// Canonical text in either case, or a 16-byte blob; nil otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> UUID? {
        switch value {
        case let .text(text): UUIDText.uuid(from: text)
        case let .blob(data): data.withUnsafeBytes { UUIDText.uuid(bytes: $0) }
        default: nil
        }
    }
}

extension URL: DatabaseValueConvertible {
    /// The URL's `absoluteString`, as TEXT.
    public var databaseValue: DatabaseValue { .text(absoluteString) }

    /// A TEXT (or UTF-8 blob) that `URL(string:)` accepts as it is: nil when it fails, and when
    /// the URL's `absoluteString` differs from the text (`URL(string:)` may percent-encode it,
    /// which would change the value written back).
    public static func fromDatabaseValue(_ value: DatabaseValue) -> URL? {
        guard let text = String.fromDatabaseValue(value), let url = URL(string: text), url.absoluteString == text else {
            return nil
        }
        return url
    }
}

extension Decimal: DatabaseValueConvertible {
    /// The exact decimal text (`description`), such as `0.1`, as TEXT: never rounded through a double.
    public var databaseValue: DatabaseValue { .text(description) }

    /// A decimal number as TEXT (such as `-12.50` or `1e-5`), an INTEGER, or a REAL (read through
    /// its shortest round-trip text, so 0.1 gives exactly 0.1); nil otherwise, and nil for a
    /// number that `Decimal` cannot hold exactly (more than 38 significant digits, or an exponent
    /// out of its range), which it would round.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Decimal? {
        switch value {
        case let .text(text): decimal(fromText: text)
        case let .integer(integer): Decimal(integer)
        case let .real(real): real.isFinite ? decimal(fromText: String(real)) : nil
        default: nil
        }
    }

    /// The number in `text` when the whole text is a plain decimal number; nil otherwise
    /// (`Decimal(string:)` alone would read a prefix, such as 1 from `1abc`).
    private static func decimal(fromText text: String) -> Decimal? {
        guard isDecimalNumber(text.utf8), let decimal = Decimal(string: text, locale: posixLocale),
              let read = DecimalDigits(decimal.description), read == DecimalDigits(text) else {
            return nil
        }
        return decimal
    }

    /// The locale whose decimal separator is always `.`.
    private static let posixLocale = Locale(identifier: "en_US_POSIX")

    /// True for `[+-]digits[.digits][(e|E)[+-]digits]` with at least one mantissa digit.
    private static func isDecimalNumber(_ text: String.UTF8View) -> Bool {
        var iterator = text.makeIterator()
        var byte = iterator.next()
        func isDigit(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }
        if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
            byte = iterator.next()
        }
        var mantissaDigits = 0
        while isDigit(byte) {
            mantissaDigits += 1
            byte = iterator.next()
        }
        if byte == UInt8(ascii: ".") {
            byte = iterator.next()
            while isDigit(byte) {
                mantissaDigits += 1
                byte = iterator.next()
            }
        }
        guard mantissaDigits > 0 else { return false }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            byte = iterator.next()
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                byte = iterator.next()
            }
            guard isDigit(byte) else { return false }
            while isDigit(byte) {
                byte = iterator.next()
            }
        }
        return byte == nil
    }
}
