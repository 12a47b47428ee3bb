import Foundation

/// Swift source spellings of strings.
enum SwiftLiteral {
    /// A one-line string literal: plain when nothing needs escaping, raw (`#"..."#`) otherwise, so SQL reads as written.
    /// `value` as a hexadecimal literal of 16 digits in groups of four: `0x0123_4567_89ab_cdef`.
    static func hexadecimal(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        let padded = String(repeating: "0", count: 16 - digits.count) + digits
        let groups = stride(from: 0, to: 16, by: 4).map { start in
            padded.dropFirst(start).prefix(4)
        }
        return "0x" + groups.joined(separator: "_")
    }

    static func string(_ text: String) -> String {
        var text = text
        // ASCII text, nearly all of it, is read once, byte by byte.
        if let scan = text.withUTF8(ASCIIScan.init), !scan.hasControl {
            guard let hashCount = scan.rawHashCount else { return "\"" + text + "\"" }
            let hashes = String(repeating: "#", count: hashCount)
            return hashes + "\"" + text + "\"" + hashes
        }
        return generalString(text)
    }

    /// `string` of any text, Unicode scalar by scalar (the reference the tests hold the ASCII pass to).
    static func generalString(_ text: String) -> String {
        if text.unicodeScalars.contains(where: Diagnostic.isControl) {
            return "\"" + escaped(text) + "\""
        }
        guard text.contains("\"") || text.contains("\\") else { return "\"\(text)\"" }
        let hashes = String(repeating: "#", count: rawHashCount(text))
        return "\(hashes)\"\(text)\"\(hashes)"
    }

    /// The `#` delimiters of a raw literal of `text`: the fewest that make it unambiguous (at least one).
    static func rawHashes(_ text: String) -> String {
        var text = text
        guard let scan = text.withUTF8(ASCIIScan.init) else { return String(repeating: "#", count: rawHashCount(text)) }
        return String(repeating: "#", count: scan.rawHashCount ?? 1)
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

    /// What a literal of ASCII text needs, found in one pass over its bytes.
    private struct ASCIIScan {
        /// A control character (U+0000-U+001F, U+007F): the literal escapes it.
        var hasControl = false
        /// The `#` a raw literal needs, one more than the longest run of `#` after a `"` or `\`; nil
        /// when the text has neither and a plain literal holds it.
        var rawHashCount: Int?

        /// Nil for text that is not ASCII.
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            var run: Int?
            var longest = -1
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: "#"), let length = run {
                    run = length + 1
                    longest = max(longest, length + 1)
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    run = 0
                    longest = max(longest, 0)
                } else {
                    if byte < 0x20 || byte == 0x7F { hasControl = true }
                    run = nil
                }
            }
            rawHashCount = longest < 0 ? nil : longest + 1
        }
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
