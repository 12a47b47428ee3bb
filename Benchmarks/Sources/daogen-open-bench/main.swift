import DAOGenRuntime
import Foundation

// daogen-open-bench: what `open` pays to confirm that a file at the latest version has that version's
// schema (issue 29), on a file of `--tables` tables (30) of 12 columns and 3 indexes each. Figures, not
// assertions:
//   swift run -c release daogen-open-bench [--tables N] [--runs N] [--mode MODE]
// Each figure is the median of `--runs` (201) opens of microseconds: open the file, prepare the schema, close;
// "and first read" adds the app's first statement (a count), which loads the schema into the connection.
// "without the check" reads `user_version` only, as `prepare` did before the check; "created" is a file this
// code created and "migrated" one it migrated from version 1 (their sqlite_master matches one of the
// fingerprint's: one query); "other" is one made by hand with the same schema (its SchemaDescription
// matches: four queries), as an adopted file is. `--mode created|migrated|hand-made|unchecked`
// runs that open and first read (open alone with `--no-read`) 1,000 times and prints nothing, for callgrind.

let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), arguments.index(after: index) < arguments.endIndex else { return nil }
    return arguments[arguments.index(after: index)]
}
let tableCount = option("--tables").flatMap(Int.init) ?? 30
let runs = option("--runs").flatMap(Int.init) ?? 201

/// Table `number`: an integer key, 11 other columns of the usual types, 3 indexes.
func creation(ofTable number: Int, lastColumnLater: Bool) -> [String] {
    let columns = (1...11).map { column in
        let type = ["TEXT", "INTEGER", "REAL", "BLOB"][column % 4]
        return "  \"c\(column)\" \(type)\(column % 3 == 0 ? " NOT NULL DEFAULT 0" : "")"
    }
    let kept = lastColumnLater ? Array(columns.dropLast()) : columns
    var statements = ["CREATE TABLE \"t\(number)\" (\n  \"id\" INTEGER PRIMARY KEY,\n" + kept.joined(separator: ",\n") + "\n)"]
    if lastColumnLater { statements.append("ALTER TABLE \"t\(number)\" ADD COLUMN" + columns.last!.dropFirst(1)) }
    statements += (1...3).map { index in "CREATE INDEX \"t\(number)_i\(index)\" ON \"t\(number)\" (\"c\(index)\", \"c\(index + 3)\")" }
    return statements
}

// Version 2 adds each table's last column; version 1 lacks it.
let latest = (0..<tableCount).flatMap { creation(ofTable: $0, lastColumnLater: false) }
let stepwise = (0..<tableCount).flatMap { creation(ofTable: $0, lastColumnLater: true) }
let versionOne = stepwise.filter { !$0.hasPrefix("ALTER") }
let migration = SchemaDefinition.Migration(version: 2, steps: stepwise.filter { $0.hasPrefix("ALTER") })
var fingerprint = try SchemaFingerprint(creating: latest)
let unfingerprinted = SchemaDefinition(version: 2, creation: latest, versionOneCreation: versionOne, migrations: [migration])
try fingerprint.addMigrated(from: 1, creation: versionOne, by: unfingerprinted)
let schema = SchemaDefinition(
    version: 2, creation: latest, versionOneCreation: versionOne, migrations: [migration], fingerprint: fingerprint)

/// A file made by `statements`, stamped `version`.
func makeFile(_ statements: [String], version: Int) throws -> String {
    let path = FileManager.default.temporaryDirectory.appending(path: "daogen-open-\(UUID().uuidString).sqlite").path(percentEncoded: false)
    let database = try Database(path: path)
    for statement in statements { try database.execute(statement) }
    try database.setUserVersion(version)
    try database.close()
    return path
}

/// Opens the file as the generated `open(path:)` does (or, unchecked, as it did before the check: reading
/// `user_version` only), with `firstRead` also the app's first statement, which makes SQLite load the schema.
func open(_ path: String, checked: Bool, firstRead: Bool = false) throws {
    let database = try Database(path: path, configuration: schema.configuration)
    if checked {
        try schema.prepare(database)
    } else {
        _ = try database.userVersion()
    }
    if firstRead { _ = try database.rows("SELECT count(*) FROM t0") }
    try database.close()
}

func medianMicroseconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        let elapsed = try clock.measure(body)
        samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
    }
    samples.sort()
    return samples[samples.count / 2]
}

let createdFile = try makeFile(latest, version: 2)
let migratedFile = try makeFile(versionOne, version: 1)
let handMadeFile = try makeFile(latest.map { $0.replacingOccurrences(of: "\n", with: " ") }, version: 2)
defer {
    for path in [createdFile, migratedFile, handMadeFile] {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
try open(migratedFile, checked: true)  // migrates the file, whose sqlite_master is then one of the fingerprint's
try open(handMadeFile, checked: true)  // the file is accepted: its description matches

if let mode = option("--mode") {
    let firstRead = !arguments.contains("--no-read")
    for _ in 0..<1_000 {
        switch mode {
        case "created": try open(createdFile, checked: true, firstRead: firstRead)
        case "migrated": try open(migratedFile, checked: true, firstRead: firstRead)
        case "hand-made": try open(handMadeFile, checked: true, firstRead: firstRead)
        default: try open(createdFile, checked: false, firstRead: firstRead)
        }
    }
    exit(0)
}

var rows: [String] = []
for firstRead in [false, true] {
    let unchecked = try medianMicroseconds { try open(createdFile, checked: false, firstRead: firstRead) }
    let created = try medianMicroseconds { try open(createdFile, checked: true, firstRead: firstRead) }
    let migratedOpen = try medianMicroseconds { try open(migratedFile, checked: true, firstRead: firstRead) }
    let handMadeOpen = try medianMicroseconds { try open(handMadeFile, checked: true, firstRead: firstRead) }
    let what = firstRead ? "open and first read" : "open alone"
    func row(_ name: String, _ value: Double) -> String {
        "| \(what): \(name) | \(String(format: "%.1f", value)) | \(String(format: "%.3f", value / unchecked))x |"
    }
    rows += [
        row("without the check", unchecked), row("created file (sqlite_master digest)", created),
        row("migrated file (sqlite_master digest)", migratedOpen), row("other file (description digest)", handMadeOpen),
    ]
}
print("""
    open of a \(tableCount)-table file, median of \(runs), microseconds

    | open | µs | of the same without the check |
    |---|---:|---:|
    \(rows.joined(separator: "\n"))
    """)
