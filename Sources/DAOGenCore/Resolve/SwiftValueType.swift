/// The Swift type of a column's property, with how it is bound and read.
public enum SwiftValueType: Sendable, Hashable {
    case int64, int, int32, int16, int8, uint8, bool, double, float, string, data, url, decimal
    case date(DateStorage)
    case uuid(UUIDStorage)
    /// A nested enum of the record: its Swift name and its cases.
    case enumeration(name: String, cases: [EnumCase], rawType: EnumRawType)
    /// A user type conforming to `DatabaseValueConvertible`.
    case custom(String)
    /// `json: true`: any `Codable & Hashable & Sendable` Swift type (as written in `swift:`), stored as JSON
    /// text through the runtime's `DatabaseJSON`.
    case json(String)

    /// The Swift spelling of the type, without optionality.
    public var swiftName: String {
        switch self {
        case .int64: return "Int64"
        case .int: return "Int"
        case .int32: return "Int32"
        case .int16: return "Int16"
        case .int8: return "Int8"
        case .uint8: return "UInt8"
        case .bool: return "Bool"
        case .double: return "Double"
        case .float: return "Float"
        case .string: return "String"
        case .data: return "Data"
        case .url: return "URL"
        case .decimal: return "Decimal"
        case .date: return "Date"
        case .uuid: return "UUID"
        case let .enumeration(name, _, _): return name
        case let .custom(name): return name
        case let .json(name): return name
        }
    }

    /// The values an integer type can hold, as stored; nil for types that are not integers.
    var integerRange: ClosedRange<Int64>? {
        switch self {
        case .int8: return Int64(Int8.min)...Int64(Int8.max)
        case .int16: return Int64(Int16.min)...Int64(Int16.max)
        case .int32: return Int64(Int32.min)...Int64(Int32.max)
        case .uint8: return 0...Int64(UInt8.max)
        case .bool: return 0...1
        default: return nil
        }
    }

    /// The names `swift:` accepts, other than custom types.
    static let namedTypes: [String: SwiftValueType] = [
        "Int64": .int64, "Int": .int, "Int32": .int32, "Int16": .int16, "Int8": .int8, "UInt8": .uint8,
        "Bool": .bool, "Double": .double, "Float": .float, "String": .string, "Data": .data,
        "URL": .url, "Decimal": .decimal,
    ]

    /// The default Swift type of an affinity.
    static func `default`(for affinity: Affinity) -> SwiftValueType {
        switch affinity {
        case .integer: return .int64
        case .text: return .string
        case .real, .numeric: return .double
        case .blob: return .data
        }
    }

    /// The affinities that store this type without changing its values; nil for custom types,
    /// which the generator cannot inspect.
    var storableAffinities: Set<Affinity>? {
        switch self {
        case .int64, .int, .int32, .int16, .int8, .uint8, .bool: return [.integer, .numeric]
        case .double, .float: return [.real, .numeric]
        case .string, .url, .decimal: return [.text, .blob]
        case .data: return [.blob]
        // NUMERIC keeps ISO-8601 text as text (it is not a well-formed number): DATETIME columns of existing files.
        case .date(.iso8601): return [.text, .blob, .numeric]
        case .date(.unixEpoch): return [.real, .numeric]
        case .date(.unixEpochMilliseconds): return [.integer, .numeric]
        case .uuid(.text): return [.text, .blob]
        case .uuid(.blob): return [.blob]
        case .enumeration(_, _, .string): return [.text, .blob]
        case .enumeration(_, _, .int64): return [.integer, .numeric]
        case .custom: return nil
        case .json: return [.text]
        }
    }
}

/// The raw value type of a generated enum.
public enum EnumRawType: Sendable, Hashable {
    /// `enum: [a, b]`, stored as TEXT.
    case string
    /// `enum: {a: 1, b: 2}`, stored as INTEGER.
    case int64
}

/// One case of a generated enum.
public struct EnumCase: Sendable, Hashable {
    /// The Swift case name, not escaped.
    public var swiftName: String
    /// The stored value: the string, or the integer's decimal text.
    public var rawValue: String
}
