import Foundation

/// Writes the Swift driver of one history: create a file with the code of version `old`, insert
/// adversarial rows through its DAOs, read them back, then open the file with the latest code (which
/// migrates it) and compare every carried column's values, raw, as SQLite holds them.
struct DriverWriter {
    let history: SchemaHistory
    let number: Int
    let old: Int

    static let rowCount = 6

    var latestModule: String { "G\(number)" }
    var oldModule: String { "G\(number)v\(old)" }
    var functionName: String { "runHistory\(number)" }

    static func swiftString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x202A...0x202E).contains(scalar.value):
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static let strings = ["", "it's \"quoted\"", "line\nbreak\r\ttab", "é漢字🙂\u{202E}x", "a\u{0}b", "; DROP TABLE x; --"]
    static let milliseconds: [Int64] = [0, -86_400_001, 253_402_300_799_999, 1_700_000_000_123, 1, -1]
    static let uuids = [
        "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "00000000-0000-0000-0000-000000000001", "80000000-0000-4000-8000-000000000000", "12345678-9ABC-DEF0-1234-56789ABCDEF0",
    ]

    /// The Swift expression of row `row`'s value of a column of `kind`.
    func value(_ kind: ValueKind, row: Int, enumType: String) -> String {
        switch kind {
        case .int64: return ["Int64.min", "Int64.max", "0", "-1", "1", "42"][row]
        case .int: return ["Int.min", "Int.max", "0", "-1", "1", "42"][row]
        case .int32: return ["Int32.min", "Int32.max", "0", "-1", "1", "42"][row]
        case .int16: return ["Int16.min", "Int16.max", "0", "-1", "1", "42"][row]
        case .int8: return ["Int8.min", "Int8.max", "0", "-1", "1", "42"][row]
        case .uint8: return ["UInt8.min", "UInt8.max", "1", "2", "3", "42"][row]
        case .bool: return row % 2 == 0 ? "false" : "true"
        case .double:
            return ["-Double.greatestFiniteMagnitude", "Double.greatestFiniteMagnitude", "0", "-0.5", "1e-300", "Double.leastNonzeroMagnitude"][row]
        case .float:
            return ["-Float.greatestFiniteMagnitude", "Float.greatestFiniteMagnitude", "0", "-0.5", "1e-30", "Float.leastNonzeroMagnitude"][row]
        case .string: return Self.swiftString(Self.strings[row])
        case .data:
            return ["Data()", "Data([0])", "Data((0...255).map { UInt8($0) })", "Data(\"x\".utf8)", "Data([0xFF, 0xFE])", "Data(repeating: 7, count: 1000)"][row]
        case .date: return "Date(timeIntervalSince1970: Double(\(Self.milliseconds[row]) as Int64) / 1000)"
        case .uuid: return "UUID(uuidString: \"\(Self.uuids[row])\")!"
        case let .textEnum(values): return "\(enumType)(rawValue: \(Self.swiftString(values[row % values.count])))!"
        case let .intEnum(_, values): return "\(enumType)(rawValue: \(values[row % values.count]))!"
        }
    }

    /// Whether a data step of versions `old+1...latest` writes the column.
    func writtenByDataStep(_ table: HistoryTable, _ column: HistoryColumn) -> Bool {
        history.migrations.contains { $0.version > old && $0.table == table.name && $0.column == column.name }
    }

    /// The columns whose stored values must come through the migration unchanged.
    func carried(_ table: HistoryTable) -> [HistoryColumn] {
        let latest = history.version
        return table.columns.filter { column in
            guard let before = column.declaration(at: old), let after = column.declaration(at: latest) else { return false }
            if before.affinity != after.affinity { return false }
            if !before.notNull && after.notNull { return false }
            return !writtenByDataStep(table, column)
        }
    }

    func sqlString(_ text: String) -> String { Self.swiftString(text) }

    func quoted(_ name: String) -> String { "\"\(name.replacingOccurrences(of: "\"", with: "\"\""))\"" }

    func source() -> String {
        let latest = history.version
        var code = """
            // The driver of history \(number) (seed \(history.seed)): version \(old) -> \(latest).
            import DAOGenRuntime
            import Foundation
            import \(latestModule)
            import \(oldModule)

            func \(functionName)(path: String) throws -> [String] {
                var problems: [String] = []
                var before: [String: [String]] = [:]
                before.reserveCapacity(\(history.tables.count))
                do {
                    let db = try \(oldModule).\(SchemaHistory.databaseName).open(path: path)
                _ = db

            """
        let oldTables = history.tables.filter { $0.contains(old) }
        for (position, table) in oldTables.enumerated() {
            let record = "\(oldModule).\(table.swiftName)"
            let columns = table.columns.filter { $0.declaration(at: old) != nil }
            var rows: [String] = []
            for row in 0..<Self.rowCount {
                let arguments = columns.map { column -> String in
                    let declaration = column.declaration(at: old)!
                    let label = Naming.lowerCamel(column.name)
                    let nullable = !declaration.notNull && !column.isKey
                    let expression: String
                    if column.references != nil {
                        expression = row == 0 ? "nil" : value(.int64, row: row, enumType: "")
                    } else if nullable, !column.isDistinct, row % 3 == 0 {
                        expression = "nil"
                    } else {
                        expression = value(declaration.kind, row: row, enumType: "\(record).\(Naming.upperCamel(column.name))")
                    }
                    return "\(label): \(expression)"
                }
                rows.append("                \(record)(\(arguments.joined(separator: ", "))),")
            }
            let accessor = Naming.escaped(table.accessor)
            code += """
                        let rows\(position): [\(record)] = [
                \(rows.joined(separator: "\n"))
                        ]

                """
            if position % 2 == 0 {
                code += "            try db.\(accessor).insert(contentsOf: rows\(position))\n"
            } else {
                code += "            for row in rows\(position) { try db.\(accessor).insert(row) }\n"
            }
            let carried = carried(table)
            let selection = carried.isEmpty ? "count(*)" : carried.map { quoted($0.name(at: old)) }.joined(separator: ", ")
            code += """
                        let read\(position) = try db.\(accessor).fetchAll()
                        if Set(read\(position)) != Set(rows\(position)) {
                            problems.append("table \(table.name(at: old)) at version \(old): the rows read back differ from the rows inserted: \\(Set(read\(position)).subtracting(rows\(position)))")
                        }
                        before[\(sqlString(table.name))] = try canonical(db.database.rows(\(sqlString("SELECT \(selection) FROM \(quoted(table.name(at: old)))"))))

                """
        }
        code += """
                }
                do {
                    let db = try \(latestModule).\(SchemaHistory.databaseName).open(path: path)
                    if try db.database.userVersion() != \(latest) { problems.append("the file is not at version \(latest) after opening it with the latest code") }

            """
        for table in oldTables where table.contains(latest) {
            let accessor = Naming.escaped(table.accessor)
            let carried = carried(table)
            let selection = carried.isEmpty ? "count(*)" : carried.map { quoted($0.name(at: latest)) }.joined(separator: ", ")
            code += """
                        do {
                            let all = try db.\(accessor).fetchAll()
                            if all.count != \(Self.rowCount) { problems.append("table \(table.name): \\(all.count) rows after the migration, expected \(Self.rowCount)") }
                        } catch {
                            problems.append("table \(table.name): the latest DAO cannot read the migrated rows: \\(error)")
                        }
                        do {
                        let after = try canonical(db.database.rows(\(sqlString("SELECT \(selection) FROM \(quoted(table.name))"))))
                        if after != before[\(sqlString(table.name))] {
                            problems.append("table \(table.name): carried columns differ after the migration\\n  before: \\(before[\(sqlString(table.name))] ?? [])\\n  after:  \\(after)")
                        }
                        }

                """
        }
        code += """
                    let integrity = try db.database.rows("PRAGMA integrity_check")
                    if integrity != [[.text("ok")]] { problems.append("integrity_check: \\(integrity)") }
                    let foreignKeys = try db.database.rows("PRAGMA foreign_key_check")
                    if !foreignKeys.isEmpty { problems.append("foreign_key_check: \\(foreignKeys)") }
                }
                _ = before
                return problems
            }

            """
        return code
    }
}
