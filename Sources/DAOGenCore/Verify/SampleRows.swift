import DAOGenRuntime
import Foundation

/// Fills every table of a version with a few rows that satisfy its constraints: NOT NULL, UNIQUE,
/// enums, foreign keys (values taken from the referenced table's rows) and, by trying simpler rows
/// when SQLite refuses one, most CHECKs.
struct SampleRows {
    static let rowsPerTable = 3

    let schema: Schema
    let version: Int
    /// The number of the first row, so rows added at later versions keep UNIQUE columns distinct.
    var firstRow = 0

    /// Inserts the rows; returns an error message per table SQLite refused every candidate row of.
    func insert(into database: Database) -> [(table: Table, message: String)] {
        var failures: [(Table, String)] = []
        for table in orderedByReferences() {
            let columns = table.columns(at: version)
            for row in firstRow..<(firstRow + Self.rowsPerTable) {
                var lastError = ""
                var inserted = false
                for candidate in candidates(for: columns, of: table, row: row) {
                    let names = candidate.map { SQLWriter.quote($0.column.name(at: version)) }.joined(separator: ", ")
                    let parameters = Array(repeating: "?", count: candidate.count).joined(separator: ", ")
                    let sql = candidate.isEmpty
                        ? "INSERT INTO \(SQLWriter.quote(table.name(at: version))) DEFAULT VALUES"
                        : "INSERT INTO \(SQLWriter.quote(table.name(at: version))) (\(names)) VALUES (\(parameters))"
                    do {
                        _ = try database.rows(sql, candidate.map(\.value))
                        inserted = true
                        break
                    } catch {
                        lastError = (error as? DatabaseError)?.message ?? "\(error)"
                    }
                }
                if !inserted {
                    failures.append((table, lastError))
                    break
                }
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

    /// The rows to try, most complete first: every column set; then nullable columns NULL; then
    /// columns with a default left to it.
    private func candidates(for columns: [Column], of table: Table, row: Int) -> [[(column: Column, value: DatabaseValue)]] {
        let keys = Set(table.primaryKeyNames(at: version))
        let full = columns.map { ($0, value(of: $0, in: table, row: row)) }
        let nulls = columns.map { column in
            let nullable = !column.notNull && !keys.contains(column.name) && !column.unique
            return (column, nullable ? DatabaseValue.null : value(of: column, in: table, row: row))
        }
        let defaults = nulls.filter { $0.0.defaultSQL == nil || keys.contains($0.0.name) || $0.0.unique }
        return [full, nulls, defaults]
    }

    private func twoDigits(_ number: Int64) -> String {
        number < 10 ? "0\(number)" : "\(number)"
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
            return .text("2024-01-01T\(twoDigits(number / 60 % 24)):\(twoDigits(number % 60)):00.125Z")
        case .date(.unixEpoch):
            return .real(1_700_000_000.125 + Double(row))
        case .date(.unixEpochMilliseconds):
            return .integer(1_700_000_000_125 + number)
        case .uuid(.text):
            let digits = String(number)
            return .text("00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits)
        case .uuid(.blob):
            return .blob(Data((0..<16).map { $0 >= 14 ? UInt8(truncatingIfNeeded: number >> ((15 - $0) * 8)) : 0 }))
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
