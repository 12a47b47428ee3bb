import Foundation

/// Text from bytes that must be valid UTF-8: never repaired with replacement characters.
@usableFromInline
enum UTF8Text {
    /// The string of the `count` bytes at `text`, which SQLite ends with a NUL byte (as it ends
    /// every text it returns), or nil when they are not valid UTF-8.
    ///
    /// The common case, text without NUL bytes, is one validating pass (`strlen` and
    /// `String(validatingCString:)`, which is not generic, so it costs no metadata look-up).
    @inlinable
    static func string(validatingNulTerminated text: UnsafePointer<UInt8>, count: Int) -> String? {
        let prefix = text.withMemoryRebound(to: CChar.self, capacity: count + 1) { String(validatingCString: $0) }
        guard let prefix else { return nil }  // the bytes before the first NUL are not UTF-8
        if prefix.utf8.count == count { return prefix }
        return string(validating: UnsafeBufferPointer(start: text, count: count))  // embedded NUL bytes
    }

    /// The string of `bytes`, or nil when they are not valid UTF-8 (where `String(decoding:as:)`
    /// would put U+FFFD and lose the stored bytes).
    @usableFromInline
    static func string(validating bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let string = String(decoding: bytes, as: UTF8.self)
        // Decoding repairs, so a repaired string's bytes differ from the stored ones.
        return string.utf8.elementsEqual(bytes) ? string : nil
    }

    /// The value as an SQL literal, for messages: `'text'` for valid UTF-8, otherwise
    /// `CAST(X'…' AS TEXT)`, the text's bytes as they are stored.
    static func literal(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let text = string(validating: bytes) {
            return DatabaseValue.text(text).description
        }
        return "CAST(\(DatabaseValue.blob(Data(bytes)).description) AS TEXT)"
    }
}
