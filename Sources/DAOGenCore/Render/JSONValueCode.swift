/// The Swift expressions that bind and read a value of a JSON column (`json: true`): the runtime's
/// `DatabaseJSON` encodes and decodes it, so the generated code only names the conversion. Every other
/// type binds and reads as its `DatabaseValueConvertible` conformance decides, written as it is.
enum JSONValueCode {
    /// `value` as bound: wrapped in `DatabaseJSON` for a JSON type (mapped when `optional`), as is otherwise.
    static func bound(_ value: String, type: SwiftValueType, optional: Bool) -> String {
        guard case .json = type else { return value }
        return optional ? "\(value).map(DatabaseJSON.init)" : "DatabaseJSON(\(value))"
    }

    /// The reading of column `index` of the current row: `statement.json(at:table:)` for a JSON type, which
    /// names the table (`tableLiteral`, a Swift string literal) in its error, `statement.value(at:)` otherwise.
    static func read(at index: Int, type: SwiftValueType, tableLiteral: String) -> String {
        guard case .json = type else { return "statement.value(at: \(index))" }
        return "statement.json(at: \(index), table: \(tableLiteral))"
    }

    /// The value type of a typed column or an argument: `DatabaseJSON<T>` for a JSON type, the type otherwise.
    static func storedType(_ type: SwiftValueType) -> String {
        guard case .json = type else { return type.swiftName }
        return "DatabaseJSON<\(type.swiftName)>"
    }
}
