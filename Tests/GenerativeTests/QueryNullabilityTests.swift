import CSQLite
import Foundation
import Testing
import _DAOGenCore
import Seeded

/// The property of issue 21 (family 3): a query result column the generator types non-optional is
/// never NULL in what SQLite returns. Random tables with nullable and NOT NULL columns, random queries
/// from `QueryGrammar`, each run over random rows (NULLs and empty tables included); plainly non-null
/// columns (a NOT NULL column of an inner-joined table, count, coalesce with a literal) must stay
/// non-optional. `DAOGEN_QUERY_SEED` and `DAOGEN_QUERY_SCHEMAS` run other or more cases.
@Suite struct QueryNullabilityTests {
    @Test func nonOptionalResultColumnsAreNeverNull() throws {
        let seed = UInt64(environmentInteger("DAOGEN_QUERY_SEED") ?? 21)
        let schemas = environmentInteger("DAOGEN_QUERY_SCHEMAS") ?? 25
        let report = try QueryNullabilityRun(seed: seed, schemas: schemas, queriesPerSchema: 40, datasets: 16).run()
        print(report.summary)
        for failure in report.failures.prefix(20) {
            Issue.record("\(failure)")
        }
        #expect(report.failures.isEmpty)
        // Most generated queries type without `types:` (the rest use forms typing leaves to the author).
        #expect(report.analyzed * 10 >= report.generated * 8, "\(report.summary)")
    }
}

/// One run of the property: its figures and failures.
struct QueryNullabilityRun {
    var seed: UInt64
    var schemas: Int
    var queriesPerSchema: Int
    var datasets: Int

    struct Report {
        var generated = 0
        var analyzed = 0
        var columns = 0
        var nonOptional = 0
        /// Optional columns that were never NULL in any dataset: an upper bound of typing's caution.
        var optionalNeverSeenNull = 0
        var rowsRead = 0
        var failures: [String] = []

        var summary: String {
            let share = columns == 0 ? 0 : Double(nonOptional) / Double(columns) * 100
            return "query nullability: \(generated) queries generated, \(analyzed) typed without types:, \(columns) result columns, "
                + "\(nonOptional) non-optional (\(String(format: "%.1f", share))%), \(optionalNeverSeenNull) Optional but never NULL "
                + "in the datasets, \(rowsRead) rows read, \(failures.count) failures"
        }
    }

    func run() throws -> Report {
        var report = Report()
        for number in 0..<schemas {
            try check(schema: number, report: &report)
        }
        return report
    }

    private func check(schema number: Int, report: inout Report) throws {
        var grammar = QueryGrammar(seed: SeededRandom.derive(seed, number))
        var queries = (0..<queriesPerSchema).map { grammar.query(named: "q\($0)") }
        report.generated += queries.count
        let directory = FileManager.default.temporaryDirectory.appending(path: "daogen-nullability-\(ProcessInfo.processInfo.processIdentifier)-\(number)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var loaded: TypedSchema?
        while loaded == nil {
            try grammar.schemaFile(queries).write(to: directory.appending(path: "t.yaml"), atomically: true, encoding: .utf8)
            do throws(DiagnosticsError) {
                loaded = try Generator.load(directory: directory, displayPath: "S")
            } catch {
                // Queries whose columns typing leaves to `types:` are set aside; anything else is a failure.
                let messages = error.diagnostics.map(\.description)
                let rejected = Set(messages.compactMap { message -> String? in
                    guard message.contains("cannot be inferred"), let start = message.range(of: "query '") else { return nil }
                    return String(message[start.upperBound...].prefix { $0 != "'" })
                })
                let others = messages.filter { !$0.contains("cannot be inferred") }
                if !others.isEmpty || rejected.isEmpty {
                    report.failures.append("schema \(number) (seed \(seed)): \(others.joined(separator: "\n"))")
                    return
                }
                queries.removeAll { rejected.contains($0.name) }
                if queries.isEmpty { return }
            }
        }
        let analyzed = loaded.flatMap { typed in typed.schema.tables.first { $0.name == "t0" }.flatMap { typed.queries[$0.id] } } ?? []
        report.analyzed += analyzed.count
        var seenNull: [String: [Bool]] = [:]
        for dataset in 0..<datasets {
            var connection: OpaquePointer?
            guard sqlite3_open_v2(":memory:", &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let connection else {
                report.failures.append("cannot open an in-memory database")
                return
            }
            defer { sqlite3_close(connection) }
            for statement in grammar.creationSQL + grammar.rowsSQL() {
                guard sqlite3_exec(connection, statement, nil, nil, nil) == SQLITE_OK else {
                    report.failures.append("schema \(number): \(statement): \(String(cString: sqlite3_errmsg(connection)))")
                    return
                }
            }
            for query in analyzed {
                var statement: OpaquePointer?
                guard sqlite3_prepare_v2(connection, query.query.sql, -1, &statement, nil) == SQLITE_OK, let statement else {
                    report.failures.append("schema \(number): \(query.query.sql): \(String(cString: sqlite3_errmsg(connection)))")
                    continue
                }
                defer { sqlite3_finalize(statement) }
                var nulls = seenNull[query.query.name] ?? Array(repeating: false, count: query.columns.count)
                while sqlite3_step(statement) == SQLITE_ROW {
                    report.rowsRead += 1
                    for (index, column) in query.columns.enumerated() where sqlite3_column_type(statement, Int32(index)) == SQLITE_NULL {
                        if !nulls[index], !column.value.isOptional {
                            report.failures.append(
                                "schema \(number) (seed \(seed)), dataset \(dataset): column '\(column.name)' typed \(column.value.swiftName) is NULL in\n  \(query.query.sql)\n  tables: \(grammar.creationSQL.joined(separator: "; "))")
                        }
                        nulls[index] = true
                    }
                }
                seenNull[query.query.name] = nulls
            }
        }
        let plain = Dictionary(uniqueKeysWithValues: queries.map { ($0.name, $0.plainlyNonNull) })
        for query in analyzed {
            for (index, column) in query.columns.enumerated() {
                report.columns += 1
                if column.value.isOptional {
                    if seenNull[query.query.name]?[index] == false { report.optionalNeverSeenNull += 1 }
                    if plain[query.query.name]?.contains(column.name) == true {
                        report.failures.append("schema \(number) (seed \(seed)): plainly non-null column '\(column.name)' typed \(column.value.swiftName) in\n  \(query.query.sql)")
                    }
                } else {
                    report.nonOptional += 1
                }
            }
        }
    }
}
