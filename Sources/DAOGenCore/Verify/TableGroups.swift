/// Splits a schema into small independent schemas for verification. SQLite's DDL slows down as a
/// schema grows (each CREATE scans `sqlite_master`), so a 1,000-table schema is checked as many small
/// ones. Tables linked by a foreign key, or named by one explicit data step, stay together, so each
/// part migrates exactly as the whole would.
enum TableGroups {
    /// Tables per part; parts hold whole linked groups, so one may be larger. Every ALTER TABLE makes
    /// SQLite reparse the part's whole schema, while each part costs a few databases: on the synthetic
    /// schema 2 and 4 tables a part take 7% fewer instructions than 8, 1 about as many as 2.
    static let targetSize = 4

    /// The parts, in declaration order. Each holds its tables and the data steps that name them
    /// (a data step naming no table goes to the first part).
    static func split(_ schema: Schema) -> [Schema] {
        parts(of: schema).map(\.schema)
    }

    /// A part: a small schema, and where its tables are in the whole schema's `tables`.
    struct Part: Sendable {
        var schema: Schema
        var positions: [Int]
    }

    /// The parts as `split` makes them, each with the positions of its tables in `schema.tables`.
    static func parts(of schema: Schema) -> [Part] {
        let count = schema.tables.count
        // Views, triggers and virtual tables may name any table: a schema with them is verified whole.
        guard count > targetSize, schema.views.isEmpty, schema.triggers.isEmpty, !schema.hasVirtualTables else {
            return [Part(schema: schema, positions: Array(schema.tables.indices))]
        }
        var parent = Array(0..<count)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index {
                parent[index] = parent[parent[index]]
                index = parent[index]
            }
            return index
        }
        func join(_ a: Int, _ b: Int) { parent[root(a)] = root(b) }

        var tablesByName: [String: [Int]] = [:]
        for (index, table) in schema.tables.enumerated() {
            let names = Set([table.name.lowercased(), table.renamedFrom?.oldName.lowercased()].compactMap { $0 })
            for name in names { tablesByName[name, default: []].append(index) }
        }
        for (index, table) in schema.tables.enumerated() {
            for name in table.columns.compactMap({ $0.references?.table.lowercased() }) {
                tablesByName[name]?.forEach { join(index, $0) }
            }
            // Tables that share a name across versions are the same table to SQLite.
            tablesByName[table.name.lowercased()]?.forEach { join(index, $0) }
        }
        var stepTables: [[Int]] = []
        for migration in schema.migrations {
            let named = MigrationProof.identifiers(in: migration.sql).flatMap { tablesByName[$0] ?? [] }
            for other in named.dropFirst() { join(named[0], other) }
            stepTables.append(named)
        }

        // Pack whole groups, in declaration order of their first table, into parts of about targetSize.
        var groups: [Int: [Int]] = [:]
        var order: [Int] = []
        for index in 0..<count {
            let key = root(index)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(index)
        }
        var parts: [[Int]] = []
        var current: [Int] = []
        for key in order {
            if !current.isEmpty, current.count + groups[key]!.count > targetSize {
                parts.append(current)
                current = []
            }
            current += groups[key]!
        }
        if !current.isEmpty { parts.append(current) }

        return parts.enumerated().map { partIndex, members in
            var part = schema
            let memberSet = Set(members)
            let positions = members.sorted()
            part.tables = positions.map { schema.tables[$0] }
            part.migrations = zip(schema.migrations, stepTables).compactMap { migration, named in
                let belongs = named.first.map { memberSet.contains($0) } ?? (partIndex == 0)
                return belongs ? migration : nil
            }
            return Part(schema: part, positions: positions)
        }
    }
}
