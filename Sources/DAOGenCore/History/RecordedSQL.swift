import Foundation

/// The statements of a history record (or of the SQL a version derives), split into the objects they
/// create, whitespace-normalized for comparison. Both sides of a comparison go through this same
/// reading, so it only has to be consistent, not a full SQL parser.
struct RecordedSQL: Equatable {
    /// One CREATE statement.
    struct Object: Equatable {
        /// `table`, `index`, `view` or `trigger`; `statement` for anything else.
        var kind: String
        /// The object's name as written (unquoted); the whole statement for `statement`.
        var name: String
        /// The statement, whitespace runs folded to one space, without the final semicolon.
        var text: String

        /// The name compared without case, as SQLite does.
        var key: String { kind + ":" + name.lowercased() }
    }

    /// The objects in the order they were written.
    var objects: [Object]

    /// Reads `text`: lines starting with `--` are comments; a statement starts at a line that begins with
    /// `CREATE` once the statement before it ended with a semicolon.
    init(_ text: String) {
        var statements: [String] = []
        var current = ""
        var ended = true  // the statement so far is empty or ends with a semicolon
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.hasPrefix("--") { continue }
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.hasPrefix("CREATE"), ended {
                statements.append(current)
                current = ""
            }
            current += line + "\n"
            if !trimmed.isEmpty { ended = trimmed.hasSuffix(";") }
        }
        statements.append(current)
        statements = statements.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        objects = statements.map { statement in
            var text = Self.normalized(statement)
            while text.hasSuffix(";") { text = String(text.dropLast()).trimmingCharacters(in: .whitespacesAndNewlines) }
            return Self.object(text)
        }
    }

    /// Whitespace runs folded to one space, trimmed.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The kind and name of a normalized statement.
    private static func object(_ text: String) -> Object {
        var words = Substring(text)
        func take(_ word: String) -> Bool {
            guard words.uppercased().hasPrefix(word + " ") else { return false }
            words = words.dropFirst(word.count + 1)
            return true
        }
        guard take("CREATE") else { return Object(kind: "statement", name: text, text: text) }
        _ = take("UNIQUE") || take("TEMP") || take("TEMPORARY")
        let isVirtual = take("VIRTUAL")
        let kinds = ["TABLE", "INDEX", "VIEW", "TRIGGER"]
        guard let kind = kinds.first(where: { take($0) }) else { return Object(kind: "statement", name: text, text: text) }
        _ = take("IF") && take("NOT") && take("EXISTS")
        guard let (name, _) = identifier(at: words) else { return Object(kind: "statement", name: text, text: text) }
        return Object(kind: isVirtual ? "virtual table" : kind.lowercased(), name: name, text: text)
    }

    /// The identifier at the start of `text` (quoted with `"`, `` ` `` or `[]`, or bare) and the rest.
    static func identifier(at text: Substring) -> (String, Substring)? {
        guard let first = text.first else { return nil }
        let closing: Character? = first == "\"" ? "\"" : first == "`" ? "`" : first == "[" ? "]" : nil
        guard let closing else {
            let end = text.firstIndex { $0 == " " || $0 == "(" || $0 == "," } ?? text.endIndex
            return end == text.startIndex ? nil : (String(text[..<end]), text[end...])
        }
        var name = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == closing {
                if index < text.endIndex, text[index] == closing, closing != "]" {
                    name.append(closing)
                    index = text.index(after: index)
                    continue
                }
                return (name, text[index...])
            }
            name.append(character)
        }
        return nil
    }

    /// The parts of a normalized `CREATE TABLE`: the items between its parentheses, split at top-level
    /// commas, and what follows the closing parenthesis (`WITHOUT ROWID`, `STRICT`).
    static func tableParts(_ text: String) -> (items: [String], options: String)? {
        var items: [String] = []
        var item = ""
        var depth = 0
        var quote: Character?
        var options: String?
        for character in text {
            if options != nil {
                options?.append(character)
                continue
            }
            if let open = quote {
                if depth > 0 { item.append(character) }
                if character == (open == "[" ? "]" : open) { quote = nil }
                continue
            }
            switch character {
            case "\"", "'", "`", "[":
                quote = character
                if depth > 0 { item.append(character) }
            case "(":
                if depth > 0 { item.append(character) }
                depth += 1
            case ")":
                depth -= 1
                if depth == 0 {
                    items.append(item.trimmingCharacters(in: .whitespacesAndNewlines))
                    options = ""
                } else {
                    item.append(character)
                }
            case "," where depth == 1:
                items.append(item.trimmingCharacters(in: .whitespacesAndNewlines))
                item = ""
            default:
                if depth > 0 { item.append(character) }
            }
        }
        guard let options else { return nil }
        return (items, options.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The column name of a CREATE TABLE item (items that are constraints have none: they do not start
    /// with a quoted name, as every column written by `SQLWriter` does).
    static func columnName(ofItem item: String) -> String? {
        guard item.first == "\"" || item.first == "`" || item.first == "[" else { return nil }
        return identifier(at: Substring(item))?.0
    }

    /// The declared type of a column item, in upper case: the words after its name up to the first
    /// constraint (`"author" TEXT NOT NULL` -> `TEXT`); empty for a column without a type.
    static func declaredType(ofItem item: String) -> String {
        let rest = identifier(at: Substring(item))?.1 ?? Substring(item)
        let words = rest.split(separator: " ").map { $0.uppercased() }
        return words.prefix { !constraintWords.contains($0) }.joined(separator: " ")
    }

    /// The words that start a column constraint in the records daogen writes.
    private static let constraintWords: Set<String> = [
        "CONSTRAINT", "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES", "GENERATED", "AS",
    ]
}
