/// The values of a YAML mapping by key, as `NodeReader.mapping` accepted them, in the order written.
///
/// A schema mapping has a handful of keys, each looked up a few times: comparing short keys in order
/// costs a fraction of hashing each one into a `Dictionary` (a tenth of resolving a column). Keys are
/// unique: Yams rejects a mapping that repeats one.
struct YAMLFields {
    private var pairs: [(key: String, value: YAMLNode)] = []

    init() {}

    /// The value of `key`, if the mapping has it.
    subscript(key: String) -> YAMLNode? {
        pairs.first { $0.key == key }?.value
    }

    /// Adds the value of a key not added yet.
    mutating func append(_ key: String, _ value: YAMLNode) {
        pairs.append((key, value))
    }

    /// Where each key's value is written.
    var locations: KeyLocations {
        KeyLocations(pairs.map { ($0.key, $0.value.location) })
    }
}
