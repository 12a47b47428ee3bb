import Mustache

/// A view model as the templates read it: each struct an object whose members are its stored
/// properties by name (a nil Optional left out, so that a section skips it and the name is looked up
/// in the enclosing object, as swift-mustache does with a struct), each array an array of such values,
/// text, flags and numbers as they are.
///
/// Built once per rendering through the models' synthesized `Encodable` conformance, so each property
/// is declared once; reading the models through `Mirror` instead cost as much as rendering them.
final class TemplateContext: MustacheParent {
    /// Room for 12 members from the start, which most view models fit in: no growing (40 M instructions
    /// of a generation of 100 tables).
    private(set) var members: [String: Any] = Dictionary(minimumCapacity: 16)

    /// The context of `model`.
    static func of(_ model: some Encodable) throws -> TemplateContext {
        let encoder = ContextEncoder()
        try model.encode(to: encoder)
        return encoder.object
    }

    func child(named name: String) -> Any? { members[name] }

    fileprivate func set(_ value: Any, for key: String) { members[key] = value }
}

/// swift-mustache asks every object on its context stack, at every name it looks up, for a custom
/// representation before it asks for the member: a cast that succeeds costs this runtime about half
/// of one that fails (1,100 instructions against 2,000), so a context is its own representation.
extension TemplateContext: MustacheCustomRepresentation {
    var representation: Any? { self }
}

/// swift-mustache renders a value that is no `MustacheCustomRenderable` after three more casts, each of
/// which fails for text (to a lambda, to an Optional, then `String(describing:)`'s): text, most of
/// what the templates render, renders as itself at once. The text is the same either way.
extension String: @retroactive MustacheCustomRenderable {
    /// The text itself.
    public var renderText: String { self }
    /// False: text is never a null object.
    public var isNull: Bool { false }
}

/// The encoder behind `TemplateContext.of(_:)`: a keyed container fills an object, an unkeyed one a list.
private final class ContextEncoder: Encoder {
    let object = TemplateContext()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer<Key>(object: object))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        preconditionFailure("a view model is a struct")
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        preconditionFailure("a view model is a struct")
    }

    /// `value` as the templates read it.
    static func context(of value: some Encodable) throws -> Any {
        switch value {
        case let text as String: return text
        case let flag as Bool: return flag
        case let number as Int: return number
        default:
            let encoder = ListOrObjectEncoder()
            try value.encode(to: encoder)
            return encoder.result
        }
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let object: TemplateContext
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) {}
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            object.set(try ContextEncoder.context(of: value), for: key.stringValue)
        }
        // Text, flags and numbers, most members, as they are: the generic path would cast them.
        mutating func encode(_ value: String, forKey key: Key) { object.set(value, for: key.stringValue) }
        mutating func encode(_ value: Bool, forKey key: Key) { object.set(value, for: key.stringValue) }
        mutating func encode(_ value: Int, forKey key: Key) { object.set(value, for: key.stringValue) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            preconditionFailure("view models encode their members as values")
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            preconditionFailure("view models encode their members as values")
        }
        mutating func superEncoder() -> any Encoder { preconditionFailure("view models are structs") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { preconditionFailure("view models are structs") }
    }

    /// Encodes a member that is a list (an array) or an object (a nested model).
    private final class ListOrObjectEncoder: Encoder {
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]
        private var list: ListBox?
        private var object: TemplateContext?

        var result: Any { object ?? list?.elements ?? [Any]() }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            let object = TemplateContext()
            self.object = object
            return KeyedEncodingContainer(KeyedContainer<Key>(object: object))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            let list = ListBox()
            self.list = list
            return UnkeyedContainer(list: list)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            preconditionFailure("a view model's member is text, a flag, a number, a list or a model")
        }
    }

    private final class ListBox {
        var elements: [Any] = []
    }

    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        let list: ListBox
        var codingPath: [any CodingKey] { [] }
        var count: Int { list.elements.count }

        mutating func encodeNil() {}
        mutating func encode(_ value: some Encodable) throws {
            list.elements.append(try ContextEncoder.context(of: value))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            preconditionFailure("view models encode their elements as values")
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            preconditionFailure("view models encode their elements as values")
        }
        mutating func superEncoder() -> any Encoder { preconditionFailure("view models are structs") }
    }
}
