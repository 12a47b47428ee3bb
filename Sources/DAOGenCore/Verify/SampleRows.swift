import DAOGenRuntime
import Foundation

/// Fills every table of a version with rows that satisfy its constraints: NOT NULL, UNIQUE, enums,
/// foreign keys (values taken from the referenced table's rows) and, by trying simpler rows when SQLite
/// refuses one, most CHECKs. Each version adds three kinds of row, so the proof sees what real files
/// hold: one with every column set, one with NULL in every nullable column, and one with boundary
/// values (the Swift type's minimum and maximum, empty text and blob, non-ASCII text).
struct SampleRows {
    static let rowsPerTable = 3

    /// What a sample row holds.
    enum Kind: CaseIterable {
        case typical, nulls, boundary
    }

    let schema: Schema
    let version: Int
    /// The number of the first row, so rows added at later versions keep UNIQUE columns distinct.
    var firstRow = 0

    /// Inserts the rows; returns an error message per table that SQLite refused every row of.
    /// A row that only collides with an earlier one (a two-value enum or a Bool under UNIQUE runs
    /// out of values) is left out: the table holds every value its constraints allow.
    func insert(into database: Database) -> [(table: Table, message: String)] {
        var failures: [(Table, String)] = []
        // One transaction around the rows, as committing each one costs a quarter of its insert; a
        // refused row still fails alone. Not with a deferred foreign key, which is checked at commit,
        // where it would fail every row instead of the one that breaks it.
        let tables = orderedByReferences()
        let inTransaction = !tables.contains { $0.columns.contains { $0.references?.deferrable == true } }
            && (try? database.execute("BEGIN")) != nil
        defer { if inTransaction { try? database.execute("COMMIT") } }
        for table in tables {
            // SQLite computes generated columns: an INSERT cannot write them.
            let columns = table.columns(at: version).filter { $0.generated == nil }
            var lastError = ""
            var insertedAny = false
            let keys = Set(table.primaryKeyNames(at: version))
            let insertInto = "INSERT INTO \(SQLWriter.quote(table.name(at: version)))"
            func insert(_ columns: [Column]) -> String {
                guard !columns.isEmpty else { return insertInto + " DEFAULT VALUES" }
                let names = columns.map { SQLWriter.quote($0.name(at: version)) }.joined(separator: ", ")
                return insertInto + " (\(names)) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
            }
            // Most candidates set every column.
            let insertEveryColumn = insert(columns)
            for (offset, kind) in Kind.allCases.enumerated() {
                let row = firstRow + offset
                // Built one at a time: the first candidate nearly always goes in.
                for number in 0..<Self.candidateCount(kind) {
                    let candidate = candidate(number, for: columns, of: table, keys: keys, row: row, kind: kind)
                    let sql = candidate.count == columns.count ? insertEveryColumn : insert(candidate.map(\.column))
                    do {
                        _ = try database.cachedRows(sql, candidate.map(\.value))
                        insertedAny = true
                        break
                    } catch {
                        lastError = (error as? DatabaseError)?.message ?? "\(error)"
                    }
                }
            }
            if !insertedAny, (try? database.rows("SELECT 1 FROM \(SQLWriter.quote(table.name(at: version))) LIMIT 1").isEmpty) != false {
                failures.append((table, lastError))
            }
        }
        return failures
    }

    /// Referenced tables before the tables that reference them.
    private func orderedByReferences() -> [Table] {
        var remaining = schema.tables.filter { $0.range.contains(version) }
        var ordered: [Table] = []
        while !remaining.isEmpty {
            let ready = remaining.firstIndex { table in
                table.columns(at: version).allSatisfy { column in
                    guard let target = column.references?.table, target != table.name else { return true }
                    return !remaining.contains { $0.name == target }
                }
            } ?? 0
            ordered.append(remaining.remove(at: ready))
        }
        return ordered
    }

    /// How many rows `candidate` offers for a row of `kind`.
    private static func candidateCount(_ kind: Kind) -> Int {
        kind == .boundary ? 2 : 3
    }

    /// The rows to try for a row of `kind`, the intended one (number 0) first, then simpler ones:
    /// nullable columns NULL, then columns with a default left to it.
    private func candidate(
        _ number: Int, for columns: [Column], of table: Table, keys: Set<String>, row: Int, kind: Kind
    ) -> [(column: Column, value: DatabaseValue)] {
        func isNullable(_ column: Column) -> Bool { !column.notNull && !keys.contains(column.name) }
        func full() -> [(column: Column, value: DatabaseValue)] { columns.map { ($0, value(of: $0, in: table, row: row)) } }
        func nulls() -> [(column: Column, value: DatabaseValue)] {
            columns.map { column in
                (column, isNullable(column) && !column.unique ? DatabaseValue.null : value(of: column, in: table, row: row))
            }
        }
        func defaults() -> [(column: Column, value: DatabaseValue)] {
            nulls().filter { $0.0.defaultSQL == nil || keys.contains($0.0.name) || $0.0.unique }
        }
        switch (kind, number) {
        case (.typical, 0): return full()
        case (.typical, 1): return nulls()
        case (.typical, _): return defaults()
        case (.nulls, 0):
            // UNIQUE allows many NULLs: every nullable column is NULL here.
            return columns.map { column in (column, isNullable(column) ? DatabaseValue.null : value(of: column, in: table, row: row)) }
        case (.nulls, 1): return nulls()
        case (.nulls, _): return full()
        case (.boundary, 0):
            return columns.map { column in (column, boundaryValue(of: column, in: table, row: row) ?? value(of: column, in: table, row: row)) }
        case (.boundary, _): return full()
        }
    }

    /// An extreme value of the column's Swift type, or nil when the type has none worth trying
    /// (references keep the referenced value; enums and dates have only their normal values).
    func boundaryValue(of column: Column, in table: Table, row: Int) -> DatabaseValue? {
        if column.references != nil { return nil }
        // Alternate minimum and maximum, so a UNIQUE column gets both over two versions.
        let high = (row / Self.rowsPerTable) % 2 == 0
        switch column.swiftType {
        case .int64, .int: return .integer(high ? Int64.max : Int64.min)
        case .int32: return .integer(high ? Int64(Int32.max) : Int64(Int32.min))
        case .int16: return .integer(high ? Int64(Int16.max) : Int64(Int16.min))
        case .int8: return .integer(high ? Int64(Int8.max) : Int64(Int8.min))
        case .uint8: return .integer(high ? Int64(UInt8.max) : 0)
        case .double: return .real(high ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude)
        case .float: return .real(high ? Double(Float.greatestFiniteMagnitude) : -Double(Float.greatestFiniteMagnitude))
        case .string: return .text(high ? "" : "é ✓ 😀 'quoted' \"double\" \\ \n line")
        case .data: return .blob(high ? Data() : Data([0, 0xFF, 0]))
        case .custom where column.affinity == .blob: return .blob(Data())
        case .custom where column.affinity == .text: return .text("")
        default: return nil
        }
    }

    /// A value for `column` in row `row`, distinct per row so UNIQUE holds.
    func value(of column: Column, in table: Table, row: Int) -> DatabaseValue {
        if let reference = column.references,
           let target = schema.tables.first(where: { $0.name == reference.table && $0.range.contains(version) }),
           let targetColumn = target.column(named: reference.column, at: version),
           targetColumn.location != column.location {
            return value(of: targetColumn, in: target, row: row)
        }
        let number = Int64(row + 1)
        switch column.swiftType {
        case let .enumeration(_, cases, rawType):
            let raw = cases[row % cases.count].rawValue
            return rawType == .string ? .text(raw) : .integer(Int64(raw) ?? 0)
        case .bool:
            return .integer(number % 2)
        case .int64, .int, .int32, .int16, .int8, .uint8:
            return .integer(number)
        case .double, .float:
            return .real(Double(row) + 0.5)
        case .string:
            return .text("\(table.name) \(column.name) \(number)")
        case .data:
            return .blob(Data([0, UInt8(truncatingIfNeeded: row), UInt8(truncatingIfNeeded: row >> 8), 255]))
        case .url:
            return .text("https://example.com/\(number)")
        case .decimal:
            return .text("\(number).25")
        case .date(.iso8601):
            // A minute and a millisecond apart per row, without wrapping: distinct for any number of versions.
            return Date(timeIntervalSince1970: 1_704_067_200 + Double(number) * 60.001).databaseValue
        case .date(.unixEpoch):
            return .real(1_700_000_000.125 + Double(row))
        case .date(.unixEpochMilliseconds):
            return .integer(1_700_000_000_125 + number)
        case .uuid(.text):
            let digits = String(number)
            return .text("00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits)
        case .uuid(.blob):
            return .blob(Data((0..<16).map { $0 >= 14 ? UInt8(truncatingIfNeeded: number >> ((15 - $0) * 8)) : 0 }))
        case .json:
            // Valid JSON (the column's CHECK), distinct per row: a JSON string.
            return .text("\"\(table.name) \(column.name) \(number)\"")
        case .custom:
            switch column.affinity {
            case .integer, .numeric: return .integer(number)
            case .real: return .real(Double(row) + 0.5)
            case .text: return .text("\(number)")
            case .blob: return .blob(Data([UInt8(truncatingIfNeeded: row), UInt8(truncatingIfNeeded: row >> 8)]))
            }
        }
    }
}
