@testable import DAOGenRuntime
import Foundation
import Testing
import Seeded

/// A date exactly `milliseconds` after 1970, built the way a caller writes decimal seconds.
private func date(milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
}

/// Whole milliseconds since 1970 for the UTC date and time given.
private func milliseconds(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0, _ millisecond: Int = 0) -> Int64 {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    let seconds = calendar.date(from: components)!.timeIntervalSince1970
    return Int64(seconds) * 1000 + Int64(millisecond)
}

@Suite("Date storages")
struct DateStorageTests {
    @Test(
        "ISO-8601 text has the exact format",
        arguments: [
            (Int64(1_704_164_645_678), "2024-01-02T03:04:05.678Z"),
            (0, "1970-01-01T00:00:00.000Z"),
            (-1, "1969-12-31T23:59:59.999Z"),
            (-1500, "1969-12-31T23:59:58.500Z"),
            (951_782_400_000, "2000-02-29T00:00:00.000Z"),
            (-2_208_988_800_000, "1900-01-01T00:00:00.000Z"),
            (-62_135_596_800_000, "0001-01-01T00:00:00.000Z"),
            (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
            (253_402_300_800_000, "+10000-01-01T00:00:00.000Z"),
            (-62_167_219_200_001, "-0001-12-31T23:59:59.999Z"),
        ])
    func isoFormat(milliseconds: Int64, text: String) throws {
        let database = try makeValueTable()
        let read = try roundTrip(database, bind: { $0.bindISO8601(date(milliseconds: milliseconds), at: 1) }, read: { try $0.iso8601Date(at: 0) })
        #expect(try storedValue(database) == .text(text))
        #expect(read == date(milliseconds: milliseconds))
        #expect(date(milliseconds: milliseconds).databaseValue == .text(text))
    }

    @Test("a literal date round trips exactly through ISO-8601 text")
    func literalDate() throws {
        let database = try makeValueTable()
        let original = Date(timeIntervalSince1970: 1_704_164_645.678)
        let read = try roundTrip(database, bind: { $0.bindISO8601(original, at: 1) }, read: { try $0.iso8601Date(at: 0) })
        #expect(read == original)
        #expect(try storedValue(database) == .text("2024-01-02T03:04:05.678Z"))
    }

    @Test("ISO-8601 text agrees with Foundation's Gregorian calendar")
    func agreesWithCalendar() throws {
        let cases: [(Int64, String)] = [
            (milliseconds(1600, 3, 1, 12, 30, 15, 1), "1600-03-01T12:30:15.001Z"),
            (milliseconds(1900, 3, 1), "1900-03-01T00:00:00.000Z"),
            (milliseconds(1969, 7, 20, 20, 17, 40, 999), "1969-07-20T20:17:40.999Z"),
            (milliseconds(2038, 1, 19, 3, 14, 8, 500), "2038-01-19T03:14:08.500Z"),
            (milliseconds(2400, 2, 29, 23, 59, 59, 999), "2400-02-29T23:59:59.999Z"),
            (milliseconds(9999, 12, 31, 23, 59, 59, 999), "9999-12-31T23:59:59.999Z"),
        ]
        for (milliseconds, text) in cases {
            #expect(date(milliseconds: milliseconds).databaseValue == .text(text))
        }
    }

    @Test("every storage round trips at millisecond precision from year 0001 to 9999")
    func roundTripsAcrossTheRange() throws {
        let database = try makeValueTable()
        var generator = SeededRandom(seed: 70)
        let first: Int64 = -62_135_596_800_000
        let last: Int64 = 253_402_300_799_999
        var samples: [Int64] = [first, last, 0, -1, 1, 1_704_164_645_678, -86_400_001]
        for _ in 0..<2000 {
            samples.append(Int64.random(in: first...last, using: &generator))
        }
        try database.withStatement(sql: "SELECT ?, ?, ?") { statement in
            for milliseconds in samples {
                let original = date(milliseconds: milliseconds)
                statement.bindISO8601(original, at: 1)
                statement.bindUnixEpochMilliseconds(original, at: 2)
                statement.bindUnixEpoch(original, at: 3)
                #expect(try statement.step())
                #expect(try statement.iso8601Date(at: 0) == original, "ISO \(milliseconds)")
                #expect(try statement.unixEpochMillisecondsDate(at: 1) == original, "ms \(milliseconds)")
                #expect(try statement.int64(at: 1) == milliseconds)
                #expect(try statement.unixEpochDate(at: 2) == original, "epoch \(milliseconds)")
                let value = try statement.value(at: 0, as: Date.self)
                #expect(value == original)
                statement.reset()
            }
        }
    }

    @Test(
        "dates are rounded to the nearest millisecond",
        arguments: [
            (0.0004, "1970-01-01T00:00:00.000Z", Int64(0)),
            (0.0006, "1970-01-01T00:00:00.001Z", 1),
            (-0.0006, "1969-12-31T23:59:59.999Z", -1),
            (1.9996, "1970-01-01T00:00:02.000Z", 2000),
            (59.9999, "1970-01-01T00:01:00.000Z", 60000),
        ])
    func rounding(seconds: Double, text: String, milliseconds: Int64) throws {
        let database = try makeValueTable()
        let original = Date(timeIntervalSince1970: seconds)
        _ = try roundTrip(database, bind: { $0.bindISO8601(original, at: 1) }, read: { _ in () })
        #expect(try storedValue(database) == .text(text))
        _ = try roundTrip(database, bind: { $0.bindUnixEpochMilliseconds(original, at: 1) }, read: { _ in () })
        #expect(try storedValue(database) == .integer(milliseconds))
    }

    @Test("Unix epoch storages store REAL seconds and INTEGER milliseconds")
    func epochStorages() throws {
        let database = try makeValueTable()
        let original = Date(timeIntervalSince1970: -86_400.25)
        _ = try roundTrip(database, bind: { $0.bindUnixEpoch(original, at: 1) }, read: { _ in () })
        #expect(try storedValue(database) == .real(-86_400.25))
        _ = try roundTrip(database, bind: { $0.bindUnixEpochMilliseconds(original, at: 1) }, read: { _ in () })
        #expect(try storedValue(database) == .integer(-86_400_250))
        let sub = Date(timeIntervalSince1970: 1.000_000_1)
        #expect(try roundTrip(database, bind: { $0.bindUnixEpoch(sub, at: 1) }, read: { try $0.unixEpochDate(at: 0) }) == sub)
    }

    @Test(
        "ISO-8601 reading accepts other common forms",
        arguments: [
            ("2024-01-02T03:04:05Z", Int64(1_704_164_645_000)),
            ("2024-01-02T03:04:05.678Z", 1_704_164_645_678),
            ("2024-01-02T03:04:05.6Z", 1_704_164_645_600),
            ("2024-01-02T03:04:05.67891Z", 1_704_164_645_679),
            ("2024-01-02T03:04:05.9995Z", 1_704_164_646_000),
            ("2024-01-02 03:04:05", 1_704_164_645_000),
            ("2024-01-02T03:04", 1_704_164_640_000),
            ("2024-01-02", 1_704_153_600_000),
            ("2024-01-02T05:04:05.678+02:00", 1_704_164_645_678),
            ("2024-01-01T22:04:05.678-0500", 1_704_164_645_678),
            ("2024-01-02t03:04:05,678z", 1_704_164_645_678),
        ])
    func lenientReading(text: String, milliseconds: Int64) throws {
        let database = try makeValueTable()
        let read = try roundTrip(database, bind: { $0.bind(text, at: 1) }, read: { try $0.iso8601Date(at: 0) })
        #expect(read == date(milliseconds: milliseconds))
        #expect(Date.fromDatabaseValue(.text(text)) == date(milliseconds: milliseconds))
    }

    @Test(
        "text that is not a timestamp throws invalidValue",
        arguments: [
            "", "yesterday", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2024-01-02T24:00:00Z",
            "2024-01-02T03:04:05.Z", "2024-01-02T03:04:05Zjunk", "24-01-02", "2024-1-2", " 2024-01-02",
        ])
    func invalidText(text: String) throws {
        let database = try makeValueTable()
        let error = try #require(throws: DAOGenError.self) {
            _ = try roundTrip(database, bind: { $0.bind(text, at: 1) }, read: { try $0.iso8601Date(at: 0) })
        }
        let quoted = DatabaseValue.text(text).description
        #expect(error == .invalidValue(column: "v", value: quoted, expected: "Date (ISO-8601 text)", sql: "SELECT v FROM t"))
        #expect(Date.fromDatabaseValue(.text(text)) == nil)
    }

    @Test("NULL is not an ISO-8601 date")
    func nullIsNotADate() throws {
        let database = try makeValueTable()
        let error = try #require(throws: DAOGenError.self) {
            _ = try roundTrip(database, bind: { $0.bindNull(at: 1) }, read: { try $0.iso8601Date(at: 0) })
        }
        #expect(error.description == "The column v holds NULL, which cannot be read as Date (ISO-8601 text), in: SELECT v FROM t")
    }

    @Test("reading ISO dates is safe from many threads at once")
    func concurrentFormatting() {
        let failures = LockedArray<Int64>()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<2000 {
                let milliseconds = Int64(thread) * 1_000_000_007 + Int64(step) * 86_400_123 - 40_000_000_000_000
                let original = date(milliseconds: milliseconds)
                if Date.fromDatabaseValue(original.databaseValue) != original {
                    failures.append(milliseconds)
                }
            }
        }
        #expect(failures.all.isEmpty)
    }
}
