/// Values by the keys of one YAML mapping, in the order written.
///
/// A schema mapping has a handful of keys, each looked up a few times: comparing short keys in order
/// costs a fraction of hashing each one into a `Dictionary` (a tenth of resolving a column). Keys are
/// unique: Yams rejects a mapping that repeats one.
public struct KeyedValues<Value: Sendable>: Sendable, ExpressibleByDictionaryLiteral {
    private var pairs: [(key: String, value: Value)]

    init(_ pairs: [(key: String, value: Value)] = []) {
        self.pairs = pairs
    }

    /// Values by key, as a dictionary literal writes them.
    public init(dictionaryLiteral elements: (String, Value)...) {
        pairs = elements.map { (key: $0.0, value: $0.1) }
    }

    /// The value of `key`; setting replaces it, or adds the key.
    public subscript(key: String) -> Value? {
        get { pairs.first { $0.key == key }?.value }
        set {
            let index = pairs.firstIndex { $0.key == key }
            switch (index, newValue) {
            case let (index?, value?): pairs[index].value = value
            case let (index?, nil): pairs.remove(at: index)
            case let (nil, value?): pairs.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// Adds the value of a key not added yet.
    mutating func append(_ key: String, _ value: Value) {
        pairs.append((key, value))
    }

    /// The same keys with their values transformed.
    func mapValues<Other>(_ transform: (Value) -> Other) -> KeyedValues<Other> {
        KeyedValues<Other>(pairs.map { (key: $0.key, value: transform($0.value)) })
    }
}

/// The values of a mapping that `NodeReader.mapping` accepted.
typealias YAMLFields = KeyedValues<YAMLNode>

/// Where each key of a schema element's mapping is written, for diagnostics about one key.
public typealias KeyLocations = KeyedValues<SourceLocation>
