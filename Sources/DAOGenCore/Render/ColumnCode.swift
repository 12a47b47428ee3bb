/// The Swift code of one column: its property, its parameters and its bindings. How a value of its type is
/// bound and read is the runtime's decision (`DatabaseValueConvertible`), never written here.
struct ColumnCode {
    let column: Column
    /// Whether the Swift property is Optional.
    let isOptional: Bool
    /// The record type, which nests the column's enum.
    let recordName: String

    /// The property name as written in code (keywords in backticks).
    var property: String { SwiftNaming.escaped(column.swiftName) }

    /// The property's type, as written inside the record.
    var type: String { column.swiftType.swiftName + (isOptional ? "?" : "") }

    /// True for a generated column (`GENERATED ALWAYS AS`): a read-only property, absent from `init`,
    /// never bound by insert, upsert or update.
    var isGenerated: Bool { column.generated != nil }

    /// The type of the column's `TypedColumn` and of the values its conditions bind: the property's,
    /// with a JSON type wrapped in `DatabaseJSON` (`compared` is the type the property compares as).
    func storedType(comparing compared: String) -> String {
        guard case .json = column.swiftType else { return compared }
        return JSONValueCode.storedType(column.swiftType) + (compared.hasSuffix("?") ? "?" : "")
    }

    /// The non-optional type as written outside the record: a nested enum qualified by the record.
    var qualifiedType: String {
        if case .enumeration = column.swiftType { return "\(recordName).\(column.swiftType.swiftName)" }
        return column.swiftType.swiftName
    }

    /// The binding of `value` (an Optional when `optional`) to parameter `index`: the runtime's conversion of
    /// the type binds it (a JSON column's `DatabaseJSON`).
    func bind(_ value: String, at index: Int, optional: Bool = false) -> BindModel {
        BindModel(value: JSONValueCode.bound(value, type: column.swiftType, optional: optional), index: String(index))
    }

    /// The binding of the record's property (`self`) to parameter `index`.
    func bindProperty(at index: Int) -> BindModel {
        bind("self.\(property)", at: index, optional: isOptional)
    }

    /// The internal name of a method parameter for this column: the property name, unless it would
    /// shadow a name the generated method body uses.
    /// `self` is one of them: a parameter named so would hide the instance inside an initializer.
    var parameterName: String {
        ["statement", "database", "record", "records", "sql", "value", "self"].contains(column.swiftName)
            ? column.swiftName + "Value"
            : property
    }

    /// The parameter of a DAO method for this column, labelled `label`, with the non-optional type, or
    /// with its Optional when `optional`.
    func parameter(label: String, isLast: Bool, optional: Bool = false) -> ParameterModel {
        ParameterModel(
            label: label, innerName: label == parameterName ? nil : parameterName, type: qualifiedType + (optional ? "?" : ""),
            isLast: isLast)
    }

    /// The record initializer's name for the value: the property's, except `self`, which would hide the instance.
    var initParameterName: String { column.swiftName == "self" ? "selfValue" : property }

    /// The record initializer's parameter, labelled like the property, with its default if any.
    func initParameter(isLast: Bool) -> ParameterModel {
        ParameterModel(
            label: property, innerName: property == initParameterName ? nil : initParameterName, type: type,
            defaultValue: initDefault, isLast: isLast)
    }

    /// The reading of the property from column `index` of the table named by `tableLiteral` (a Swift string
    /// literal), for `init(row:)`: the runtime's conversion of the property's type reads it, without a type
    /// test for a column whose type a STRICT table guarantees (`strict`; see `readsStrictly`).
    func read(at index: Int, tableLiteral: String, strict: Bool) -> ReadModel {
        if strict && readsStrictly {
            return ReadModel(property: property, index: index, expression: "statement.value(strictAt: \(index))")
        }
        return ReadModel(
            property: property, index: index,
            expression: "try " + JSONValueCode.read(at: index, type: column.swiftType, tableLiteral: tableLiteral))
    }

    /// Whether a STRICT table guarantees the column's stored class, so the runtime's `StrictColumnValue`
    /// reads it without a type test: a NOT NULL, not generated `Int64` column of type INTEGER or INT, or
    /// `Double` column of type REAL.
    var readsStrictly: Bool {
        guard !isOptional, column.generated == nil else { return false }
        switch (column.swiftType, column.sqlType.uppercased()) {
        case (.int64, "INTEGER"), (.int64, "INT"), (.double, "REAL"): return true
        default: return false
        }
    }

    /// The parameter's default in the memberwise initializer: nil for nullable columns,
    /// or the Swift value of a literal SQL DEFAULT.
    var initDefault: String? {
        if let literal = column.defaultSQL.flatMap(SQLLiteral.init(sql:)), let value = swiftValue(of: literal) {
            return value
        }
        return isOptional ? "nil" : nil
    }

    /// The Swift spelling of an SQL literal in this column's type, when it has one.
    private func swiftValue(of literal: SQLLiteral) -> String? {
        switch (literal, column.swiftType) {
        case (.null, _):
            return isOptional ? "nil" : nil
        case let (.text(text), .string):
            return "\"\(SwiftLiteral.escaped(text))\""
        case let (.text(text), .enumeration(_, cases, .string)):
            return cases.first { $0.rawValue == text }.map { ".\(SwiftNaming.escaped($0.swiftName))" }
        case let (.integer(number), .enumeration(_, cases, .int64)):
            return cases.first { $0.rawValue == String(number) }.map { ".\(SwiftNaming.escaped($0.swiftName))" }
        case let (.integer(number), .int64), let (.integer(number), .int), let (.integer(number), .int32),
             let (.integer(number), .int16), let (.integer(number), .int8), let (.integer(number), .uint8):
            return String(number)
        case let (.integer(number), .double), let (.integer(number), .float):
            return "\(number)"
        case let (.real(number), .double), let (.real(number), .float):
            return "\(number)"
        case let (.integer(number), .bool) where number == 0 || number == 1:
            return number == 1 ? "true" : "false"
        case let (.bool(flag), .bool):
            return flag ? "true" : "false"
        // An empty JSON array or object for a JSON column of an array or dictionary type.
        case let (.text(text), .json(type)) where type.hasPrefix("[") && type.hasSuffix("]"):
            let isDictionary = SchemaResolver.isDictionaryTypeName(type)
            if text.trimmingBlanks() == "[]" && !isDictionary { return "[]" }
            if text.trimmingBlanks() == "{}" && isDictionary { return "[:]" }
            return nil
        default:
            return nil
        }
    }
}
