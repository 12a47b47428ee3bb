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
        /// The initializer's internal name for the value (`nil` for a generated column, which it has not).
        var parameterName: String
        /// `private(set) ` for a generated column, which only the database sets; empty otherwise.
        var setter = ""
    }

    struct StatementModel: Encodable {
        var name: String
        /// The SQL the statement runs.
        var sql: String
        /// The Swift expression of `sql`: the record's `statements.selectAll` followed by the rest, so the
        /// column list is written once.
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
        /// True for the first method of the DAO's extension, which needs no blank line before it.
        var isFirst = false
    }

    struct OrderingMember: Encodable {
        var name: String
        var sqlName: String
    }

    /// A property of the record's `Columns`: `let name = TypedColumn<Record, type>(sqlName)`.
    struct TypedColumnModel: Encodable {
        var name: String
        var type: String
        var sqlNameLiteral: String
        /// The property's value, `TypedColumn<Record, type>(sqlName)`: one value for the built-in
        /// templates, as `ParameterModel.declaration`.
        var value: String

        init(name: String, record: String, type: String, sqlNameLiteral: String) {
            self.name = name
            self.type = type
            self.sqlNameLiteral = sqlNameLiteral
            value = "TypedColumn<\(record), \(type)>(\(sqlNameLiteral))"
        }
    }

    /// A relation of the record, a computed property of its `Columns`:
    /// `var author: BelongsTo<Book, Author> { BelongsTo(column: .authorId, parentColumn: .id) }`.
    struct RelationModel: Encodable {
        var docLines: [DocLineModel]
        var name: String
        var type: String
        var value: String
    }

    /// A case of `value(of:)`: a column and the expression of its value.
    struct ColumnValueModel: Encodable {
        var name: String
        var value: String
    }

    /// A case of the record's `Assignment` or `UniqueKey`, with its value type or its columns.
    struct KeyedCaseModel: Encodable {
        var name: String
        /// The associated value's type (`Assignment`), or the columns (`UniqueKey`: `[.a, .b]`).
        var detail: String
        /// The value an `Assignment` sets: `value`, or a JSON column's `DatabaseJSON(value)`.
        var value = "value"
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
    /// The runtime protocol the record conforms to: `KeyedRecord`, `TableRecord` or (a view) `DatabaseRecord`.
    var recordProtocol: String
    /// The runtime's statement set of the record's level: `KeyedRecordStatements`, `TableRecordStatements`
    /// or (a view, `TableModel+View`) `RecordStatements`.
    var statementsType: String
    /// The arguments of the record's statement set: `table: "t", primaryKey: [.id]` or `view: "v"`.
    var statementsArguments: String
    /// The table's SQL name, as a Swift string literal.
    var sqlNameLiteral: String
    /// `search:`: the FTS5 table's name, and its SQL name as a Swift string literal (empty without one).
    var searchIndexName = ""
    var searchIndexLiteral = ""
    var hasSearch = false
    var typedColumns: [TypedColumnModel]
    /// The record's relations (`references:`), after its typed columns; none for a view.
    var relations: [RelationModel] = []
    var assignments: [KeyedCaseModel]
    /// The cases of a keyed record's `value(of:)`: each column's property, as it binds.
    var columnValues: [ColumnValueModel] = []
    var uniqueKeys: [KeyedCaseModel]
    var reads: [ReadModel]
    var binds: [BindModel]
    var columnCount: Int
    /// The statements of the finders.
    var statements: [StatementModel]
    var rowIDProperty: String?
    /// `rowID` converted to the rowid property's type.
    var rowIDValue: String
    var hasPrimaryKey: Bool
    /// The primary key's Swift type: the column's, or a tuple labelled by the key's properties.
    var keyType: String
    /// The body of `primaryKey`: one line, or a `guard let` of the Optional parts and a return.
    var primaryKeyLines: [String]
    /// The bindings of `bind(key:to:)`.
    var keyBinds: [BindModel]
    var keyParameters: [ParameterModel]
    /// The key as `find(key:)` takes it: the parameter, or a tuple of the parameters.
    var keyArgument: String
    var uniqueFinders: [FinderModel]
    var indexFinders: [FinderModel]
    /// True when the DAO gets an extension of its own: key-based methods or finders.
    var hasFinders: Bool
    /// True when the finders have statements.
    var hasStatements: Bool

    /// The accessor of the table's DAO on the database type.
    var accessorName: String
    /// True for a view: a read-only record and DAO (see `init(view:schema:)`).
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
                // The rowid alias is nil in a record until it is inserted; a generated column until it is read.
                isOptional: column.name == rowIDAlias?.name || !sql.neverNull.contains(column.name) || column.generated != nil,
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
            if code.isGenerated {
                lines.append("")
                lines.append("Generated by SQLite: nil until the record is read from the database or returned by insert or upsert.")
            }
            return PropertyModel(
                docLines: DocLineModel.lines(lines), name: code.property, type: code.type,
                parameterName: code.isGenerated ? "nil" : code.initParameterName, setter: code.isGenerated ? "private(set) " : "")
        }
        // Generated columns are neither initialized nor written by the DAO.
        let writtenCodes = codes.filter { !$0.isGenerated }
        initParameters = writtenCodes.enumerated().map { offset, code in code.initParameter(isLast: offset == writtenCodes.count - 1) }
        columnCases = codes.map { code in
            CaseModel(
                name: code.property,
                rawValueLiteral: code.column.swiftName == code.column.name(at: version) ? nil : SwiftLiteral.string(code.column.name(at: version)))
        }
        orderingMembers = codes.map { OrderingMember(name: $0.property, sqlName: SwiftLiteral.commentText($0.column.name(at: version))) }
        firstProperty = codes.first?.property ?? ""
        recordProtocol = sql.hasPrimaryKey ? "KeyedRecord" : "TableRecord"
        if table.search(at: version) != nil {
            hasSearch = true
            recordProtocol += ", SearchableRecord"
            searchIndexName = SwiftLiteral.commentText(table.searchIndexName(at: version))
            searchIndexLiteral = SwiftLiteral.string(table.searchIndexName(at: version))
        }
        let keyCases = keyNames.map { "." + code($0).property }.joined(separator: ", ")
        sqlNameLiteral = SwiftLiteral.string(sql.sqlName)
        let generatedCases = codes.filter(\.isGenerated).map { "." + $0.property }.joined(separator: ", ")
        let generatedArgument = generatedCases.isEmpty ? "" : ", generated: [\(generatedCases)]"
        switch sql.records {
        case .table:
            statementsType = "TableRecordStatements"
            statementsArguments = "table: " + sqlNameLiteral + generatedArgument
        case .keyed:
            statementsType = "KeyedRecordStatements"
            statementsArguments = "table: " + sqlNameLiteral + ", primaryKey: [\(keyCases)]" + generatedArgument
        }
        // The rowid alias compares, and is assigned, as its non-optional type: it is nil only before insert.
        func comparedType(_ code: ColumnCode) -> String {
            code.column.name == rowIDAlias?.name ? code.column.swiftType.swiftName : code.type
        }
        typedColumns = codes.map { code in
            TypedColumnModel(
                name: code.property, record: table.swiftName, type: code.storedType(comparing: comparedType(code)),
                sqlNameLiteral: SwiftLiteral.string(code.column.name(at: version)))
        }
        assignments = writtenCodes.map { code in
            KeyedCaseModel(
                name: code.property, detail: comparedType(code),
                value: code.bind("value", at: 0, optional: comparedType(code).hasSuffix("?")).value)
        }
        columnValues = codes.map { code in
            ColumnValueModel(name: code.property, value: code.bindProperty(at: 0).value)
        }
        let tableLiteral = SwiftLiteral.string(sql.sqlName)
        reads = codes.enumerated().map { $1.read(at: $0, tableLiteral: tableLiteral, strict: table.strict) }
        binds = writtenCodes.enumerated().map { $1.bindProperty(at: $0 + 1) }
        columnCount = writtenCodes.count
        // A table with generated columns reads its inserted row back (RETURNING): the rowid is never assigned by hand.
        rowIDProperty = generatedCases.isEmpty ? rowIDAlias.map { SwiftNaming.escaped($0.swiftName) } : nil
        rowIDValue = rowIDAlias?.swiftType == .int ? "Int(rowID)" : "rowID"
        hasPrimaryKey = sql.hasPrimaryKey

        // The key: non-optional values, labelled by the key's properties.
        let keyCodes = keyNames.map(code)
        keyParameters = keyCodes.enumerated().map { $1.parameter(label: $1.property, isLast: $0 == keyCodes.count - 1) }
        if keyCodes.count == 1 {
            let key = keyCodes[0]
            keyType = key.column.swiftType.swiftName
            primaryKeyLines = ["self." + key.property]
            keyBinds = [key.bind("key", at: 1)]
            keyArgument = key.parameterName
        } else {
            keyType = "(" + keyCodes.map { "\($0.property): \($0.column.swiftType.swiftName)" }.joined(separator: ", ") + ")"
            let optionalKeys = keyCodes.filter(\.isOptional)
            primaryKeyLines = (optionalKeys.isEmpty ? [] : ["guard " + optionalKeys.map { "let \($0.property) = self.\($0.property)" }.joined(separator: ", ") + " else { return nil }"])
                + ["return (" + keyCodes.map { ($0.isOptional ? "" : "self.") + $0.property }.joined(separator: ", ") + ")"]
            keyBinds = keyCodes.enumerated().map { $1.bind("key.\($1.property)", at: $0 + 1) }
            keyArgument = "(" + keyCodes.map { "\(SwiftNaming.argumentLabel($0.property)): \($0.parameterName)" }.joined(separator: ", ") + ")"
        }

        var statements: [StatementModel] = []
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
        let selectAll = sql.reads.selectAll
        let selectAllExpression = table.swiftName + ".statements.selectAll"
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
                let rest = String(findSQL.utf8.dropFirst(selectAll.utf8.count))!
                statements.append(StatementModel(name: name, sql: findSQL, expression: selectAllExpression + " + " + SwiftLiteral.string(rest)))
            }
            let nullColumns = matchingNull.map(commentName)
            let nullMatching = nullColumns.count < 2
                ? nullColumns.first : nullColumns.dropLast().joined(separator: ", ") + " or " + nullColumns[nullColumns.count - 1]
            return FinderModel(
                parameters: parameters,
                statementName: name,
                binds: finderCodes.enumerated().map { $1.bind($1.parameterName, at: $0 + 1, optional: matchingNull.contains(names[$0])) },
                columnsDescription: names.map(commentName).joined(separator: ", "),
                indexName: SwiftLiteral.commentText(indexName),
                nullMatchingDescription: nullMatching)
        }
        let uniqueSets = sql.uniqueFinders
        uniqueFinders = uniqueSets.map { finder($0) }
        // The keys of `upsert(_:onConflict:)`: the primary key, then each UNIQUE constraint, named like its
        // finder's label without `by`.
        uniqueKeys = ([keyNames] + uniqueSets).filter { !$0.isEmpty }.map { names in
            let keyCodes = names.map(code)
            let joined = keyCodes.map { $0.column.swiftName.prefix(1).uppercased() + $0.column.swiftName.dropFirst() }.joined()
            return KeyedCaseModel(
                name: SwiftNaming.escaped(joined.prefix(1).lowercased() + joined.dropFirst()),
                detail: "[" + keyCodes.map { "." + $0.property }.joined(separator: ", ") + "]")
        }
        // Each index's finder takes non-optional values (`= ?`); an index without WHERE on a column that can
        // hold NULL also gets an overload taking Optionals (`IS ?`), whose nil finds the NULL rows.
        indexFinders = sql.indexFinders.flatMap { indexFinder in
            let indexName = indexFinder.index.name(at: version)
            let plain = finder(indexFinder.columns, indexName: indexName)
            guard !indexFinder.nullableColumns.isEmpty else { return [plain] }
            return [plain, finder(indexFinder.columns, indexName: indexName, matchingNull: indexFinder.nullableColumns)]
        }
        if !sql.hasPrimaryKey {
            if !uniqueFinders.isEmpty { uniqueFinders[0].isFirst = true } else if !indexFinders.isEmpty { indexFinders[0].isFirst = true }
        }
        self.statements = statements
        hasStatements = !statements.isEmpty
        hasFinders = sql.hasPrimaryKey || !statements.isEmpty
    }
}
