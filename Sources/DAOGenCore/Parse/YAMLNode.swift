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
    ///
    /// Aliases are not part of the schema format. Yams resolves an alias to a copy of the anchored
    /// node, start mark included, and keeps no trace of the anchor, so a node whose start and kind
    /// were already converted is an alias: it is reported and left out, never expanded, and an alias
    /// bomb costs no more than its own text.
    static func convert(_ node: Node, file: String, diagnostics: inout DiagnosticCollector) -> YAMLNode {
        var seen: Set<NodeStart> = []
        return convert(node, file: file, seen: &seen, diagnostics: &diagnostics)
    }

    /// Where a node starts, and what it is: unique per node written in a file.
    private struct NodeStart: Hashable {
        var line: Int
        var column: Int
        var kind: Int
    }

    private static func convert(
        _ node: Node, file: String, seen: inout Set<NodeStart>, diagnostics: inout DiagnosticCollector
    ) -> YAMLNode {
        let mark = node.mark
        let location = SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
        let kind: Int
        switch node {
        case .scalar: kind = 0
        case .mapping: kind = 1
        case .sequence: kind = 2
        case .alias: kind = 3
        }
        if case .alias = node { return unsupportedAlias(at: location, diagnostics: &diagnostics) }
        if let mark, !seen.insert(NodeStart(line: mark.line, column: mark.column, kind: kind)).inserted {
            return unsupportedAlias(at: location, diagnostics: &diagnostics)
        }
        switch node {
        case let .scalar(scalar):
            return YAMLNode(content: .scalar(scalar.string, quoted: scalar.style != .plain && scalar.style != .any), location: location)
        case let .mapping(mapping):
            return YAMLNode(
                content: .mapping(mapping.map {
                    (convert($0.key, file: file, seen: &seen, diagnostics: &diagnostics),
                     convert($0.value, file: file, seen: &seen, diagnostics: &diagnostics))
                }),
                location: location)
        case let .sequence(sequence):
            return YAMLNode(
                content: .sequence(sequence.map { convert($0, file: file, seen: &seen, diagnostics: &diagnostics) }),
                location: location)
        case .alias:
            return unsupportedAlias(at: location, diagnostics: &diagnostics)
        }
    }

    /// Reports an alias at the node it repeats (Yams keeps no position of the alias itself).
    private static func unsupportedAlias(at location: SourceLocation, diagnostics: inout DiagnosticCollector) -> YAMLNode {
        diagnostics.error(
            "this node is repeated through a YAML alias (*name); anchors and aliases are not supported in schema files, write the value out",
            at: location)
        return YAMLNode(content: .scalar("", quoted: false), location: location)
    }
}
