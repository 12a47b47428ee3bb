import Foundation

/// Swift source spellings of strings.
enum SwiftLiteral {
    /// A one-line string literal: plain when nothing needs escaping, raw (`#"..."#`) otherwise, so SQL reads as written.
    static func string(_ text: String) -> String {
        let hasControl = text.unicodeScalars.contains(where: Diagnostic.isControl)
        // ASCII text is searched byte by byte: Foundation's `contains` bridges to NSString.
        let needsEscapes = text.utf8.allSatisfy { $0 < 0x80 }
            ? text.utf8.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            : text.contains("\"") || text.contains("\\")
        if !needsEscapes && !hasControl {
            return "\"\(text)\""
        }
        if hasControl {
            return "\"" + escaped(text) + "\""
        }
        let hashes = String(repeating: "#", count: rawHashCount(text))
        return "\(hashes)\"\(text)\"\(hashes)"
    }

    /// The `#` delimiters of a raw literal of `text`: the fewest that make it unambiguous (at least one).
    static func rawHashes(_ text: String) -> String {
        String(repeating: "#", count: rawHashCount(text))
    }

    /// The fewest `#` that make a raw literal of `text` unambiguous (at least one).
    private static func rawHashCount(_ text: String) -> Int {
        var count = 1
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: the longest run of `#` after a `"` or `\`, counted in one pass over the bytes.
            var longest = 0
            var run: Int?
            for byte in text.utf8 {
                if byte == UInt8(ascii: "#"), let length = run {
                    run = length + 1
                    longest = max(longest, length + 1)
                } else {
                    run = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") ? 0 : nil
                }
            }
            return longest + 1
        }
        while text.contains("\"" + String(repeating: "#", count: count))
            || text.contains("\\" + String(repeating: "#", count: count)) {
            count += 1
        }
        return count
    }

    /// `text` with `\`, `"`, and control characters escaped for a plain literal.
    static func escaped(_ text: String) -> String {
        // Backslashes first, so the escapes `oneLine` adds stay single.
        Diagnostic.oneLine(text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))
    }

    /// Text from the schema (a name, SQL) made safe inside a `//` or `///` comment: one line, with
    /// line breaks and other control characters written as escapes, so nothing ends the comment.
    static func commentText(_ text: String) -> String {
        Diagnostic.oneLine(text)
    }

    /// Doc comment text as lines, one `///` line each: split at every kind of line break, each line
    /// made safe by `commentText`, trailing blank lines dropped.
    static func docLines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n")
            .split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{85}" }
            .map { commentText($0.trimmingCharacters(in: .whitespaces)) }
            .reversed().drop { $0.isEmpty }.reversed()
    }
}
