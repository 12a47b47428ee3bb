/// A Swift type that can be stored in, and read from, one SQLite column.
///
/// This is the one place that decides how a type is bound and read: generated records, query methods,
/// typed conditions and raw arguments all go through it. A type conforms with ``databaseValue`` and
/// ``fromDatabaseValue(_:)``; the standard types also implement ``bind(to:at:)`` and
/// ``read(from:at:)`` directly, without a ``DatabaseValue`` in between, and `Date` and `UUID` follow
/// the statement's ``Statement/valueStorage``. A `RawRepresentable` type (a generated enum) conforms
/// by declaring it: it is stored as its raw value.
public protocol DatabaseValueConvertible: Sendable {
    /// The type a column of this type is compared with in conditions: the type itself, or an Optional's
    /// wrapped type (the one Optional-promotion rule of ``TypedColumn``'s operators). Defaults to `Self`.
    associatedtype ComparedValue: DatabaseValueConvertible = Self

    /// The value as a ``ComparedValue``, nil for an Optional that is nil. Defaults to `self`.
    var comparedValue: ComparedValue? { get }

    /// The value to store.
    var databaseValue: DatabaseValue { get }

    /// The Swift value for a stored value, or nil when the stored value cannot be read as this type.
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?

    /// Binds the value to the parameter at 1-based `index`, as `statement`'s database stores this type.
    /// By default, ``databaseValue``.
    func bind(to statement: Statement, at index: Int32)

    /// The value in the column at 0-based `index` of `statement`'s current row. By default, what
    /// ``fromDatabaseValue(_:)`` makes of the stored value.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when the stored value is not
    ///   exactly a value of this type (NULL included, except for an Optional).
    static func read(from statement: Statement, at index: Int32) throws -> Self

    /// The value in the column at 0-based `index` of `statement`'s current row, or nil for NULL: how an
    /// `Optional` of this type reads. By default, a NULL test, then ``read(from:at:)``; the standard
    /// types, dates and UUIDs read with one call to SQLite instead of two.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` as ``read(from:at:)`` does for
    ///   a value that is not NULL.
    static func readOptional(from statement: Statement, at index: Int32) throws -> Self?
}

extension DatabaseValueConvertible where ComparedValue == Self {
    /// The value itself.
    @inlinable
    public var comparedValue: Self? { self }
}

extension DatabaseValueConvertible {
    /// Binds ``databaseValue``.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        statement.bind(databaseValue, at: index)
    }

    /// Reads the stored value through ``fromDatabaseValue(_:)``.
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> Self {
        try statement.convertedValue(at: index)
    }

    /// nil for NULL, otherwise ``read(from:at:)``.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> Self? {
        statement.isNull(at: index) ? nil : try read(from: statement, at: index)
    }
}

extension DatabaseValueConvertible where Self: RawRepresentable, RawValue: DatabaseValueConvertible {
    /// The raw value's.
    @inlinable
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    /// The case whose raw value is stored; nil when none is.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Self? {
        RawValue.fromDatabaseValue(value).flatMap(Self.init(rawValue:))
    }

    /// Binds the raw value.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        rawValue.bind(to: statement, at: index)
    }

    /// Reads the raw value, then the case that has it.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when the raw value cannot be read
    ///   or is the raw value of no case.
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> Self {
        if let raw = try? RawValue.read(from: statement, at: index), let value = Self(rawValue: raw) {
            return value
        }
        throw statement.invalidValue(at: index, expected: "\(Self.self)")
    }

    /// nil for NULL, otherwise the case whose raw value is stored, read with the raw value's one call.
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` as ``read(from:at:)``.
    @inlinable
    public static func readOptional(from statement: Statement, at index: Int32) throws -> Self? {
        let raw: RawValue?
        do {
            raw = try RawValue.readOptional(from: statement, at: index)
        } catch {
            throw statement.invalidValue(at: index, expected: "\(Self.self)")
        }
        guard let raw else { return nil }
        guard let value = Self(rawValue: raw) else { throw statement.invalidValue(at: index, expected: "\(Self.self)") }
        return value
    }
}
