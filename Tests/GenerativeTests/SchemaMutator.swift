import Foundation
import Seeded

/// Mutates the YAML of a schema directory, line by line: deleted, duplicated and swapped lines, scalars
/// replaced by hostile values (huge and negative integers, control characters, newlines, SQL fragments,
/// very long strings), unknown keys, wrong node kinds, anchors and aliases, broken indentation, truncation.
struct SchemaMutator {
    var random: SeededRandom
    /// A path in the fuzzer's output that SQL payloads try to create (by ATTACH or VACUUM INTO): it must
    /// never exist.
    var canary: String

    /// Text appended to a statement in a `sql:` slot: further statements of every kind, some after a
    /// string, comment or `END` that might hide the `;` from a splitter that is not SQLite's.
    var smugglingPayloads: [String] {
        [
            "; CREATE TABLE pwn (z)", "; ATTACH '\(canary)' AS pwn", "; VACUUM INTO '\(canary)'", "; DETACH main",
            "; DROP TABLE IF EXISTS book", "; PRAGMA writable_schema = 1", "; DELETE FROM sqlite_schema", ";; SELECT 1",
            " -- ; CREATE TABLE pwn (z)\n", " /* ; */ ; CREATE TABLE pwn (z)", " END; CREATE TABLE pwn (z)",
            "; CREATE TRIGGER pwn AFTER INSERT ON book BEGIN DELETE FROM book; END", "'; CREATE TABLE pwn (z); --",
            "\"; CREATE TABLE pwn (z); --", "; CREATE TEMP TABLE pwn (z)", "; BEGIN; COMMIT", "; SELECT load_extension('x')",
            "; WITH x AS (SELECT 1) DELETE FROM book", "; REPLACE INTO book DEFAULT VALUES",
        ]
    }

    /// Fragments spliced into SQL: joins, compounds, aggregates, subqueries, parameters and punctuation.
    static let sqlFragments = [
        " LEFT JOIN book ON 1", " RIGHT JOIN book ON 1", " UNION ALL SELECT 1", " GROUP BY 1", " HAVING 1", "(SELECT 1)",
        " CASE WHEN 1 THEN NULL END", " ; ", " -- ", " /* ", " END; ", "'", "\"", " :param", " ?", " count(*)", " max(id)",
        " NULL", " AS x", ",", " ORDER BY 1", " LIMIT :n", " WHERE id = :id", " RETURNING *", " BEGIN ", " DISTINCT",
    ]

    static let hostileValues = [
        "9223372036854775807", "99999999999999999999999", "-1", "0", "-9223372036854775808", "1e308", ".inf", ".nan",
        "\"a\\nb\"", "\"\\u0007\"", "\"\\0\"", "\"\\r\\n\"", "\"1)); CREATE TABLE pwn (z\"", "\"; DROP TABLE x; --\"",
        "\"'x' || (SELECT 1)\"", "\"INTEGER PRIMARY KEY\"", "self", "Type", "\"\"", "true", "null", "~", "\"it's\"",
        "\"é漢字🙂\"", "[]", "{}", "0x10", "3.5", "\"x\\ty\"", "\"*/ /*\"", "\"\\\\\"", "'''", "\"`\"", "\"#\"", "\"\\u202E\"",
        "2", "3", "5", "Int8", "UUID", "Date", "Bool", "\"300\"", "\"(\"", "\")\"", "\"a b\"", "\"_\"", "\"1abc\"",
        "\"[String]\"", "\"[String: [Int]]\"", "\"Set<String>?\"", "\"length(id)\"", "\"id + 1\"", "\"json('[1]')\"",
    ]

    static let wrongKinds = ["[a, b]", "{x: 1}", "~", "[[]]", "{}", "[{name: x}]", "!!binary aGVsbG8="]

    static let keys = ["name", "type", "since", "until", "default", "check", "where", "enum", "swift", "notNull",
                       "primaryKey", "unique", "columns", "indexes", "references", "renamedFrom", "version", "sql", "doc", "swiftName",
                       "json", "generated", "stored", "search", "tokenizer", "virtualTables"]

    /// Applies one to three mutations to the files (name -> text) of a schema directory.
    mutating func mutate(_ files: [String: String]) -> [String: String] {
        var files = files
        let names = files.keys.sorted()
        for _ in 0..<random.int(1...3) {
            let name = random.pick(names)
            // One mutation in four goes to the SQL of a table file's views, triggers, queries or data steps.
            let tableFiles = names.filter { $0 != "daogen.yaml" }
            if random.chance(25), !tableFiles.isEmpty {
                let file = random.pick(tableFiles)
                files[file] = mutateSQL(files[file]!.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            } else {
                files[name] = mutate(text: files[name]!)
            }
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
            lines.insert(indent + random.pick([
                "bogus_key: 1", "Name: x", "\"name\": y", "? complex\n" + indent + ": key",
                "search: { columns: [title], tokenizer: trigram }", "search: { columns: [id] }",
                "virtualTables: [{ name: v, sql: \"CREATE VIRTUAL TABLE v USING fts5(a); DROP TABLE book\" }]",
            ]), at: line)
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

    /// Mutates the SQL of a `sql:` slot (a view's, trigger's, query's or data step's), on its line or a
    /// line of its block: a payload appended, a fragment spliced in, or the text cut short.
    mutating func mutateSQL(_ lines: [String]) -> String {
        var lines = lines
        var slots: [Int] = []
        var blockIndent: Int?
        for (index, line) in lines.enumerated() {
            let indent = line.prefix { $0 == " " }.count
            if let block = blockIndent, indent > block, !line.trimmingCharacters(in: .whitespaces).isEmpty {
                slots.append(index)
                continue
            }
            blockIndent = nil
            let content = line.drop { $0 == " " || $0 == "-" }
            if content.hasPrefix("sql:") {
                if content.hasSuffix("|") || content.hasSuffix(">") {
                    blockIndent = indent
                } else {
                    slots.append(index)
                }
            }
        }
        guard !slots.isEmpty, random.chance(85) else {
            return (lines + slotSection(table: firstTable(lines)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)).joined(separator: "\n")
        }
        let line = random.pick(slots)
        var text = lines[line]
        let quoted = text.hasSuffix("\"") || text.hasSuffix("'")
        let quote = quoted ? text.removeLast() : nil
        switch random.int(0...2) {
        case 0:
            text += random.pick(smugglingPayloads)
        case 1:
            let fragment = random.pick(Self.sqlFragments)
            let start = text.firstIndex { $0 != " " && $0 != "-" } ?? text.startIndex
            let offset = random.int(0...text.distance(from: start, to: text.endIndex))
            text.insert(contentsOf: fragment, at: text.index(start, offsetBy: offset))
        default:
            text = String(text.prefix(random.int(0...text.count)))
        }
        if let quote { text.append(quote) }
        lines[line] = text
        return lines.joined(separator: "\n")
    }

    /// A `views:`, `triggers:` or `migrations:` section whose SQL may hold a payload, for files that have none.
    mutating func slotSection(table: String) -> String {
        let payload = random.chance(60) ? random.pick(smugglingPayloads) : ""
        let escaped = payload.replacingOccurrences(of: "'", with: "''").replacingOccurrences(of: "\n", with: " ")
        switch random.int(0...2) {
        case 0:
            return "views:\n  - name: fuzz_view\n    sql: 'SELECT 1 AS one\(escaped)'\n"
        case 1:
            return "triggers:\n  - name: fuzz_trigger\n    sql: 'CREATE TRIGGER fuzz_trigger AFTER INSERT ON \(table) BEGIN SELECT 1; END\(escaped)'\n"
        default:
            return "migrations:\n  - version: 2\n    sql: 'UPDATE \(table) SET rowid = rowid\(escaped)'\n"
        }
    }

    /// The name of the first table of a table file's lines, or `book`.
    func firstTable(_ lines: [String]) -> String {
        for line in lines where line.hasPrefix("  - name: ") {
            return String(line.dropFirst("  - name: ".count)).trimmingCharacters(in: .whitespaces)
        }
        return "book"
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
