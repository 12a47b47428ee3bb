import CSQLite
import Foundation
import Testing
import _DAOGenCore
import Seeded

/// Nested records (`t.*` read as `t`'s record) on random joins: a record typed non-optional always has
/// a row (its key is never NULL), and an Optional record's key is NULL only when no row was joined
/// (every column of it NULL). Random tables and rows of `QueryGrammar`; random `SELECT a.*, b.* ...`
/// over inner, LEFT, RIGHT, FULL and CROSS joins, with and without an aggregate. `DAOGEN_QUERY_SEED` runs
/// another seed.
@Suite struct NestedRecordNullabilityTests {
    @Test func nonOptionalRecordsAlwaysHaveARowAndANullKeyMeansNoRow() throws {
        let seed = UInt64(environmentInteger("DAOGEN_QUERY_SEED") ?? 32)
        var checked = (queries: 0, records: 0, optional: 0, rows: 0)
        var failures: [String] = []
        for number in 0..<20 {
            var grammar = QueryGrammar(seed: SeededRandom.derive(seed, number))
            let queries = (0..<12).map { index in Self.starQuery(&grammar.random, tables: grammar.tables, name: "q\(index)") }
            let directory = FileManager.default.temporaryDirectory.appending(path: "daogen-nested-\(ProcessInfo.processInfo.processIdentifier)-\(number)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            try grammar.schemaFile(queries).write(to: directory.appending(path: "t.yaml"), atomically: true, encoding: .utf8)
            let typed: TypedSchema
            do throws(DiagnosticsError) {
                typed = try Generator.load(directory: directory, displayPath: "S")
            } catch {
                failures.append("schema \(number) (seed \(seed)): \(error.diagnostics.map(\.description).joined(separator: "\n"))")
                continue
            }
            let analyzed = typed.schema.tables.first { $0.name == "t0" }.flatMap { typed.queries[$0.id] } ?? []
            checked.queries += analyzed.count
            for dataset in 0..<12 {
                var connection: OpaquePointer?
                guard sqlite3_open_v2(":memory:", &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let connection else {
                    Issue.record("cannot open an in-memory database")
                    return
                }
                defer { sqlite3_close(connection) }
                for statement in grammar.creationSQL + grammar.rowsSQL() {
                    #expect(sqlite3_exec(connection, statement, nil, nil, nil) == SQLITE_OK)
                }
                for query in analyzed {
                    var statement: OpaquePointer?
                    guard sqlite3_prepare_v2(connection, query.query.sql, -1, &statement, nil) == SQLITE_OK, let statement else { continue }
                    defer { sqlite3_finalize(statement) }
                    while sqlite3_step(statement) == SQLITE_ROW {
                        checked.rows += 1
                        for record in query.records {
                            let first = Int32(record.columns.lowerBound)  // `id`, the key
                            let isNull = { (index: Int) in sqlite3_column_type(statement, Int32(index)) == SQLITE_NULL }
                            if let key = record.missingWhenNullAt {
                                if isNull(key) && !record.columns.allSatisfy(isNull) {
                                    failures.append("seed \(seed), schema \(number), dataset \(dataset): '\(record.term)' has a NULL key but a value in\n  \(query.query.sql)")
                                }
                            } else if sqlite3_column_type(statement, first) == SQLITE_NULL {
                                failures.append("seed \(seed), schema \(number), dataset \(dataset): '\(record.term)' typed \(record.swiftTypeName) has no row in\n  \(query.query.sql)")
                            }
                        }
                    }
                }
            }
            for query in analyzed {
                checked.records += query.records.count
                checked.optional += query.records.filter(\.isOptional).count
            }
        }
        print("nested records: \(checked.queries) queries, \(checked.records) records (\(checked.optional) Optional), \(checked.rows) rows read, \(failures.count) failures (seed \(seed))")
        for failure in failures.prefix(10) { Issue.record("\(failure)") }
        #expect(failures.isEmpty)
        // Both kinds occur, so the property is checked on each.
        #expect(checked.optional > 0 && checked.optional < checked.records)
    }

    /// `SELECT s0.*, s1.* ... FROM t? s0 <join> t? s1 ON ...`, with every source's `.*` (some dropped),
    /// sometimes a plain column and sometimes `count(*)` (an aggregate without GROUP BY).
    static func starQuery(_ random: inout SeededRandom, tables: [QueryGrammar.TableSpec], name: String) -> QueryGrammar.GeneratedQuery {
        let count = random.int(2...3)
        var from = ""
        var aliases: [String] = []
        for index in 0..<count {
            let table = random.pick(tables)
            let alias = "s\(index)"
            if index == 0 {
                from = "\(table.name) \(alias)"
            } else {
                let join = random.pick(["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "CROSS JOIN"])
                let other = random.pick(aliases)
                let on = join == "CROSS JOIN" ? "" : " ON \(alias).id = \(other).id"
                from += " \(join) \(table.name) \(alias)\(on)"
            }
            aliases.append(alias)
        }
        var terms = aliases.filter { _ in random.chance(80) }.map { "\($0).*" }
        if terms.isEmpty { terms = ["\(aliases[0]).*"] }
        if random.chance(30) { terms.append("\(random.pick(aliases)).id AS picked") }
        if random.chance(20) { terms.append("count(*) AS n") }
        return QueryGrammar.GeneratedQuery(name: name, sql: "SELECT \(terms.joined(separator: ", ")) FROM \(from)", plainlyNonNull: [])
    }
}
