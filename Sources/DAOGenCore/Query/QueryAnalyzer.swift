import DAOGenRuntime
import Foundation

/// Stage 4b, after Verify: prepares every query against the latest schema in an in-memory SQLite
/// database and types its parameters and result columns from the schema (see docs/SchemaFormat.md, Queries).
struct QueryAnalyzer {
    let schema: Schema
    var diagnostics = DiagnosticCollector()
    private let latest: Int
    /// The views of the latest version as tables, once typed: queries may name them.
    var viewTables: [Table] = []

    init(schema: Schema) {
        self.schema = schema
        latest = schema.settings.version
    }

    /// The analyzed queries of every table and view, by SQL name, and each view of the latest
    /// version as a table whose columns are typed like a query's result columns (for its record and DAO).
    /// `creation` is Plan's CREATE statements of `schema` (or of a schema it was truncated from).
    static func analyzeAll(_ schema: Schema, creation: CreationSQL) throws(DiagnosticsError) -> (queries: [String: [AnalyzedQuery]], views: [Table]) {
        let views = schema.views(at: schema.settings.version)
        let tables = schema.tables.filter { !$0.queries.isEmpty && $0.range.contains(schema.settings.version) }
        guard !tables.isEmpty || !views.isEmpty else { return ([:], []) }
        var analyzer = QueryAnalyzer(schema: schema)
        guard let handle = try? Database.scratch() else {
            throw DiagnosticsError(diagnostics: [Diagnostic(.error, "cannot open an in-memory SQLite database to check the queries", at: nil)])
        }
        let latest = schema.settings.version
        for statement in creation.statements(at: latest) {
            // Verify has created this schema already; a failure here is reported there.
            guard (try? handle.execute(statement)) != nil else { return ([:], []) }
        }
        for view in views {
            if let table = analyzer.viewTable(view, in: handle) { analyzer.viewTables.append(table) }
        }
        var result: [String: [AnalyzedQuery]] = [:]
        for table in tables {
            result[table.name] = table.queries.compactMap { analyzer.analyze($0, of: table, in: handle) }
        }
        for (view, table) in zip(views, analyzer.viewTables) where !view.queries.isEmpty {
            result[view.name] = view.queries.compactMap { analyzer.analyze($0, of: table, in: handle) }
        }
        try analyzer.diagnostics.throwIfErrors()
        return (result, analyzer.viewTables)
    }

    /// A view as a table without keys, whose columns are the view's result columns typed like a query's.
    private mutating func viewTable(_ view: View, in database: Database) -> Table? {
        // Verify reports a view that does not prepare.
        (try? database.withStatement(sql: view.sql) { statement in viewTable(view, statement: statement) }) ?? nil
    }

    /// `viewTable(_:in:)` with the view's statement prepared.
    private mutating func viewTable(_ view: View, statement: Statement) -> Table? {
        let query = Query(
            name: view.name, doc: nil, sql: view.sql, returnsOne: false, resultTypes: view.resultTypes, parameterTypes: [],
            location: view.location, keyLocations: view.keyLocations, sqlPlacement: nil)
        var table = Table(
            name: view.name, swiftName: view.swiftName, doc: view.doc, range: view.range, renamedFrom: nil, withoutRowID: false,
            strict: false, columns: [], primaryKey: nil, uniqueConstraints: [], checks: [], indexes: [],
            location: view.location, keyLocations: view.keyLocations)
        table.id = view.id
        let owner = table
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
        table.columns = columns.map { column in
            Column(
                name: column.name, swiftName: column.swiftName, sqlType: "", affinity: .blob, doc: "Column `\(column.name)` of view `\(view.name)`.",
                notNull: !column.value.isOptional, nullableKey: false, primaryKey: false, primaryKeyDescending: false,
                autoincrement: false, unique: false, collate: nil, defaultSQL: nil, check: nil, references: nil,
                swiftType: column.value.type, range: VersionRange(since: 1, until: nil), renamedFrom: nil,
                location: view.location(of: "sql"), keyLocations: [:])
        }
        return table
    }

    // MARK: - One query

    private mutating func analyze(_ query: Query, of table: Table, in database: Database) -> AnalyzedQuery? {
        let prefix = "query '\(query.name)'"
        let statements = SQLStatements.split(query.sql)
        if statements.count > 1 {
            diagnostics.error("\(prefix): 'sql' must be one statement", at: query.location(ofSQLOffset: statements[1].offset))
            return nil
        }
        do {
            return try database.withStatement(sql: query.sql) { statement in analyze(query, of: table, statement: statement) }
        } catch {
            let failure = error as? DatabaseError
            diagnostics.error(
                "\(prefix): \(failure?.message ?? "\(error)")",
                at: failure?.offset.map { query.location(ofSQLOffset: $0) } ?? query.location(of: "sql"))
            return nil
        }
    }

    /// `analyze(_:of:in:)` with the query's statement prepared.
    private mutating func analyze(_ query: Query, of table: Table, statement: Statement) -> AnalyzedQuery? {
        let prefix = "query '\(query.name)'"
        let shape = SQLShape(sql: query.sql)
        let allowed: Set<String> = ["SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE", "WITH", "VALUES"]
        guard let keyword = shape.leadingKeyword, allowed.contains(keyword) else {
            diagnostics.error(
                "\(prefix): 'sql' must be a SELECT, INSERT, UPDATE, DELETE or REPLACE statement", at: query.location(of: "sql"))
            return nil
        }
        let parameters = typeParameters(query, of: table, statement: statement, shape: shape)
        let columns = typeColumns(query, of: table, statement: statement, shape: shape)
        guard let parameters, let columns else { return nil }

        let resultShape: AnalyzedQuery.Shape
        let tableColumns = table.columns(at: latest)
        let isOwnRow = columns.count == tableColumns.count && columns.count > 0 && (0..<columns.count).allSatisfy { index in
            statement.columnOrigin(at: index).map { $0.table == table.name(at: latest) && $0.column == tableColumns[index].name(at: latest) } == true
        } && zip(columns, tableColumns).allSatisfy { column, own in column.value.isOptional == !isNotNull(own, of: table) }
        if columns.isEmpty {
            resultShape = .changes
        } else if isOwnRow && query.resultTypes.isEmpty {
            resultShape = .record
        } else if columns.count == 1 {
            resultShape = .single
        } else {
            let name = SwiftNaming.upperCamelCase(query.name)
            let taken = ["Column", "Ordering", table.swiftName] + tableColumns.compactMap { column -> String? in
                if case let .enumeration(enumName, _, _) = column.swiftType { return enumName }
                return nil
            }
            if taken.contains(name) {
                diagnostics.error(
                    "\(prefix): its result struct '\(table.swiftName).\(name)' would clash with a type the record already has; rename the query",
                    at: query.location(of: "name"))
                return nil
            }
            if let problem = SwiftNaming.typeNameProblem(name, scope: .record(table.swiftName)) {
                diagnostics.error(
                    "\(prefix): its result struct's Swift name '\(name)' \(problem); rename the query (e.g. \(query.name)Row)",
                    at: query.location(of: "name"))
                return nil
            }
            var seen: [String: String] = [:]
            for column in columns {
                if let other = seen[column.swiftName] {
                    diagnostics.error(
                        "\(prefix): result columns '\(other)' and '\(column.name)' both become property '\(column.swiftName)'; rename one with AS",
                        at: query.location(of: "sql"))
                    return nil
                }
                seen[column.swiftName] = column.name
            }
            resultShape = .structure(name: name)
        }
        if query.returnsOne, resultShape == .changes {
            diagnostics.error("\(prefix): 'returns: one' needs a statement that returns rows", at: query.location(of: "returns"))
            return nil
        }
        return AnalyzedQuery(query: query, tableName: table.name, parameters: parameters, columns: columns, shape: resultShape)
    }

    // MARK: - Types written in types: and params:

    /// The Swift type `written` names: a type `swift:` accepts, or an enum of a record (`Status` for
    /// the owning table's, `Book.Status` for any table's), with `?` for Optional.
    mutating func resolve(_ annotation: TypeAnnotation, of table: Table, what: String) -> AnalyzedQuery.Value? {
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
            } else if let enumeration = enumType(named: name, owner: table) {
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

    private func enumType(named name: String, owner: Table) -> SwiftValueType? {
        for table in schema.tables where table.range.contains(latest) {
            for column in table.columns(at: latest) {
                guard case let .enumeration(enumName, cases, rawType) = column.swiftType else { continue }
                if name == "\(table.swiftName).\(enumName)" || (table.name == owner.name && name == enumName) {
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
            ?? viewTables.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    func column(named name: String, in table: Table) -> Column? {
        table.columns(at: latest).first { $0.name(at: latest).caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The column a reference `qualifier.name` or `name` means among the statement's sources.
    func resolveColumn(qualifier: String?, name: String, in shape: SQLShape) -> (Column, Table)? {
        if let qualifier {
            var candidates = shape.sources.filter {
                ($0.alias ?? $0.name).caseInsensitiveCompare(qualifier) == .orderedSame
            }
            if qualifier.caseInsensitiveCompare("excluded") == .orderedSame, let target = shape.insertTable {
                candidates = [SQLShape.Source(name: target, alias: nil, nullable: false)]
            }
            guard let source = candidates.first, let table = table(named: source.name),
                  let column = column(named: name, in: table)
            else { return nil }
            return (column, table)
        }
        var found: [(Column, Table)] = []
        for source in shape.sources {
            guard let table = table(named: source.name), let column = column(named: name, in: table) else { continue }
            if !found.contains(where: { $0.1.name == table.name }) { found.append((column, table)) }
        }
        return found.count == 1 ? found[0] : nil
    }
}
