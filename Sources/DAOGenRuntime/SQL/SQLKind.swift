/// Which connection of a ``Database`` a statement may run on, judged from its first keyword.
@usableFromInline
enum SQLKind: UInt8, Sendable {
    /// `SELECT` or `VALUES`: a read, which may run on a reader connection.
    case read
    /// `WITH`: a read if SQLite says the prepared statement is read-only (`sqlite3_stmt_readonly`),
    /// otherwise a write (`WITH ... INSERT`).
    case readIfReadOnly
    /// Anything else (INSERT, UPDATE, DELETE, DDL, PRAGMA, BEGIN, ...): runs on the writer.
    case write

    /// The kind of `sql`, from its first keyword after white space and comments.
    @usableFromInline
    static func of(_ sql: String) -> SQLKind {
        // A native string's UTF-8 is contiguous: read it in place (run-time SQL is judged on every call).
        if let kind = sql.utf8.withContiguousStorageIfAvailable(of(utf8:)) { return kind }
        return Array(sql.utf8).withUnsafeBufferPointer(of(utf8:))
    }

    /// The kind of the SQL whose UTF-8 bytes are `bytes`.
    private static func of(utf8 bytes: UnsafeBufferPointer<UInt8>) -> SQLKind {
        var index = 0
        let end = bytes.count
        /// True when `first` is at `index` and `second` after it.
        func pair(_ first: UInt8, _ second: UInt8) -> Bool {
            index + 1 < end && bytes[index] == first && bytes[index + 1] == second
        }
        // Skips white space, `-- line` and `/* block */` comments.
        while index < end {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                index += 1
            } else if pair(UInt8(ascii: "-"), UInt8(ascii: "-")) {
                while index < end, bytes[index] != 0x0A { index += 1 }
            } else if pair(UInt8(ascii: "/"), UInt8(ascii: "*")) {
                index += 2
                while index < end, !pair(UInt8(ascii: "*"), UInt8(ascii: "/")) { index += 1 }
                index = min(index + 2, end)
            } else {
                break
            }
        }
        var word: UInt64 = 0
        var length = 0
        while index < end {
            let byte = bytes[index]
            let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
            guard upper >= UInt8(ascii: "A") && upper <= UInt8(ascii: "Z") else { break }
            length += 1
            if length > 6 { return .write }
            word = word << 8 | UInt64(upper)
            index += 1
        }
        if word == selectWord || word == valuesWord { return .read }
        return word == withWord ? .readIfReadOnly : .write
    }

    /// `SELECT`, `VALUES` and `WITH` packed as ``of(_:)`` packs a keyword.
    private static let selectWord = keyword("SELECT")
    private static let valuesWord = keyword("VALUES")
    private static let withWord = keyword("WITH")

    /// The ASCII bytes of an upper-case keyword of at most 8 letters, packed as ``of(_:)`` packs them.
    private static func keyword(_ text: StaticString) -> UInt64 {
        var word: UInt64 = 0
        text.withUTF8Buffer { bytes in
            for byte in bytes { word = word << 8 | UInt64(byte) }
        }
        return word
    }
}
