import Foundation

// Conformances of the standard library's types. Each reads a stored value only when it converts
// exactly (the "lossy reads" rule): integers are stored as INTEGER and read back range-checked, a
// REAL with no fractional part is accepted as an integer too, and an INTEGER as a floating-point
// number when the type holds it exactly.

extension DatabaseValue: DatabaseValueConvertible {
    /// The value itself.
    public var databaseValue: DatabaseValue { self }

    /// The value itself; never nil.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
}

extension Int64: DatabaseValueConvertible {
    /// Binds the value directly.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        statement.bind(self, at: index)
    }

    /// Reads the column directly; reads it exactly (see `Statement`'s readers).
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> Int64 {
        try statement.int64(at: index)
    }

    /// nil for NULL, otherwise ``read(from:at:)``, in one call to SQLite.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> Int64? {
        try statement.optionalInt64(at: index)
    }

    /// The integer, as INTEGER.
    public var databaseValue: DatabaseValue { .integer(self) }

    /// An INTEGER, or a REAL with an integral value that fits; nil otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
        switch value {
        case let .integer(integer): integer
        case let .real(real): Int64(exactly: real)
        default: nil
        }
    }
}

extension Int: DatabaseValueConvertible {
    /// Binds the value directly.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        statement.bind(self, at: index)
    }

    /// Reads the column directly; reads it exactly (see `Statement`'s readers).
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> Int {
        try statement.integer(at: index)
    }

    /// nil for NULL, otherwise ``read(from:at:)``, in one call to SQLite.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> Int? {
        try statement.optionalInteger(at: index)
    }

    /// The integer, as INTEGER.
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// An integer that fits in `Int`; nil otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int? {
        Int64.fromDatabaseValue(value).flatMap(Self.init(exactly:))
    }
}

extension Int32: DatabaseValueConvertible {
    /// Binds the value directly.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        statement.bind(Int64(self), at: index)
    }

    /// Reads the column directly; reads it exactly (see `Statement`'s readers).
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> Int32 {
        try statement.integer(at: index)
    }

    /// nil for NULL, otherwise ``read(from:at:)``, in one call to SQLite.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> Int32? {
        try statement.optionalInteger(at: index)
    }

    /// The integer, as INTEGER.
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// An integer that fits in `Int32`; nil otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int32? {
        Int64.fromDatabaseValue(value).flatMap(Self.init(exactly:))
    }
}

extension Int16: DatabaseValueConvertible {
    /// Binds the value directly.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        statement.bind(Int64(self), at: index)
    }

    /// Reads the column directly; reads it exactly (see `Statement`'s readers).
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> Int16 {
        try statement.integer(at: index)
    }

    /// nil for NULL, otherwise ``read(from:at:)``, in one call to SQLite.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> Int16? {
        try statement.optionalInteger(at: index)
    }

    /// The integer, as INTEGER.
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// An integer that fits in `Int16`; nil otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int16? {
        Int64.fromDatabaseValue(value).flatMap(Self.init(exactly:))
    }
}

extension Int8: DatabaseValueConvertible {
    /// Binds the value directly.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        statement.bind(Int64(self), at: index)
    }

    /// Reads the column directly; reads it exactly (see `Statement`'s readers).
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> Int8 {
        try statement.integer(at: index)
    }

    /// nil for NULL, otherwise ``read(from:at:)``, in one call to SQLite.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> Int8? {
        try statement.optionalInteger(at: index)
    }

    /// The integer, as INTEGER.
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// An integer that fits in `Int8`; nil otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int8? {
        Int64.fromDatabaseValue(value).flatMap(Self.init(exactly:))
    }
}

extension UInt8: DatabaseValueConvertible {
    /// Binds the value directly.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        statement.bind(Int64(self), at: index)
    }

    /// Reads the column directly; reads it exactly (see `Statement`'s readers).
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> UInt8 {
        try statement.integer(at: index)
    }

    /// nil for NULL, otherwise ``read(from:at:)``, in one call to SQLite.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> UInt8? {
        try statement.optionalInteger(at: index)
    }

    /// The integer, as INTEGER.
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// An integer from 0 through 255; nil otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> UInt8? {
        Int64.fromDatabaseValue(value).flatMap(Self.init(exactly:))
    }
}

extension Bool: DatabaseValueConvertible {
    /// Binds the value directly.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        statement.bind(self, at: index)
    }

    /// Reads the column directly; reads it exactly (see `Statement`'s readers).
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> Bool {
        try statement.bool(at: index)
    }

    /// nil for NULL, otherwise ``read(from:at:)``, in one call to SQLite.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> Bool? {
        switch try statement.optionalInt64(at: index, expected: "Bool") {
        case nil: return nil
        case 0: return false
        case 1: return true
        default: throw statement.invalidValue(at: index, expected: "Bool")
        }
    }

    /// 1 or 0, as INTEGER.
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }

    /// True for 1, false for 0 (INTEGER or REAL); nil for other numbers, NULL, text and blobs.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        switch Int64.fromDatabaseValue(value) {
        case 0: false
        case 1: true
        default: nil
        }
    }
}

extension Double: DatabaseValueConvertible {
    /// Binds the value directly.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        statement.bind(self, at: index)
    }

    /// Reads the column directly; reads it exactly (see `Statement`'s readers).
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> Double {
        try statement.double(at: index)
    }

    /// nil for NULL, otherwise ``read(from:at:)``, in one call to SQLite.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> Double? {
        try statement.optionalDouble(at: index)
    }

    /// The number, as REAL.
    public var databaseValue: DatabaseValue { .real(self) }

    /// A REAL, or an INTEGER that a `Double` holds exactly (up to 2^53 in magnitude, and others);
    /// nil otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
        switch value {
        case let .real(real): real
        case let .integer(integer): Double(exactly: integer)
        default: nil
        }
    }
}

extension Float: DatabaseValueConvertible {
    /// Binds the value directly.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        statement.bind(Double(self), at: index)
    }

    /// Reads the column directly; reads it exactly (see `Statement`'s readers).
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> Float {
        try statement.float(at: index)
    }

    /// nil for NULL, otherwise ``read(from:at:)``, in one call to SQLite.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> Float? {
        guard let double = try statement.optionalDouble(at: index, expected: "Float") else { return nil }
        guard let float = Float(exactly: double) else { throw statement.invalidValue(at: index, expected: "Float") }
        return float
    }

    /// The number, as REAL.
    public var databaseValue: DatabaseValue { .real(Double(self)) }

    /// A REAL or an INTEGER that a `Float` holds exactly (what a `Float` is stored as, but not
    /// the REAL 0.1); nil otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Float? {
        Double.fromDatabaseValue(value).flatMap { Float(exactly: $0) }
    }
}

extension String: DatabaseValueConvertible {
    /// Binds the value directly.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        statement.bind(self, at: index)
    }

    /// Reads the column directly; reads it exactly (see `Statement`'s readers).
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> String {
        try statement.string(at: index)
    }

    /// nil for NULL, otherwise ``read(from:at:)``, in one call to SQLite.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> String? {
        try statement.optionalString(at: index)
    }

    /// The string, as TEXT.
    public var databaseValue: DatabaseValue { .text(self) }

    /// A TEXT, or a blob that is valid UTF-8; nil otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        switch value {
        case let .text(text): text
        case let .blob(data): String(data: data, encoding: .utf8)
        default: nil
        }
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// A nil Optional compares as NULL, a value as the wrapped value.
    @inlinable
    public var comparedValue: Wrapped? { self }

    /// Binds NULL for nil, otherwise the wrapped value as its type binds it.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        switch self {
        case .none: statement.bindNull(at: index)
        case let .some(wrapped): wrapped.bind(to: statement, at: index)
        }
    }

    /// nil for NULL, otherwise the wrapped type's reading: the wrapped type's
    /// ``DatabaseValueConvertible/readOptional(from:at:)``.
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> Wrapped? {
        try Wrapped.readOptional(from: statement, at: index)
    }

    /// NULL for nil, otherwise the wrapped value's.
    public var databaseValue: DatabaseValue {
        switch self {
        case .none: .null
        case let .some(wrapped): wrapped.databaseValue
        }
    }

    /// nil (successfully read) for NULL, otherwise the wrapped type's reading, which may fail.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
        if case .null = value {
            return .some(.none)
        }
        guard let wrapped = Wrapped.fromDatabaseValue(value) else {
            return .none
        }
        return .some(.some(wrapped))
    }
}
