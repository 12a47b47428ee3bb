import CSQLite

extension Statement {
    /// Where a result column's value comes from: a column of a table or view of the schema.
    public struct ColumnOrigin: Sendable, Hashable {
        /// The table's name (`sqlite3_column_table_name`); a view's columns report their table.
        public var table: String
        /// The column's name in that table (`sqlite3_column_origin_name`).
        public var column: String
    }

    /// The number of the statement's parameters (the largest index, `?NNN` included).
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// The name of parameter `position` (1-based) with its prefix (`:name`, `@name`, `$name`,
    /// `?NNN`); nil for a plain `?`.
    public func parameterName(at position: Int) -> String? {
        sqlite3_bind_parameter_name(handle, Int32(position)).map { String(cString: $0) }
    }

    /// The name of result column `index` (0-based): its `AS` name, or the one SQLite gives it.
    public func columnName(at index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    /// The schema column that result column `index` (0-based) comes from, directly or through an
    /// alias, a view or a subquery; nil for an expression. Needs SQLite's column metadata
    /// (`SQLITE_ENABLE_COLUMN_METADATA`), which the SQLite of Apple's SDKs and of Debian have.
    public func columnOrigin(at index: Int) -> ColumnOrigin? {
        guard let table = sqlite3_column_table_name(handle, Int32(index)),
              let column = sqlite3_column_origin_name(handle, Int32(index))
        else { return nil }
        return ColumnOrigin(table: String(cString: table), column: String(cString: column))
    }
}
