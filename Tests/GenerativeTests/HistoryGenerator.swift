import Foundation
import Seeded

/// Draws a random valid schema history from a seed: tables and columns added, dropped and renamed,
/// changed definitions (declared type, default, NOT NULL tightening, enum cases, affinity changes with a
/// data step), enums, every `swift:` type, composite and WITHOUT ROWID keys, UNIQUE, indexes (partial,
/// DESC, unique) and foreign keys.
struct HistoryGenerator {
    var random: SeededRandom
    let seed: UInt64
    init(seed: UInt64) {
        self.seed = seed
        random = SeededRandom(seed: seed)
    }

    static let words = ["alpha", "bravo", "delta", "echo", "kilo", "lima", "oscar", "romeo", "tango", "zulu"]
    static let keywordNames = ["order", "group", "select", "default", "where"]

    private var version = 1
    private var dates = "iso8601"
    private var uuids = "text"
    private var migrations: [HistoryMigration] = []

    mutating func make() -> SchemaHistory {
        version = random.pick([1, 2, 3, 3, 4, 4, 5, 5])
        dates = random.pick(["iso8601", "unixEpoch", "unixEpochMilliseconds"])
        uuids = random.pick(["text", "blob"])
        // The driver lives in another module of the batch package, so the code is public or package.
        let access = random.pick(["public", "package"])
        migrations = []
        var tables: [HistoryTable] = []
        for index in 0..<random.int(1...4) {
            tables.append(makeTable(index, earlier: tables))
        }
        // Now and then a data step that rewrites a column with itself (it is left out of the comparison).
        if version > 1, random.chance(10) {
            let step = random.int(2...version)
            if let table = tables.first(where: { $0.contains(step) && $0.contains(step - 1) }),
               let column = table.columns.first(where: { $0.declaration(at: step) != nil && $0.declaration(at: step - 1) != nil && !$0.isKey }) {
                let name = column.name(at: step)
                migrations.append(HistoryMigration(
                    version: step, sql: "UPDATE \(quoted(table.name(at: step))) SET \(quoted(name)) = \(quoted(name))",
                    table: table.name, column: column.name))
            }
        }
        return SchemaHistory(seed: seed, version: version, dates: dates, uuids: uuids, access: access, tables: tables, migrations: migrations)
    }

    func quoted(_ identifier: String) -> String { "\"\(identifier)\"" }

    // MARK: Tables

    private mutating func makeTable(_ index: Int, earlier: [HistoryTable]) -> HistoryTable {
        let name = "\(random.pick(Self.words))_t\(index)"
        let since = random.chance(70) ? 1 : random.int(1...version)
        let until = since < version && random.chance(15) ? random.int(since...(version - 1)) : version
        var table = HistoryTable(
            name: name, renamedFrom: nil, since: since, until: until, withoutRowID: random.chance(15),
            columns: [], tablePrimaryKey: nil, uniques: [], indexes: [])
        if until > since, random.chance(20) {
            table.renamedFrom = (name: "\(random.pick(Self.words))_old\(index)", in: random.int((since + 1)...until))
        }
        let shape = table.withoutRowID ? random.pick(["single", "composite"]) : random.pick(["rowid", "rowid", "rowid", "single", "composite", "composite", "none"])
        switch shape {
        case "rowid":
            var id = keyColumn("id", kind: .int64, sqlType: "INTEGER", table: table)
            id.isRowID = true
            if random.chance(20) { table.tablePrimaryKey = ["id"] } else { id.isColumnKey = true }
            table.columns.append(id)
        case "single":
            let kind = random.pick([ValueKind.string, .int64, .uuid, .date, .int32])
            var key = keyColumn("code", kind: kind, sqlType: sqlType(kind, avoidRowID: true), table: table)
            if random.chance(30) { table.tablePrimaryKey = ["code"] } else { key.isColumnKey = true }
            table.columns.append(key)
        case "composite":
            table.columns.append(keyColumn("k_a", kind: .int64, sqlType: "INT", table: table))
            table.columns.append(keyColumn("k_b", kind: .string, sqlType: "TEXT", table: table))
            table.tablePrimaryKey = ["k_a", "k_b"]
        default:
            break
        }
        var used = Set(table.columns.map(\.name))
        for columnIndex in 0..<random.int(1...5) {
            var name = "c\(columnIndex)_\(random.pick(Self.words))"
            if random.chance(8) { name = random.pick(Self.keywordNames) }
            if random.chance(1) { name = "self" }
            if used.contains(name) { name = "c\(columnIndex)_x" }
            used.insert(name)
            table.columns.append(makeColumn(name, table: table, earlier: earlier))
        }
        // Every version of a table needs a column (daogen refuses a table without one).
        if !(table.since...table.until).allSatisfy({ version in table.columns.contains { $0.declaration(at: version) != nil } }) {
            table.columns.append(HistoryColumn(name: "c_all", renamedFrom: nil, declarations: [ColumnDeclaration(
                since: table.since, until: table.until, kind: .string, sqlType: "TEXT", notNull: false, defaultSQL: nil, unique: false)]))
        }
        // A table-level UNIQUE over two columns that live as long as the table.
        let whole = table.columns.filter { !$0.isKey && $0.declarations.count == 1 && $0.since == table.since && $0.until == table.until && $0.declarations[0].kind.hasSixValues && $0.references == nil }
        if whole.count >= 2, random.chance(15) {
            table.uniques.append([whole[0].name, whole[1].name])
            for position in table.columns.indices where [whole[0].name, whole[1].name].contains(table.columns[position].name) {
                table.columns[position].isDistinct = true
            }
        }
        for indexNumber in 0..<random.int(0...2) {
            if let index = makeIndex("ix_t\(index)_\(indexNumber)", table: table) { table.indexes.append(index) }
        }
        return table
    }

    private mutating func keyColumn(_ name: String, kind: ValueKind, sqlType: String, table: HistoryTable) -> HistoryColumn {
        var column = HistoryColumn(
            name: name, renamedFrom: nil,
            declarations: [ColumnDeclaration(since: table.since, until: table.until, kind: kind, sqlType: sqlType, notNull: false, defaultSQL: nil, unique: false)])
        column.isKey = true
        column.isDistinct = true
        if table.until > table.since, random.chance(10) {
            column.renamedFrom = (name: "\(name)_old", in: random.int((table.since + 1)...table.until))
        }
        return column
    }

    // MARK: Columns

    private mutating func randomKind() -> ValueKind {
        switch random.int(0...14) {
        case 0, 1: return .int64
        case 2: return .int
        case 3: return random.pick([.int32, .int16, .uint8])
        case 4: return .int8
        case 5: return .bool
        case 6: return .double
        case 7: return .float
        case 8, 9: return .string
        case 10: return .data
        case 11: return .date
        case 12: return .uuid
        case 13: return .textEnum(Array(["draft", "in-progress", "archived", "x"].prefix(random.int(1...4))))
        default:
            let count = random.int(1...4)
            return .intEnum(names: Array(["low", "zero", "high", "top"].prefix(count)), values: Array([-1, 0, 7, Int64.max].prefix(count)))
        }
    }

    func sqlTypes(_ kind: ValueKind) -> [String] {
        switch kind {
        case .int64: return ["INTEGER", "INT", "BIGINT"]
        case .int, .int32, .int16, .int8, .uint8: return ["INTEGER", "INT"]
        case .bool: return ["INTEGER", "BOOLEAN"]
        case .double: return ["REAL", "DOUBLE", "NUMERIC"]
        case .float: return ["REAL", "FLOAT"]
        case .string: return ["TEXT", "VARCHAR(20)", "CLOB"]
        case .data: return ["BLOB"]
        case .date:
            switch dates {
            case "unixEpoch": return ["REAL"]
            case "unixEpochMilliseconds": return ["INTEGER"]
            default: return ["TEXT", "DATETIME"]
            }
        case .uuid: return uuids == "blob" ? ["BLOB"] : ["TEXT"]
        case .textEnum: return ["TEXT"]
        case .intEnum: return ["INTEGER"]
        }
    }

    private mutating func sqlType(_ kind: ValueKind, avoidRowID: Bool = false) -> String {
        let types = sqlTypes(kind).filter { !avoidRowID || $0 != "INTEGER" }
        return random.pick(types.isEmpty ? ["INT"] : types)
    }

    /// Declared types of the same affinity, for a changed definition that keeps the values.
    static func sameAffinityTypes(_ type: String) -> [String] {
        let affinity = ColumnDeclaration(since: 1, until: 1, kind: .int64, sqlType: type, notNull: false, defaultSQL: nil, unique: false).affinity
        switch affinity {
        case "INTEGER": return ["INTEGER", "INT", "BIGINT"].filter { $0 != type }
        case "TEXT": return ["TEXT", "VARCHAR(40)", "CLOB"].filter { $0 != type }
        case "REAL": return ["REAL", "DOUBLE", "FLOAT"].filter { $0 != type }
        case "NUMERIC": return ["NUMERIC", "DECIMAL(10,2)", "BOOLEAN"].filter { $0 != type }
        default: return []
        }
    }

    /// SQL literals the column's Swift type holds.
    func literalDefaults(_ kind: ValueKind) -> [String] {
        switch kind {
        case .int64, .int: return ["0", "-1", "9223372036854775807", "42"]
        case .int32: return ["0", "-7", "2147483647"]
        case .int16: return ["0", "32767"]
        case .int8: return ["0", "-128", "127"]
        case .uint8: return ["0", "255"]
        case .bool: return ["0", "1", "TRUE", "FALSE"]
        case .double, .float: return ["0", "1.5", "-0.25"]
        case .string: return ["''", "'x'", "'it''s'"]
        case .data: return ["X'00FF'"]
        case .date:
            switch dates {
            case "unixEpoch": return ["0", "1700000000.5"]
            case "unixEpochMilliseconds": return ["0", "1700000000123"]
            default: return ["'2024-05-01T12:30:00.000Z'"]
            }
        case .uuid: return uuids == "blob" ? ["X'000102030405060708090A0B0C0D0E0F'"] : ["'00000000-0000-0000-0000-000000000000'"]
        case let .textEnum(values): return ["'\(values[0])'"]
        case let .intEnum(_, values): return ["\(values[0])"]
        }
    }

    private mutating func makeColumn(_ name: String, table: HistoryTable, earlier: [HistoryTable]) -> HistoryColumn {
        let since = random.chance(70) ? table.since : random.int(table.since...table.until)
        let until = since < table.until && random.chance(15) ? random.int(since...(table.until - 1)) : table.until
        var kind = randomKind()
        var declaration = ColumnDeclaration(
            since: since, until: until, kind: kind, sqlType: sqlType(kind), notNull: random.chance(35),
            defaultSQL: nil, unique: false)
        if random.chance(40) { declaration.defaultSQL = random.pick(literalDefaults(kind)) }
        if kind == .int8, random.chance(5) { declaration.defaultSQL = random.pick(["-128", "127"]) }
        var column = HistoryColumn(name: name, renamedFrom: nil, declarations: [declaration])

        // A foreign key to an earlier table's rowid that outlives this column.
        let parents = earlier.filter { parent in
            parent.columns.contains { $0.isRowID } && parent.since <= since && parent.until >= until
        }
        if !parents.isEmpty, random.chance(15) {
            kind = .int64
            column.declarations = [ColumnDeclaration(since: since, until: until, kind: .int64, sqlType: "INTEGER", notNull: false, defaultSQL: nil, unique: false)]
            column.references = random.pick(parents).name
            return column
        }

        if kind.hasSixValues, random.chance(10) {
            column.declarations[0].unique = true
            column.isDistinct = true
            if since > table.since {
                // Rows older than the column get NULL, which UNIQUE allows; a default would repeat.
                column.declarations[0].notNull = false
                column.declarations[0].defaultSQL = nil
            }
        }
        let needsDataStep = column.declarations[0].notNull && since > table.since && column.declarations[0].defaultSQL == nil
        if until > since, random.chance(15) {
            column.renamedFrom = (name: "\(name)_old", in: random.int((since + 1)...until))
        } else if until > since, !column.isDistinct, random.chance(30) {
            changeDefinition(&column, table: table)
        }
        if needsDataStep {
            // ADD COLUMN ... NOT NULL without a default: a data step fills the rows first, naming the
            // table and column as they are called at that version.
            let value = literalDefaults(kind)[0]
            migrations.append(HistoryMigration(
                version: since, sql: "UPDATE \(quoted(table.name(at: since))) SET \(quoted(column.name(at: since))) = \(value)",
                table: table.name, column: name))
        }
        return column
    }

    /// Splits a column into two declarations with a change between them.
    private mutating func changeDefinition(_ column: inout HistoryColumn, table: HistoryTable) {
        var first = column.declarations[0]
        let change = first.since + 1 == first.until ? first.until : random.int((first.since + 1)...first.until)
        var second = first
        first.until = change - 1
        second.since = change
        var options = ["retype", "default"]
        options.append("tighten")
        if first.kind.isEnum { options += ["grow", "grow"] }
        if first.kind == .string, !first.notNull { options.append("affinity") }
        switch random.pick(options) {
        case "retype":
            if let type = Self.sameAffinityTypes(first.sqlType).first.map({ _ in random.pick(Self.sameAffinityTypes(first.sqlType)) }) {
                second.sqlType = type
            } else {
                second.defaultSQL = first.defaultSQL == nil ? literalDefaults(first.kind)[0] : nil
            }
        case "default":
            let other = literalDefaults(first.kind).filter { $0 != first.defaultSQL }
            second.defaultSQL = other.isEmpty || random.chance(20) ? nil : random.pick(other)
        case "tighten":
            // Nullable, then NOT NULL with a default: old rows' NULLs need the default on the way.
            first.notNull = false
            second.notNull = true
            second.defaultSQL = literalDefaults(first.kind)[0]
        case "grow":
            switch first.kind {
            case let .textEnum(values): second.kind = .textEnum(values + ["extra"])
            case let .intEnum(names, values): second.kind = .intEnum(names: names + ["extra"], values: values + [99])
            default: break
            }
        default:
            // TEXT to INTEGER: the rebuild converts what it can, then a data step makes every value a number.
            second.kind = .int64
            second.sqlType = "INTEGER"
            second.defaultSQL = nil
            second.notNull = false
            migrations.append(HistoryMigration(
                version: change, sql: "UPDATE \(quoted(table.name(at: change))) SET \(quoted(column.name(at: change))) = length(\(quoted(column.name(at: change))))",
                table: table.name, column: column.name))
        }
        column.declarations = [first, second]
    }

    // MARK: Indexes

    private mutating func makeIndex(_ name: String, table: HistoryTable) -> HistoryIndex? {
        var candidates = table.columns.filter { !($0.declarations.contains { $0.kind.isEnum }) }
        if random.chance(10) { candidates = table.columns }
        guard !candidates.isEmpty else { return nil }
        var chosen = [random.pick(candidates)]
        if random.chance(40), let second = candidates.filter({ $0.name != chosen[0].name }).first {
            chosen.append(second)
        }
        let low = max(table.since, chosen.map(\.since).max()!)
        let high = min(table.until, chosen.map(\.until).min()!)
        guard low <= high else { return nil }
        let since = random.chance(60) ? low : random.int(low...high)
        let until = since < high && random.chance(20) ? random.int(since...(high - 1)) : high
        let unique = chosen.allSatisfy(\.isDistinct) && random.chance(40)
        var whereSQL: String?
        if !unique, random.chance(25), let plain = chosen.first(where: { $0.renamedFrom == nil }) {
            whereSQL = "\(quoted(plain.name)) IS NOT NULL"
        }
        return HistoryIndex(
            name: name, columns: chosen.map(\.name), descending: chosen.map { _ in random.chance(30) },
            unique: unique, whereSQL: whereSQL, since: since, until: until)
    }
}
