extension Table {
    /// The primary key's column names (as declared, their latest names) at `version`.
    public func primaryKeyNames(at version: Int) -> [String] {
        if let primaryKey { return primaryKey }
        return columns.filter { $0.primaryKey && $0.range.contains(version) }.map(\.name)
    }

    /// The column alive at `version` that table-level lists (keys, UNIQUE, indexes, references) mean
    /// by `name`: the one declared with that name, else the one called so at that version (an index
    /// that ended before a rename names the column as it was then).
    public func column(named name: String, at version: Int) -> Column? {
        columns.first { $0.name == name && $0.range.contains(version) }
            ?? columns.first { $0.range.contains(version) && $0.name(at: version) == name }
    }

    /// The SQL name at `version` of the column declared as `name`.
    public func sqlName(ofColumn name: String, at version: Int) -> String {
        column(named: name, at: version)?.name(at: version) ?? name
    }

    /// The single column that aliases the rowid at `version` (`INTEGER PRIMARY KEY` in a rowid table), if any.
    public func rowIDAlias(at version: Int) -> Column? {
        guard !withoutRowID else { return nil }
        let keys = primaryKeyNames(at: version)
        guard keys.count == 1, let column = column(named: keys[0], at: version),
              column.sqlType.uppercased() == "INTEGER", !column.primaryKeyDescending
        else { return nil }
        return column
    }

    /// Every UNIQUE constraint's column names at `version`: column-level first, then table-level.
    public func uniqueColumnSets(at version: Int) -> [[String]] {
        columns.filter { $0.unique && $0.range.contains(version) }.map { [$0.name] } + uniqueConstraints
    }
}
