import CSQLite

/// Digests of a schema version, written into generated code, that let `open` confirm a file's schema
/// without rebuilding the expected one: one of ``masters`` in one query for a file created at the latest
/// version or at one of the two versions before it and migrated, ``description`` (a few pragmas a table) for any
/// other file with that schema. Digests are FNV-1a over UTF-8, the same in every process and on every platform.
public struct SchemaFingerprint: Sendable, Hashable {
    /// The digests of `sqlite_master` (the SQL of every entry, in the order of creation) of the files this
    /// schema's code makes: created at the latest version, and created at each of the two versions
    /// before it and migrated. Sorted.
    public var masters: [UInt64]
    /// The digest of the version's ``SchemaDescription``, which every file with its schema shares.
    public var description: UInt64

    /// Creates a fingerprint from its digests.
    public init(masters: [UInt64], description: UInt64) {
        self.masters = masters.sorted()
        self.description = description
    }

    /// The fingerprint of the schema that `creation` makes in an empty in-memory database, with the
    /// `sqlite_master` digest of that database only.
    /// - Throws: ``DatabaseError`` when a statement fails.
    public init(creating creation: [String]) throws {
        let memory = try Self.memoryDatabase()
        for statement in creation { try memory.execute(statement) }
        self.init(masters: [try Self.masterDigest(of: memory)], description: try SchemaDescription(database: memory).digest)
    }

    /// Adds the `sqlite_master` digest of the file that `definition` makes of a file created by
    /// `olderCreation` at version `older`: the same schema, with the SQL texts a migration leaves.
    /// - Throws: ``DatabaseError`` or ``DAOGenError`` when a statement or a migration fails.
    public mutating func addMigrated(from older: Int, creation olderCreation: [String], by definition: SchemaDefinition) throws {
        let memory = try Self.memoryDatabase()
        for statement in olderCreation { try memory.execute(statement) }
        try memory.setUserVersion(older)
        var migrating = definition
        migrating.versionOneCreation = []  // the older version's schema is the one just created: no comparison
        migrating.fingerprint = nil
        try migrating.prepare(memory)
        let digest = try Self.masterDigest(of: memory)
        if !masters.contains(digest) {
            masters.append(digest)
            masters.sort()
        }
    }

    private static func memoryDatabase() throws -> Database {
        var configuration = Database.Configuration()
        configuration.allowsAttach = false
        return try Database(path: ":memory:", configuration: configuration)
    }

    /// The digest of `database`'s `sqlite_master`: the SQL of every entry, in the order of creation, read
    /// in place (this runs at every open, so no string is made). Names are in the SQL; SQLite's automatic
    /// indexes, which have none, follow from their tables'.
    static func masterDigest(of database: Database) throws -> UInt64 {
        try database.withConnection(kind: .read) { connection, _ in
            let statement = try connection.prepare("SELECT sql FROM sqlite_master ORDER BY rowid", persistent: false)
            var digest = Digest()
            while try statement.step() {
                if let text = sqlite3_column_text(statement.handle, 0) {
                    digest.add(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement.handle, 0))))
                }
                digest.endField()
            }
            return digest.value
        }
    }

    /// The digest of `sqlite_master` entries given one by one, in rowid order, as ``masterDigest(of:)``
    /// reads them from a file (the generator works migrated files out part by part). Not API.
    package struct MasterDigest {
        private var digest = Digest()

        package init() {}

        /// Adds an entry's SQL (nil for an automatic index).
        package mutating func add(_ sql: String?) {
            if var sql { sql.withUTF8 { digest.add($0) } }
            digest.endField()
        }

        /// The digest of the entries added.
        package var value: UInt64 { digest.value }
    }

    /// FNV-1a, 64 bits, with a separator byte between fields that no SQL text of a schema holds. Texts read
    /// in place are taken eight bytes a step (each step a bijection of the state, so texts that differ in
    /// one step always differ): the digest of `sqlite_master` runs at every open.
    struct Digest {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
        private static let prime: UInt64 = 0x0000_0100_0000_01b3

        mutating func add(_ text: String) {
            for byte in text.utf8 { add(byte: byte) }
        }

        mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 <= bytes.count {
                value = (value ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian) &* Self.prime
                value ^= value >> 32
                offset += 8
            }
            while offset < bytes.count {
                add(byte: bytes[offset])
                offset += 1
            }
        }

        mutating func endField() { add(byte: 0) }

        private mutating func add(byte: UInt8) {
            value = (value ^ UInt64(byte)) &* Self.prime
        }
    }
}

extension SchemaDescription {
    /// The digest of everything this description compares, for ``SchemaFingerprint/description``.
    package var digest: UInt64 {
        var digest = SchemaFingerprint.Digest()
        for table in tables {
            digest.add("table " + table.name)
            digest.endField()
            for column in table.columns {
                for field in [
                    column.name, column.type, column.notNull ? "NOT NULL" : "", column.defaultValue.map { "DEFAULT " + $0 } ?? "",
                    String(column.primaryKeyPosition), column.generated ?? "",
                ] {
                    digest.add(field)
                    digest.endField()
                }
            }
            for item in table.foreignKeys + ["indexes"] + table.indexes {
                digest.add(item)
                digest.endField()
            }
        }
        for item in ["views and triggers"] + viewsAndTriggers + ["virtual tables"] + virtualTables {
            digest.add(item)
            digest.endField()
        }
        return digest.value
    }
}
