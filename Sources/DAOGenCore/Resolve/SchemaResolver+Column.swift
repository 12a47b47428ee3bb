import Foundation

extension SchemaResolver {
    static let columnKeys = [
        "name", "type", "declaredType", "swiftName", "doc", "primaryKey", "autoincrement", "unique", "notNull", "collate",
        "default", "check", "references", "swift", "enum", "since", "until", "renamedFrom",
    ] + jsonAndGeneratedKeys
    static let collations = ["BINARY", "NOCASE", "RTRIM"]
    static let foreignKeyActions = ["CASCADE", "SET NULL", "SET DEFAULT", "RESTRICT", "NO ACTION"]

    mutating func resolveColumn(_ node: YAMLNode, tableRange: VersionRange, hasRowID: Bool) -> Column? {
        guard let values = reader.mapping(node, allowed: Self.columnKeys, what: "a column"),
              let nameNode = reader.required(values, "name", in: "column", at: node.location),
              let name = reader.name(nameNode, key: "name")
        else { return nil }
        // `type:` takes the type words daogen knows; `declaredType:` any declared type, as written.
        let typeKey = values["declaredType"] != nil ? "declaredType" : "type"
        if typeKey == "declaredType", let typeNode = values["type"] {
            reader.diagnostics.error("'type' and 'declaredType' cannot both be set on a column", at: typeNode.location)
        }
        guard let typeNode = reader.required(values, typeKey, in: "column '\(name)'", at: node.location),
              let sqlType = reader.string(typeNode, key: typeKey)
        else { return nil }
        let knownType = typeKey == "declaredType" || DeclaredType.unknownWord(in: sqlType) == nil
        if let problem = SQLSlot.typeNameProblem(sqlType) {
            reader.diagnostics.error("'\(typeKey)' of column '\(name)' must be one SQLite type name, but \(problem)", at: typeNode.location)
        } else if typeKey == "type", let word = DeclaredType.unknownWord(in: sqlType) {
            reader.diagnostics.error(
                "type '\(sqlType)' of column '\(name)' is not a type daogen knows ('\(word)'); \(DeclaredType.suggestion(for: word)) "
                    + "(to keep an unusual declared type, write it as declaredType:)",
                at: typeNode.location)
        }
        let affinity = Affinity(declaredType: sqlType)
        let range = versionRange(values, enclosing: tableRange, what: "column")
        let notNull = values["notNull"].flatMap { reader.bool($0, key: "notNull") }
        // `primaryKey: DESC` (or ASC) writes `PRIMARY KEY DESC`: SQLite's quirk where an INTEGER key is not the rowid.
        let primaryKey = values["primaryKey"].flatMap { node in
            ["ASC", "DESC"].contains(node.scalar?.uppercased() ?? "") ? true : reader.bool(node, key: "primaryKey")
        }
        var column = Column(
            name: name,
            swiftName: SwiftNaming.lowerCamelCase(name),
            sqlType: sqlType,
            affinity: affinity,
            doc: values["doc"].flatMap { reader.string($0, key: "doc") },
            notNull: notNull ?? false,
            nullableKey: notNull == false,
            primaryKey: primaryKey ?? false,
            primaryKeyDescending: values["primaryKey"]?.scalar?.uppercased() == "DESC",
            autoincrement: values["autoincrement"].flatMap { reader.bool($0, key: "autoincrement") } ?? false,
            unique: values["unique"].flatMap { reader.bool($0, key: "unique") } ?? false,
            collate: values["collate"].flatMap {
                reader.choice($0, key: "collate", from: Self.collations, caseInsensitive: true)
            },
            defaultSQL: values["default"].flatMap { defaultValue($0, column: name) },
            check: values["check"].flatMap { expression($0, key: "check", of: "column '\(name)'") },
            references: values["references"].flatMap { resolveForeignKey($0) },
            // ANY (STRICT tables) holds values of every storage class: the runtime's DatabaseValue.
            swiftType: sqlType.uppercased() == "ANY" ? .custom("DatabaseValue") : .default(for: affinity),
            range: range,
            renamedFrom: rename(values, range: range),
            location: node.location,
            keyLocations: values.mapValues(\.location))
        // Checked with the other Swift names, once the whole schema is known (`SchemaValidator`).
        if let node = values["swiftName"], let swiftName = reader.name(node, key: "swiftName") {
            column.swiftName = swiftName
        }
        let isJSON = values["json"].flatMap { reader.bool($0, key: "json") } ?? false
        if isJSON {
            // The Swift type of a JSON column is any Codable type: `resolveJSONAndGenerated` reads it.
        } else if let type = resolveSwiftType(values, column: column) {
            column.swiftType = type
        } else if values["swift"] == nil, values["enum"] == nil, typeKey == "type", knownType {
            warnAboutFallbackAffinity(column, at: typeNode.location)
        }
        resolveJSONAndGenerated(values, isJSON: isJSON, into: &column)
        if let node = values["default"], let defaultSQL = column.defaultSQL,
           let problem = Self.defaultProblem(SQLLiteral(sql: defaultSQL), of: column) {
            reader.diagnostics.error(problem, at: node.location)
        }
        if knownType, column.primaryKey, hasRowID, column.affinity == .integer, sqlType.uppercased() != "INTEGER",
           NodeReader.editDistance(sqlType.uppercased(), "INTEGER", limit: 2) <= 2 {
            reader.diagnostics.warning(
                "type '\(sqlType)' is not INTEGER, so column '\(name)' is a plain key and not the table's rowid (only INTEGER PRIMARY KEY is); did you mean INTEGER?",
                at: typeNode.location)
        }
        return column
    }

    /// Why a literal DEFAULT cannot be a value of the column's Swift type, or nil when it can (or is
    /// not a literal, which only SQLite can evaluate).
    static func defaultProblem(_ literal: SQLLiteral?, of column: Column) -> String? {
        let subject = "default of column '\(column.name)'"
        switch (literal, column.swiftType) {
        case let (.integer(number)?, type):
            guard let range = type.integerRange, !range.contains(number) else { return nil }
            return "\(subject) is \(number), outside the range of its Swift type \(type.swiftName) (\(range.lowerBound)...\(range.upperBound))"
        case let (.text(text)?, .enumeration(_, cases, .string)) where !cases.contains(where: { $0.rawValue == text }):
            return "\(subject) is '\(text)', which is not one of its enum values (\(cases.map(\.rawValue).joined(separator: ", ")))"
        case let (.integer(number)?, .enumeration(_, cases, .int64)) where !cases.contains(where: { $0.rawValue == String(number) }):
            return "\(subject) is \(number), which is not one of its enum values (\(cases.map(\.rawValue).joined(separator: ", ")))"
        default:
            return nil
        }
    }

    /// Type names that get NUMERIC affinity on purpose.
    static let numericTypeNames: Set<String> = ["NUMERIC", "DECIMAL"]

    /// Warns when a type gets NUMERIC affinity only by SQLite's last rule (no INT, CHAR, CLOB, TEXT,
    /// BLOB, REAL, FLOA or DOUB in its name), which silently makes `STRING` or `BOOLEAN` a Double.
    mutating func warnAboutFallbackAffinity(_ column: Column, at location: SourceLocation) {
        guard column.affinity == .numeric, column.swiftType == .double else { return }
        let upper = column.sqlType.uppercased()
        let base = String(upper.prefix { $0 != "(" }).trimmingBlanks()
        guard !Self.numericTypeNames.contains(base) else { return }
        let meant: String
        if base.contains("STR") {
            meant = "did you mean TEXT?"
        } else if base.contains("BOOL") {
            meant = "did you mean INTEGER with swift: Bool?"
        } else if base.contains("DATE") || base.contains("TIME") {
            meant = "did you mean swift: Date?"
        } else if let close = NodeReader.closest(to: base, in: ["INTEGER", "TEXT", "REAL", "BLOB"]) {
            meant = "did you mean \(close)?"
        } else {
            meant = "write INTEGER, TEXT, REAL, BLOB or NUMERIC, or set swift:"
        }
        reader.diagnostics.warning(
            "type '\(column.sqlType)' of column '\(column.name)' gets NUMERIC affinity by SQLite's fallback rule, so it maps to Double; \(meant)",
            at: location)
    }

    /// A DEFAULT: a literal, `CURRENT_TIME` / `_DATE` / `_TIMESTAMP`, or one expression.
    mutating func defaultValue(_ node: YAMLNode, column: String) -> String? {
        guard let sql = reader.name(node, key: "default") else { return nil }
        if SQLWriter.isBareDefault(sql) {
            return sql
        }
        return expression(node, key: "default", of: "column '\(column)'")
    }

    mutating func resolveForeignKey(_ node: YAMLNode) -> ForeignKey? {
        guard let values = reader.mapping(
                node, allowed: ["table", "column", "onDelete", "onUpdate", "deferrable", "relation", "inverse"], what: "references"),
              let tableNode = reader.required(values, "table", in: "references", at: node.location),
              let table = reader.name(tableNode, key: "table")
        else { return nil }
        return ForeignKey(
            table: table,
            column: values["column"].flatMap { reader.name($0, key: "column") } ?? "",
            onDelete: values["onDelete"].flatMap {
                reader.choice($0, key: "onDelete", from: Self.foreignKeyActions, caseInsensitive: true)
            },
            onUpdate: values["onUpdate"].flatMap {
                reader.choice($0, key: "onUpdate", from: Self.foreignKeyActions, caseInsensitive: true)
            },
            deferrable: values["deferrable"].flatMap { reader.bool($0, key: "deferrable") } ?? false,
            relation: values["relation"].flatMap { reader.name($0, key: "relation") },
            inverse: values["inverse"].flatMap { reader.name($0, key: "inverse") },
            relationLocation: values["relation"]?.location,
            inverseLocation: values["inverse"]?.location)
    }

    /// The type from `enum:` or `swift:`, checked against the column's affinity; nil keeps the affinity's default.
    mutating func resolveSwiftType(_ values: YAMLFields, column: Column) -> SwiftValueType? {
        let typeDescription = "'\(column.sqlType)' (\(column.affinity.rawValue) affinity)"
        if let enumNode = values["enum"] {
            if let swiftNode = values["swift"] {
                reader.diagnostics.error("'enum' and 'swift' cannot both be set on a column", at: swiftNode.location)
                return nil
            }
            guard let type = resolveEnum(enumNode, column: column) else { return nil }
            if let affinities = type.storableAffinities, !affinities.contains(column.affinity) {
                let needed = switch column.affinity {
                case .text, .blob: "use a list of strings or change the type"
                case .integer, .numeric: "use a map of name: integer or change the type"
                case .real: "change the type to TEXT (for a list of strings) or INTEGER (for a map of name: integer)"
                }
                let kind = affinities.contains(.text) ? "a list of strings needs a TEXT column" : "a map of integers needs an INTEGER column"
                reader.diagnostics.error(
                    "enum of \(kind), but column '\(column.name)' has type \(typeDescription); \(needed)",
                    at: enumNode.location)
                return nil
            }
            return type
        }
        guard let swiftNode = values["swift"], let name = reader.name(swiftNode, key: "swift") else { return nil }
        let type: SwiftValueType
        switch name {
        case "Date": type = .date(settings.dates)
        case "UUID": type = .uuid(settings.uuids)
        // Any storage class, as stored: columns of files made without daogen whose values do not fit one type.
        case "DatabaseValue": type = .custom("DatabaseValue")
        default:
            if let named = SwiftValueType.namedTypes[name] {
                type = named
            } else if SwiftNaming.isTypeName(name), let problem = SwiftTypeSpelling.problem(name) {
                reader.diagnostics.error(problem, at: swiftNode.location)
                return nil
            } else if SwiftNaming.isTypeName(name) && !SwiftNaming.reservedTypeNames.contains(name) {
                type = .custom(name)
            } else {
                reader.diagnostics.error("'swift' must name a Swift type, found '\(name)'", at: swiftNode.location)
                return nil
            }
        }
        if let affinities = type.storableAffinities, !affinities.contains(column.affinity) {
            let allowed = Affinity.allCases.filter(affinities.contains).map(\.rawValue)
                .joined(separator: ", ").replacingLastOccurrence(of: ", ", with: " or ")
            var message = "Swift type '\(name)' cannot be stored in column '\(column.name)' of type \(typeDescription); it needs \(allowed) affinity"
            switch type {
            case let .date(storage):
                message += " with dates: \(storage.rawValue) (set 'dates' in daogen.yaml to change how dates are stored)"
            case let .uuid(storage):
                message += " with uuids: \(storage.rawValue) (set 'uuids' in daogen.yaml to change how UUIDs are stored)"
            default:
                break
            }
            reader.diagnostics.error(message, at: swiftNode.location)
            return nil
        }
        return type
    }

    /// `enum: [a, b]` (strings) or `enum: {a: 1, b: 2}` (integers).
    mutating func resolveEnum(_ node: YAMLNode, column: Column) -> SwiftValueType? {
        var cases: [EnumCase] = []
        let rawType: EnumRawType
        if let items = node.sequence {
            rawType = .string
            for item in items {
                guard let value = reader.name(item, key: "enum") else { continue }
                cases.append(EnumCase(swiftName: SwiftNaming.lowerCamelCase(value), rawValue: value))
            }
        } else if let pairs = node.mapping {
            rawType = .int64
            for (key, value) in pairs {
                guard let name = reader.name(key, key: "enum"), let number = reader.int(value, key: "enum") else { continue }
                if !SwiftNaming.isIdentifier(name) {
                    reader.diagnostics.error("enum case '\(name)' must be a Swift identifier", at: key.location)
                    continue
                }
                cases.append(EnumCase(swiftName: name, rawValue: String(number)))
            }
        } else {
            reader.diagnostics.error(
                "'enum' must be a list of strings or a map of name: integer, found \(node.kindDescription)", at: node.location)
            return nil
        }
        if cases.isEmpty {
            reader.diagnostics.error("'enum' must list at least one value", at: node.location)
            return nil
        }
        var seenNames: Set<String> = []
        var seenValues: Set<String> = []
        for enumCase in cases {
            if !seenValues.insert(enumCase.rawValue).inserted {
                reader.diagnostics.error("enum value '\(enumCase.rawValue)' is listed twice", at: node.location)
            } else if !SwiftNaming.isIdentifier(enumCase.swiftName) || ReservedNames.enumCaseNames.contains(enumCase.swiftName) {
                reader.diagnostics.error(
                    "enum value '\(enumCase.rawValue)' of column '\(column.name)' gives no usable Swift case name ('\(enumCase.swiftName)'); "
                        + (rawType == .string ? "use values made of letters and digits" : "choose another name"),
                    at: node.location)
            } else if !seenNames.insert(enumCase.swiftName).inserted {
                reader.diagnostics.error(
                    "enum values of column '\(column.name)' map to the same Swift case '\(enumCase.swiftName)'",
                    at: node.location)
            }
        }
        // Named after the column, or after its swiftName when one is set (the way to rename the enum).
        let stem = column.swiftName == SwiftNaming.lowerCamelCase(column.name) ? column.name : column.swiftName
        return .enumeration(name: SwiftNaming.upperCamelCase(stem), cases: cases, rawType: rawType)
    }
}

extension String {
    /// The string with the last occurrence of `target` replaced.
    func replacingLastOccurrence(of target: String, with replacement: String) -> String {
        guard let range = range(of: target, options: .backwards) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
