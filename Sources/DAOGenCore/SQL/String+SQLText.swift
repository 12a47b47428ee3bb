/// Text helpers for SQL and YAML scalars, written without Foundation: on Linux its string
/// functions (`trimmingCharacters`, `range(of:)`, `contains`) go through NSString and cost thousands
/// of instructions a call on the generator's hot paths.
extension String {
    /// The string without leading and trailing blanks: `trimmingCharacters(in: .whitespaces)` (tab and
    /// Unicode's space separators).
    func trimmingBlanks() -> String {
        func isBlank(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || (scalar.value > 0x7F && scalar.properties.generalCategory == .spaceSeparator)
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBlank($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isBlank($0) })!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    /// The string with ASCII letters uppercased and everything else kept, as SQLite folds case.
    func asciiUppercased() -> String {
        String(decoding: asciiUppercasedUTF8(), as: UTF8.self)
    }

    /// The UTF-8 bytes of ``asciiUppercased()``.
    func asciiUppercasedUTF8() -> [UInt8] {
        utf8.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 32 : $0 }
    }

    /// The first range of `other` in the string, compared byte by byte (`range(of:)` without Foundation);
    /// its bounds are UTF-8 indices.
    func utf8Range(of other: String) -> Range<String.Index>? {
        let needle = Array(other.utf8)
        let haystack = Array(utf8)
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) {
                let lower = utf8.index(utf8.startIndex, offsetBy: start)
                return lower..<utf8.index(lower, offsetBy: needle.count)
            }
        }
        return nil
    }

    /// True when the string's UTF-8 bytes start with `prefix`'s (`hasPrefix` without comparing Characters).
    func hasUTF8Prefix(_ prefix: String) -> Bool {
        let fast = utf8.withContiguousStorageIfAvailable { bytes in
            prefix.utf8.withContiguousStorageIfAvailable { prefixBytes in
                bytes.count >= prefixBytes.count && bytes.prefix(prefixBytes.count).elementsEqual(prefixBytes)
            }
        }
        return (fast ?? nil) ?? utf8.starts(with: prefix.utf8)
    }
}
