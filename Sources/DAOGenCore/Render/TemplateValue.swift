/// A view model as the templates see it: text, a flag, a number, a list or an object of named values.
/// Models become template values once, before rendering, through their synthesized `encode(to:)`
/// (optionals that are nil are left out, so sections skip them); no tag ever reflects on a model.
enum TemplateValue {
    case text(String)
    case flag(Bool)
    case number(Int)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// `value` as a template value; nil for a nil Optional, which the object holding it leaves out.
    init?<Value: Encodable>(_ value: Value) {
        // Type comparisons, not `as?` casts: a failing dynamic cast looks for bridging conformances,
        // and most values here are models and lists, for which all three fail.
        if Value.self == String.self {
            self = .text(unsafeBitCast(value, to: String.self))
        } else if Value.self == Bool.self {
            self = .flag(unsafeBitCast(value, to: Bool.self))
        } else if Value.self == Int.self {
            self = .number(unsafeBitCast(value, to: Int.self))
        } else {
            let encoder = ValueEncoder()
            // The encoder itself never throws; a model's own encode(to:) is synthesized.
            try? value.encode(to: encoder)
            guard let result = encoder.storage.result else { return nil }
            self = result
        }
    }

    /// The value named `name` of an object; nil for other values, which have no names (as in swift-mustache).
    func child(named name: String) -> TemplateValue? {
        if case .object(let members) = self { return members[name] }
        return nil
    }

    /// The value as swift-mustache sees it: `[String: Any]`, `[Any]` and scalars. Templates that use
    /// what `CompiledTemplate` does not implement render through swift-mustache from it.
    var mustacheValue: Any {
        switch self {
        case .text(let text): return text
        case .flag(let flag): return flag
        case .number(let number): return number
        case .list(let elements): return elements.map(\.mustacheValue)
        case .object(let members): return members.mapValues(\.mustacheValue)
        }
    }
}

/// What a value encoded into: a keyed container (an object), an unkeyed one (a list), or one value.
private final class ValueStorage {
    var members: [String: TemplateValue]?
    var elements: [TemplateValue]?
    var single: TemplateValue?

    var result: TemplateValue? {
        if let members { return .object(members) }
        if let elements { return .list(elements) }
        return single
    }
}

private final class ValueEncoder: Encoder {
    let storage = ValueStorage()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if storage.members == nil { storage.members = [:] }
        return KeyedEncodingContainer(KeyedValues<Key>(storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if storage.elements == nil { storage.elements = [] }
        return UnkeyedValues(storage: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValue(storage: storage)
    }
}

private struct KeyedValues<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: ValueStorage
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) {}

    mutating func encode(_ value: some Encodable, forKey key: Key) {
        if let value = TemplateValue(value) { storage.members![key.stringValue] = value }
    }

    // The scalars directly, without the generic path (the default `encodeIfPresent` calls these).
    mutating func encode(_ value: String, forKey key: Key) { storage.members![key.stringValue] = .text(value) }
    mutating func encode(_ value: Bool, forKey key: Key) { storage.members![key.stringValue] = .flag(value) }
    mutating func encode(_ value: Int, forKey key: Key) { storage.members![key.stringValue] = .number(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        preconditionFailure("view models encode with synthesized conformances only")
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        preconditionFailure("view models encode with synthesized conformances only")
    }

    mutating func superEncoder() -> any Encoder { preconditionFailure("view models have no superclass") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { preconditionFailure("view models have no superclass") }
}

private struct UnkeyedValues: UnkeyedEncodingContainer {
    let storage: ValueStorage
    var codingPath: [any CodingKey] { [] }
    var count: Int { storage.elements!.count }

    mutating func encodeNil() {}

    mutating func encode(_ value: some Encodable) {
        if let value = TemplateValue(value) { storage.elements!.append(value) }
    }

    mutating func encode(_ value: String) { storage.elements!.append(.text(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        preconditionFailure("view models encode with synthesized conformances only")
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        preconditionFailure("view models encode with synthesized conformances only")
    }

    mutating func superEncoder() -> any Encoder { preconditionFailure("view models have no superclass") }
}

private struct SingleValue: SingleValueEncodingContainer {
    let storage: ValueStorage
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() {}

    mutating func encode(_ value: some Encodable) {
        storage.single = TemplateValue(value)
    }
}
