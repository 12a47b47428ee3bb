import Foundation

/// Writes an ``ImportedSchema`` as a schema directory: `daogen.yaml` (`version: 1`), one table file
/// per table, and `Views.yaml` with every view and trigger. The text depends only on the schema, so
/// importing one file twice gives the same bytes.
public enum ImportYAMLWriter {
    /// The files of the schema directory, by name, in name order.
    public static func files(for schema: ImportedSchema, source: String) -> [(name: String, contents: String)] {
        let header = "# Imported by `daogen import` from \(source).\n"
        var files = [(
            name: "daogen.yaml",
            contents: header
                + "# Version 1 is the file as it was imported: open it with open(path:baseline: 1). Describe every\n"
                + "# later change as version 2 and up (since / until), never by editing version 1.\n"
                + "database: \(scalar(schema.databaseName))\nversion: 1\n"
                + (schema.adoptsUserVersion.map {
                    "# The app set user_version \($0) itself before daogen: open(path:baseline: 1) adopts a file at exactly it.\n"
                        + "adoptsUserVersion: \($0)\n"
                } ?? ""))]
        var used: Set<String> = ["daogen"]
        for table in schema.tables {
            var stem = table.swiftName ?? SwiftNaming.upperCamelCase(table.name)
            if stem.isEmpty { stem = "Table" }
            while used.contains(stem.lowercased()) { stem += "_" }
            used.insert(stem.lowercased())
            files.append((name: stem + ".yaml", contents: header + "tables:\n" + tableText(table)))
        }
        if !schema.views.isEmpty || !schema.triggers.isEmpty || !schema.virtualTables.isEmpty {
            var stem = "Views"
            while used.contains(stem.lowercased()) { stem += "_" }
            var text = header
            if !schema.virtualTables.isEmpty { text += "virtualTables:\n" + schema.virtualTables.map(virtualTableText).joined() }
            if !schema.views.isEmpty { text += "views:\n" + schema.views.map(viewText).joined() }
            if !schema.triggers.isEmpty { text += "triggers:\n" + schema.triggers.map(triggerText).joined() }
            files.append((name: stem + ".yaml", contents: text))
        }
        return files.sorted { $0.name < $1.name }
    }

    /// One item of `views:`.
    static func viewText(_ view: ImportedView) -> String {
        var lines = ["  - name: \(scalar(view.name))"]
        if let swiftName = view.swiftName { lines.append("    swiftName: \(scalar(swiftName))") }
        lines.append("    sql: " + block(view.sql, indent: "      "))
        if !view.types.isEmpty {
            lines.append("    types: { " + view.types.map { "\(scalar($0.name)): \(quoted($0.type))" }.joined(separator: ", ") + " }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One item of `virtualTables:`.
    static func virtualTableText(_ table: ImportedVirtualTableStatement) -> String {
        "  - name: \(scalar(table.name))\n    sql: " + block(table.sql, indent: "      ") + "\n"
    }

    /// One item of `triggers:`.
    static func triggerText(_ trigger: ImportedTrigger) -> String {
        "  - name: \(scalar(trigger.name))\n    sql: " + block(trigger.sql, indent: "      ") + "\n"
    }

    /// `text` as a literal block scalar (`|-`, each line at `indent`) when YAML gives it back exactly that
    /// way, else double-quoted.
    static func block(_ text: String, indent: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let representable = !text.isEmpty && !text.hasSuffix("\n")
            && text.unicodeScalars.allSatisfy { $0 == "\n" || $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F && $0.value != 0x85 && $0.value != 0xFEFF
                && $0.value != 0x2028 && $0.value != 0x2029) }
            && !(lines.first?.first.map { $0 == " " || $0 == "\t" } ?? true)
        guard representable else { return quoted(text) }
        return "|-\n" + lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
    }

    static func tableText(_ table: ImportedTable) -> String {
        var lines = ["  - name: \(scalar(table.name))"]
        if let swiftName = table.swiftName { lines.append("    swiftName: \(scalar(swiftName))") }
        if table.withoutRowID { lines.append("    withoutRowID: true") }
        if table.strict { lines.append("    strict: true") }
        lines.append("    columns:")
        for column in table.columns {
            lines.append("      - name: \(scalar(column.name))")
            // A declared type with a word `type:` does not take (SQLite accepts any) is kept as written.
            let typeKey = DeclaredType.unknownWord(in: column.type) == nil ? "type" : "declaredType"
            lines.append("        \(typeKey): \(scalar(column.type))")
            if let swiftName = column.swiftName { lines.append("        swiftName: \(scalar(swiftName))") }
            if column.primaryKey {
                lines.append("        primaryKey: \(column.primaryKeyDescending ? "DESC" : "true")")
            }
            if column.autoincrement { lines.append("        autoincrement: true") }
            if column.nullableKey {
                lines.append("        notNull: false              # a legacy key SQLite lets hold NULL")
            } else if column.notNull {
                lines.append("        notNull: true")
            }
            if column.unique { lines.append("        unique: true") }
            if let collate = column.collate { lines.append("        collate: \(collate)") }
            if let defaultSQL = column.defaultSQL { lines.append("        default: \(quoted(defaultSQL))") }
            if let check = column.check { lines.append("        check: \(quoted(check))") }
            if let generated = column.generated {
                lines.append("        generated: \(quoted(generated))")
                if column.stored { lines.append("        stored: true") }
            }
            if let reference = column.references {
                var parts = ["table: \(scalar(reference.table))"]
                if !reference.column.isEmpty { parts.append("column: \(scalar(reference.column))") }
                if let onDelete = reference.onDelete { parts.append("onDelete: \(scalar(onDelete))") }
                if let onUpdate = reference.onUpdate { parts.append("onUpdate: \(scalar(onUpdate))") }
                if reference.deferrable { parts.append("deferrable: true") }
                if let relation = reference.relation { parts.append("relation: \(scalar(relation))") }
                if let inverse = reference.inverse { parts.append("inverse: \(scalar(inverse))") }
                lines.append("        references: { \(parts.joined(separator: ", ")) }")
            }
            if let swift = column.swift { lines.append("        swift: \(swift)") }
        }
        if let primaryKey = table.primaryKey { lines.append("    primaryKey: \(list(primaryKey))") }
        if !table.unique.isEmpty { lines.append("    unique: [\(table.unique.map(list).joined(separator: ", "))]") }
        if !table.checks.isEmpty {
            lines.append("    checks:")
            lines += table.checks.map { "      - \(quoted($0))" }
        }
        if !table.indexes.isEmpty {
            lines.append("    indexes:")
            for index in table.indexes {
                lines.append("      - name: \(scalar(index.name))")
                lines.append("        columns: \(list(index.columns))")
                if index.unique { lines.append("        unique: true") }
                if let whereSQL = index.whereSQL { lines.append("        where: \(quoted(whereSQL))") }
            }
        }
        if let search = table.search {
            lines.append("    search:")
            lines.append("      columns: \(list(search.columns))")
            if let tokenizer = search.tokenizer { lines.append("      tokenizer: \(quoted(tokenizer))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func list(_ items: [String]) -> String {
        "[" + items.map(scalar).joined(separator: ", ") + "]"
    }

    /// Words YAML 1.1 and 1.2 read as something other than a string.
    private static let specialWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"]

    /// `text` plain when it is a simple identifier YAML reads as that string, else double-quoted.
    static func scalar(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { CharacterSetHelpers.isIdentifierScalar($0) && $0.isASCII }
            && !(text.first?.isNumber ?? false) && !specialWords.contains(text.lowercased())
        return plain ? text : quoted(text)
    }

    /// `text` as a double-quoted YAML scalar: backslash, quote and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += String(format: "\\x%02X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
