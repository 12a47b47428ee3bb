import DAOGenRuntime
import Foundation

/// Stage 4b, after Verify: prepares every query against the latest schema in an in-memory SQLite
/// database and types its parameters and result columns from the schema (see docs/SchemaFormat.md, Queries).
struct QueryAnalyzer {
    let schema: Schema
    var diagnostics = DiagnosticCollector()
    private let latest: Int
    /// The views of the latest version, once typed: queries may name them.
    var views: [TypedView] = []

    init(schema: Schema) {
        self.schema = schema
        latest = schema.settings.version
    }

    /// The analyzed queries of every table and view, by declaration, and each view of the latest version
    /// with its result columns typed like a query's (for its record and DAO), by declaration.
    /// `creation` is Plan's CREATE statements of `schema` (or of a schema it was truncated from).
    static func analyzeAll(
        _ schema: Schema, creation: CreationSQL
    ) throws(DiagnosticsError) -> (queries: [DeclarationID: [AnalyzedQuery]], views: [DeclarationID: TypedView]) {
        let views = schema.views(at: schema.settings.version)
        let tables = schema.tables.filter { !$0.queries.isEmpty && $0.range.contains(schema.settings.version) }
        guard !tables.isEmpty || !views.isEmpty else { return ([:], [:]) }
        var analyzer = QueryAnalyzer(schema: schema)
        guard let handle = try? Database.scratch() else {
            throw DiagnosticsError(diagnostics: [Diagnostic(.error, "cannot open an in-memory SQLite database to check the queries", at: nil)])
        }
        let latest = schema.settings.version
        for statement in creation.statements(at: latest) {
            // Verify has created this schema already; a failure here is reported there.
            guard (try? handle.execute(statement)) != nil else { return ([:], [:]) }
        }
        for view in views {
            if let typed = analyzer.typeView(view, in: handle) { analyzer.views.append(typed) }
        }
        var result: [DeclarationID: [AnalyzedQuery]] = [:]
        for table in tables {
            let owner = QueryOwner(id: table.id, name: table.name, swiftName: table.swiftName, table: table)
            result[table.id] = table.queries.compactMap { analyzer.analyze($0, of: owner, in: handle) }
        }
        for typed in analyzer.views where !typed.view.queries.isEmpty {
            let owner = QueryOwner(id: typed.id, name: typed.view.name, swiftName: typed.view.swiftName, table: nil)
            result[typed.id] = typed.view.queries.compactMap { analyzer.analyze($0, of: owner, in: handle) }
        }
        try analyzer.diagnostics.throwIfErrors()
        return (result, Dictionary(uniqueKeysWithValues: analyzer.views.map { ($0.id, $0) }))
    }

    /// A view with its result columns typed like a query's.
    private mutating func typeView(_ view: View, in database: Database) -> TypedView? {
        // Verify reports a view that does not prepare.
        (try? database.withStatement(sql: view.sql) { statement in typeView(view, statement: statement) }) ?? nil
    }

    /// `typeView(_:in:)` with the view's statement prepared.
    private mutating func typeView(_ view: View, statement: Statement) -> TypedView? {
        let query = Query(
            name: view.name, doc: nil, sql: view.sql, returnsOne: false, resultTypes: view.resultTypes, parameterTypes: [],
            location: view.location, keyLocations: view.keyLocations, sqlPlacement: nil)
        let owner = QueryOwner(id: view.id, name: view.name, swiftName: view.swiftName, table: nil)
        guard let columns = typeColumns(query, of: owner, statement: statement, shape: SQLShape(sql: view.sql), what: "view") else { return nil }
        // Two columns of one name would be one property twice (a query's result struct is refused the same way).
        var seen: [String: String] = [:]
        for column in columns {
            if let other = seen[column.swiftName.lowercased()] {
                diagnostics.error(
                    "view '\(view.name)': result columns '\(other)' and '\(column.name)' both become property '\(column.swiftName)'; rename one with AS",
                    at: view.location(of: "sql"))
                return nil
            }
            seen[column.swiftName.lowercased()] = column.name
        }
        return TypedView(view: view, columns: columns)
    }

    // MARK: - One query

    private mutating func analyze(_ query: Query, of owner: QueryOwner, in database: Database) -> AnalyzedQuery? {
        let prefix = "query '\(query.name)'"
        let statements = SQLStatements.split(query.sql)
        if statements.count > 1 {
            diagnostics.error("\(prefix): 'sql' must be one statement", at: query.location(ofSQLOffset: statements[1].offset))
            return nil
        }
        do {
            return try database.withStatement(sql: query.sql) { statement in analyze(query, of: owner, statement: statement, in: database) }
        } catch {
            let failure = error as? DatabaseError
            diagnostics.error(
                "\(prefix): \(failure?.message ?? "\(error)")",
                at: failure?.offset.map { query.location(ofSQLOffset: $0) } ?? query.location(of: "sql"))
            return nil
        }
    }

    /// `analyze(_:of:in:)` with the query's statement prepared.
    private mutating func analyze(_ query: Query, of owner: QueryOwner, statement: Statement, in database: Database) -> AnalyzedQuery? {
        let prefix = "query '\(query.name)'"
        let shape = SQLShape(sql: query.sql)
        let allowed: Set<String> = ["SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE", "WITH", "VALUES"]
        guard let keyword = shape.leadingKeyword, allowed.contains(keyword) else {
            diagnostics.error(
                "\(prefix): 'sql' must be a SELECT, INSERT, UPDATE, DELETE or REPLACE statement", at: query.location(of: "sql"))
            return nil
        }
        let typedParameters = typeParameters(query, of: owner, statement: statement, shape: shape)
        let columns = typeColumns(query, of: owner, statement: statement, shape: shape)
        guard var parameters = typedParameters, let columns else { return nil }
        let listSQL = listSQL(query, parameters: &parameters, statement: statement, in: database)
        if parameters.contains(where: \.isList) && listSQL == nil { return nil }
        let isSelect = shape.leadingKeyword == "SELECT" || shape.leadingKeyword == "WITH"
        guard let records = isSelect ? nestedRecords(query, shape: shape, columns: columns) : [] else { return nil }

        let resultShape: AnalyzedQuery.Shape
        // SQLite traces a view's columns to its tables' (`columnOrigin`): only a table's query returns its record.
        let tableColumns = owner.table?.columns(at: latest) ?? []
        let isOwnRow = owner.table.map { table in
            columns.count == tableColumns.count && columns.count > 0 && (0..<columns.count).allSatisfy { index in
                statement.columnOrigin(at: index).map { $0.table == table.name(at: latest) && $0.column == tableColumns[index].name(at: latest) } == true
            } && zip(columns, tableColumns).allSatisfy { column, own in column.value.isOptional == !isNotNull(own, of: table) }
        } ?? false
        if columns.isEmpty {
            resultShape = .changes
        } else if isOwnRow && query.resultTypes.isEmpty {
            resultShape = .record
        } else if records.count == 1 && records[0].columns == columns.indices {
            resultShape = .nestedRecord
        } else if columns.count == 1 {
            resultShape = .single
        } else {
            let name = SwiftNaming.upperCamelCase(query.name)
            let taken = ["Column", "Ordering", owner.swiftName] + tableColumns.compactMap { column -> String? in
                if case let .enumeration(enumName, _, _) = column.swiftType { return enumName }
                return nil
            }
            if taken.contains(name) {
                diagnostics.error(
                    "\(prefix): its result struct '\(owner.swiftName).\(name)' would clash with a type the record already has; rename the query",
                    at: query.location(of: "name"))
                return nil
            }
            if let problem = SwiftNaming.typeNameProblem(name, scope: .record(owner.swiftName)) {
                diagnostics.error(
                    "\(prefix): its result struct's Swift name '\(name)' \(problem); rename the query (e.g. \(query.name)Row)",
                    at: query.location(of: "name"))
                return nil
            }
            var seen: [String: String] = [:]
            // A nested record is one property; the columns it is read from are not properties of their own.
            let properties = columns.indices.compactMap { index -> (name: String, swiftName: String)? in
                if let record = records.first(where: { $0.columns.contains(index) }) {
                    return record.columns.lowerBound == index ? (record.term, record.swiftName) : nil
                }
                return (columns[index].name, columns[index].swiftName)
            }
            for property in properties {
                if let other = seen[property.swiftName] {
                    diagnostics.error(
                        "\(prefix): result columns '\(other)' and '\(property.name)' both become property '\(property.swiftName)'; rename one with AS",
                        at: query.location(of: "sql"))
                    return nil
                }
                seen[property.swiftName] = property.name
            }
            resultShape = .structure(name: name)
        }
        if query.returnsOne, resultShape == .changes {
            diagnostics.error("\(prefix): 'returns: one' needs a statement that returns rows", at: query.location(of: "returns"))
            return nil
        }
        return AnalyzedQuery(
            query: query, tableName: owner.name, parameters: parameters, columns: columns,
            records: resultShape == .record ? [] : records, shape: resultShape, listSQL: listSQL)
    }

    // MARK: - Types written in types: and params:

    /// The Swift type `written` names: a type `swift:` accepts, or an enum of a record (`Status` for
    /// the owning table's, `Book.Status` for any table's), with `?` for Optional.
    mutating func resolve(_ annotation: TypeAnnotation, of owner: QueryOwner, what: String) -> AnalyzedQuery.Value? {
        var name = annotation.written
        var optional = false
        if name.hasSuffix("?") {
            optional = true
            name.removeLast()
        }
        let type: SwiftValueType
        switch name {
        case "Date": type = .date(schema.settings.dates)
        case "UUID": type = .uuid(schema.settings.uuids)
        case "DatabaseValue": type = .custom("DatabaseValue")
        default:
            if let named = SwiftValueType.namedTypes[name] {
                type = named
            } else if let enumeration = enumType(named: name, owner: owner) {
                type = enumeration
            } else if SwiftNaming.isTypeName(name) && !SwiftNaming.reservedTypeNames.contains(name) {
                type = .custom(name)
            } else {
                diagnostics.error("'\(what)' must name a Swift type, found '\(annotation.written)'", at: annotation.location)
                return nil
            }
        }
        return AnalyzedQuery.Value(type: type, isOptional: optional)
    }

    private func enumType(named name: String, owner: QueryOwner) -> SwiftValueType? {
        for table in schema.tables where table.range.contains(latest) {
            for column in table.columns(at: latest) {
                guard case let .enumeration(enumName, cases, rawType) = column.swiftType else { continue }
                if name == "\(table.swiftName).\(enumName)" || (table.id == owner.id && name == enumName) {
                    return .enumeration(name: "\(table.swiftName).\(enumName)", cases: cases, rawType: rawType)
                }
            }
        }
        return nil
    }

    /// A column's Swift type as seen from outside its record (an enum qualified by the record).
    func qualified(_ column: Column, of table: Table) -> SwiftValueType {
        if case let .enumeration(name, cases, rawType) = column.swiftType {
            return .enumeration(name: "\(table.swiftName).\(name)", cases: cases, rawType: rawType)
        }
        return column.swiftType
    }

    /// True when the column never holds NULL: NOT NULL, a key column made NOT NULL, or the rowid alias.
    func isNotNull(_ column: Column, of table: Table) -> Bool {
        SQLWriter.isNeverNull(column, of: table, at: latest, keyNames: table.primaryKeyNames(at: latest))
    }

    // MARK: - Tables and columns named in the SQL

    /// The table of the schema called `name` at the latest version.
    func table(named name: String) -> Table? {
        schema.tables.first { $0.range.contains(latest) && $0.name(at: latest).caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The columns of the table or typed view called `name` at the latest version, in order.
    func sourceColumns(named name: String) -> [SourceColumn]? {
        if let table = table(named: name) { return sourceColumns(of: table) }
        return views.first { $0.view.name.caseInsensitiveCompare(name) == .orderedSame }?.columns.map { column in
            SourceColumn(name: column.name, type: column.value.type, isNeverNull: !column.value.isOptional)
        }
    }

    /// The columns of `table` at the latest version, in order.
    func sourceColumns(of table: Table) -> [SourceColumn] {
        table.columns(at: latest).map { column in
            SourceColumn(name: column.name(at: latest), type: qualified(column, of: table), isNeverNull: isNotNull(column, of: table))
        }
    }

    /// The column called `name` of `columns`.
    func column(named name: String, in columns: [SourceColumn]) -> SourceColumn? {
        columns.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The column a reference `qualifier.name` or `name` means among the statement's sources.
    func resolveColumn(qualifier: String?, name: String, in shape: SQLShape) -> SourceColumn? {
        if let qualifier {
            var candidates = shape.sources.filter {
                ($0.alias ?? $0.name).caseInsensitiveCompare(qualifier) == .orderedSame
            }
            if qualifier.caseInsensitiveCompare("excluded") == .orderedSame, let target = shape.insertTable {
                candidates = [SQLShape.Source(name: target, alias: nil, nullable: false)]
            }
            guard let source = candidates.first, let columns = sourceColumns(named: source.name) else { return nil }
            return column(named: name, in: columns)
        }
        var found: [(source: String, column: SourceColumn)] = []
        for source in shape.sources {
            guard let columns = sourceColumns(named: source.name), let column = column(named: name, in: columns) else { continue }
            if !found.contains(where: { $0.source.caseInsensitiveCompare(source.name) == .orderedSame }) { found.append((source.name, column)) }
        }
        return found.count == 1 ? found[0].column : nil
    }
}
