/// Turns a view model into nested `[String: Any]` dictionaries and `[Any]` arrays once, before
/// rendering: swift-mustache otherwise reflects on a model with `Mirror` at every tag it looks up.
/// The models' synthesized `encode(to:)` walks them (a `Mirror` walk of the same models cost a sixth
/// of a generator run); optionals that are nil are left out, so sections skip them.
enum MustacheBox {
    /// `value` as dictionaries of its stored properties, arrays and scalars.
    static func box(_ value: some Encodable) -> Any? {
        switch value {
        case let text as String: return text
        case let flag as Bool: return flag
        case let number as Int: return number
        default: break
        }
        let encoder = BoxEncoder()
        // The encoder itself never throws; a model's own encode(to:) is synthesized.
        try? value.encode(to: encoder)
        return encoder.result
    }
}

/// What a value encoded into: a keyed container (a dictionary), an unkeyed one (an array), or one value.
private final class BoxStorage {
    var dictionary: [String: Any]?
    var array: [Any]?
    var single: Any?

    var result: Any? { dictionary ?? array ?? single }
}

private final class BoxEncoder: Encoder {
    let storage = BoxStorage()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var result: Any? { storage.result }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if storage.dictionary == nil { storage.dictionary = [:] }
        return KeyedEncodingContainer(KeyedBox<Key>(storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if storage.array == nil { storage.array = [] }
        return UnkeyedBox(storage: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleBox(storage: storage)
    }
}

private struct KeyedBox<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: BoxStorage
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) {}

    mutating func encode(_ value: some Encodable, forKey key: Key) {
        if let boxed = MustacheBox.box(value) { storage.dictionary![key.stringValue] = boxed }
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

private struct UnkeyedBox: UnkeyedEncodingContainer {
    let storage: BoxStorage
    var codingPath: [any CodingKey] { [] }
    var count: Int { storage.array!.count }

    mutating func encodeNil() {}

    mutating func encode(_ value: some Encodable) {
        if let boxed = MustacheBox.box(value) { storage.array!.append(boxed) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        preconditionFailure("view models encode with synthesized conformances only")
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        preconditionFailure("view models encode with synthesized conformances only")
    }

    mutating func superEncoder() -> any Encoder { preconditionFailure("view models have no superclass") }
}

private struct SingleBox: SingleValueEncodingContainer {
    let storage: BoxStorage
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() {}

    mutating func encode(_ value: some Encodable) {
        storage.single = MustacheBox.box(value)
    }
}
