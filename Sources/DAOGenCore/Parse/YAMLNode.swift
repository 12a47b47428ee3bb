import Yams

/// A YAML node with the place it was written, independent of the YAML library.
struct YAMLNode: Sendable {
    /// The shape of a node.
    enum Content: Sendable {
        /// A scalar: its text, and whether it was quoted (quoted scalars are always strings).
        case scalar(String, quoted: Bool)
        /// A mapping, with its pairs in the order they were written.
        case mapping([(key: YAMLNode, value: YAMLNode)])
        /// A sequence.
        case sequence([YAMLNode])
    }

    var content: Content
    var location: SourceLocation

    /// What the node is, for messages: "a string", "a list", "a mapping".
    var kindDescription: String {
        switch content {
        case .scalar: return "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }

    var scalar: String? {
        if case let .scalar(text, _) = content { return text }
        return nil
    }

    var isQuoted: Bool {
        if case let .scalar(_, quoted) = content { return quoted }
        return false
    }

    var mapping: [(key: YAMLNode, value: YAMLNode)]? {
        if case let .mapping(pairs) = content { return pairs }
        return nil
    }

    var sequence: [YAMLNode]? {
        if case let .sequence(items) = content { return items }
        return nil
    }

    /// The value of `key` in a mapping node.
    subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.scalar == key }?.value
    }

    /// True for a plain `null`, `~` or empty scalar.
    var isNull: Bool {
        guard case let .scalar(text, quoted) = content, !quoted else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }
}

extension YAMLNode {
    /// Converts a Yams node tree, attaching `file` to every location.
    init(_ node: Node, file: String) {
        func location(_ mark: Mark?) -> SourceLocation {
            SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
        }
        switch node {
        case let .scalar(scalar):
            self.init(
                content: .scalar(scalar.string, quoted: scalar.style != .plain && scalar.style != .any),
                location: location(scalar.mark))
        case let .mapping(mapping):
            self.init(
                content: .mapping(mapping.map { (YAMLNode($0.key, file: file), YAMLNode($0.value, file: file)) }),
                location: location(mapping.mark))
        case let .sequence(sequence):
            self.init(
                content: .sequence(sequence.map { YAMLNode($0, file: file) }),
                location: location(sequence.mark))
        case let .alias(alias):
            self.init(content: .scalar("", quoted: false), location: location(alias.mark))
        }
    }
}
