/// What the table-file template needs for the `queries:` of one table: the DAO methods, their
/// statements and the nested result structs. Every decision is made here.
struct QueryMethodModel: Encodable {
    /// False for every method but the first, which needs no blank line before it.
    var isFirst: Bool
    var docLines: [DocLineModel]
    var isDiscardable: Bool
    /// The method's name, its parameters and its return type: `func name(parameters) throws -> returnType`.
    var name: String
    var parameters: [ParameterModel]
    var returnType: String
    var statementName: String
    /// For a query with list parameters, the lists' counts that pick its statement: `[ids.count]`.
    var listCounts: String?
    var binds: [BindModel]
    var bodyLines: [String]
}

struct QueryStructModel: Encodable {
    struct Property: Encodable {
        var docLine: String
        var name: String
        var type: String
        var parameterName: String
    }

    var name: String
    var queryName: String
    var properties: [Property]
    var initParameters: [ParameterModel]
    var reads: [ReadModel]
}

/// A statement of a query: its name in the queries enum and its SQL, a `StatementKey`, or for a query
/// with list parameters a `ListQuerySQL` (whose arguments follow the SQL).
struct QueryStatementModel: Encodable {
    var name: String
    var type: String
    var literal: StringLiteralModel
    var trailingArguments: String
}

extension TableModel {
    /// The methods, statements and result structs of `queries`, analyzed for this table.
    mutating func attach(_ queries: [AnalyzedQuery]) {
        queryStatements = []
        queryMethods = []
        queryStructs = []
        for analyzed in queries {
            let query = analyzed.query
            let statementName = SwiftNaming.escaped(query.name)
            if let listSQL = analyzed.listSQL {
                queryStatements.append(QueryStatementModel(
                    name: statementName, type: "ListQuerySQL", literal: StringLiteralModel(listSQL.sql),
                    trailingArguments: ", firstList: \(listSQL.firstList)"))
            } else {
                queryStatements.append(QueryStatementModel(
                    name: statementName, type: "StatementKey", literal: StringLiteralModel(query.sql), trailingArguments: ""))
            }

            // Parameters: labelled by their names; the value's internal name avoids names the body uses.
            var parameters: [ParameterModel] = []
            var binds: [BindModel] = []
            var listCounts: [String] = []
            for (offset, parameter) in analyzed.parameters.enumerated() {
                let label = SwiftNaming.escaped(parameter.label)
                let taken = ["statement", "database", "value", "self", "expansion"]
                let inner = taken.contains(parameter.label) ? parameter.label + "Value" : label
                parameters.append(ParameterModel(
                    label: label, innerName: label == inner ? nil : inner, type: parameter.swiftName,
                    isLast: offset == analyzed.parameters.count - 1))
                if parameter.isList {
                    listCounts.append("\(inner).count")
                    binds.append(BindModel(value: "list: \(inner)", index: "expansion.listStarts[\(parameter.index)]"))
                } else {
                    binds.append(BindModel(
                        value: JSONValueCode.bound(inner, type: parameter.value.type, optional: parameter.value.isOptional),
                        index: String(parameter.index)))
                }
            }

            let rowType: String
            var read = ""
            switch analyzed.shape {
            case .changes:
                rowType = "Int"
            case .record:
                rowType = typeName
                read = "\(typeName).init(row:)"
            case .single:
                let column = analyzed.columns[0]
                rowType = column.value.swiftName
                if case .json = column.value.type {
                    read = "{ statement in try \(JSONValueCode.read(at: 0, type: column.value.type, tableLiteral: sqlNameLiteral)) as \(rowType) }"
                } else {
                    read = "{ statement in try statement.value(at: 0, as: \(rowType).self) }"
                }
            case .nestedRecord:
                let record = analyzed.records[0]
                rowType = record.swiftTypeName
                read = record.isOptional
                    ? "{ statement in try \(Self.read(record)) as \(rowType) }"
                    : "\(record.typeName).init(row:)"
            case let .structure(name):
                rowType = "\(typeName).\(name)"
                read = "\(typeName).\(name).init(row:)"
                queryStructs.append(Self.structModel(
                    name: name, query: query, columns: analyzed.columns, records: analyzed.records, tableLiteral: sqlNameLiteral))
            }
            let returnType: String
            var bodyLines: [String]
            switch analyzed.shape {
            case .changes:
                returnType = "Int"
                bodyLines = ["try statement.execute()", "return statement.changes"]
            case .single where query.returnsOne && analyzed.columns[0].value.isOptional,
                 .nestedRecord where query.returnsOne && analyzed.records[0].isOptional:
                returnType = rowType
                bodyLines = ["return try statement.fetchOne \(read) ?? nil"]
            default:
                returnType = query.returnsOne ? rowType + "?" : "[\(rowType)]"
                let call = query.returnsOne ? "fetchOne" : "fetchAll"
                bodyLines = [read.hasPrefix("{") ? "return try statement.\(call) \(read)" : "return try statement.\(call)(\(read))"]
            }

            var docLines = query.doc.map(SwiftLiteral.docLines) ?? []
            if docLines.isEmpty {
                switch analyzed.shape {
                case .changes: docLines = ["Runs query `\(query.name)` and returns the number of rows it changed."]
                default: docLines = [query.returnsOne ? "The first row of query `\(query.name)`, or nil." : "The rows of query `\(query.name)`."]
                }
            }
            docLines.append("")
            docLines.append("```sql")
            docLines += query.sql.split(separator: "\n", omittingEmptySubsequences: false).map { SwiftLiteral.commentText(String($0)) }
            docLines.append("```")
            queryMethods.append(QueryMethodModel(
                isFirst: queryMethods.isEmpty,
                docLines: DocLineModel.lines(docLines),
                isDiscardable: analyzed.shape == .changes,
                name: SwiftNaming.escaped(query.name),
                parameters: parameters,
                returnType: returnType,
                statementName: statementName,
                listCounts: listCounts.isEmpty ? nil : "[" + listCounts.joined(separator: ", ") + "]",
                binds: binds,
                bodyLines: bodyLines))
        }
        hasQueries = !queryMethods.isEmpty
        queriesName = typeName + "Queries"
    }

    /// How a query's row reads a nested record (`Statement.record(columnsFrom:)`).
    private static func read(_ record: AnalyzedQuery.NestedRecord) -> String {
        let first = record.columns.lowerBound
        guard let key = record.missingWhenNullAt else { return "statement.record(columnsFrom: \(first))" }
        return "statement.record(columnsFrom: \(first), nilWhenNullAt: \(key))"
    }

    /// A struct nested in the record holding one row of a query's result: a property per result column,
    /// except the columns of a nested record, which are one property together.
    private static func structModel(
        name: String, query: Query, columns: [AnalyzedQuery.ResultColumn], records: [AnalyzedQuery.NestedRecord], tableLiteral: String
    ) -> QueryStructModel {
        var properties: [QueryStructModel.Property] = []
        var reads: [String] = []
        for (index, column) in columns.enumerated() {
            let record = records.first { $0.columns.contains(index) }
            if let record, record.columns.lowerBound != index { continue }
            let swiftName = record?.swiftName ?? column.swiftName
            let property = SwiftNaming.escaped(swiftName)
            // `self` would hide the instance inside the initializer.
            let parameterName = swiftName == "self" ? "selfValue" : property
            if let record {
                let missing = record.isOptional ? "; nil when no row was joined" : ""
                properties.append(QueryStructModel.Property(
                    docLine: "The `\(record.typeName)` of result columns `\(SwiftLiteral.commentText(record.term))`\(missing).",
                    name: property, type: record.swiftTypeName, parameterName: parameterName))
                reads.append("try " + read(record))
            } else {
                properties.append(QueryStructModel.Property(
                    docLine: "Result column `\(SwiftLiteral.commentText(column.name))`.",
                    name: property, type: column.value.swiftName, parameterName: parameterName))
                reads.append("try " + JSONValueCode.read(at: index, type: column.value.type, tableLiteral: tableLiteral))
            }
        }
        return QueryStructModel(
            name: name,
            queryName: query.name,
            properties: properties,
            initParameters: properties.enumerated().map { offset, property in
                ParameterModel(
                    label: property.name, innerName: property.name == property.parameterName ? nil : property.parameterName,
                    type: property.type, isLast: offset == properties.count - 1)
            },
            reads: zip(properties, reads).enumerated().map { offset, pair in
                ReadModel(property: pair.0.name, index: offset, expression: pair.1)
            })
    }
}
