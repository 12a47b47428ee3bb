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
        var utf8 = sql.utf8[...]
        // Skips white space, `-- line` and `/* block */` comments.
        while let byte = utf8.first {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                utf8 = utf8.dropFirst()
            } else if byte == UInt8(ascii: "-"), utf8.dropFirst().first == UInt8(ascii: "-") {
                utf8 = utf8.drop(while: { $0 != 0x0A })
            } else if byte == UInt8(ascii: "/"), utf8.dropFirst().first == UInt8(ascii: "*") {
                utf8 = utf8.dropFirst(2)
                while !utf8.isEmpty, !(utf8.first == UInt8(ascii: "*") && utf8.dropFirst().first == UInt8(ascii: "/")) {
                    utf8 = utf8.dropFirst()
                }
                utf8 = utf8.dropFirst(2)
            } else {
                break
            }
        }
        var word: UInt64 = 0
        var length = 0
        for byte in utf8 {
            let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
            guard upper >= UInt8(ascii: "A") && upper <= UInt8(ascii: "Z") else { break }
            length += 1
            if length > 6 { return .write }
            word = word << 8 | UInt64(upper)
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
