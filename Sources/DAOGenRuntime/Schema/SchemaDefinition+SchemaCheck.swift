extension SchemaDefinition {
    /// Reads `user_version` and, at the latest version, what differs between the file's schema and the
    /// latest one, in one read transaction; no differences when the file matches ``fingerprint``.
    func firstLook(at database: Database) throws -> (version: Int, differences: [String]) {
        try database.withWriter { writer in
            try database.runSnapshot(on: writer, tracker: nil) {
                let seen = try database.userVersion()
                guard seen == version else { return (seen, []) }
                return (seen, try differences(of: database, at: version))
            }
        }
    }

    /// What differs between the schema of `database` and version `target`, empty when they are the same
    /// but for tables the schema does not declare, which are left alone.
    /// At the latest version a file that matches ``fingerprint`` is described only as far as needed: its
    /// `sqlite_master` (a file this code created or migrated), then its ``SchemaDescription``.
    func differences(of database: Database, at target: Int) throws -> [String] {
        let fingerprint = target == version ? fingerprint : nil
        if let fingerprint, try fingerprint.masters.contains(SchemaFingerprint.masterDigest(of: database)) { return [] }
        var actual = try SchemaDescription(database: database)
        if let fingerprint, actual.digest == fingerprint.description { return [] }
        let expected = try SchemaDescription(database: schemaDatabase(at: target))
        // Tables the schema does not declare are other software's (Litestream keeps `_litestream_seq` and
        // `_litestream_lock` in the file it replicates): the code never reads them.
        let declared = Set(expected.tables.map(\.name))
        actual.tables.removeAll { !declared.contains($0.name) }
        return actual.differences(from: expected)
    }

    /// Empties a file whose schema is not its version's and creates the latest version in it, in one
    /// write transaction with foreign keys off, unless another connection did so first.
    func erase(_ database: Database) throws {
        try withForeignKeysOff(database) {
            try writeStep(database) { current in
                if current == version, try differences(of: database, at: version).isEmpty { return }
                try recreate(database)
            }
        }
    }

    /// Drops every trigger, view, virtual table, table and index of the file, then creates the latest
    /// version; the caller holds the write lock in a transaction, with foreign keys off.
    func recreate(_ database: Database) throws {
        let objects = try database.rows("""
            SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' \
            ORDER BY CASE WHEN type IN ('trigger', 'view') THEN 0 WHEN sql LIKE 'CREATE VIRTUAL TABLE%' THEN 1 \
            WHEN type = 'table' THEN 2 ELSE 3 END, name
            """)
        for object in objects {
            guard case let .text(type) = object[0], case let .text(name) = object[1] else { continue }
            // A virtual table's shadow tables went with it, and a table's indexes with the table.
            let remaining = try database.rows(
                "SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?", [.text(type), .text(name)])
            guard !remaining.isEmpty else { continue }
            try database.execute("DROP \(type.uppercased()) \(SQLIdentifier.quoted(name))")
        }
        if try !database.rows("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").isEmpty {
            try database.execute("DELETE FROM sqlite_sequence")
        }
        for statement in creation { try database.execute(statement) }
        try database.setUserVersion(version)
    }
}
