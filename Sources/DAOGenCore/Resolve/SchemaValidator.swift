/// Checks that need the whole schema: names across tables and versions, keys, references and Swift names.
/// A pure check: it reads the schema and adds diagnostics, and changes nothing. What resolution still
/// fills in after it (a reference's default column) is `Schema.withDefaultReferenceColumns()`.
struct SchemaValidator {
    let schema: Schema
    var diagnostics: DiagnosticCollector

    var latest: Int { schema.settings.version }

    mutating func validate() {
        // Each table on its own and, as one more job (-1), the checks across tables, on every core;
        // the diagnostics in the order of one pass: table and index names, each table, Swift names.
        let schema = schema
        let found = Array(-1..<schema.tables.count).parallelMap { index -> (first: [Diagnostic], last: [Diagnostic]) in
            var validator = SchemaValidator(schema: schema, diagnostics: DiagnosticCollector())
            guard index >= 0 else {
                validator.checkTableNames()
                validator.checkIndexNames()
                validator.checkVirtualTableNames()
                let names = validator.diagnostics.diagnostics
                validator.diagnostics = DiagnosticCollector()
                validator.checkSwiftNames()
                validator.checkRelations()
                return (names, validator.diagnostics.diagnostics)
            }
            validator.checkTable(at: index)
            return (validator.diagnostics.diagnostics, [])
        }
        for result in found {
            diagnostics.append(contentsOf: result.first)
        }
        diagnostics.append(contentsOf: found[0].last)
    }

    /// No two tables share an SQL name at one version.
    private mutating func checkTableNames() {
        var reported: Set<[Int]> = []
        for version in 1...latest {
            var seen: [String: Int] = [:]
            for (index, table) in schema.tables.enumerated() where table.range.contains(version) {
                let name = table.name(at: version).lowercased()
                if let first = seen[name] {
                    if reported.insert([first, index]).inserted {
                        diagnostics.error(
                            "table '\(table.name(at: version))' is declared twice at version \(version) (first at \(schema.tables[first].location)); "
                                + "give the declarations 'since' / 'until' ranges that do not overlap",
                            at: table.location(of: "name"))
                    }
                } else {
                    seen[name] = index
                }
            }
        }
    }

    /// Index names are global in SQLite: no two indexes share one at one version.
    private mutating func checkIndexNames() {
        var reported: Set<String> = []
        for version in 1...latest {
            var seen: [String: SourceLocation] = [:]
            for table in schema.tables where table.range.contains(version) {
                for index in table.indexes(at: version) {
                    let name = index.name(at: version).lowercased()
                    if let first = seen[name] {
                        if reported.insert("\(index.location)").inserted {
                            diagnostics.error(
                                "index '\(index.name(at: version))' is declared twice at version \(version) (first at \(first)); "
                                    + "give the declarations 'since' / 'until' ranges that do not overlap",
                                at: index.location(of: "name"))
                        }
                    } else {
                        seen[name] = index.location
                    }
                }
            }
        }
    }

    private mutating func checkTable(at tableIndex: Int) {
        let table = schema.tables[tableIndex]
        checkColumnNames(table)
        checkPrimaryKey(table)
        checkSearch(table)
        if !table.columns.isEmpty,
           let empty = (table.range.since...(table.range.until ?? latest)).first(where: { table.columns(at: $0).isEmpty }) {
            diagnostics.error(
                "table '\(table.name(at: empty))' has no columns at version \(empty); let the table start later ('since') or end earlier ('until'), or give it a column that exists then",
                at: table.location(of: "name"))
        }
        for version in table.range.since...(table.range.until ?? latest) {
            checkReferences(table, version: version)
            func requireColumns(_ columns: [String], key: String, at location: SourceLocation) {
                for name in columns where table.column(named: name, at: version) == nil {
                    diagnostics.error(
                        "'\(key)' names column '\(name)', which table '\(table.name(at: version))' does not have at version \(version)",
                        at: location)
                }
            }
            if let primaryKey = table.primaryKey {
                requireColumns(primaryKey, key: "primaryKey", at: table.location(of: "primaryKey"))
            }
            for unique in table.uniqueConstraints {
                requireColumns(unique, key: "unique", at: table.location(of: "unique"))
            }
            for index in table.indexes(at: version) {
                requireColumns(index.columns.map(\.name), key: "columns", at: index.location(of: "columns"))
            }
        }
        if table.strict {
            for column in table.columns where !Affinity.strictTypeNames.contains(column.sqlType.uppercased()) {
                diagnostics.error(
                    "STRICT table '\(table.name)' accepts only the types INT, INTEGER, REAL, TEXT, BLOB and ANY; column '\(column.name)' has '\(column.sqlType)'",
                    at: column.location(of: "type"))
            }
        }
    }

    /// No two columns of a table share an SQL name at one version.
    private mutating func checkColumnNames(_ table: Table) {
        var reported: Set<String> = []
        // Only where the columns or their names change: elsewhere the version before found the same.
        let changes = table.columnChangeVersions
        let versions = table.range.since...(table.range.until ?? latest)
        for version in versions where version == versions.lowerBound || changes.contains(version) {
            var seen: [String: SourceLocation] = [:]
            for column in table.columns(at: version) {
                let name = column.name(at: version).lowercased()
                if let first = seen[name] {
                    if reported.insert("\(column.location)").inserted {
                        diagnostics.error(
                            "column '\(column.name(at: version))' is declared twice in table '\(table.name)' at version \(version) (first at \(first)); "
                                + "give the declarations 'since' / 'until' ranges that do not overlap",
                            at: column.location(of: "name"))
                    }
                } else {
                    seen[name] = column.location
                }
            }
        }
    }

    private mutating func checkPrimaryKey(_ table: Table) {
        let keyColumns = table.columns.filter(\.primaryKey)
        if table.primaryKey != nil, let column = keyColumns.first {
            diagnostics.error(
                "table '\(table.name)' has a table-level primaryKey, so column '\(column.name)' cannot also set primaryKey: true",
                at: column.location(of: "primaryKey"))
        }
        for version in table.range.since...(table.range.until ?? latest) {
            let alive = table.columns(at: version).filter(\.primaryKey)
            if alive.count > 1 {
                diagnostics.error(
                    "table '\(table.name)' has more than one column with primaryKey: true; write a composite key as a table-level primaryKey: [a, b]",
                    at: alive[1].location(of: "primaryKey"))
                break
            }
        }
        if let alias = table.rowIDAlias(at: table.range.until ?? latest), alias.swiftType != .int64, alias.swiftType != .int {
            diagnostics.error(
                "column '\(alias.name)' is the table's rowid (INTEGER PRIMARY KEY), so its Swift type must be Int64 or Int",
                at: alias.location(of: "swift"))
        }
        if table.withoutRowID {
            let keys = Set(table.primaryKeyNames(at: table.range.until ?? latest))
            for column in table.columns where column.nullableKey && keys.contains(column.name) {
                diagnostics.error(
                    "key column '\(column.name)' cannot be nullable: SQLite makes the primary key of a withoutRowID table NOT NULL; remove 'notNull: false'",
                    at: column.location(of: "notNull"))
            }
        }
        for column in table.columns where column.autoincrement {
            let isRowIDAlias = column.primaryKey && !table.withoutRowID && column.sqlType.uppercased() == "INTEGER" && !column.primaryKeyDescending
            if !isRowIDAlias {
                diagnostics.error(
                    "autoincrement needs an INTEGER primary key column in a table with a rowid; '\(column.name)' is not one",
                    at: column.location(of: "autoincrement"))
            }
        }
        if table.primaryKeyNames(at: table.range.until ?? latest).isEmpty {
            if table.withoutRowID {
                diagnostics.error("withoutRowID table '\(table.name)' needs a primary key", at: table.location(of: "withoutRowID"))
            } else if table.range.until == nil, !table.columns.isEmpty {
                diagnostics.warning(
                    "table '\(table.name)' has no primary key; its DAO has no update, upsert, delete or find by key",
                    at: table.location(of: "name"))
            }
        }
    }

    /// Every reference names a table and column alive at each version the column is; a missing column
    /// defaults to the referenced table's single-column primary key (`Schema.defaultReferenceColumn`).
    private mutating func checkReferences(_ table: Table, version: Int) {
        for column in table.columns where column.range.contains(version) {
            guard let reference = column.references else { continue }
            let location = column.location(of: "references")
            guard let target = schema.tables.first(where: { $0.range.contains(version) && $0.name == reference.table }) else {
                diagnostics.error(
                    "column '\(column.name)' references table '\(reference.table)', which does not exist at version \(version)",
                    at: location)
                continue
            }
            if reference.column.isEmpty {
                // Resolution fills in the key (`Schema.withDefaultReferenceColumns()`); it must be one column.
                if target.primaryKeyNames(at: version).count != 1 {
                    diagnostics.error(
                        "column '\(column.name)' references table '\(reference.table)', which has no single-column primary key; add 'column' to references",
                        at: location)
                }
            } else if target.column(named: reference.column, at: version) == nil {
                diagnostics.error(
                    "column '\(column.name)' references column '\(reference.table).\(reference.column)', which does not exist at version \(version)",
                    at: location)
            }
        }
    }

    /// Swift names of what is generated (the latest version) must be distinct and usable: valid
    /// identifiers that hide no type of Swift, Foundation or DAOGenRuntime (`ReservedNames`).
    private mutating func checkSwiftNames() {
        // The module's top-level types: the database type, each record and each DAO.
        var topLevel: [String: (what: String, location: SourceLocation?)] = [:]
        topLevel[schema.settings.databaseName] = ("the database type", schema.settings.databaseLocation)
        func declare(_ name: String, what: String, at location: SourceLocation) {
            if let other = topLevel[name] {
                let place = other.location.map { " (\($0))" } ?? ""
                diagnostics.error("\(what): its Swift name '\(name)' is taken by \(other.what)\(place); set swiftName", at: location)
            } else {
                topLevel[name] = (what, location)
            }
        }
        func checkTypeName(_ name: String, of what: String, explicit: Bool, at location: SourceLocation) -> Bool {
            guard let problem = SwiftNaming.typeNameProblem(name, scope: .module) else { return true }
            let suggestion = SwiftNaming.suggestedTypeName(for: name, suffix: "Record")
            diagnostics.error(
                explicit
                    ? "\(what): its swiftName '\(name)' \(problem); choose another (e.g. \(suggestion))"
                    : "\(what): its Swift name '\(name)' \(problem); add swiftName: (e.g. \(suggestion))",
                at: location)
            return false
        }
        var accessors: [String: String] = [:]
        func declareRecord(_ name: String, sqlName: String, what: String, keyLocations: KeyLocations, location: SourceLocation) {
            let nameLocation = keyLocations["swiftName"] ?? keyLocations["name"] ?? location
            guard checkTypeName(name, of: what, explicit: keyLocations["swiftName"] != nil, at: nameLocation) else { return }
            declare(name, what: what, at: nameLocation)
            declare(name + "DAO", what: "the DAO of \(what)", at: nameLocation)
            let accessor = SwiftNaming.lowerCamelCase(name)
            if Self.databaseMembers.contains(accessor) {
                diagnostics.error(
                    "\(what): its DAO would be the database's property '\(accessor)', which the database type has already; set swiftName",
                    at: nameLocation)
            } else if let other = accessors[accessor] {
                diagnostics.error("\(what): its DAO would be the database's property '\(accessor)', like that of \(other); set swiftName", at: nameLocation)
            } else {
                accessors[accessor] = what
            }
        }
        var tableNames: Set<String> = []
        for table in schema.tables where table.range.contains(latest) {
            // A table declared twice is reported as such (`checkTableNames`), not as a clash of Swift names.
            guard tableNames.insert(table.name.lowercased()).inserted else { continue }
            declareRecord(table.swiftName, sqlName: table.name, what: "table '\(table.name)'", keyLocations: table.keyLocations, location: table.location)
            checkColumnSwiftNames(of: table)
        }
        for view in schema.views(at: latest) {
            declareRecord(view.swiftName, sqlName: view.name, what: "view '\(view.name)'", keyLocations: view.keyLocations, location: view.location)
        }
    }

    /// The members of the generated database type (its own and `GeneratedDatabase`'s), which a DAO's
    /// property must not take.
    static let databaseMembers: Set<String> = [
        "database", "open", "read", "write", "transaction", "observe", "live", "close", "version", "schema", "init", "self",
    ]

    /// The properties of a table's record and the enums nested in it.
    private mutating func checkColumnSwiftNames(of table: Table) {
        var properties: [String: Column] = [:]
        var nestedTypes: [String: Column] = [:]
        for column in table.columns(at: latest) {
            let explicit = column.keyLocations["swiftName"] != nil
            let location = column.keyLocations["swiftName"] ?? column.location(of: "name")
            let what = "column '\(column.name)' of table '\(table.name)'"
            let written = explicit ? "swiftName" : "Swift name"
            if column.swiftName.isEmpty || !SwiftNaming.isIdentifier(column.swiftName) {
                diagnostics.error(
                    "\(what): its \(written) '\(column.swiftName)' is not a Swift identifier; \(explicit ? "choose another" : "add swiftName:")",
                    at: location)
            } else if ReservedNames.enumCaseNames.contains(column.swiftName) {
                diagnostics.error(
                    "\(what): its \(written) '\(column.swiftName)' is a member of the record's Column enum already; \(explicit ? "choose another" : "add swiftName:") (e.g. \(column.swiftName)Value)",
                    at: location)
            } else if ReservedNames.recordPropertyNames.contains(column.swiftName) {
                diagnostics.error(
                    "\(what): its \(written) '\(column.swiftName)' is a member every record has already; \(explicit ? "choose another" : "add swiftName:") (e.g. \(column.swiftName)Value)",
                    at: location)
            } else if let other = properties[column.swiftName], other.name.lowercased() != column.name.lowercased() {
                diagnostics.error(
                    "columns '\(other.name)' and '\(column.name)' of table '\(table.name)' both map to Swift name '\(column.swiftName)'; set swiftName on one of them",
                    at: location)
            } else {
                properties[column.swiftName] = column
            }
            if case let .enumeration(name, _, _) = column.swiftType {
                if let problem = SwiftNaming.typeNameProblem(name, scope: .record(table.swiftName)) {
                    diagnostics.error(
                        "\(what): its enum's Swift name '\(name)' \(problem); set the column's swiftName: to rename the enum (e.g. swiftName: \(SwiftNaming.lowerCamelCase(name))Kind makes enum \(name)Kind)",
                        at: column.location(of: "enum"))
                } else if name == table.swiftName {
                    diagnostics.error(
                        "\(what): its enum would be named '\(name)', like the record; set the column's swiftName: to rename the enum",
                        at: column.location(of: "enum"))
                } else if let other = nestedTypes[name] {
                    diagnostics.error(
                        "the enums of columns '\(other.name)' and '\(column.name)' would both be named '\(name)'",
                        at: column.location(of: "enum"))
                } else {
                    nestedTypes[name] = column
                }
            }
        }
    }
}

extension Schema {
    /// The column a reference without `column` names: the referenced table's single-column primary key at
    /// the last version (of `table`'s, while `column` is alive) where that table exists and has one.
    func defaultReferenceColumn(of column: Column, in table: Table) -> String? {
        guard let reference = column.references, reference.column.isEmpty else { return nil }
        var inferred: String?
        for version in table.range.since...(table.range.until ?? settings.version) where column.range.contains(version) {
            guard let target = tables.first(where: { $0.range.contains(version) && $0.name == reference.table }) else { continue }
            let keys = target.primaryKeyNames(at: version)
            if keys.count == 1 { inferred = keys[0] }
        }
        return inferred
    }

    /// The schema with every reference that names no column completed with `defaultReferenceColumn`.
    func withDefaultReferenceColumns() -> Schema {
        var schema = self
        for tableIndex in tables.indices {
            let table = tables[tableIndex]
            for (columnIndex, column) in table.columns.enumerated() {
                if let inferred = defaultReferenceColumn(of: column, in: table) {
                    schema.tables[tableIndex].columns[columnIndex].references?.column = inferred
                }
            }
        }
        return schema
    }
}
