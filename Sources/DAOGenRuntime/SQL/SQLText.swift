/// Writing the SQL of typed conditions, which is built again on every call to look its prepared
/// statement up by its text.
@usableFromInline
enum SQLText {
    /// `parts` one after the other, written into one buffer of the exact size: `+` and `append` copy
    /// the text so far and check each part's encoding again, one part at a time.
    @usableFromInline
    static func concatenation(_ parts: String...) -> String {
        var count = 0
        for part in parts {
            count += part.utf8.count
        }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    guard let base = bytes.baseAddress else { return }
                    (buffer.baseAddress! + offset).initialize(from: base, count: bytes.count)
                    offset += bytes.count
                }
            }
            return offset
        }
    }
}
