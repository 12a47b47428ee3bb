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
    /// For a scalar whose text can be found character for character in the file: how it lies there.
    var placement: ScalarPlacement? = nil

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
    static func convert(_ node: Node, file: String, text: String? = nil, diagnostics: inout DiagnosticCollector) -> YAMLNode {
        var seen: Set<NodeStart> = []
        let lines = text.map(Self.lines) ?? []
        return convert(node, file: file, lines: lines, seen: &seen, diagnostics: &diagnostics)
    }

    /// `text.split(separator: "\n", omittingEmptySubsequences: false)`, found by bytes: a CR LF is one
    /// Character, so only a line feed without a carriage return before it splits (splitting by Characters
    /// was a fifth of parsing).
    static func lines(_ text: String) -> [Substring] {
        var text = text
        // Contiguous UTF-8: the bytes are read in place, and a byte offset is an index in O(1).
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            func index(_ offset: Int) -> String.Index { text.utf8.index(text.startIndex, offsetBy: offset) }
            var lines: [Substring] = []
            var start = 0
            for offset in bytes.indices
            where bytes[offset] == UInt8(ascii: "\n") && (offset == 0 || bytes[offset - 1] != UInt8(ascii: "\r")) {
                lines.append(text[index(start)..<index(offset)])
                start = offset + 1
            }
            lines.append(text[index(start)...])
            return lines
        }!
    }

    /// How a scalar's text lies in the file, when every character of it is where it was written:
    /// a literal block (`|`, the indentation of its first non-blank line), or a plain or quoted
    /// scalar on one line whose source is the text itself (no escapes, no folding).
    private static func placement(of scalar: Node.Scalar, at mark: Mark?, lines: [Substring]) -> ScalarPlacement? {
        guard let mark, mark.line >= 1, mark.line <= lines.count else { return nil }
        switch scalar.style {
        case .literal:
            let body = lines.dropFirst(mark.line)
            guard let first = body.first(where: { !$0.allSatisfy { $0 == " " } }) else { return nil }
            return .literalBlock(indent: first.prefix { $0 == " " }.count)
        case .plain, .any, .singleQuoted, .doubleQuoted:
            // A byte test in place: Foundation's `contains` searched through NSString, a fifth of parsing.
            var text = scalar.string
            guard !text.withUTF8({ $0.contains(UInt8(ascii: "\n")) }) else { return nil }
            let quote = scalar.style == .singleQuoted || scalar.style == .doubleQuoted ? 1 : 0
            let start = mark.column - 1 + quote
            guard start >= 0 else { return nil }
            return isWritten(text, in: lines[mark.line - 1], at: start) ? .inline(quoteWidth: quote) : nil
        default:
            return nil
        }
    }

    /// Whether `text` is written in `line` from its `start`th Unicode scalar (marks count scalars). Where
    /// the line is ASCII up to there, bytes are scalars, and the bytes are compared in place (through the
    /// index types of `Substring` this was a tenth of parsing); otherwise `isWrittenByScalars`.
    static func isWritten(_ text: String, in line: Substring, at start: Int) -> Bool {
        var text = text, line = line
        let byBytes: Bool? = text.withUTF8 { text in
            line.withUTF8 { line in
                guard line.count >= start, !line.prefix(start).contains(where: { $0 >= 0x80 }) else { return nil }
                return UnsafeBufferPointer(rebasing: line[start...]).starts(with: text)
            }
        }
        return byBytes ?? isWrittenByScalars(text, in: line, at: start)
    }

    /// `isWritten` of any line, scalar by scalar.
    static func isWrittenByScalars(_ text: String, in line: Substring, at start: Int) -> Bool {
        let scalars = line.unicodeScalars
        guard let index = scalars.index(scalars.startIndex, offsetBy: start, limitedBy: scalars.endIndex) else { return false }
        return scalars[index...].starts(with: text.unicodeScalars)
    }

    /// Where a node starts, and what it is: unique per node written in a file.
    private struct NodeStart: Hashable {
        var line: Int
        var column: Int
        var kind: Int

        /// One word hashed instead of three (equality still compares all three).
        func hash(into hasher: inout Hasher) {
            hasher.combine(line << 34 ^ column << 4 ^ kind)
        }
    }

    private static func convert(
        _ node: Node, file: String, lines: [Substring], seen: inout Set<NodeStart>, diagnostics: inout DiagnosticCollector
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
            return YAMLNode(
                content: .scalar(scalar.string, quoted: scalar.style != .plain && scalar.style != .any), location: location,
                placement: placement(of: scalar, at: mark, lines: lines))
        case let .mapping(mapping):
            return YAMLNode(
                content: .mapping(mapping.map {
                    (convert($0.key, file: file, lines: lines, seen: &seen, diagnostics: &diagnostics),
                     convert($0.value, file: file, lines: lines, seen: &seen, diagnostics: &diagnostics))
                }),
                location: location)
        case let .sequence(sequence):
            return YAMLNode(
                content: .sequence(sequence.map { convert($0, file: file, lines: lines, seen: &seen, diagnostics: &diagnostics) }),
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
