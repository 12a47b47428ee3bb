/// Misuse of the API or data the code cannot read.
public enum DAOGenError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file's schema version is newer than the newest one the code knows.
    case newerFile(path: String, fileVersion: Int, codeVersion: Int)
    /// The file has tables but no schema version (`PRAGMA user_version` is 0).
    case unversionedFile(path: String, tables: [String])
    /// The baseline version given is not one the code knows (1 through `codeVersion`).
    case invalidBaseline(baseline: Int, codeVersion: Int)
    /// The file's tables differ from the schema at `version`.
    case baselineMismatch(path: String, version: Int, differences: [String])
    /// The file is at schema `version`, one the code knows, but its schema is not that version's: it was
    /// made before the version's YAML changed. `differences` says how, the first difference first.
    case schemaMismatch(path: String, version: Int, differences: [String])
    /// A statement of the migration to `version` failed.
    case migrationFailed(version: Int, sql: String, underlying: DatabaseError)
    /// The code has no migration from one schema version to the next.
    case missingMigration(from: Int, to: Int)
    /// A stored value cannot be read as the Swift type of its column.
    case invalidValue(column: String, value: String, expected: String, sql: String)
    /// A JSON column (`json: true`) holds a value that does not decode as its Swift type: `table` (nil when
    /// the reader was not told) and `column` name it, `reason` says what did not decode.
    case invalidJSON(table: String?, column: String, value: String, expected: String, reason: String, sql: String)
    /// The SQL has `expected` parameters for arguments, but `given` arguments were passed.
    case argumentCountMismatch(expected: Int, given: Int, sql: String)
    /// A value bound to the parameter at 1-based `parameter` cannot be stored without losing it,
    /// such as `Double.nan`, which SQLite would store as NULL.
    case unstorableValue(parameter: Int, value: String, reason: String, sql: String)
    /// The database was closed with `close()`; it cannot be used any more.
    case databaseClosed(path: String)
    /// `close()` was called from inside a transaction, a read or a statement's body on the same
    /// database, which would wait for itself; nothing was closed.
    case closeInsideAccess(path: String)
    /// `including:` found no row for a NOT NULL relation: the row of `table` named by `row` (its primary key,
    /// `id = 3`, or empty for a table without one) holds `value` in `column`, but no row of `relatedTable`
    /// holds it in `relatedColumn` (a row written or deleted while foreign keys were off).
    case missingRelatedRow(table: String, row: String, column: String, value: String, relatedTable: String, relatedColumn: String)

    /// A full sentence that says what went wrong.
    public var description: String {
        switch self {
        case let .newerFile(path, fileVersion, codeVersion):
            return "The database at \(path) is at schema version \(fileVersion), newer than version \(codeVersion) that this code knows; it was left untouched."
        case let .unversionedFile(path, tables):
            return "The database at \(path) has no schema version but already has tables (\(tables.joined(separator: ", "))), so its schema is unknown; it was left untouched. If these tables were made without daogen, open the file with open(path:baseline:) to compare them with a schema version and adopt the file at that version."
        case let .invalidBaseline(baseline, codeVersion):
            return "The baseline schema version \(baseline) is invalid: it must be between 1 and \(codeVersion), the version that this code knows."
        case let .baselineMismatch(path, version, differences):
            return "The database at \(path) does not match schema version \(version): \(differences.joined(separator: "; ")); it was left untouched."
        case let .schemaMismatch(path, version, differences):
            let more = differences.count > 1 ? " (and \(differences.count - 1) more: \(differences.dropFirst().joined(separator: "; ")))" : ""
            return "The database at \(path) is at schema version \(version), but its schema is not version \(version)'s: "
                + "\(differences.first ?? "it differs")\(more); it was left untouched. The schema of version \(version) changed after "
                + "the file was made. Either make the change a new version (raise version: in daogen.yaml and mark what changed "
                + "since: the new version), so that files like this one are migrated, or start from a fresh file: delete it, or, "
                + "during development, open it with Database.Configuration.eraseDatabaseOnSchemaChange set."
        case let .migrationFailed(version, sql, underlying):
            let failure = DatabaseError(resultCode: underlying.extendedResultCode, message: underlying.message, sql: sql)
            return "The migration to schema version \(version) failed: \(failure)"
        case let .missingMigration(from, to):
            return "There is no migration from schema version \(from) to version \(to)."
        case let .invalidValue(column, value, expected, sql):
            return "The column \(column) holds \(value), which cannot be read as \(expected), in: \(sql)"
        case let .invalidJSON(table, column, value, expected, reason, sql):
            let name = table.map { "\($0).\(column)" } ?? column
            return "The JSON column \(name) holds \(value), which cannot be decoded as \(expected) (\(reason)), in: \(sql)"
        case let .argumentCountMismatch(expected, given, sql):
            let parameters = expected == 1 ? "1 argument" : "\(expected) arguments"
            let passed = given == 1 ? "1 was given" : "\(given) were given"
            return "The SQL takes \(parameters) but \(passed), so no argument was bound, in: \(sql)"
        case let .databaseClosed(path):
            return "The database at \(path) was closed; open it again to use it."
        case let .closeInsideAccess(path):
            return "The database at \(path) cannot be closed from inside a transaction, a read or a statement on it; it was left open."
        case let .missingRelatedRow(table, row, column, value, relatedTable, relatedColumn):
            let named = row.isEmpty ? "" : " (\(row))"
            return "The \(table) row\(named) has \(column) = \(value), but no \(relatedTable) row has \(relatedColumn) = \(value), so "
                + "the relation cannot be loaded: a NOT NULL foreign key needs its row (this one was written or deleted while "
                + "foreign keys were off)."
        case let .unstorableValue(parameter, value, reason, sql):
            return "The value \(value) bound to parameter \(parameter) cannot be stored: \(reason), in: \(sql)"
        }
    }
}
