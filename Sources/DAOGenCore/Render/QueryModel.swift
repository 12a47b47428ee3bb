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

/// A statement of a query: its name in the queries enum and its SQL.
struct QueryStatementModel: Encodable {
    var name: String
    var literal: StringLiteralModel
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
            queryStatements.append(QueryStatementModel(name: statementName, literal: StringLiteralModel(query.sql)))

            // Parameters: labelled by their names; the value's internal name avoids names the body uses.
            var parameters: [ParameterModel] = []
            var binds: [BindModel] = []
            for (offset, parameter) in analyzed.parameters.enumerated() {
                let label = SwiftNaming.escaped(parameter.label)
                let inner = ["statement", "database", "value", "self"].contains(parameter.label) ? parameter.label + "Value" : label
                parameters.append(ParameterModel(
                    label: label, innerName: label == inner ? nil : inner, type: parameter.value.swiftName,
                    isLast: offset == analyzed.parameters.count - 1))
                let code = Self.code(parameter.name, parameter.value)
                binds.append(code.bind(inner, at: parameter.index, unwrapping: parameter.value.isOptional))
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
                let (code, throwing) = Self.code(column.name, column.value).readExpression(at: 0)
                read = "{ statement in \(throwing ? "try " : "")\(code) }"
            case let .structure(name):
                rowType = "\(typeName).\(name)"
                read = "\(typeName).\(name).init(row:)"
                queryStructs.append(Self.structModel(name: name, query: query, columns: analyzed.columns))
            }
            let returnType: String
            var bodyLines: [String]
            switch analyzed.shape {
            case .changes:
                returnType = "Int"
                bodyLines = ["try statement.execute()", "return statement.changes"]
            case .single where query.returnsOne && analyzed.columns[0].value.isOptional:
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
                binds: binds,
                bodyLines: bodyLines))
        }
        hasQueries = !queryMethods.isEmpty
        queriesName = typeName + "Queries"
    }

    /// A struct nested in the record holding one row of a query's result.
    private static func structModel(name: String, query: Query, columns: [AnalyzedQuery.ResultColumn]) -> QueryStructModel {
        let codes = columns.map { code($0.name, $0.value, swiftName: $0.swiftName) }
        return QueryStructModel(
            name: name,
            queryName: query.name,
            properties: zip(columns, codes).map { column, code in
                QueryStructModel.Property(
                    docLine: "Result column `\(SwiftLiteral.commentText(column.name))`.",
                    name: code.property, type: code.type, parameterName: code.initParameterName)
            },
            initParameters: codes.enumerated().map { offset, code in
                ParameterModel(
                    label: code.property, innerName: code.property == code.initParameterName ? nil : code.initParameterName,
                    type: code.type, isLast: offset == codes.count - 1)
            },
            reads: codes.enumerated().map { $1.read(at: $0) })
    }

    /// The binding and reading code of a value, through a column standing for it.
    static func code(_ name: String, _ value: AnalyzedQuery.Value, swiftName: String? = nil) -> ColumnCode {
        let column = Column(
            name: name, swiftName: swiftName ?? name, sqlType: "", affinity: .blob, doc: nil, notNull: !value.isOptional,
            nullableKey: false, primaryKey: false, primaryKeyDescending: false, autoincrement: false, unique: false,
            collate: nil, defaultSQL: nil, check: nil, references: nil, swiftType: value.type,
            range: VersionRange(since: 1, until: nil), renamedFrom: nil,
            location: SourceLocation(file: "", line: 0, column: 0), keyLocations: [:])
        return ColumnCode(column: column, isOptional: value.isOptional, recordName: "")
    }
}
