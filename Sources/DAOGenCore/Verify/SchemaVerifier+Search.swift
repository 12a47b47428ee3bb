import DAOGenRuntime

extension SchemaVerifier {
    /// Creates the declared virtual tables and the FTS5 tables of `search:` at `version`, after its
    /// tables and indexes; false when SQLite refused one, reported at its `sql:` or `search:`.
    mutating func createVirtualTables(_ version: Int, in database: Database) -> Bool {
        var succeeded = true
        for virtual in schema.virtualTables(at: version) {
            do {
                try database.execute(virtual.sql)
            } catch {
                succeeded = false
                diagnostics.error(
                    "SQLite rejects virtual table '\(virtual.name)' at version \(version): \(SearchCheck.message(of: error))",
                    at: virtual.location(of: "sql"))
            }
        }
        for table in schema.tables where table.range.contains(version) {
            guard let search = table.search(at: version), let sql = SQLWriter.createSearchIndex(of: table, at: version) else { continue }
            do {
                try database.execute(sql)
            } catch {
                succeeded = false
                diagnostics.error(
                    "SQLite rejects the search index of table '\(table.name(at: version))' at version \(version): \(SearchCheck.message(of: error))",
                    at: search.location(of: search.tokenizer == nil ? "columns" : "tokenizer"))
            }
        }
        return succeeded
    }

    /// Creates the triggers that keep the `search:` indexes of `version` in step, after the schema's own.
    mutating func createSearchTriggers(_ version: Int, in database: Database) -> Bool {
        var succeeded = true
        for table in schema.tables where table.range.contains(version) {
            guard let search = table.search(at: version) else { continue }
            for trigger in SQLWriter.searchTriggers(of: table, at: version) {
                do {
                    try database.execute(trigger.sql)
                } catch {
                    succeeded = false
                    diagnostics.error(
                        "SQLite rejects trigger '\(trigger.name)' of the search index of table '\(table.name(at: version))' at version \(version): \(SearchCheck.message(of: error))",
                        at: search.location)
                }
            }
        }
        return succeeded
    }
}

/// Checks that the `search:` indexes of a version hold what their tables hold, and find their rows.
///
/// FTS5's `integrity-check` with rank 1 compares an external-content index with its table's rows; then
/// each row is searched for by a term the index holds for it (read through `fts5vocab`, so the term is
/// what the tokenizer made of the text), and must be found.
enum SearchCheck {
    /// The problems of the `search:` indexes of `schema` at `version` in `database`; `context` follows
    /// the version in messages (e.g. " after the migration from version 1"). Adds the number of rows
    /// searched for to `searchedRows`.
    static func problems(
        of schema: Schema, at version: Int, in database: Database, after context: String, searchedRows: inout Int
    ) -> [ViewAndTriggerCheck.Problem] {
        var problems: [ViewAndTriggerCheck.Problem] = []
        for table in schema.tables where table.range.contains(version) {
            guard let search = table.search(at: version) else { continue }
            let name = table.searchIndexName(at: version)
            let index = SQLWriter.quote(name)
            do {
                try database.execute("INSERT INTO \(index) (\(index), \"rank\") VALUES ('integrity-check', 1)")
            } catch {
                problems.append(ViewAndTriggerCheck.Problem(
                    message: "the search index of table '\(table.name(at: version))' does not hold what its rows hold at version \(version)\(context) (FTS5's integrity-check: \(message(of: error)))",
                    location: search.location))
                continue
            }
            do {
                let vocabulary = SQLWriter.quote("daogen_search_check")
                try database.execute("CREATE VIRTUAL TABLE temp.\(vocabulary) USING fts5vocab(main, \(SQLWriter.literal(name)), 'instance')")
                defer { try? database.execute("DROP TABLE temp.\(vocabulary)") }
                let terms = try database.rows("SELECT doc, min(term) FROM temp.\(vocabulary) GROUP BY doc ORDER BY doc")
                for row in terms {
                    guard case .text(let term) = row[1] else { continue }
                    searchedRows += 1
                    let phrase = "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                    let found = try database.rows(
                        "SELECT count(*) FROM \(index) WHERE \(index) MATCH ?1 AND \"rowid\" = ?2", [.text(phrase), row[0]])
                    if found.first?.first != .integer(1) {
                        problems.append(ViewAndTriggerCheck.Problem(
                            message: "a search of table '\(table.name(at: version))' for \(phrase) does not find row \(row[0]) at version \(version)\(context)",
                            location: search.location))
                        break
                    }
                }
            } catch {
                problems.append(ViewAndTriggerCheck.Problem(
                    message: "cannot search table '\(table.name(at: version))' at version \(version)\(context): \(message(of: error))",
                    location: search.location))
            }
        }
        return problems
    }

    static func message(of error: Error) -> String {
        (error as? DatabaseError)?.message ?? "\(error)"
    }
}
