/// Two 64-bit digests of a schema version, written into generated code, that let `open` confirm a file's
/// schema without rebuilding the expected one: ``master`` in one query for a file this code created,
/// ``description`` for a file it migrated or adopted. Digests are FNV-1a over UTF-8, the same in every
/// process and on every platform.
public struct SchemaFingerprint: Sendable, Hashable {
    /// The digest of `sqlite_master` (type, name, table and SQL of every entry, by type and name) as
    /// the version's creation statements leave it in an empty file.
    public var master: UInt64
    /// The digest of the version's ``SchemaDescription``, which migrated files share with created ones.
    public var description: UInt64

    /// Creates a fingerprint from its digests.
    public init(master: UInt64, description: UInt64) {
        self.master = master
        self.description = description
    }

    /// The fingerprint of the schema that `creation` makes in an empty in-memory database: what the
    /// generator writes for the latest version.
    /// - Throws: ``DatabaseError`` when a statement fails.
    public init(creating creation: [String]) throws {
        var configuration = Database.Configuration()
        configuration.allowsAttach = false
        let memory = try Database(path: ":memory:", configuration: configuration)
        for statement in creation { try memory.execute(statement) }
        self.init(master: try Self.masterDigest(of: memory), description: try SchemaDescription(database: memory).digest)
    }

    /// The digest of `database`'s `sqlite_master`.
    static func masterDigest(of database: Database) throws -> UInt64 {
        var digest = Digest()
        for row in try database.rows("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name") {
            for value in row {
                if case let .text(text) = value { digest.add(text) }
                digest.endField()
            }
        }
        return digest.value
    }

    /// FNV-1a, 64 bits, with a separator byte between fields that no SQL text of a schema holds.
    struct Digest {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ text: String) {
            for byte in text.utf8 { add(byte: byte) }
        }

        mutating func endField() { add(byte: 0) }

        private mutating func add(byte: UInt8) {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
    }
}

extension SchemaDescription {
    /// The digest of everything this description compares, for ``SchemaFingerprint/description``.
    var digest: UInt64 {
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
