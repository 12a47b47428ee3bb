import DAOGenRuntime

/// A version's schema as a freshly created database has it, for the migration proof to compare a
/// migrated database with: the SQL text of `sqlite_master`, and the `SchemaDescription`, read only
/// when a migrated database's text differs. The fresh database either exists already or, for a version
/// after the first, is created from the version's statements only when its description is needed
/// (see `init(statements:)`). A database given must keep its schema (data steps
/// checked on it roll back).
final class ExpectedSchema {
    /// The SQL text of every schema object, as `master(of:)` reads it; nil when some SQL has a comment.
    let master: [String]?
    /// The fresh database, once it exists.
    private var database: Database?
    /// The statements that create the fresh database, when it does not exist yet.
    private let statements: [String]
    private var cachedDescription: SchemaDescription?

    /// The schema of `database`, a freshly created one.
    init(database: Database) throws {
        self.database = database
        self.statements = []
        self.master = try Self.master(of: database)
    }

    /// The schema `statements` create in a fresh database, without creating it: SQLite keeps a CREATE
    /// statement's own text in `sqlite_master` (from `CREATE TABLE` or `CREATE [UNIQUE] INDEX` on, as
    /// daogen writes them), so a migrated database whose text is these statements' has the schema they
    /// create, and SQLite has accepted that text. The database is created only when the texts differ and
    /// the schemas must be described.
    init(statements: [String]) {
        self.statements = statements
        if statements.allSatisfy(Self.storesItsOwnText) {
            let texts = statements.map(Self.canonical)
            master = texts.contains(nil) ? nil : texts.map { $0! }.sorted()
        } else {
            master = nil
        }
    }

    /// The description of the fresh database, read on first use.
    func description() throws -> SchemaDescription {
        if let cachedDescription { return cachedDescription }
        let database = try self.database ?? {
            let fresh = try Database.scratch()
            for statement in statements { try fresh.execute(statement) }
            return fresh
        }()
        self.database = database
        let description = try SchemaDescription(database: database)
        cachedDescription = description
        return description
    }

    /// True for a statement that SQLite keeps in `sqlite_master` as written: a table or an index
    /// (a view or a trigger keeps other text), with nothing after its last token.
    static func storesItsOwnText(_ statement: String) -> Bool {
        (statement.hasPrefix("CREATE TABLE \"") || statement.hasPrefix("CREATE INDEX \"") || statement.hasPrefix("CREATE UNIQUE INDEX \""))
            && statement.utf8.last.map { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") } == true
    }

    /// The SQL text (`canonical(_:)`) of every schema object that has one, sorted; nil when some text
    /// has no canonical form. An object's type, name and table are in its text, and what SQLite makes
    /// by itself follows from the texts: the indexes of UNIQUE and PRIMARY KEY constraints (which have
    /// no text) and its own tables (`sqlite_sequence` for AUTOINCREMENT, left out: names starting with
    /// `sqlite_` are SQLite's). So two databases with equal texts have equal schemas and need no description.
    static func master(of database: Database) throws -> [String]? {
        var texts: [String] = []
        let sql = "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        for row in try database.cachedRows(sql) {
            guard case let .text(text)? = row.first, let sql = canonical(text) else { return nil }
            texts.append(sql)
        }
        return texts.sorted()
    }

    /// `sql` with its layout undone, so that ALTER TABLE's one-line additions match a fresh multi-line
    /// CREATE: outside quotes, every whitespace run becomes one space, and none is kept beside `,`, `(`
    /// or `)`. Tokens stay apart, so equal canonical text is equal SQL. Nil when `sql` has a comment,
    /// whose end a folded line break would move.
    static func canonical(_ sql: String) -> String? {
        var sql = sql
        return sql.withUTF8 { bytes -> String? in
            var failed = false
            // The canonical text is never longer than the text.
            let text = String(unsafeUninitializedCapacity: bytes.count) { output in
                var count = 0
                var quote: UInt8 = 0  // the open quote's closing byte, or 0 outside quotes
                var pendingSpace = false
                func isPunctuation(_ byte: UInt8) -> Bool { byte == UInt8(ascii: ",") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") }
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    index += 1
                    if quote != 0 {
                        output[count] = byte
                        count += 1
                        if byte == quote { quote = 0 }
                        continue
                    }
                    if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                        pendingSpace = true
                        continue
                    }
                    let next = index < bytes.count ? bytes[index] : 0
                    if (byte == UInt8(ascii: "-") && next == UInt8(ascii: "-")) || (byte == UInt8(ascii: "/") && next == UInt8(ascii: "*")) {
                        failed = true
                        return 0
                    }
                    if pendingSpace, count > 0, !isPunctuation(output[count - 1]), !isPunctuation(byte) {
                        output[count] = 0x20
                        count += 1
                    }
                    pendingSpace = false
                    output[count] = byte
                    count += 1
                    switch byte {
                    case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"): quote = byte
                    case UInt8(ascii: "["): quote = UInt8(ascii: "]")
                    default: break
                    }
                }
                return count
            }
            return failed ? nil : text
        }
    }
}
