import Foundation

/// Swift source spellings of strings.
enum SwiftLiteral {
    /// A one-line string literal: plain when nothing needs escaping, raw (`#"..."#`) otherwise, so SQL reads as written.
    static func string(_ text: String) -> String {
        if !text.contains("\"") && !text.contains("\\") && !text.contains("\n") {
            return "\"\(text)\""
        }
        if text.contains("\n") {
            return "\"" + escaped(text) + "\""
        }
        let hashes = String(repeating: "#", count: rawHashCount(text))
        return "\(hashes)\"\(text)\"\(hashes)"
    }

    /// A multi-line raw string literal whose content and closing delimiter are indented by `indent` spaces;
    /// the opening delimiter is left for the caller to place.
    static func multiline(_ text: String, indent: Int) -> String {
        let hashes = String(repeating: "#", count: rawHashCount(text))
        let padding = String(repeating: " ", count: indent)
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).map { padding + $0 }.joined(separator: "\n")
        return "\(hashes)\"\"\"\n\(body)\n\(padding)\"\"\"\(hashes)"
    }

    /// The fewest `#` that make a raw literal of `text` unambiguous (at least one).
    private static func rawHashCount(_ text: String) -> Int {
        var count = 1
        while text.contains("\"" + String(repeating: "#", count: count))
            || text.contains("\\" + String(repeating: "#", count: count)) {
            count += 1
        }
        return count
    }

    /// `text` with `\`, `"`, and control characters escaped for a plain literal.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Doc comment text as lines, one `///` line each.
    static func docLines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .reversed().drop { $0.isEmpty }.reversed()
    }
}
