import DAOGenRuntime
import Foundation

/// The one place SQL text is written for every stage: identifiers (always quoted) and literals, the DDL of a
/// schema version (CREATE TABLE, CREATE INDEX; views and triggers in `SQLWriter+Views.swift`), and the
/// statements of migration steps (`SQLWriter+Migrations.swift`). The DAOs' statements are `TableStatements`.
enum SQLWriter {
    /// `name` as a quoted SQL identifier.
    static func quote(_ name: String) -> String {
        SQLIdentifier.quoted(name)
    }

    /// `text` as an SQL string literal.
    static func literal(_ text: String) -> String {
        text.utf8.contains(UInt8(ascii: "'")) ? "'" + text.replacingOccurrences(of: "'", with: "''") + "'" : "'" + text + "'"
    }

    /// Every statement that creates `version` from an empty database: tables in declaration order, then indexes.
    /// (`CreationSQL` holds those of every version, written once.)
    static func creationStatements(for schema: Schema, at version: Int) -> [String] {
        let tables = schema.tables.filter { $0.range.contains(version) }
        return tables.map { createTable($0, at: version, in: schema) }
            + tables.flatMap { table in table.indexes(at: version).map { createIndex($0, of: table, at: version) } }
            + viewAndTriggerStatements(for: schema, at: version)
    }

    /// `CREATE TABLE` for `table` as it is at `version`.
    /// `name` overrides the table's name, for the new table of a rebuild.
    /// `relaxing` names (declared names) columns created without their NOT NULL, for a migration's
    /// data step to fill before a second rebuild tightens them.
    static func createTable(_ table: Table, at version: Int, in schema: Schema, name: String? = nil, relaxing: Set<String> = []) -> String {
        createTable(table, at: version, findTable: schema.table(named:at:), name: name, relaxing: relaxing)
    }

    /// `CREATE TABLE` as above; `findTable` finds the tables that references name (`TableLookup` for a large schema).
    static func createTable(
        _ table: Table, at version: Int, findTable: (String, Int) -> Table?, name: String? = nil, relaxing: Set<String> = []
    ) -> String {
        let keys = table.primaryKeyNames(at: version)
        // One string, appended to: this runs for every table at every version.
        var sql = "CREATE TABLE "
        sql.reserveCapacity(1024)
        sql += quote(name ?? table.name(at: version))
        sql += " ("
        var separator = "\n  "
        func appendLine(_ line: String) {
            sql += separator
            sql += line
            separator = ",\n  "
        }
        for column in table.columns(at: version) {
            appendLine(columnDefinition(column, of: table, at: version, keyNames: keys, findTable: findTable, relaxed: relaxing.contains(column.name)))
        }
        func columnList(_ names: [String]) -> String {
            names.map { quote(table.sqlName(ofColumn: $0, at: version)) }.joined(separator: ", ")
        }
        if let primaryKey = table.primaryKey {
            appendLine("PRIMARY KEY (\(columnList(primaryKey)))")
        }
        for unique in table.uniqueConstraints {
            appendLine("UNIQUE (\(columnList(unique)))")
        }
        for check in table.checks where check.range.contains(version) {
            appendLine("CHECK (\(check.sql))")
        }
        if separator == "\n  " { sql += "\n" }  // no line: an empty line between the parentheses
        sql += "\n)"
        if table.withoutRowID || table.strict {
            sql += " " + [table.withoutRowID ? "WITHOUT ROWID" : nil, table.strict ? "STRICT" : nil].compactMap { $0 }.joined(separator: ", ")
        }
        return sql
    }

    /// One column's definition inside CREATE TABLE.
    static func columnDefinition(
        _ column: Column, of table: Table, at version: Int, keyNames: [String], in schema: Schema, relaxed: Bool = false
    ) -> String {
        columnDefinition(column, of: table, at: version, keyNames: keyNames, findTable: schema.table(named:at:), relaxed: relaxed)
    }

    /// One column's definition inside CREATE TABLE; `findTable` finds the table a reference names.
    static func columnDefinition(
        _ column: Column, of table: Table, at version: Int, keyNames: [String], findTable: (String, Int) -> Table?, relaxed: Bool = false
    ) -> String {
        // One string, appended to, each part after a space.
        let name = quote(column.name(at: version))
        var definition = name
        definition.reserveCapacity(64)
        func append(_ part: String) {
            definition += " "
            definition += part
        }
        if !column.sqlType.isEmpty { append(column.sqlType) }
        if column.primaryKey {
            append(column.primaryKeyDescending ? "PRIMARY KEY DESC" : column.autoincrement ? "PRIMARY KEY AUTOINCREMENT" : "PRIMARY KEY")
        }
        if !relaxed, column.notNull || isImplicitlyNotNull(column, of: table, at: version, keyNames: keyNames) {
            append("NOT NULL")
        }
        if column.unique { append("UNIQUE") }
        if let collate = column.collate { append("COLLATE \(collate)") }
        if let generated = column.generated { append("GENERATED ALWAYS AS (\(generated)) \(column.stored ? "STORED" : "VIRTUAL")") }
        if let defaultSQL = column.defaultSQL { append("DEFAULT \(defaultExpression(defaultSQL))") }
        if let check = column.check { append("CHECK (\(check))") }
        if case let .enumeration(_, cases, rawType) = column.swiftType {
            let values = cases.map { rawType == .string ? literal($0.rawValue) : $0.rawValue }
            append("CHECK (\(name) IN (\(values.joined(separator: ", "))))")
        }
        // json_valid(NULL) is 0 before SQLite 3.45 (NULL since): NULL is allowed by name.
        if case .json = column.swiftType { append("CHECK (\(name) IS NULL OR json_valid(\(name)))") }
        if let reference = column.references {
            let target = findTable(reference.table, version)
            let tableName = target?.name(at: version) ?? reference.table
            let columnName = target?.sqlName(ofColumn: reference.column, at: version) ?? reference.column
            append("REFERENCES \(quote(tableName)) (\(quote(columnName)))")
            if let onDelete = reference.onDelete { append("ON DELETE \(onDelete)") }
            if let onUpdate = reference.onUpdate { append("ON UPDATE \(onUpdate)") }
            if reference.deferrable { append("DEFERRABLE INITIALLY DEFERRED") }
        }
        return definition
    }

    /// Primary key columns other than the rowid alias are NOT NULL, as the Swift record assumes:
    /// SQLite would otherwise accept NULL keys in rowid tables, a documented legacy quirk. A key
    /// column with `notNull: false` keeps the quirk (a file made without daogen may depend on it).
    static func isImplicitlyNotNull(_ column: Column, of table: Table, at version: Int, keyNames: [String]) -> Bool {
        keyNames.contains(column.name) && table.rowIDAlias(at: version)?.name != column.name
            && !(column.nullableKey && !table.withoutRowID)
    }

    /// Whether `column` never holds NULL at `version`: NOT NULL, a key column made NOT NULL, or the
    /// rowid alias. The one rule of a column's nullability, which the other stages take from here.
    static func isNeverNull(_ column: Column, of table: Table, at version: Int, keyNames: [String]) -> Bool {
        column.notNull || isImplicitlyNotNull(column, of: table, at: version, keyNames: keyNames)
            || table.rowIDAlias(at: version)?.name == column.name
    }

    /// The DEFAULT keywords SQLite takes without parentheses.
    static let bareDefaultKeywords: Set<String> = ["CURRENT_TIME", "CURRENT_DATE", "CURRENT_TIMESTAMP"]

    /// Whether a DEFAULT stands bare in SQL: a literal or a `CURRENT_*` keyword.
    static func isBareDefault(_ sql: String) -> Bool {
        SQLLiteral(sql: sql) != nil || bareDefaultKeywords.contains(sql.trimmingBlanks().asciiUppercased())
    }

    /// A DEFAULT as SQLite's grammar takes it: literals and CURRENT_* bare, a parenthesized
    /// expression as it is, anything else in parentheses (which the resolver made sure contain it).
    static func defaultExpression(_ sql: String) -> String {
        let trimmed = sql.trimmingBlanks()
        if isBareDefault(trimmed) || SQLSlot.isParenthesized(trimmed) {
            return trimmed
        }
        return "(\(trimmed))"
    }

    /// `CREATE INDEX` for `index` of `table` at `version`.
    static func createIndex(_ index: Index, of table: Table, at version: Int) -> String {
        let terms = index.columns.map { term in
            var text = quote(table.sqlName(ofColumn: term.name, at: version))
            if let collate = term.collate { text += " COLLATE \(collate)" }
            if term.descending { text += " DESC" }
            return text
        }
        var sql = "CREATE \(index.unique ? "UNIQUE " : "")INDEX \(quote(index.name(at: version))) ON \(quote(table.name(at: version))) ("
            + terms.joined(separator: ", ") + ")"
        if let whereSQL = index.whereSQL { sql += " WHERE \(whereSQL)" }
        return sql
    }
}

extension Schema {
    /// The first table declared as `name` that exists at `version`: what a REFERENCES clause means.
    func table(named name: String, at version: Int) -> Table? {
        tables.first { $0.name == name && $0.range.contains(version) }
    }
}
