import DAOGenRuntime

/// A version's schema as a freshly created database has it, for the migration proof to compare a
/// migrated database with: the text of `sqlite_master`, read at once, and the `SchemaDescription`,
/// read only when a migrated database's text differs. The database must keep its schema (data steps
/// checked on it roll back).
final class ExpectedSchema {
    /// The fresh database.
    let database: Database
    /// Every row of `sqlite_master`, as `master(of:)` reads it; nil when some SQL has a comment.
    let master: [[String]]?
    private var cachedDescription: SchemaDescription?

    init(database: Database) throws {
        self.database = database
        self.master = try Self.master(of: database)
    }

    /// The description of the fresh database, read on first use.
    func description() throws -> SchemaDescription {
        if let cachedDescription { return cachedDescription }
        let description = try SchemaDescription(database: database)
        cachedDescription = description
        return description
    }

    /// Type, name, table and SQL text (`canonical(_:)`) of every schema object, in a fixed order; nil
    /// when some text has no canonical form. Equal rows create an equal schema, so two databases with
    /// equal rows need no description.
    static func master(of database: Database) throws -> [[String]]? {
        var rows: [[String]] = []
        for row in try database.cachedRows("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name") {
            var texts: [String] = []
            for value in row {
                switch value {
                case let .text(text) where texts.count == 3:
                    guard let sql = canonical(text) else { return nil }
                    texts.append(sql)
                case let .text(text): texts.append(text)
                case .null: texts.append("")
                default: return nil
                }
            }
            rows.append(texts)
        }
        return rows
    }

    /// `sql` with its layout undone, so that ALTER TABLE's one-line additions match a fresh multi-line
    /// CREATE: outside quotes, every whitespace run becomes one space, and none is kept beside `,`, `(`
    /// or `)`. Tokens stay apart, so equal canonical text is equal SQL. Nil when `sql` has a comment,
    /// whose end a folded line break would move.
    static func canonical(_ sql: String) -> String? {
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var quote: UInt8?
        var pendingSpace = false
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        func isPunctuation(_ byte: UInt8) -> Bool { byte == UInt8(ascii: ",") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                output.append(byte)
                if byte == (open == UInt8(ascii: "[") ? UInt8(ascii: "]") : open) { quote = nil }
                continue
            }
            if isSpace(byte) {
                pendingSpace = true
                continue
            }
            let next = index < bytes.count ? bytes[index] : 0
            if (byte == UInt8(ascii: "-") && next == UInt8(ascii: "-")) || (byte == UInt8(ascii: "/") && next == UInt8(ascii: "*")) {
                return nil
            }
            if pendingSpace, let last = output.last, !isPunctuation(last), !isPunctuation(byte) {
                output.append(0x20)
            }
            pendingSpace = false
            output.append(byte)
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "[") {
                quote = byte
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
