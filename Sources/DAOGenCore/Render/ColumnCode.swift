/// The Swift code that binds and reads one column, fixed by its Swift type and storage.
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

    /// The non-optional type as written outside the record: a nested enum qualified by the record.
    var qualifiedType: String {
        if case .enumeration = column.swiftType { return "\(recordName).\(column.swiftType.swiftName)" }
        return column.swiftType.swiftName
    }

    /// The binding of `value` to parameter `index`; an Optional `value` is unwrapped first when `unwrapping`.
    func bind(_ value: String, at index: Int, unwrapping: Bool = false) -> BindModel {
        var function = "bind"
        var conversion: String?
        switch column.swiftType {
        case .int64, .int, .double, .bool, .string, .data, .url, .decimal, .custom, .enumeration: break
        case .int32, .int16, .int8, .uint8: conversion = "Int64"
        case .float: conversion = "Double"
        case .date(.iso8601): function = "bindISO8601"
        case .date(.unixEpoch): function = "bindUnixEpoch"
        case .date(.unixEpochMilliseconds): function = "bindUnixEpochMilliseconds"
        case .uuid(.text): function = "bindUUIDText"
        case .uuid(.blob): function = "bindUUIDBlob"
        }
        let unwraps = unwrapping
        var isEnum = false
        if case .enumeration = column.swiftType { isEnum = true }
        return BindModel(
            value: unwraps ? "value" : value, unwrapped: unwraps ? value : nil, function: function, conversion: conversion,
            isEnum: isEnum, index: index)
    }

    /// Types whose generic `bind` already maps nil to NULL.
    private var bindsOptionalDirectly: Bool {
        switch column.swiftType {
        case .url, .decimal, .custom: return true
        default: return false
        }
    }

    /// The binding of the record's property (`self`) to parameter `index`.
    func bindProperty(at index: Int) -> BindModel {
        isOptional ? bind(optional: "self.\(property)", at: index) : bind("self.\(property)", at: index)
    }

    /// The binding of an Optional `value` of this column's type to parameter `index`: nil binds NULL.
    func bind(optional value: String, at index: Int) -> BindModel {
        bind(value, at: index, unwrapping: !bindsOptionalDirectly)
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

    /// The expression reading column `index` as the property's type, and whether it throws.
    func readExpression(at index: Int) -> (code: String, throws: Bool) {
        let at = "at: \(index)"
        let value: (String, Bool)
        switch column.swiftType {
        case .int64: value = ("statement.int64(\(at))", true)
        case .double: value = ("statement.double(\(at))", true)
        case .bool: value = ("statement.bool(\(at))", true)
        case .string: value = ("statement.string(\(at))", true)
        case .data: value = ("statement.data(\(at))", true)
        case .float: value = ("statement.float(\(at))", true)
        case .int, .int32, .int16, .int8, .uint8, .url, .decimal, .custom:
            value = ("statement.value(\(at), as: \(column.swiftType.swiftName).self)", true)
        case .date(.iso8601): value = ("statement.iso8601Date(\(at))", true)
        case .date(.unixEpoch): value = ("statement.unixEpochDate(\(at))", true)
        case .date(.unixEpochMilliseconds): value = ("statement.unixEpochMillisecondsDate(\(at))", true)
        case .uuid(.text): value = ("statement.uuidText(\(at))", true)
        case .uuid(.blob): value = ("statement.uuidBlob(\(at))", true)
        case let .enumeration(name, _, _): value = ("statement.rawRepresentable(\(at), as: \(name).self)", true)
        }
        guard isOptional else { return value }
        switch column.swiftType {
        case .string: return ("statement.optionalString(\(at))", true)
        case .int64: return ("statement.optionalInt64(\(at))", true)
        case .double: return ("statement.optionalDouble(\(at))", true)
        case .date(.iso8601): return ("statement.optionalISO8601Date(\(at))", true)
        default: return ("statement.isNull(\(at)) ? nil : \(value.0)", value.1)
        }
    }

    /// The reading of the property from column `index`, for `init(row:)`.
    func read(at index: Int) -> ReadModel {
        let (code, throwing) = readExpression(at: index)
        return ReadModel(property: property, expression: code, isThrowing: throwing)
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
        default:
            return nil
        }
    }
}
