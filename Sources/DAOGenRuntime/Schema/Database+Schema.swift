extension Database {
    /// The schema version stored in the file (`PRAGMA user_version`); 0 for a new file.
    public func userVersion() throws -> Int {
        let rows = try rows("PRAGMA user_version")
        guard let value = rows.first?.first, let version = Int.fromDatabaseValue(value) else { return 0 }
        return version
    }

    /// Stores the schema version (`PRAGMA user_version`), a 32-bit signed integer.
    public func setUserVersion(_ version: Int) throws {
        try execute("PRAGMA user_version = \(version)")
    }

    /// The names of the user tables (`sqlite_master` entries of type `table`, without SQLite's
    /// own `sqlite_` tables), sorted.
    public func tableNames() throws -> [String] {
        let sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        return try rows(sql)
            .compactMap { $0.first.flatMap(String.fromDatabaseValue) }
            .sorted()
    }
}
