// Reading enums and other RawRepresentable types whose raw value is stored in a column.

extension Statement {
    /// The column at 0-based `index` read as the text raw value of `Value`.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when the column is not
    ///   text or its text is the raw value of no case.
    @inlinable
    public func rawRepresentable<Value: RawRepresentable>(
        at index: Int32, as type: Value.Type = Value.self
    ) throws -> Value where Value.RawValue == String {
        let stored = try exactDatabaseValue(at: index, expected: "\(Value.self)")
        guard let raw = String.fromDatabaseValue(stored), let value = Value(rawValue: raw) else {
            throw invalidValue(at: index, stored, expected: "\(Value.self)")
        }
        return value
    }

    /// The column at 0-based `index` read as the integer raw value of `Value`.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when the column is not
    ///   an integer or its integer is the raw value of no case.
    @inlinable
    public func rawRepresentable<Value: RawRepresentable>(
        at index: Int32, as type: Value.Type = Value.self
    ) throws -> Value where Value.RawValue == Int64 {
        let stored = try exactDatabaseValue(at: index, expected: "\(Value.self)")
        guard let raw = Int64.fromDatabaseValue(stored), let value = Value(rawValue: raw) else {
            throw invalidValue(at: index, stored, expected: "\(Value.self)")
        }
        return value
    }
}
