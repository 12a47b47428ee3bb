extension SchemaResolver {
    /// The column keys of JSON and generated columns (section 9 of the contract).
    static let jsonAndGeneratedKeys = ["json", "generated", "stored"]

    /// Reads `json:`, `generated:` and `stored:` into `column`, which `resolveColumn` built from the other keys.
    ///
    /// `json: true` makes the column's Swift type the one `swift:` names, any `Codable & Hashable & Sendable`
    /// type (`[String]`, `[String: Int]`, `Address`), stored as JSON text in a TEXT column. `generated:` is the
    /// expression of `GENERATED ALWAYS AS (...)`, VIRTUAL unless `stored: true`.
    mutating func resolveJSONAndGenerated(_ values: YAMLFields, isJSON: Bool, into column: inout Column) {
        let name = column.name
        if let node = values["generated"] {
            column.generated = expression(node, key: "generated", of: "column '\(name)'")
            if column.primaryKey, let keyNode = values["primaryKey"] {
                reader.diagnostics.error("generated column '\(name)' cannot be part of the primary key", at: keyNode.location)
            }
            if let defaultNode = values["default"] {
                reader.diagnostics.error("'default' and 'generated' cannot both be set on a column", at: defaultNode.location)
            }
        }
        if let node = values["stored"], let stored = reader.bool(node, key: "stored") {
            if values["generated"] == nil {
                reader.diagnostics.error("'stored' applies to a generated column; set 'generated' on column '\(name)'", at: node.location)
            }
            column.stored = stored
        }
        guard isJSON, let jsonNode = values["json"] else { return }
        if let enumNode = values["enum"] {
            reader.diagnostics.error("'enum' and 'json' cannot both be set on a column", at: enumNode.location)
            return
        }
        guard let swiftNode = values["swift"] else {
            reader.diagnostics.error(
                "JSON column '\(name)' needs 'swift:', the Codable Swift type its JSON text decodes to (such as \"[String]\")",
                at: jsonNode.location)
            return
        }
        guard let type = reader.string(swiftNode, key: "swift") else { return }
        if let problem = Self.swiftTypeProblem(type) {
            reader.diagnostics.error("'swift' of JSON column '\(name)' must be a Swift type, but \(problem)", at: swiftNode.location)
            return
        }
        if column.affinity != .text {
            reader.diagnostics.error(
                "JSON column '\(name)' has type '\(column.sqlType)' (\(column.affinity.rawValue) affinity); JSON is stored as text, so it needs TEXT affinity",
                at: values["type"]?.location ?? values["declaredType"]?.location ?? jsonNode.location)
            return
        }
        column.swiftType = .json(type.trimmingBlanks())
    }

    /// Whether `type` (written `[...]`) is a dictionary type: a `:` inside its outer brackets only.
    static func isDictionaryTypeName(_ type: String) -> Bool {
        var depth = 0
        for character in type {
            switch character {
            case "[", "<": depth += 1
            case "]", ">": depth -= 1
            case ":" where depth == 1: return true
            default: break
            }
        }
        return false
    }

    /// Why `type` is not a Swift type as a JSON column's `swift:` may write it (a name, `[T]`, `[K: V]`,
    /// `Name<T, U>`, dotted names), or nil when it is one. Optionality comes from the column's
    /// nullability, so a trailing `?` is refused.
    static func swiftTypeProblem(_ type: String) -> String? {
        let text = type.trimmingBlanks()
        if text.isEmpty { return "it is empty" }
        if text.hasSuffix("?") || text.hasSuffix("!") {
            return "'\(text)' is Optional; a nullable column (no notNull: true) makes the property Optional"
        }
        var depth: [Character] = []
        var word = ""
        var previous: Character = " "
        for character in text + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                previous = character
                continue
            }
            if !word.isEmpty {
                guard SwiftNaming.isIdentifier(word) else { return "'\(word)' is not a Swift identifier" }
                word = ""
            }
            switch character {
            case "[", "<": depth.append(character)
            case "]", ">":
                guard let open = depth.popLast(), (open == "[") == (character == "]"), previous != open else {
                    return "its brackets do not match"
                }
            case ":" where depth.last == "[", ",", ".", " ", "?": break
            default: return "'\(character)' cannot appear in a type name"
            }
            if character != " " { previous = character }
        }
        return depth.isEmpty ? nil : "its brackets do not match"
    }
}
