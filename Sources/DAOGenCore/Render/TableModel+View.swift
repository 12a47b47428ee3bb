extension TableModel {
    /// The model of a typed view: a read-only record, one property per result column, and a DAO that
    /// only reads (no keys, finders, assignments or writes).
    init(view typed: TypedView, schema: Schema) {
        let view = typed.view
        access = schema.settings.access == .internal ? "" : schema.settings.access.rawValue + " "
        typeName = view.swiftName
        let entry = DatabaseModel.TableEntry(view: view)
        daoName = entry.daoName
        statementsName = view.swiftName + "Statements"
        let viewName = entry.tableName
        tableName = viewName
        accessorName = entry.accessorName
        let written = view.doc.map(SwiftLiteral.docLines) ?? []
        docLines = DocLineModel.lines(written.isEmpty ? ["A row of `\(viewName)`."] : written)
        isView = true

        // A view's enums are its tables' (`Book.Status`): its columns' types name them.
        enums = []
        let columns = typed.columns.map { column in
            (column: column, property: SwiftNaming.escaped(column.swiftName), sqlName: SwiftLiteral.commentText(column.name))
        }
        properties = columns.map { column in
            PropertyModel(
                docLines: DocLineModel.lines(["Column `\(column.sqlName)` of view `\(viewName)`."]),
                name: column.property, type: column.column.value.swiftName,
                parameterName: column.column.swiftName == "self" ? "selfValue" : column.property)
        }
        initParameters = zip(columns, properties).enumerated().map { offset, pair in
            let (column, property) = pair
            return ParameterModel(
                label: property.name, innerName: property.name == property.parameterName ? nil : property.parameterName,
                type: property.type, defaultValue: column.column.value.isOptional ? "nil" : nil, isLast: offset == columns.count - 1)
        }
        columnCases = columns.map { column in
            CaseModel(
                name: column.property,
                rawValueLiteral: column.column.swiftName == column.column.name ? nil : SwiftLiteral.string(column.column.name))
        }
        orderingMembers = columns.map { OrderingMember(name: $0.property, sqlName: $0.sqlName) }
        firstProperty = columns.first?.property ?? ""
        typedColumns = columns.map { column in
            let value = column.column.value
            return TypedColumnModel(
                name: column.property, record: view.swiftName, type: JSONValueCode.storedType(value.type) + (value.isOptional ? "?" : ""),
                sqlNameLiteral: SwiftLiteral.string(column.column.name))
        }
        let viewLiteral = SwiftLiteral.string(view.name)
        sqlNameLiteral = viewLiteral
        reads = columns.enumerated().map { offset, column in
            ReadModel(
                property: column.property, index: offset,
                expression: "try " + JSONValueCode.read(at: offset, type: column.column.value.type, tableLiteral: viewLiteral))
        }
        recordProtocol = "DatabaseRecord"
        statementsType = "RecordStatements"
        statementsArguments = "view: " + viewLiteral

        // What only a table has.
        assignments = []
        uniqueKeys = []
        binds = []
        columnCount = columns.count
        statements = []
        rowIDProperty = nil
        rowIDValue = "rowID"
        hasPrimaryKey = false
        keyType = ""
        primaryKeyLines = []
        keyBinds = []
        keyParameters = []
        keyArgument = ""
        uniqueFinders = []
        indexFinders = []
        hasFinders = false
        hasStatements = false
    }
}
