/// What the table-file template needs for one table; every decision is made here, the template only lays text out.
struct TableModel {
    struct EnumModel {
        var columnName: String
        var name: String
        var rawType: String
        var cases: [String]
    }

    struct PropertyModel {
        var docLines: [String]
        var name: String
        var type: String
        /// The initializer's internal name for the value.
        var parameterName: String
    }

    struct StatementModel {
        var name: String
        var literal: String
    }

    struct FinderModel {
        var parameters: String
        var statementName: String
        var bindLines: [String]
        var columnsDescription: String
        var indexName: String
    }

    struct OrderingMember {
        var name: String
        var sqlName: String
    }

    var access: String
    var typeName: String
    var daoName: String
    var statementsName: String
    var tableName: String
    var docLines: [String]
    var enums: [EnumModel]
    var properties: [PropertyModel]
    var initParameters: [String]
    var columnCases: [String]
    var orderingMembers: [OrderingMember]
    var firstProperty: String
    var selectionLiteral: String
    var selectAllLiteral: String
    var countLiteral: String
    var readLines: [String]
    var bindLines: [String]
    var columnCount: Int
    var statements: [StatementModel]
    var rowIDProperty: String?
    /// `statement.lastInsertedRowID` converted to the rowid property's type.
    var rowIDValue: String
    var hasPrimaryKey: Bool
    var recordKeyGuard: String?
    var recordKeyArguments: String
    var keyParameters: String
    var keyBindLines: [String]
    var uniqueFinders: [FinderModel]
    var indexFinders: [FinderModel]

    /// The accessor of the table's DAO on the database type.
    var accessorName: String

    /// `queries:` (see `attach(_:)`): statements, DAO methods and nested result structs.
    var queriesName = ""
    var hasQueries = false
    var queryStatements: [StatementModel] = []
    var queryMethods: [QueryMethodModel] = []
    var queryStructs: [QueryStructModel] = []

    init(table: Table, schema: Schema) {
        let version = schema.settings.version
        let sql = TableStatements(table: table, version: version)
        let keyNames = sql.keyNames
        let rowIDAlias = table.rowIDAlias(at: version)
        let codes = sql.columns.map { column in
            ColumnCode(
                column: column,
                isOptional: column.name == rowIDAlias?.name
                    || !(column.notNull || SQLWriter.isImplicitlyNotNull(column, of: table, at: version, keyNames: keyNames)),
                recordName: table.swiftName)
        }
        // Lists name columns as `Table.column(named:at:)` resolves them (an old index may use an old name).
        func code(_ name: String) -> ColumnCode {
            let location = table.column(named: name, at: version)?.location
            return codes.first { $0.column.location == location }!
        }

        access = schema.settings.access == .internal ? "" : schema.settings.access.rawValue + " "
        typeName = table.swiftName
        daoName = table.swiftName + "DAO"
        statementsName = table.swiftName + "Statements"
        tableName = SwiftLiteral.commentText(table.name(at: version))
        accessorName = SwiftNaming.escaped(SwiftNaming.lowerCamelCase(table.swiftName))
        let written = table.doc.map(SwiftLiteral.docLines) ?? []
        docLines = written.isEmpty ? ["A row of `\(tableName)`."] : written

        enums = codes.compactMap { code in
            guard case let .enumeration(name, cases, rawType) = code.column.swiftType else { return nil }
            return EnumModel(
                columnName: SwiftLiteral.commentText(code.column.name(at: version)),
                name: name,
                rawType: rawType == .string ? "String" : "Int64",
                cases: cases.map { enumCase in
                    let name = SwiftNaming.escaped(enumCase.swiftName)
                    switch rawType {
                    case .string where enumCase.swiftName == enumCase.rawValue: return name
                    case .string: return "\(name) = \"\(SwiftLiteral.escaped(enumCase.rawValue))\""
                    case .int64: return "\(name) = \(enumCase.rawValue)"
                    }
                })
        }
        properties = codes.map { code in
            let definition = SQLWriter.columnDefinition(code.column, of: table, at: version, keyNames: keyNames, in: schema)
            var lines = code.column.doc.map(SwiftLiteral.docLines) ?? []
            if !lines.isEmpty { lines.append("") }
            lines.append("SQL: `\(SwiftLiteral.commentText(definition))`")
            return PropertyModel(docLines: lines, name: code.property, type: code.type, parameterName: code.initParameterName)
        }
        initParameters = codes.enumerated().map { offset, code in
            code.initParameter + (offset == codes.count - 1 ? "" : ",")
        }
        columnCases = codes.map { code in
            code.column.swiftName == code.column.name(at: version)
                ? code.property
                : "\(code.property) = \(SwiftLiteral.string(code.column.name(at: version)))"
        }
        orderingMembers = codes.map { OrderingMember(name: $0.property, sqlName: SwiftLiteral.commentText($0.column.name(at: version))) }
        firstProperty = codes.first?.property ?? ""
        selectionLiteral = SwiftLiteral.string(sql.selection)
        readLines = codes.enumerated().map { $1.readLine(at: $0) }
        bindLines = codes.enumerated().map { $1.bindLine(at: $0 + 1) }
        columnCount = codes.count
        rowIDProperty = rowIDAlias.map { SwiftNaming.escaped($0.swiftName) }
        rowIDValue = rowIDAlias?.swiftType == .int ? "Int(statement.lastInsertedRowID)" : "statement.lastInsertedRowID"
        hasPrimaryKey = sql.hasPrimaryKey

        // Key parameters: non-optional values, labelled by the key's properties.
        let keyCodes = keyNames.map(code)
        keyParameters = keyCodes.map { $0.parameter(label: $0.property) }.joined(separator: ", ")
        keyBindLines = keyCodes.enumerated().map { $1.bindValue($1.parameterName, at: $0 + 1) }
        let optionalKeys = keyCodes.filter(\.isOptional)
        recordKeyGuard = optionalKeys.isEmpty
            ? nil
            : optionalKeys.map { "let \($0.parameterName) = record.\($0.property)" }.joined(separator: ", ")
        recordKeyArguments = keyCodes.map { code in
            "\(code.property): \(code.isOptional ? code.parameterName : "record.\(code.property)")"
        }.joined(separator: ", ")

        var statements = [StatementModel(name: "insert", literal: SwiftLiteral.string(sql.insert))]
        if sql.hasPrimaryKey {
            statements.append(StatementModel(name: "upsert", literal: SwiftLiteral.string(sql.upsert)))
            statements.append(StatementModel(name: "update", literal: SwiftLiteral.string(sql.update)))
            statements.append(StatementModel(name: "deleteByKey", literal: SwiftLiteral.string(sql.deleteByKey)))
            statements.append(StatementModel(name: "findByKey", literal: SwiftLiteral.string(sql.findByKey)))
        }

        func finder(_ names: [String], indexName: String = "") -> FinderModel {
            let finderCodes = names.map(code)
            let first = finderCodes[0]
            let label = "by" + first.column.swiftName.prefix(1).uppercased() + first.column.swiftName.dropFirst()
            let parameters = [first.parameter(label: label)] + finderCodes.dropFirst().map { $0.parameter(label: $0.property) }
            let literal = SwiftLiteral.string(sql.find(by: names))
            // A unique constraint and an index on the same columns run the same query: share one statement.
            let statementName = statements.first { $0.literal == literal }?.name
                ?? "selectBy" + finderCodes.map { $0.column.swiftName.prefix(1).uppercased() + $0.column.swiftName.dropFirst() }.joined()
            if !statements.contains(where: { $0.name == statementName }) {
                statements.append(StatementModel(name: statementName, literal: literal))
            }
            return FinderModel(
                parameters: parameters.joined(separator: ", "),
                statementName: statementName,
                bindLines: finderCodes.enumerated().map { $1.bindValue($1.parameterName, at: $0 + 1) },
                columnsDescription: SwiftLiteral.commentText(names.map { "`\(table.sqlName(ofColumn: $0, at: version))`" }.joined(separator: ", ")),
                indexName: SwiftLiteral.commentText(indexName))
        }
        uniqueFinders = sql.uniqueFinders.map { finder($0) }
        indexFinders = sql.indexFinders.map { finder($0.columns, indexName: $0.index.name(at: version)) }

        selectAllLiteral = SwiftLiteral.string(sql.selectAll)
        countLiteral = SwiftLiteral.string(sql.count)
        statements.append(StatementModel(name: "count", literal: SwiftLiteral.string(sql.count)))
        statements.append(StatementModel(name: "deleteAll", literal: SwiftLiteral.string(sql.deleteAll)))
        self.statements = statements
    }
}
