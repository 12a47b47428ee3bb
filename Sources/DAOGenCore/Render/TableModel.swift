/// What the table-file template needs for one table; every decision is made here, the template only lays text out.
struct TableModel: Encodable {
    struct EnumModel: Encodable {
        var columnName: String
        var name: String
        var rawType: String
        var cases: [CaseModel]
    }

    struct PropertyModel: Encodable {
        var docLines: [DocLineModel]
        var name: String
        var type: String
        /// The initializer's internal name for the value.
        var parameterName: String
    }

    struct StatementModel: Encodable {
        var name: String
        /// The SQL the statement runs.
        var sql: String
        /// The Swift expression of `sql`, built from `selectAll`, `insert.sql` or the record's `selection`
        /// where it starts with them, so each column list is written once.
        var expression: String
    }

    struct FinderModel: Encodable {
        var parameters: [ParameterModel]
        var statementName: String
        var binds: [BindModel]
        var columnsDescription: String
        var indexName: String
        /// For an index finder taking Optionals: the columns whose nil matches NULL (`` `a` or `b` ``).
        var nullMatchingDescription: String?
    }

    struct OrderingMember: Encodable {
        var name: String
        var sqlName: String
    }

    var access: String
    var typeName: String
    var daoName: String
    var statementsName: String
    var tableName: String
    var docLines: [DocLineModel]
    var enums: [EnumModel]
    var properties: [PropertyModel]
    var initParameters: [ParameterModel]
    var columnCases: [CaseModel]
    var orderingMembers: [OrderingMember]
    var firstProperty: String
    var selectionLiteral: String
    /// The Swift expression of the `SELECT` of every column, without WHERE.
    var selectAllExpression: String
    var reads: [ReadModel]
    var binds: [BindModel]
    var columnCount: Int
    var statements: [StatementModel]
    var rowIDProperty: String?
    /// `statement.lastInsertedRowID` converted to the rowid property's type.
    var rowIDValue: String
    var hasPrimaryKey: Bool
    /// True when a key property is Optional: `delete(_:)` unwraps `optionalKeys` first.
    var hasOptionalKey: Bool
    var optionalKeys: [ArgumentModel]
    var recordKeyArguments: [ArgumentModel]
    var keyParameters: [ParameterModel]
    var keyBinds: [BindModel]
    var uniqueFinders: [FinderModel]
    var indexFinders: [FinderModel]

    /// The accessor of the table's DAO on the database type.
    var accessorName: String
    /// True for a view: a read-only record and DAO (see `asView()`).
    var isView = false

    /// `queries:` (see `attach(_:)`): statements, DAO methods and nested result structs.
    var queriesName = ""
    var hasQueries = false
    var queryStatements: [QueryStatementModel] = []
    var queryMethods: [QueryMethodModel] = []
    var queryStructs: [QueryStructModel] = []

    /// The model of `table`, whose DAO runs `sql` (Plan's statements, or a view's from Type).
    init(table: Table, schema: Schema, statements sql: TableStatements) {
        let version = schema.settings.version
        let keyNames = sql.keyNames
        let rowIDAlias = table.rowIDAlias(at: version)
        let codes = sql.columns.map { column in
            ColumnCode(
                column: column,
                // The rowid alias is nil in a record until it is inserted.
                isOptional: column.name == rowIDAlias?.name || !sql.neverNull.contains(column.name),
                recordName: table.swiftName)
        }
        // Lists name columns as `Table.column(named:at:)` resolves them (an old index may use an old name).
        func code(_ name: String) -> ColumnCode {
            let id = table.column(named: name, at: version)?.id
            return codes.first { $0.column.id == id }!
        }

        access = schema.settings.access == .internal ? "" : schema.settings.access.rawValue + " "
        typeName = table.swiftName
        let entry = DatabaseModel.TableEntry(table: table, version: version)
        daoName = entry.daoName
        statementsName = table.swiftName + "Statements"
        tableName = entry.tableName
        accessorName = entry.accessorName
        let written = table.doc.map(SwiftLiteral.docLines) ?? []
        docLines = DocLineModel.lines(written.isEmpty ? ["A row of `\(tableName)`."] : written)

        enums = codes.compactMap { code in
            guard case let .enumeration(name, cases, rawType) = code.column.swiftType else { return nil }
            return EnumModel(
                columnName: SwiftLiteral.commentText(code.column.name(at: version)),
                name: name,
                rawType: rawType == .string ? "String" : "Int64",
                cases: cases.map { enumCase in
                    let name = SwiftNaming.escaped(enumCase.swiftName)
                    switch rawType {
                    case .string where enumCase.swiftName == enumCase.rawValue: return CaseModel(name: name)
                    case .string: return CaseModel(name: name, rawValueLiteral: "\"\(SwiftLiteral.escaped(enumCase.rawValue))\"")
                    case .int64: return CaseModel(name: name, rawValueLiteral: enumCase.rawValue)
                    }
                })
        }
        properties = codes.map { code in
            let definition = SQLWriter.columnDefinition(code.column, of: table, at: version, keyNames: keyNames, in: schema)
            var lines = code.column.doc.map(SwiftLiteral.docLines) ?? []
            if !lines.isEmpty { lines.append("") }
            lines.append("SQL: `\(SwiftLiteral.commentText(definition))`")
            return PropertyModel(docLines: DocLineModel.lines(lines), name: code.property, type: code.type, parameterName: code.initParameterName)
        }
        initParameters = codes.enumerated().map { offset, code in code.initParameter(isLast: offset == codes.count - 1) }
        columnCases = codes.map { code in
            CaseModel(
                name: code.property,
                rawValueLiteral: code.column.swiftName == code.column.name(at: version) ? nil : SwiftLiteral.string(code.column.name(at: version)))
        }
        orderingMembers = codes.map { OrderingMember(name: $0.property, sqlName: SwiftLiteral.commentText($0.column.name(at: version))) }
        firstProperty = codes.first?.property ?? ""
        selectionLiteral = SwiftLiteral.string(sql.selection)
        reads = codes.enumerated().map { $1.read(at: $0) }
        binds = codes.enumerated().map { $1.bindProperty(at: $0 + 1) }
        columnCount = codes.count
        rowIDProperty = rowIDAlias.map { SwiftNaming.escaped($0.swiftName) }
        rowIDValue = rowIDAlias?.swiftType == .int ? "Int(statement.lastInsertedRowID)" : "statement.lastInsertedRowID"
        hasPrimaryKey = sql.hasPrimaryKey

        // Key parameters: non-optional values, labelled by the key's properties.
        let keyCodes = keyNames.map(code)
        keyParameters = keyCodes.enumerated().map { $1.parameter(label: $1.property, isLast: $0 == keyCodes.count - 1) }
        keyBinds = keyCodes.enumerated().map { $1.bind($1.parameterName, at: $0 + 1) }
        let optionalKeys = keyCodes.filter(\.isOptional)
        hasOptionalKey = !optionalKeys.isEmpty
        self.optionalKeys = optionalKeys.enumerated().map { offset, code in
            ArgumentModel(label: code.parameterName, value: "record.\(code.property)", isLast: offset == optionalKeys.count - 1)
        }
        recordKeyArguments = keyCodes.enumerated().map { offset, code in
            ArgumentModel(
                label: code.property, value: code.isOptional ? code.parameterName : "record.\(code.property)",
                isLast: offset == keyCodes.count - 1)
        }

        let selectAllSQL = sql.selectAll
        let insertSQL = sql.insert
        let recordSelection = table.swiftName + ".selection"
        /// `text` as a Swift expression that reuses `selectAll`, `insert.sql` or the record's `selection`
        /// instead of repeating their SQL; the value is the same text.
        func expression(_ text: String, named name: String) -> String {
            func concatenated(_ parts: [String]) -> String { parts.filter { !$0.isEmpty }.joined(separator: " + ") }
            func literal(_ part: Substring) -> String { part.isEmpty ? "" : SwiftLiteral.string(String(part)) }
            // Prefixes compared and cut by UTF-8 offsets: counting Characters walked every statement.
            func after(_ prefix: String) -> Substring? {
                guard text.utf8.count > prefix.utf8.count, text.hasUTF8Prefix(prefix) else { return nil }
                return text[text.utf8.index(text.startIndex, offsetBy: prefix.utf8.count)...]
            }
            if name != "selectAll", let rest = after(selectAllSQL) {
                return concatenated(["selectAll", literal(rest)])
            }
            if name != "insert", let rest = after(insertSQL) {
                return concatenated(["insert.sql", literal(rest)])
            }
            // The column lists of the SELECT and the INSERT are the record's `selection`.
            let list = name == "insert" ? "(" + sql.selection + ") VALUES " : name == "selectAll" ? "SELECT " + sql.selection + " " : nil
            if let list, let range = text.utf8Range(of: list) {
                let start = text.index(range.lowerBound, offsetBy: name == "insert" ? 1 : 7)
                let end = text.index(range.upperBound, offsetBy: name == "insert" ? -9 : -1)
                return concatenated([literal(text[..<start]), recordSelection, literal(text[end...])])
            }
            return SwiftLiteral.string(text)
        }
        func statement(_ name: String, _ text: String) -> StatementModel {
            StatementModel(name: name, sql: text, expression: expression(text, named: name))
        }

        var statements = [statement("insert", sql.insert)]
        if sql.hasPrimaryKey {
            statements.append(statement("upsert", sql.upsert))
            statements.append(statement("update", sql.update))
            statements.append(statement("deleteByKey", sql.deleteByKey))
            statements.append(statement("findByKey", sql.findByKey))
        }

        /// `base`, or `base` numbered from 2 when a statement of another SQL already has that name (the
        /// names join Swift names, so `a_b, c` and `a, b_c` both give `selectByABC`).
        func statementName(_ base: String, for text: String) -> String {
            if let existing = statements.first(where: { $0.sql == text }) { return existing.name }
            var name = base
            var number = 1
            while statements.contains(where: { $0.name == name }) {
                number += 1
                name = base + String(number)
            }
            return name
        }
        /// The SQL name of the column declared as `name`, in backticks, for a doc comment.
        func commentName(_ name: String) -> String {
            SwiftLiteral.commentText("`\(table.sqlName(ofColumn: name, at: version))`")
        }
        /// The finder by `names`; the parameters of the columns in `matchingNull` are Optional and compared with `IS`.
        func finder(_ names: [String], indexName: String = "", matchingNull: [String] = []) -> FinderModel {
            let finderCodes = names.map(code)
            let first = finderCodes[0]
            let label = "by" + first.column.swiftName.prefix(1).uppercased() + first.column.swiftName.dropFirst()
            let parameters = finderCodes.enumerated().map { offset, code in
                code.parameter(
                    label: offset == 0 ? label : code.property, isLast: offset == finderCodes.count - 1,
                    optional: matchingNull.contains(names[offset]))
            }
            let findSQL = sql.find(by: names, matchingNull: matchingNull)
            // A unique constraint and an index on the same columns run the same query: share one statement.
            let name = statementName(
                "selectBy" + finderCodes.map { $0.column.swiftName.prefix(1).uppercased() + $0.column.swiftName.dropFirst() }.joined()
                    + (matchingNull.isEmpty ? "" : "MatchingNull"),
                for: findSQL)
            if !statements.contains(where: { $0.name == name }) {
                statements.append(statement(name, findSQL))
            }
            let nullColumns = matchingNull.map(commentName)
            let nullMatching = nullColumns.count < 2
                ? nullColumns.first : nullColumns.dropLast().joined(separator: ", ") + " or " + nullColumns[nullColumns.count - 1]
            return FinderModel(
                parameters: parameters,
                statementName: name,
                binds: finderCodes.enumerated().map { offset, code in
                    matchingNull.contains(names[offset])
                        ? code.bind(optional: code.parameterName, at: offset + 1) : code.bind(code.parameterName, at: offset + 1)
                },
                columnsDescription: names.map(commentName).joined(separator: ", "),
                indexName: SwiftLiteral.commentText(indexName),
                nullMatchingDescription: nullMatching)
        }
        uniqueFinders = sql.uniqueFinders.map { finder($0) }
        // Each index's finder takes non-optional values (`= ?`); an index without WHERE on a column that can
        // hold NULL also gets an overload taking Optionals (`IS ?`), whose nil finds the NULL rows.
        indexFinders = sql.indexFinders.flatMap { indexFinder in
            let indexName = indexFinder.index.name(at: version)
            let plain = finder(indexFinder.columns, indexName: indexName)
            guard !indexFinder.nullableColumns.isEmpty else { return [plain] }
            return [plain, finder(indexFinder.columns, indexName: indexName, matchingNull: indexFinder.nullableColumns)]
        }

        selectAllExpression = expression(sql.selectAll, named: "selectAll")
        statements.append(statement("count", sql.count))
        statements.append(statement("deleteAll", sql.deleteAll))
        self.statements = statements
    }

    /// This model as a view's: read-only, so of its statements only `count` remains.
    func asView() -> TableModel {
        var model = self
        model.isView = true
        model.statements = statements.filter { $0.name == "count" }
        model.hasPrimaryKey = false
        model.rowIDProperty = nil
        model.uniqueFinders = []
        model.indexFinders = []
        return model
    }
}
