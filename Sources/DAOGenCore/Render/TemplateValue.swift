/// A view model as the templates see it: text, a flag, a number, a list or an object of named values.
/// Models become template values once, before rendering, through their synthesized `encode(to:)`
/// (optionals that are nil are left out, so sections skip them); no tag ever reflects on a model.
enum TemplateValue {
    case text(String)
    case flag(Bool)
    case number(Int)
    case list([TemplateValue])
    case object(TemplateObject)

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
            guard let result = encoder.result else { return nil }
            self = result
        }
    }

    /// The value named `name` of an object; nil for other values, which have no names (as in swift-mustache).
    func child(named name: TemplateObject.HashedName) -> TemplateValue? {
        if case .object(let object) = self { return object[name] }
        return nil
    }

    /// What `{{name}}` writes for the value: what swift-mustache writes (`String(describing:)`), except
    /// that an object lists its members in the order they were set, where swift-mustache's `Dictionary`
    /// lists them in an order that changes from process to process.
    var text: String {
        switch self {
        case .text(let text): return text
        case .flag(let flag): return flag ? "true" : "false"
        case .number(let number): return String(number)
        case .list, .object: return elementText
        }
    }

    /// How a Swift collection writes the value as one of its elements (`String(reflecting:)`).
    private var elementText: String {
        switch self {
        case .text(let text): return String(reflecting: text)
        case .flag, .number: return text
        case .list(let elements): return "[" + elements.map(\.elementText).joined(separator: ", ") + "]"
        case .object(let object) where object.members.isEmpty: return "[:]"
        case .object(let object):
            return "[" + object.members.map { String(reflecting: $0.name.text) + ": " + $0.value.elementText }.joined(separator: ", ") + "]"
        }
    }

    /// The value as swift-mustache sees it: `[String: Any]`, `[Any]` and scalars. Templates that use
    /// what `CompiledTemplate` does not implement render through swift-mustache from it.
    var mustacheValue: Any {
        switch self {
        case .text(let text): return text
        case .flag(let flag): return flag
        case .number(let number): return number
        case .list(let elements): return elements.map(\.mustacheValue)
        case .object(let object):
            return Dictionary(object.members.map { ($0.name.text, $0.value.mustacheValue) }) { _, last in last }
        }
    }
}

/// Encodes one value, and holds what it encoded into: a keyed container (an object), an unkeyed one
/// (a list), or one value. Its containers write into it.
private final class ValueEncoder: Encoder {
    var members: TemplateObject?
    var elements: [TemplateValue]?
    var single: TemplateValue?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var result: TemplateValue? {
        if let members { return .object(members) }
        if let elements { return .list(elements) }
        return single
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if members == nil { members = TemplateObject() }
        return KeyedEncodingContainer(KeyedValues<Key>(storage: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if elements == nil { elements = [] }
        return UnkeyedValues(storage: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValue(storage: self)
    }
}

private struct KeyedValues<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: ValueEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) {}

    mutating func encode(_ value: some Encodable, forKey key: Key) {
        if let value = TemplateValue(value) { set(value, forKey: key) }
    }

    // The scalars directly, without the generic path (the default `encodeIfPresent` calls these).
    mutating func encode(_ value: String, forKey key: Key) { set(.text(value), forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) { set(.flag(value), forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) { set(.number(value), forKey: key) }

    /// A synthesized `encode(to:)` encodes each key once.
    private func set(_ value: TemplateValue, forKey key: Key) {
        storage.members!.appendNew(TemplateObject.HashedName(key.stringValue), value)
    }

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
    let storage: ValueEncoder
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
    let storage: ValueEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() {}

    mutating func encode(_ value: some Encodable) {
        storage.single = TemplateValue(value)
    }
}
