import DAOGenRuntime
import Foundation

/// `daogen import`: reads an existing SQLite file, read-only, from `sqlite_schema` and the pragmas,
/// and describes it as a schema directory whose version 1 creates what the file holds, as
/// `open(path:baseline: 1)` compares it. What the format cannot express is a warning naming the object
/// when the file can still be adopted, and a refusal naming it when `open(path:baseline: 1)` would refuse
/// the file (a virtual table, an expression index, a composite foreign key, ...).
public enum SchemaImporter {
    /// Reads the schema of the file at `path`, which is opened read-only and never written.
    /// `databaseName` is the Swift name of the database type (default: UpperCamelCase of the file's
    /// name + `Database`).
    public static func read(path: String, databaseName: String? = nil) throws -> ImportedSchema {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ImportError("no such file: \(path)")
        }
        var configuration = Database.Configuration()
        configuration.readOnly = true
        configuration.journalModeWAL = false
        configuration.foreignKeys = false
        let database = try Database(path: path, configuration: configuration)
        let stem = URL(filePath: path).deletingPathExtension().lastPathComponent
        let derived = SwiftNaming.upperCamelCase(stem)
        var schema = ImportedSchema(
            databaseName: databaseName ?? (derived.isEmpty || derived.hasPrefix("_") ? "AppDatabase" : derived + "Database"),
            tables: [], warnings: [])
        let entries = try database.rows(
            "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name")
        let version = try database.userVersion()
        if version > 1 {
            schema.adoptsUserVersion = version
            schema.warnings.append(
                "the file's user_version is \(version), which the app set itself: daogen.yaml gets adoptsUserVersion: \(version), so open(path:baseline: 1) adopts a file at exactly that user_version")
        } else if version == 1 {
            schema.warnings.append(
                "the file's user_version is 1, which daogen reads as version 1 of the imported schema: open(path:) takes the file as it is, without comparing its schema")
        } else if version < 0 {
            schema.refusals.append(
                "the file's user_version is \(version): daogen cannot tell it from a version of its own; set it to 0 before adopting the file")
        }
        // Virtual tables, with the shadow tables their modules keep (as the baseline check reports them): each
        // is the `search:` of a table or a declared virtual table; the triggers of a `search:` are its own.
        let description = try SchemaDescription(database: database)
        let ordinary = Set(description.tables.map(\.name))
        var triggerSQL: [String: String] = [:]
        for entry in entries where text(entry[0]) == "trigger" { triggerSQL[text(entry[1])] = text(entry[3]) }
        var searches: [String: ImportedSearch] = [:]
        var searchTriggers: Set<String> = []
        for entry in entries where text(entry[0]) == "table" && !ordinary.contains(text(entry[1])) {
            let sql = text(entry[3])
            guard sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE") else { continue }  // a shadow table
            switch virtualTable(named: text(entry[1]), sql: sql, ordinaryTables: ordinary, triggers: triggerSQL, in: database) {
            case let .search(table, search, triggers):
                searches[table] = search
                searchTriggers.formUnion(triggers)
            case let .declared(statement):
                schema.virtualTables.append(statement)
            }
        }
        var usedTypeNames: Set<String> = []
        for entry in entries {
            let type = text(entry[0]), name = text(entry[1]), sql = text(entry[3])
            switch type {
            case "table":
                guard ordinary.contains(name) else { continue }  // a virtual table or one of its shadow tables
                var imported = try table(
                    named: name, sql: sql, in: database, warnings: &schema.warnings, refusals: &schema.refusals, usedTypeNames: &usedTypeNames)
                imported.search = searches[name]
                schema.tables.append(imported)
            case "view", "trigger":
                if type == "trigger" && searchTriggers.contains(name) { continue }  // written by `search:`
                if type == "trigger" {
                    schema.triggers.append(ImportedTrigger(name: name, sql: sql))
                } else if let view = view(named: name, sql: sql, refusals: &schema.refusals, usedTypeNames: &usedTypeNames) {
                    schema.views.append(view)
                }
            default:
                break
            }
        }
        schema.tables.sort { $0.name < $1.name }
        schema.views.sort { $0.name < $1.name }
        schema.triggers.sort { $0.name < $1.name }
        schema.virtualTables.sort { $0.name < $1.name }
        nameClashingRelations(in: &schema)
        if schema.refusals.isEmpty {
            try check(&schema)
        }
        return schema
    }

    /// The view `name` as the format holds it: the SELECT after `CREATE VIEW name AS`. A column list
    /// (`CREATE VIEW v(a, b) AS`) cannot be expressed: a refusal.
    private static func view(named name: String, sql: String, refusals: inout [String], usedTypeNames: inout Set<String>) -> ImportedView? {
        let source = Array(sql.utf8)
        let tokens = CreateTableParser.tokenize(source)
        guard let viewWord = tokens.firstIndex(where: { $0.keyword == "VIEW" }),
              let asWord = tokens[viewWord...].firstIndex(where: { $0.keyword == "AS" }), asWord + 1 < tokens.count
        else {
            refusals.append("view '\(name)' cannot be imported: its statement is not CREATE VIEW ... AS SELECT")
            return nil
        }
        if tokens[viewWord..<asWord].contains(where: { $0.kind == .open }) {
            refusals.append(
                "view '\(name)' cannot be imported: it names its columns in a list after its name, which the schema format cannot express; recreate it with AS names in its SELECT before adopting the file")
            return nil
        }
        // From the first token after AS to the end of the last that is not white space (a comment stays).
        let end = SQLLexer.tokens(sql, trivia: true).last { $0.kind != .space }?.range.upperBound ?? source.count
        var view = ImportedView(name: name, sql: String(decoding: source[tokens[asWord + 1].start..<end], as: UTF8.self))
        let typeName = SwiftNaming.upperCamelCase(name)
        if typeName.isEmpty || !SwiftNaming.isIdentifier(typeName) || SwiftNaming.reservedTypeNames.contains(typeName)
            || SwiftNaming.keywords.contains(typeName) || usedTypeNames.contains(typeName) {
            var candidate = (typeName.isEmpty || !SwiftNaming.isIdentifier(typeName) ? "View" : typeName) + "Row"
            var number = 2
            while usedTypeNames.contains(candidate) { candidate = (typeName.isEmpty ? "View" : typeName) + "Row\(number)"; number += 1 }
            view.swiftName = candidate
        }
        usedTypeNames.insert(view.swiftName ?? typeName)
        return view
    }

    private static func table(
        named name: String, sql: String, in database: Database, warnings: inout [String], refusals: inout [String],
        usedTypeNames: inout Set<String>
    ) throws -> ImportedTable {
        let quoted = SQLWriter.quote(name)
        let parsed = CreateTableParser(createTable: sql)
        var table = ImportedTable(name: name)
        table.withoutRowID = parsed.withoutRowID
        table.strict = parsed.strict
        let typeName = SwiftNaming.upperCamelCase(name)
        if SwiftNaming.typeNameProblem(typeName, scope: .module) != nil || usedTypeNames.contains(typeName)
            || SchemaValidator.databaseMembers.contains(SwiftNaming.lowerCamelCase(typeName)) {
            var candidate = (typeName.isEmpty ? "Table" : typeName) + "Row"
            var number = 2
            while usedTypeNames.contains(candidate) { candidate = (typeName.isEmpty ? "Table" : typeName) + "Row\(number)"; number += 1 }
            table.swiftName = candidate
        }
        usedTypeNames.insert(table.swiftName ?? typeName)

        // Columns: table_xinfo also lists generated columns (hidden 2 for VIRTUAL, 3 for STORED), read back
        // as `generated:` with their expression as the CREATE TABLE writes it.
        var keyColumns: [(position: Int, name: String)] = []
        var usedPropertyNames: Set<String> = []
        for row in try database.rows("PRAGMA table_xinfo(\(quoted))") {
            let columnName = text(row[1])
            let hidden = integer(row[6])
            let generated = parsed.columns[columnName]?.generated
            if hidden != 0, hidden != 2 && hidden != 3 || generated == nil {
                warnings.append(
                    "column '\(name).\(columnName)' is not imported: it is a hidden column the schema format cannot express; the records do not read it, and a later table rebuild would drop it")
                continue
            }
            var column = ImportedColumn(name: columnName, type: text(row[2]))
            if hidden != 0 {
                column.generated = generated
                column.stored = hidden == 3
            }
            column.notNull = integer(row[3]) != 0
            column.defaultSQL = row[4] == .null ? nil : text(row[4])
            if integer(row[5]) > 0 { keyColumns.append((integer(row[5]), columnName)) }
            let clauses = parsed.columns[columnName]
            column.collate = clauses?.collate.flatMap { $0 == "BINARY" ? nil : $0 }
            column.autoincrement = clauses?.autoincrement ?? false
            if let checks = clauses?.checks, !checks.isEmpty {
                column.check = checks.count == 1 ? checks[0] : checks.map { "(\($0))" }.joined(separator: " AND ")
            }
            let property = SwiftNaming.lowerCamelCase(columnName)
            if !SwiftNaming.isIdentifier(property) || ReservedNames.enumCaseNames.contains(property) || usedPropertyNames.contains(property) {
                var candidate = "column\(table.columns.count + 1)"
                while usedPropertyNames.contains(candidate) { candidate += "_" }
                column.swiftName = candidate
            }
            usedPropertyNames.insert(column.swiftName ?? property)
            if let collate = column.collate, !SchemaResolver.collations.contains(collate) {
                warnings.append("column '\(name).\(columnName)' has COLLATE \(collate), which the schema format cannot express (BINARY, NOCASE, RTRIM); it is imported without")
                column.collate = nil
            }
            if let problem = SQLSlot.typeNameProblem(column.type) {
                warnings.append("column '\(name).\(columnName)' has type '\(column.type)', which the schema format cannot express: \(problem)")
            }
            table.columns.append(column)
        }
        table.checks = parsed.tableChecks

        // Primary key: one column on the column (DESC kept), several at table level.
        keyColumns.sort { $0.position < $1.position }
        let indexList = try database.rows("PRAGMA index_list(\(quoted))")
        let keyIndex = indexList.first { text($0[3]) == "pk" }.map { text($0[1]) }
        let keyTerms = try keyIndex.map { try terms(ofIndex: $0, in: database) } ?? []
        if keyColumns.count == 1, let position = table.columns.firstIndex(where: { $0.name == keyColumns[0].name }) {
            table.columns[position].primaryKey = true
            let isRowID = !table.withoutRowID && keyIndex == nil
            if keyTerms.first?.descending == true { table.columns[position].primaryKeyDescending = true }
            if !isRowID, !table.withoutRowID, !table.columns[position].notNull {
                table.columns[position].nullableKey = true
            }
        } else if keyColumns.count > 1 {
            table.primaryKey = keyColumns.map(\.name)
            if keyTerms.contains(where: \.descending) {
                refusals.append("the primary key of table '\(name)' has a DESC column, which the schema format can express only for a one-column key")
            }
            for key in keyColumns {
                guard let position = table.columns.firstIndex(where: { $0.name == key.name }) else { continue }
                if !table.withoutRowID, !table.columns[position].notNull { table.columns[position].nullableKey = true }
            }
        }
        // AUTOINCREMENT only on the rowid alias, as SQLite allows it.
        for position in table.columns.indices where table.columns[position].autoincrement && !table.columns[position].primaryKey {
            table.columns[position].autoincrement = false
        }

        // UNIQUE constraints and indexes.
        for row in indexList.sorted(by: { text($0[1]) < text($1[1]) }) {
            let indexName = text(row[1]), unique = integer(row[2]) != 0, origin = text(row[3])
            guard origin != "pk" else { continue }
            let indexTerms = try terms(ofIndex: indexName, in: database)
            if origin == "u" {
                let names = indexTerms.compactMap(\.name)
                if names.count == 1, let position = table.columns.firstIndex(where: { $0.name == names[0] }) {
                    table.columns[position].unique = true
                } else if names.count == indexTerms.count, !names.isEmpty {
                    table.unique.append(names)
                }
                if indexTerms.contains(where: \.descending) {
                    refusals.append("a UNIQUE constraint of table '\(name)' has a DESC column, which the schema format cannot express")
                }
                continue
            }
            guard indexTerms.allSatisfy({ $0.name != nil }) else {
                refusals.append(
                    "index '\(indexName)' of table '\(name)' cannot be imported: it indexes an expression, which the schema format cannot express; drop it before adopting the file")
                continue
            }
            let written = indexTerms.map { term in
                let columnCollation = table.columns.first { $0.name == term.name }?.collate ?? "BINARY"
                var text = term.name!
                if term.collation != columnCollation { text += " COLLATE \(term.collation)" }
                if term.descending { text += " DESC" }
                return text
            }
            let indexSQL = try database.rows("SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?", [.text(indexName)])
                .first?.first.map(text) ?? ""
            let whereSQL = integer(row[4]) != 0 ? CreateTableParser.whereClause(ofCreateIndex: indexSQL) : nil
            table.indexes.append(ImportedIndex(name: indexName, columns: written, unique: unique, whereSQL: whereSQL))
            if indexTerms.contains(where: { $0.name!.contains(" ") }) {
                warnings.append("index '\(indexName)' of table '\(name)' names a column with a space, which an index's column list cannot hold; generation will report it")
            }
        }

        // Foreign keys: one column each; composite ones cannot be expressed.
        let keys = try database.rows("PRAGMA foreign_key_list(\(quoted))")
        for id in Set(keys.map { integer($0[0]) }).sorted() {
            let rows = keys.filter { integer($0[0]) == id }
            let target = text(rows[0][2])
            guard rows.count == 1 else {
                let columns = rows.map { text($0[3]) }.joined(separator: ", ")
                refusals.append(
                    "the foreign key (\(columns)) of table '\(name)' to '\(target)' cannot be imported: it spans \(rows.count) columns, and the schema format expresses only one-column foreign keys")
                continue
            }
            let from = text(rows[0][3])
            guard let position = table.columns.firstIndex(where: { $0.name == from }) else { continue }
            if table.columns[position].references != nil {
                refusals.append("column '\(name).\(from)' cannot be imported: it has more than one foreign key, which the schema format cannot express")
                continue
            }
            if rows[0][4] == .null {
                refusals.append(
                    "the foreign key of column '\(name).\(from)' cannot be imported: it names no column of '\(target)' (REFERENCES \(target) alone), and daogen always names the key column")
                continue
            }
            func action(_ value: DatabaseValue) -> String? {
                let action = text(value).uppercased()
                return action == "NO ACTION" || action.isEmpty ? nil : action
            }
            table.columns[position].references = ImportedReference(
                table: target, column: rows[0][4] == .null ? "" : text(rows[0][4]),
                onDelete: action(rows[0][6]), onUpdate: action(rows[0][5]),
                deferrable: (parsed.columns[from]?.deferrable ?? false) || parsed.deferrableForeignKeys.contains(from))
        }
        try chooseSwiftTypes(of: &table, in: database, warnings: &warnings)
        return table
    }

    /// One key term of an index: the column (nil for an expression), direction and collation.
    private struct Term {
        var name: String?
        var descending: Bool
        var collation: String
    }

    private static func terms(ofIndex name: String, in database: Database) throws -> [Term] {
        try database.rows("PRAGMA index_xinfo(\(SQLWriter.quote(name)))")
            .filter { integer($0[5]) != 0 }
            .map { row in
                Term(name: integer(row[1]) == -2 ? nil : text(row[2]), descending: integer(row[3]) != 0, collation: text(row[4]).uppercased())
            }
    }

    /// Gives a column whose stored values do not all fit its affinity's default Swift type (DATE columns
    /// holding text, untyped columns, INTEGER columns holding text) a type that reads every value as stored.
    private static func chooseSwiftTypes(of table: inout ImportedTable, in database: Database, warnings: inout [String]) throws {
        guard !table.columns.isEmpty else { return }
        let selection = table.columns.map { "group_concat(DISTINCT typeof(\(SQLWriter.quote($0.name))))" }.joined(separator: ", ")
        guard let row = try database.rows("SELECT \(selection) FROM \(SQLWriter.quote(table.name))").first else { return }
        for (position, value) in row.enumerated() {
            let column = table.columns[position]
            let stored = Set(text(value).split(separator: ",").map(String.init)).subtracting(["null"])
            let affinity = Affinity(declaredType: column.type)
            if column.type.uppercased() == "ANY" { continue }
            if ["BOOL", "BOOLEAN"].contains(column.type.uppercased()), stored.isSubset(of: ["integer"]),
               try database.rows("""
                   SELECT 1 FROM \(SQLWriter.quote(table.name)) WHERE \(SQLWriter.quote(column.name)) NOT IN (0, 1) LIMIT 1
                   """).isEmpty {
                table.columns[position].swift = "Bool"
                continue
            }
            let fitting: Set<String> = switch affinity {
            case .integer: ["integer"]
            case .text: ["text"]
            case .blob: ["blob"]
            case .real, .numeric: ["integer", "real"]
            }
            guard !stored.isSubset(of: fitting) else { continue }
            if stored == ["text"], affinity == .blob {
                table.columns[position].swift = "String"
                continue
            }
            table.columns[position].swift = "DatabaseValue"
            let declared = column.type.isEmpty ? "has no type (BLOB affinity)" : "is declared \(column.type) (\(affinity.rawValue) affinity)"
            warnings.append(
                "column '\(table.name).\(column.name)' \(declared) but holds \(stored.sorted().joined(separator: " and ")) values; it is imported as swift: DatabaseValue, which reads every value as stored")
        }
    }

    static func text(_ value: DatabaseValue) -> String {
        switch value {
        case let .text(text): return text
        case let .integer(number): return String(number)
        case let .real(number): return String(number)
        case .null, .blob: return ""
        }
    }

    static func integer(_ value: DatabaseValue) -> Int {
        if case let .integer(number) = value { return Int(number) }
        return 0
    }
}

/// A failure of `daogen import` that is not SQLite's.
public struct ImportError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var description: String

    init(_ description: String) { self.description = description }
}
