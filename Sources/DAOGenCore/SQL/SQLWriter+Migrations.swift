extension SQLWriter {
    /// `DROP INDEX` of the index called `name`.
    static func dropIndex(named name: String) -> String {
        "DROP INDEX \(quote(name))"
    }

    /// `DROP TABLE` of the table called `name`.
    static func dropTable(named name: String) -> String {
        "DROP TABLE \(quote(name))"
    }

    /// `DROP VIEW IF EXISTS` of the view called `name`.
    static func dropView(named name: String) -> String {
        "DROP VIEW IF EXISTS \(quote(name))"
    }

    /// `DROP TRIGGER IF EXISTS` of the trigger called `name`.
    static func dropTrigger(named name: String) -> String {
        "DROP TRIGGER IF EXISTS \(quote(name))"
    }

    /// `ALTER TABLE ... RENAME TO ...`.
    static func renameTable(_ oldName: String, to newName: String) -> String {
        "ALTER TABLE \(quote(oldName)) RENAME TO \(quote(newName))"
    }

    /// `ALTER TABLE ... RENAME COLUMN ... TO ...` in the table called `table`.
    static func renameColumn(_ oldName: String, to newName: String, inTable table: String) -> String {
        "ALTER TABLE \(quote(table)) RENAME COLUMN \(quote(oldName)) TO \(quote(newName))"
    }

    /// `ALTER TABLE ... ADD COLUMN` with a column definition (`columnDefinition`) to the table called `table`.
    static func addColumn(_ definition: String, toTable table: String) -> String {
        "ALTER TABLE \(quote(table)) ADD COLUMN \(definition)"
    }

    /// `ALTER TABLE ... ADD COLUMN` of a column with its declared type alone: nullable, no constraint,
    /// for a data step to fill before a rebuild adds the constraints.
    static func addBareColumn(_ name: String, type: String, toTable table: String) -> String {
        addColumn("\(quote(name)) \(type)", toTable: table)
    }

    /// `ALTER TABLE ... DROP COLUMN ...` from the table called `table`.
    static func dropColumn(_ name: String, fromTable table: String) -> String {
        "ALTER TABLE \(quote(table)) DROP COLUMN \(quote(name))"
    }

    /// SQLite's documented rebuild of the table now called `table.name(at: version)`: create the new
    /// table, copy `copying` (old name -> new name; a column in `defaults` takes its default where
    /// it is NULL), carry the AUTOINCREMENT mark, drop the old table, rename the new one, recreate the
    /// indexes. `relaxing` names columns created nullable (see `createTable`).
    static func rebuildStatements(
        _ table: Table, at version: Int, in schema: Schema, copying copied: [(old: String, new: String)],
        defaults: [String: String], relaxing: Set<String>, keepsAutoincrement: Bool
    ) -> [String] {
        let newName = table.name(at: version)
        let temporary = "_daogen_new_\(newName)"
        var statements = [createTable(table, at: version, in: schema, name: temporary, relaxing: relaxing)]
        if !copied.isEmpty {
            let targets = copied.map { quote($0.new) }.joined(separator: ", ")
            let sources = copied.map { pair in
                defaults[pair.new].map { "coalesce(\(quote(pair.old)), \(defaultExpression($0)))" } ?? quote(pair.old)
            }.joined(separator: ", ")
            statements.append("INSERT INTO \(quote(temporary)) (\(targets)) SELECT \(sources) FROM \(quote(newName))")
        }
        if keepsAutoincrement {
            // Carry the AUTOINCREMENT high-water mark, so deleted keys are never handed out again.
            statements.append(
                "UPDATE sqlite_sequence SET seq = (SELECT max(seq) FROM sqlite_sequence WHERE name = \(literal(newName))) "
                    + "WHERE name = \(literal(temporary))")
        }
        statements.append(dropTable(named: newName))
        statements.append(renameTable(temporary, to: newName))
        statements += table.indexes(at: version).map { createIndex($0, of: table, at: version) }
        return statements
    }
}
