import Foundation

/// Mutates the YAML of a schema directory, line by line: deleted, duplicated and swapped lines, scalars
/// replaced by hostile values (huge and negative integers, control characters, newlines, SQL fragments,
/// very long strings), unknown keys, wrong node kinds, anchors and aliases, broken indentation, truncation.
struct SchemaMutator {
    var random: SeededRandom

    static let hostileValues = [
        "9223372036854775807", "99999999999999999999999", "-1", "0", "-9223372036854775808", "1e308", ".inf", ".nan",
        "\"a\\nb\"", "\"\\u0007\"", "\"\\0\"", "\"\\r\\n\"", "\"1)); CREATE TABLE pwn (z\"", "\"; DROP TABLE x; --\"",
        "\"'x' || (SELECT 1)\"", "\"INTEGER PRIMARY KEY\"", "self", "Type", "\"\"", "true", "null", "~", "\"it's\"",
        "\"é漢字🙂\"", "[]", "{}", "0x10", "3.5", "\"x\\ty\"", "\"*/ /*\"", "\"\\\\\"", "'''", "\"`\"", "\"#\"", "\"\\u202E\"",
        "2", "3", "5", "Int8", "UUID", "Date", "Bool", "\"300\"", "\"(\"", "\")\"", "\"a b\"", "\"_\"", "\"1abc\"",
    ]

    static let wrongKinds = ["[a, b]", "{x: 1}", "~", "[[]]", "{}", "[{name: x}]", "!!binary aGVsbG8="]

    static let keys = ["name", "type", "since", "until", "default", "check", "where", "enum", "swift", "notNull",
                       "primaryKey", "unique", "columns", "indexes", "references", "renamedFrom", "version", "sql", "doc", "swiftName"]

    /// Applies one to three mutations to the files (name -> text) of a schema directory.
    mutating func mutate(_ files: [String: String]) -> [String: String] {
        var files = files
        let names = files.keys.sorted()
        for _ in 0..<random.int(1...3) {
            let name = random.pick(names)
            files[name] = mutate(text: files[name]!)
        }
        return files
    }

    mutating func mutate(text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.isEmpty { lines = [""] }
        let line = random.int(0...(lines.count - 1))
        let indent = String(lines[line].prefix { $0 == " " || $0 == "-" }).replacingOccurrences(of: "-", with: " ")
        switch random.int(0...15) {
        case 0:
            lines.remove(at: line)
        case 1:
            lines.insert(lines[line], at: line)
        case 2:
            let other = random.int(0...(lines.count - 1))
            lines.swapAt(line, other)
        case 3, 4, 5, 6:
            lines[line] = replacingValue(lines[line], with: random.pick(Self.hostileValues))
        case 7:
            lines.insert(indent + random.pick(["bogus_key: 1", "Name: x", "\"name\": y", "? complex\n" + indent + ": key"]), at: line)
        case 8:
            lines[line] = replacingValue(lines[line], with: random.pick(Self.wrongKinds))
        case 9:
            // An anchor on one value and an alias elsewhere.
            let other = random.int(0...(lines.count - 1))
            lines[line] = replacingValue(lines[line], with: "&a " + (value(of: lines[line]) ?? "x"))
            lines[other] = replacingValue(lines[other], with: "*a")
        case 10:
            lines[line] = replacingValue(lines[line], with: "\"" + String(repeating: random.pick(["x", "é", "\\n", "'"]), count: random.pick([300, 5_000, 100_000])) + "\"")
        case 11:
            // A raw control character (YAML refuses most of them) or a tab.
            let characters = ["\u{7}", "\t", "\u{0}", "\r", "\u{1B}[31m", "\u{FEFF}", "\u{85}"]
            var text = lines[line]
            let position = text.index(text.startIndex, offsetBy: random.int(0...text.count))
            text.insert(contentsOf: random.pick(characters), at: position)
            lines[line] = text
        case 12:
            lines[line] = random.chance(50) ? "  " + lines[line] : String(lines[line].dropFirst(min(2, lines[line].count)))
        case 13:
            // Truncated in the middle of a line.
            let text = lines.joined(separator: "\n")
            return String(text.prefix(random.int(0...text.count)))
        case 14:
            lines.insert(indent + random.pick(Self.keys) + ": " + random.pick(Self.hostileValues), at: line)
        default:
            // A key renamed to another known key.
            if let colon = lines[line].firstIndex(of: ":") {
                let keyStart = lines[line].firstIndex { $0 != " " && $0 != "-" } ?? lines[line].startIndex
                if keyStart < colon {
                    lines[line].replaceSubrange(keyStart..<colon, with: random.pick(Self.keys))
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    func value(of line: String) -> String? {
        guard let range = line.range(of: ": ") else { return nil }
        let value = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    /// The line with the value after its first `: ` replaced; a line without one gets `key: value`.
    func replacingValue(_ line: String, with value: String) -> String {
        if let range = line.range(of: ": ") {
            return String(line[..<range.upperBound]) + value
        }
        if line.hasSuffix(":") { return line + " " + value }
        let indent = line.prefix { $0 == " " }
        return indent + "name: " + value
    }
}
