@testable import DAOGenRuntime
import Foundation
import Testing
import Seeded

/// The "lossy reads" rule: every reader reads a stored value exactly or throws
/// `DAOGenError.invalidValue` naming the column and the stored value, never a different value.
@Suite("Lossy reads")
struct LossyReadTests {
    /// A stored value as SQLite keeps it after the column's affinity: its storage class and bytes.
    enum Stored: CustomStringConvertible {
        case null
        case integer(Int64)
        case real(Double)
        /// The bytes of a TEXT, which may not be valid UTF-8.
        case text([UInt8])
        case blob([UInt8])

        /// The SQL literal the error message names.
        var description: String {
            switch self {
            case .null: return "NULL"
            case let .integer(value): return String(value)
            case let .real(value): return String(value)
            case let .text(bytes):
                guard let text = Self.utf8(bytes) else { return "CAST(\(Self.hex(bytes)) AS TEXT)" }
                return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
            case let .blob(bytes): return Self.hex(bytes)
            }
        }

        /// `X'…'`.
        static func hex(_ bytes: [UInt8]) -> String {
            "X'" + bytes.map { String(format: "%02X", $0) }.joined() + "'"
        }

        /// The text of valid UTF-8 bytes; nil for others (decoding repairs them, so the bytes differ).
        static func utf8(_ bytes: [UInt8]) -> String? {
            let text = String(decoding: bytes, as: UTF8.self)
            return Array(text.utf8) == bytes ? text : nil
        }

        /// True for TEXT that is not valid UTF-8.
        var isInvalidText: Bool {
            if case let .text(bytes) = self { return Self.utf8(bytes) == nil }
            return false
        }

        /// The exact integer of an INTEGER, or of a REAL with an integral value in range.
        var exactInteger: Int64? {
            switch self {
            case let .integer(value): return value
            case let .real(value):
                guard value.rounded(.towardZero) == value, value >= -0x1p63, value < 0x1p63 else { return nil }
                return Int64(value)
            default: return nil
            }
        }

        /// The exact double of a REAL, or of an INTEGER that converts and converts back unchanged.
        var exactDouble: Double? {
            switch self {
            case let .real(value): return value
            case let .integer(value):
                let double = Double(value)
                guard double < 0x1p63, Int64(double) == value else { return nil }
                return double
            default: return nil
            }
        }

        /// The text of a TEXT or blob that is valid UTF-8.
        var exactText: String? {
            switch self {
            case let .text(bytes), let .blob(bytes): return Self.utf8(bytes)
            default: return nil
            }
        }
    }

    /// What a reader gave: a value (described exactly) or the error's stored value and type.
    enum Outcome: Equatable, CustomStringConvertible {
        case value(String)
        case invalid(value: String, expected: String)

        var description: String {
            switch self {
            case let .value(value): return value
            case let .invalid(value, expected): return "invalidValue(\(value) as \(expected))"
            }
        }
    }

    /// An enum with integer raw values, for `rawRepresentable(at:as:)`.
    enum Level: Int64, DatabaseValueConvertible { case low = 0, high = 1, huge = 4_000_000_000 }
    /// An enum with text raw values.
    enum Color: String, DatabaseValueConvertible { case red, green, empty = "" }

    /// A value for the oracle's `.value`: doubles by their exact bits, so -0.0 and 0.0 differ.
    static func exact(_ value: Any?) -> String {
        switch value {
        case nil: return "nil"
        case let double as Double: return "Double(\(double.bitPattern))"
        case let float as Float: return "Float(\(float.bitPattern))"
        case let date as Date: return "Date(\(date.timeIntervalSince1970.bitPattern))"
        case let data as Data: return "Data(\(Array(data)))"
        case let text as String: return "String(\(Array(text.utf8)))"
        case let some?: return "\(type(of: some))(\(some))"
        }
    }

    /// One reader: its name, the type its errors name, how it reads, and what the rule says it must give.
    struct Reader {
        var name: String
        var expected: String
        var optional: Bool
        var read: (Statement) throws -> Any?
        var oracle: (Stored) -> Any??
    }

    /// Every reader of the runtime, with the rule for each.
    static var readers: [Reader] {
        func fit<T: FixedWidthInteger>(_: T.Type) -> (Stored) -> Any?? {
            { stored in stored.exactInteger.flatMap { T(exactly: $0) }.map { .some($0) } }
        }
        let bool: (Stored) -> Any?? = { stored in
            switch stored.exactInteger { case 0: false; case 1: true; default: nil }
        }
        let float: (Stored) -> Any?? = { stored in
            stored.exactDouble.flatMap { double in Double(Float(double)) == double ? Float(double) : nil }.map { .some($0) }
        }
        let milliseconds: (Stored) -> Any?? = { stored in
            stored.exactInteger.flatMap { $0.magnitude <= 8_640_000_000_000_000 ? Date(timeIntervalSince1970: Double($0) / 1000) : nil }
        }
        let uuidText: (Stored) -> Any?? = { stored in
            guard case .text = stored, let text = stored.exactText, text.utf8.count == 36 else { return nil }
            return UUID(uuidString: text)
        }
        let uuidBlob: (Stored) -> Any?? = { stored in
            guard case let .blob(bytes) = stored, bytes.count == 16 else { return nil }
            return bytes.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
        }
        let iso: (Stored) -> Any?? = { stored in
            guard case .text = stored, let text = stored.exactText else { return nil }
            return Date.fromDatabaseValue(.text(text))  // the parser is tested in DateStorageTests
        }
        let url: (Stored) -> Any?? = { stored in
            guard let text = stored.exactText, let url = URL(string: text), url.absoluteString == text else { return nil }
            return url
        }
        let data: (Stored) -> Any?? = { stored in
            switch stored { case let .text(bytes), let .blob(bytes): Data(bytes); default: nil }
        }
        let value: (Stored) -> Any?? = { stored in
            switch stored {
            case .null: DatabaseValue.null
            case let .integer(integer): DatabaseValue.integer(integer)
            case let .real(real): DatabaseValue.real(real)
            case let .text(bytes): Stored.utf8(bytes).map { DatabaseValue.text($0) }
            case let .blob(bytes): DatabaseValue.blob(Data(bytes))
            }
        }
        let string: (Stored) -> Any?? = { $0.exactText.map { .some($0) } }
        let integer: (Stored) -> Any?? = { $0.exactInteger.map { .some($0) } }
        let double: (Stored) -> Any?? = { $0.exactDouble.map { .some($0) } }
        let seconds: (Stored) -> Any?? = { $0.exactDouble.map { Date(timeIntervalSince1970: $0) } }
        let level: (Stored) -> Any?? = { $0.exactInteger.flatMap(Level.init(rawValue:)).map { .some($0) } }
        let color: (Stored) -> Any?? = { $0.exactText.flatMap(Color.init(rawValue:)).map { .some($0) } }
        return [
            Reader(name: "int64", expected: "Int64", optional: false, read: { try $0.int64(at: 0) }, oracle: integer),
            Reader(name: "optionalInt64", expected: "Int64", optional: true, read: { try $0.optionalInt64(at: 0) }, oracle: integer),
            Reader(name: "double", expected: "Double", optional: false, read: { try $0.double(at: 0) }, oracle: double),
            Reader(name: "optionalDouble", expected: "Double", optional: true, read: { try $0.optionalDouble(at: 0) }, oracle: double),
            Reader(name: "float", expected: "Float", optional: false, read: { try $0.float(at: 0) }, oracle: float),
            Reader(name: "bool", expected: "Bool", optional: false, read: { try $0.bool(at: 0) }, oracle: bool),
            Reader(name: "string", expected: "String", optional: false, read: { try $0.string(at: 0) }, oracle: string),
            Reader(name: "optionalString", expected: "String", optional: true, read: { try $0.optionalString(at: 0) }, oracle: string),
            Reader(name: "data", expected: "Data", optional: false, read: { try $0.data(at: 0) }, oracle: data),
            Reader(name: "unixEpochDate", expected: "Date (seconds since 1970)", optional: false, read: { try $0.unixEpochDate(at: 0) }, oracle: seconds),
            Reader(name: "unixEpochMillisecondsDate", expected: "Date (milliseconds since 1970)", optional: false,
                   read: { try $0.unixEpochMillisecondsDate(at: 0) }, oracle: milliseconds),
            Reader(name: "iso8601Date", expected: "Date (ISO-8601 text)", optional: false, read: { try $0.iso8601Date(at: 0) }, oracle: iso),
            Reader(name: "uuidText", expected: "UUID (text)", optional: false, read: { try $0.uuidText(at: 0) }, oracle: uuidText),
            Reader(name: "uuidBlob", expected: "UUID (16-byte blob)", optional: false, read: { try $0.uuidBlob(at: 0) }, oracle: uuidBlob),
            Reader(name: "value Int", expected: "Int", optional: false, read: { try $0.value(at: 0, as: Int.self) }, oracle: fit(Int.self)),
            Reader(name: "value Int32", expected: "Int32", optional: false, read: { try $0.value(at: 0, as: Int32.self) }, oracle: fit(Int32.self)),
            Reader(name: "value Int16", expected: "Int16", optional: false, read: { try $0.value(at: 0, as: Int16.self) }, oracle: fit(Int16.self)),
            Reader(name: "value Int8", expected: "Int8", optional: false, read: { try $0.value(at: 0, as: Int8.self) }, oracle: fit(Int8.self)),
            Reader(name: "value UInt8", expected: "UInt8", optional: false, read: { try $0.value(at: 0, as: UInt8.self) }, oracle: fit(UInt8.self)),
            Reader(name: "value Int64", expected: "Int64", optional: false, read: { try $0.value(at: 0, as: Int64.self) }, oracle: integer),
            Reader(name: "value Bool", expected: "Bool", optional: false, read: { try $0.value(at: 0, as: Bool.self) }, oracle: bool),
            Reader(name: "value Double", expected: "Double", optional: false, read: { try $0.value(at: 0, as: Double.self) }, oracle: double),
            Reader(name: "value Float", expected: "Float", optional: false, read: { try $0.value(at: 0, as: Float.self) }, oracle: float),
            Reader(name: "value String", expected: "String", optional: false, read: { try $0.value(at: 0, as: String.self) }, oracle: string),
            // Data reads its bytes directly, like `data(at:)`: TEXT that is not UTF-8 is still its exact bytes.
            Reader(name: "value Data", expected: "Data", optional: false, read: { try $0.value(at: 0, as: Data.self) }, oracle: data),
            Reader(name: "value URL", expected: "URL", optional: false, read: { try $0.value(at: 0, as: URL.self) }, oracle: url),
            Reader(name: "value DatabaseValue", expected: "DatabaseValue", optional: false,
                   read: { try $0.value(at: 0, as: DatabaseValue.self) }, oracle: value),
            Reader(name: "rawRepresentable Int64", expected: "Level", optional: false, read: { try $0.value(at: 0, as: Level.self) }, oracle: level),
            Reader(name: "rawRepresentable String", expected: "Color", optional: false, read: { try $0.value(at: 0, as: Color.self) }, oracle: color),
            // Optionals read through their wrapped type's `readOptional(from:at:)`: nil for NULL, otherwise
            // exactly what the wrapped type reads, with the same error.
            Reader(name: "value Int64?", expected: "Int64", optional: true, read: { try $0.value(at: 0, as: Int64?.self) }, oracle: integer),
            Reader(name: "value Int?", expected: "Int", optional: true, read: { try $0.value(at: 0, as: Int?.self) }, oracle: fit(Int.self)),
            Reader(name: "value Int32?", expected: "Int32", optional: true, read: { try $0.value(at: 0, as: Int32?.self) }, oracle: fit(Int32.self)),
            Reader(name: "value Int16?", expected: "Int16", optional: true, read: { try $0.value(at: 0, as: Int16?.self) }, oracle: fit(Int16.self)),
            Reader(name: "value Int8?", expected: "Int8", optional: true, read: { try $0.value(at: 0, as: Int8?.self) }, oracle: fit(Int8.self)),
            Reader(name: "value UInt8?", expected: "UInt8", optional: true, read: { try $0.value(at: 0, as: UInt8?.self) }, oracle: fit(UInt8.self)),
            Reader(name: "value Bool?", expected: "Bool", optional: true, read: { try $0.value(at: 0, as: Bool?.self) }, oracle: bool),
            Reader(name: "value Double?", expected: "Double", optional: true, read: { try $0.value(at: 0, as: Double?.self) }, oracle: double),
            Reader(name: "value Float?", expected: "Float", optional: true, read: { try $0.value(at: 0, as: Float?.self) }, oracle: float),
            Reader(name: "value String?", expected: "String", optional: true, read: { try $0.value(at: 0, as: String?.self) }, oracle: string),
            Reader(name: "value Data?", expected: "Data", optional: true, read: { try $0.value(at: 0, as: Data?.self) }, oracle: data),
            Reader(name: "value URL?", expected: "URL", optional: true, read: { try $0.value(at: 0, as: URL?.self) }, oracle: url),
            Reader(name: "value Date? (ISO-8601 text)", expected: "Date (ISO-8601 text)", optional: true,
                   read: { try $0.value(at: 0, as: Date?.self) }, oracle: iso),
            Reader(name: "value UUID? (text)", expected: "UUID (text)", optional: true, read: { try $0.value(at: 0, as: UUID?.self) }, oracle: uuidText),
            Reader(name: "optionalUnixEpochDate", expected: "Date (seconds since 1970)", optional: true,
                   read: { try $0.optionalUnixEpochDate(at: 0) }, oracle: seconds),
            Reader(name: "optionalUnixEpochMillisecondsDate", expected: "Date (milliseconds since 1970)", optional: true,
                   read: { try $0.optionalUnixEpochMillisecondsDate(at: 0) }, oracle: milliseconds),
            Reader(name: "optionalUUIDText", expected: "UUID (text)", optional: true, read: { try $0.optionalUUIDText(at: 0) }, oracle: uuidText),
            Reader(name: "optionalUUIDBlob", expected: "UUID (16-byte blob)", optional: true, read: { try $0.optionalUUIDBlob(at: 0) }, oracle: uuidBlob),
            Reader(name: "optionalData", expected: "Data", optional: true, read: { try $0.optionalData(at: 0) }, oracle: data),
            Reader(name: "rawRepresentable Int64?", expected: "Level", optional: true, read: { try $0.value(at: 0, as: Level?.self) }, oracle: level),
            Reader(name: "rawRepresentable String?", expected: "Color", optional: true, read: { try $0.value(at: 0, as: Color?.self) }, oracle: color),
        ]
    }

    /// The declared types whose affinities the values go through.
    static let declaredTypes = ["INTEGER", "REAL", "TEXT", "BLOB", "NUMERIC", ""]

    /// A random value to bind, in any storage class; text may be invalid UTF-8 (bound as a blob
    /// and cast to TEXT in SQL).
    static func randomValue(_ random: inout SeededRandom) -> (sql: String, value: DatabaseValue) {
        let plain = "?"
        let invalidText = "CAST(? AS TEXT)"
        switch random.below(12) {
        case 0: return (plain, .null)
        case 1: return (plain, .integer(random.pick([0, 1, 2, -1, 127, 128, 255, 256, -129, 32_767, 32_768, 2_147_483_648, 4_000_000_000,
                                                      1 << 53, (1 << 53) + 1, -(1 << 53) - 1, .max, .min, 8_640_000_000_000_000, 8_640_000_000_000_001])))
        case 2: return (plain, .integer(Int64(bitPattern: random.next() >> random.below(64))))
        case 3: return (plain, .real(random.pick([0.0, -0.0, 1.0, 1.5, -2.75, 0.1, 0.5, 2.0, 9.3e18, -9.3e18, 0x1p63, -0x1p63, 1e300, -1e-300,
                                                  .infinity, -.infinity, 3.4028234663852886e38, 1e39, 1e15 + 0.5, 1.7e9])))
        case 4:
            let significand = 1 + Double(random.below(1 << 20)) / Double(1 << 20)
            return (plain, .real(Double(sign: random.below(2) == 0 ? .plus : .minus, exponent: random.below(140) - 70, significand: significand)))
        case 5:
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            return (plain, .real(float.isFinite ? Double(float) : 0.25))
        case 6: return (plain, .text(random.pick(["", "abc", "12", "-7", "1.5", " 12", "12abc", "0x10", "1e3", "yes", "true", "1", "0",
                                                   "2024-01-02T03:04:05.678Z", "2024-01-02 03:04:05", "123e4567-e89b-12d3-a456-426614174000",
                                                   "123E4567-E89B-12D3-A456-426614174000", "https://example.org/a?b=c", "a b", "it's",
                                                   "é ✓ 😀", "red", "green", "nul\u{0}inside", "9223372036854775808", "-0", "+5"])))
        case 7:
            let bytes = (0..<random.below(8)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            return (invalidText, .blob(Data(bytes)))
        case 8:
            return (invalidText, .blob(Data(random.pick([[0xFF], [0x61, 0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98], [0x61, 0x00, 0xFF], [0xEF, 0xBF, 0xBD]]))))
        case 9: return (plain, .blob(Data((0..<random.below(20)).map { _ in UInt8(truncatingIfNeeded: random.next()) })))
        case 10: return (plain, .blob(Data(random.pick([[], [0x31, 0x32], Array("é".utf8), [0xFF, 0xFE], Array(repeating: 7, count: 16)]))))
        default: return (plain, .text(String(decoding: (0..<random.below(6)).map { _ in UInt8(random.below(128)) }, as: UTF8.self)))
        }
    }

    @Test("every reader, against random values of every storage class in every affinity, reads exactly or throws")
    func randomValues() throws {
        var random = SeededRandom(seed: 21)
        let database = try Database(path: ":memory:")
        for (offset, type) in Self.declaredTypes.enumerated() {
            try database.execute("CREATE TABLE t\(offset)(v \(type))")
        }
        let readers = Self.readers
        var checked = 0
        for trial in 0..<600 {
            let table = "t\(random.below(Self.declaredTypes.count))"
            let (placeholder, value) = Self.randomValue(&random)
            try database.execute("DELETE FROM \(table)")
            try database.withStatement(sql: "INSERT INTO \(table)(v) VALUES (\(placeholder))") { statement in
                statement.bind(value, at: 1)
                try statement.execute()
            }
            let stored = try Self.stored(in: table, database)
            let sql = "SELECT v FROM \(table)"
            for reader in readers {
                let outcome: Outcome
                do {
                    outcome = .value(Self.exact(try database.withStatement(sql: sql) { statement in
                        try #require(try statement.step())
                        return try reader.read(statement)
                    }))
                } catch let DAOGenError.invalidValue(column, value, expected, errorSQL) {
                    #expect(column == "v" && errorSQL == sql)
                    outcome = .invalid(value: value, expected: expected)
                }
                let expected: Outcome
                if case .null = stored, reader.optional {
                    expected = .value("nil")
                } else if let read = reader.oracle(stored) {
                    expected = .value(Self.exact(read))
                } else {
                    expected = .invalid(value: stored.description, expected: reader.expected)
                }
                #expect(outcome == expected, "trial \(trial): \(reader.name) of \(stored) in \(table) (bound \(value))")
                checked += 1
            }
        }
        #expect(checked == 600 * readers.count)
    }

    /// The value stored in `table`, read with the C API's exact accessors through SQL.
    static func stored(in table: String, _ database: Database) throws -> Stored {
        let row = try #require(try database.rows("SELECT typeof(v), quote(v), CAST(v AS BLOB) FROM \(table)").first)
        switch (String.fromDatabaseValue(row[0]), row[2]) {
        case ("null", _): return .null
        case ("integer", _):
            guard case let .text(quoted) = row[1], let integer = Int64(quoted) else { break }
            return .integer(integer)
        case ("real", _):
            return try database.withStatement(sql: "SELECT v FROM \(table)") { statement in
                _ = try statement.step()
                guard case let .real(real) = statement.databaseValue(at: 0) else { return .null }
                return .real(real)
            }
        case ("text", .blob(let bytes)): return .text(Array(bytes))
        case ("text", .text(let text)): return .text(Array(text.utf8))
        case ("blob", .blob(let bytes)): return .blob(Array(bytes))
        default: break
        }
        Issue.record("unexpected stored row \(row)")
        return .null
    }

    @Test("the examples of issue 21: REAL 1.5 and 9.3e18 in an INTEGER column, invalid UTF-8 text")
    func examples() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE task(id INTEGER PRIMARY KEY, count INTEGER, title TEXT)")
        try database.execute("INSERT INTO task VALUES (1, 1.5, 'a'), (2, 9.3e18, 'b'), (3, 2.0, CAST(X'61FF' AS TEXT)), (4, '12', 'd')")
        let sql = "SELECT count, title FROM task ORDER BY id"
        let errors: [DAOGenError] = [
            .invalidValue(column: "count", value: "1.5", expected: "Int64", sql: sql),
            .invalidValue(column: "count", value: "9.3e+18", expected: "Int64", sql: sql),
            .invalidValue(column: "title", value: "CAST(X'61FF' AS TEXT)", expected: "String", sql: sql),
        ]
        let outcomes = try database.withStatement(sql: sql) { statement in
            var outcomes: [String] = []
            while try statement.step() {
                do { outcomes.append("\(try statement.int64(at: 0)) \(try statement.string(at: 1))") } catch { outcomes.append("\(error)") }
            }
            return outcomes
        }
        // REAL 2.0 and the text '12' were stored as the INTEGERs 2 and 12 by the column's affinity.
        #expect(outcomes == errors.map(\.description) + ["12 d"])
        #expect(errors[0].description == "The column count holds 1.5, which cannot be read as Int64, in: \(sql)")
    }

    @Test("Decimal reads a number only when it holds it exactly")
    func decimals() throws {
        let database = try Database(path: ":memory:")
        func read(_ text: String) throws -> Decimal {
            try database.withStatement(sql: "SELECT ? AS v") { statement in
                statement.bind(text, at: 1)
                _ = try statement.step()
                return try statement.value(at: 0, as: Decimal.self)
            }
        }
        #expect(try read("-12.50") == Decimal(string: "-12.5"))
        #expect(try read("1e-5") == Decimal(string: "0.00001"))
        #expect(try read("12345678901234567890123456789012345678") == Decimal(string: "12345678901234567890123456789012345678"))
        for text in ["123456789012345678901234567890123456789012", "0.123456789012345678901234567890123456789012", "1e-300", "1e300"] {
            #expect(throws: DAOGenError.invalidValue(column: "v", value: "'\(text)'", expected: "Decimal", sql: "SELECT ? AS v")) { try read(text) }
        }
    }
}
