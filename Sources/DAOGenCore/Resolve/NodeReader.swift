import Foundation

/// Reads typed values out of YAML nodes, reporting every mismatch with the node's location.
struct NodeReader {
    var diagnostics = DiagnosticCollector()

    /// The pairs of a mapping node whose keys are all in `allowed`; reports other keys and non-mappings.
    mutating func mapping(_ node: YAMLNode, allowed: [String], what: String) -> YAMLFields? {
        guard let pairs = node.mapping else {
            diagnostics.error("expected a mapping for \(what), found \(node.kindDescription)", at: node.location)
            return nil
        }
        var values = YAMLFields()
        for (key, value) in pairs {
            guard let name = key.scalar else {
                diagnostics.error("keys of \(what) must be plain names", at: key.location)
                continue
            }
            guard allowed.contains(name) else {
                let hint = Self.closest(to: name, in: allowed).map { "did you mean '\($0)'?" }
                    ?? "expected one of: \(allowed.joined(separator: ", "))"
                diagnostics.error("unknown key '\(name)' in \(what); \(hint)", at: key.location)
                continue
            }
            values.append(name, value)
        }
        return values
    }

    /// A required key's node; reports its absence at the mapping.
    mutating func required(_ values: YAMLFields, _ key: String, in what: String, at location: SourceLocation) -> YAMLNode? {
        guard let node = values[key] else {
            diagnostics.error("\(what) is missing required key '\(key)'", at: location)
            return nil
        }
        return node
    }

    /// A scalar's text; reports lists, mappings and nulls.
    mutating func string(_ node: YAMLNode, key: String) -> String? {
        guard let text = node.scalar, !node.isNull else {
            diagnostics.error("'\(key)' must be a string, found \(node.isNull ? "null" : node.kindDescription)", at: node.location)
            return nil
        }
        return text
    }

    /// A non-empty scalar's text.
    mutating func name(_ node: YAMLNode, key: String) -> String? {
        guard let text = string(node, key: key) else { return nil }
        if text.trimmingBlanks().isEmpty {
            diagnostics.error("'\(key)' must not be empty", at: node.location)
            return nil
        }
        return text
    }

    /// `true` or `false`.
    mutating func bool(_ node: YAMLNode, key: String) -> Bool? {
        if !node.isQuoted, let text = node.scalar {
            switch text {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        diagnostics.error("'\(key)' must be true or false", at: node.location)
        return nil
    }

    /// An integer scalar.
    mutating func int(_ node: YAMLNode, key: String) -> Int? {
        if !node.isQuoted, let text = node.scalar, let value = Int(text) { return value }
        diagnostics.error("'\(key)' must be an integer", at: node.location)
        return nil
    }

    /// A list node's items.
    mutating func list(_ node: YAMLNode, key: String) -> [YAMLNode]? {
        guard let items = node.sequence else {
            diagnostics.error("'\(key)' must be a list, found \(node.kindDescription)", at: node.location)
            return nil
        }
        return items
    }

    /// One of a fixed set of words, compared without case when `caseInsensitive`.
    mutating func choice(_ node: YAMLNode, key: String, from choices: [String], caseInsensitive: Bool = false) -> String? {
        guard let text = string(node, key: key) else { return nil }
        let match = choices.first { caseInsensitive ? $0.caseInsensitiveCompare(text) == .orderedSame : $0 == text }
        guard let match else {
            diagnostics.error("'\(key)' must be one of: \(choices.joined(separator: ", ")); found '\(text)'", at: node.location)
            return nil
        }
        return match
    }

    /// The one word of `candidates` that `word` is probably a misspelling of: equal ignoring case,
    /// or within two edits of it (one for short words); nil when none or several are that close.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if let sameLetters = candidates.first(where: { $0.lowercased() == lowered }) { return sameLetters }
        let limit = word.count <= 4 ? 1 : 2
        let close = candidates.filter { editDistance(lowered, $0.lowercased(), limit: limit) <= limit }
        return close.count == 1 ? close[0] : nil
    }

    /// The Levenshtein distance of `a` and `b`, or `limit + 1` once it is known to exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a), b = Array(b)
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            if current.min()! > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}
