/// Where each key of a schema element's YAML mapping is written, for diagnostics about one key: the
/// mapping's few keys in the order written, found by comparing them (as `YAMLFields` finds values).
public struct KeyLocations: Sendable, ExpressibleByDictionaryLiteral {
    private var pairs: [(key: String, location: SourceLocation)]

    init(_ pairs: [(key: String, location: SourceLocation)]) {
        self.pairs = pairs
    }

    /// Locations by key, as a dictionary literal writes them.
    public init(dictionaryLiteral elements: (String, SourceLocation)...) {
        pairs = elements.map { (key: $0.0, location: $0.1) }
    }

    /// Where the value of `key` is written; setting replaces it, or adds the key.
    public subscript(key: String) -> SourceLocation? {
        get { pairs.first { $0.key == key }?.location }
        set {
            let index = pairs.firstIndex { $0.key == key }
            switch (index, newValue) {
            case let (index?, location?): pairs[index].location = location
            case let (index?, nil): pairs.remove(at: index)
            case let (nil, location?): pairs.append((key, location))
            case (nil, nil): break
            }
        }
    }
}
