import CSQLiteBench
import DAOGenRuntime
import Foundation

// daogen-json-bench: the cost per row of a JSON column (`json: true`, issue 24) through the runtime's
// `DatabaseJSON` against the same work written by hand with `JSONEncoder` / `JSONDecoder` and the sqlite3
// C API, on an in-memory table of `--rows` rows (100,000). Figures, not assertions:
//   swift run -c release daogen-json-bench [--rows N] [--runs N]
// Each figure is the median of `--runs` (7) of nanoseconds per row; "JSON alone" is the coders' work with
// no SQLite, the floor both ways share.

/// A typical JSON column value: an app's own Codable type with an array, a dictionary and scalars.
struct Metadata: Codable, Hashable, Sendable {
    var title: String
    var tags: [String]
    var counts: [String: Int]
    var rating: Double
    var archived: Bool
}

/// The value of row `row`.
func metadata(_ row: Int) -> Metadata {
    Metadata(
        title: "Book number \(row)", tags: ["fiction", "tag\(row % 17)", "shelf \(row % 5)"],
        counts: ["reads": row % 1000, "likes": row % 97, "shares": row % 13], rating: Double(row % 50) / 10, archived: row % 2 == 0)
}

/// Nanoseconds per row of `body`, which handles `rows` rows.
func nanosecondsPerRow(rows: Int, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let elapsed = try clock.measure(body)
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    return nanoseconds / Double(rows)
}

/// The median of `runs` measurements.
func median(runs: Int, _ measure: () throws -> Double) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<runs { samples.append(try measure()) }
    samples.sort()
    return samples[samples.count / 2]
}

let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String, _ fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), arguments.index(after: index) < arguments.endIndex else { return fallback }
    return Int(arguments[arguments.index(after: index)]) ?? fallback
}
let rows = option("--rows", 100_000)
let runs = option("--runs", 7)
let values = (0..<rows).map(metadata)
let createTable = "CREATE TABLE doc (id INTEGER PRIMARY KEY, meta TEXT NOT NULL CHECK (meta IS NULL OR json_valid(meta)))"

// MARK: daogen: DatabaseJSON binds, Statement.json(at:table:) reads.

func daogenInsert() throws -> (Double, Database) {
    let database = try Database(path: ":memory:")
    try database.execute(createTable)
    let perRow = try nanosecondsPerRow(rows: rows) {
        try database.transaction {
            try database.withStatement(sql: "INSERT INTO doc (meta) VALUES (?1)") { statement in
                for value in values {
                    statement.bind(DatabaseJSON(value), at: 1)
                    try statement.execute()
                }
            }
        }
    }
    return (perRow, database)
}

func daogenRead(_ database: Database) throws -> Double {
    var checksum = 0
    let perRow = try nanosecondsPerRow(rows: rows) {
        try database.withStatement(sql: "SELECT meta FROM doc") { statement in
            let read: [Metadata] = try statement.fetchAll { try $0.json(at: 0, table: "doc") }
            checksum &+= read.count
        }
    }
    precondition(checksum == rows)
    return perRow
}

// MARK: By hand: one JSONEncoder / JSONDecoder, the sqlite3 C API.

func prepare(_ connection: OpaquePointer, _ sql: String) -> OpaquePointer {
    var statement: OpaquePointer?
    precondition(sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK)
    return statement!
}

func handInsert() throws -> (Double, OpaquePointer) {
    var connection: OpaquePointer?
    precondition(sqlite3_open(":memory:", &connection) == SQLITE_OK)
    let connectionHandle = connection!
    precondition(sqlite3_exec(connectionHandle, createTable, nil, nil, nil) == SQLITE_OK)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    let perRow = try nanosecondsPerRow(rows: rows) {
        sqlite3_exec(connectionHandle, "BEGIN", nil, nil, nil)
        let statement = prepare(connectionHandle, "INSERT INTO doc (meta) VALUES (?1)")
        for value in values {
            let data = try encoder.encode(value)
            data.withUnsafeBytes { bytes in
                _ = sqlite3_bind_text(statement, 1, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count), transient)
            }
            precondition(sqlite3_step(statement) == SQLITE_DONE)
            sqlite3_reset(statement)
        }
        sqlite3_finalize(statement)
        sqlite3_exec(connectionHandle, "COMMIT", nil, nil, nil)
    }
    return (perRow, connectionHandle)
}

func handRead(_ connection: OpaquePointer) throws -> Double {
    let decoder = JSONDecoder()
    var checksum = 0
    let perRow = try nanosecondsPerRow(rows: rows) {
        let statement = prepare(connection, "SELECT meta FROM doc")
        var read: [Metadata] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            let bytes = sqlite3_column_text(statement, 0)!
            let data = Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement, 0)))
            read.append(try decoder.decode(Metadata.self, from: data))
        }
        sqlite3_finalize(statement)
        checksum &+= read.count
    }
    precondition(checksum == rows)
    return perRow
}

// MARK: The coders alone.

func codersAlone() throws -> (encode: Double, decode: Double) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var encoded: [Data] = []
    encoded.reserveCapacity(rows)
    let encode = try nanosecondsPerRow(rows: rows) {
        encoded.removeAll(keepingCapacity: true)
        for value in values { encoded.append(try encoder.encode(value)) }
    }
    let decoder = JSONDecoder()
    var checksum = 0
    let decode = try nanosecondsPerRow(rows: rows) {
        for data in encoded { checksum &+= try decoder.decode(Metadata.self, from: data).counts.count }
    }
    precondition(checksum > 0)
    return (encode, decode)
}

do {
    #if DEBUG
    FileHandle.standardError.write(Data("daogen-json-bench: warning: a debug build; run with -c release\n".utf8))
    #endif
    var daogenWrite: [Double] = [], daogenReads: [Double] = [], handWrite: [Double] = [], handReads: [Double] = []
    var encodes: [Double] = [], decodes: [Double] = []
    for _ in 0..<runs {
        let (write, database) = try daogenInsert()
        daogenWrite.append(write)
        daogenReads.append(try daogenRead(database))
        try database.close()
        let (handWritePerRow, connection) = try handInsert()
        handWrite.append(handWritePerRow)
        handReads.append(try handRead(connection))
        sqlite3_close(connection)
        let (encode, decode) = try codersAlone()
        encodes.append(encode)
        decodes.append(decode)
    }
    func middle(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }
    func format(_ value: Double) -> String { String(format: "%.0f", value) }
    let rowsText = rows.formatted()
    print("""
        JSON column, \(rowsText) rows of a 5-field Codable struct (\(values[0].title)...), median of \(runs) runs, ns per row:

        | Work | daogen (`DatabaseJSON`, `json(at:table:)`) | by hand (`JSONEncoder`/`JSONDecoder`, sqlite3 C API) | daogen / by hand |
        |---|---:|---:|---:|
        | insert (encode + bind + step) | \(format(middle(daogenWrite))) | \(format(middle(handWrite))) | \(String(format: "%.2f", middle(daogenWrite) / middle(handWrite))) |
        | read (step + decode) | \(format(middle(daogenReads))) | \(format(middle(handReads))) | \(String(format: "%.2f", middle(daogenReads) / middle(handReads))) |
        | JSON alone: encode | \(format(middle(encodes))) | | |
        | JSON alone: decode | \(format(middle(decodes))) | | |
        """)
} catch {
    FileHandle.standardError.write(Data("daogen-json-bench: error: \(error)\n".utf8))
    exit(1)
}
