import DAOGenRuntime
import Foundation
import GeneratedEdgeCases
@testable import GeneratedEpochDates
import Testing

/// The fixture schemas: keywords, composite keys, every Swift type, and the other date and UUID storages.
@Suite final class EdgeCaseTests {
    let file: TemporaryDatabaseFile
    let edge: EdgeCasesDatabase

    init() throws {
        file = try TemporaryDatabaseFile()
        edge = try EdgeCasesDatabase.open(path: file.path)
    }

    deinit {
        file.remove()
    }

    @Test func sqlKeywordsAsColumnNames() throws {
        let row = try edge.keyword.insert(Keyword(group: "g", select: "s", where: 7, statement: "shadowed"))
        #expect(row.default == "it's")
        #expect(try edge.keyword.find(order: row.order!) == row)
        #expect(try edge.keyword.find(bySelect: "s") == row)
        #expect(try edge.keyword.fetchAll(byGroup: "g", where: 7) == [row])
        #expect(try edge.keyword.fetchAll(orderBy: [.group.ascending, .where.descending]) == [row])
        #expect(try edge.keyword.fetchAll(where: #""where" = ?"#, 7) == [row])
    }

    @Test func compositeKeyIntegerEnumMillisecondDatesAndBlobUUIDs() throws {
        let token = UUID()
        let joined = millisecondDate(-86_400_001)
        let membership = try edge.membership.insert(Membership(userId: 1, groupId: 2, role: .admin, joined: joined, token: token))
        #expect(try edge.membership.find(userId: 1, groupId: 2) == membership)
        #expect(try edge.membership.find(userId: 2, groupId: 1) == nil)
        let stored = try edge.database.rows(#"SELECT "role", "joined", "token" FROM "membership""#)
        let bytes = withUnsafeBytes(of: token.uuid) { Data($0) }
        #expect(stored == [[.integer(2), .integer(-86_400_001), .blob(bytes)]])
        #expect(try edge.membership.delete(membership))
        #expect(try edge.membership.count() == 0)
    }

    @Test func everySwiftTypeRoundTrips() throws {
        let reading = try edge.reading.insert(Reading(
            small: .min, medium: .max, large: .min, byte: .max, count: .max, ratio: 0.1, amount: Money(cents: -1234),
            link: URL(string: "https://example.org/a?b=c"), price: Decimal(string: "0.1"), quantity: 1e-300, flag: true))
        #expect(try edge.reading.find(id: reading.id!) == reading)
        let stored = try edge.database.rows(#"SELECT "amount", "price", "flag" FROM "reading""#)
        #expect(stored == [[.text("-12.34"), .text("0.1"), .integer(1)]])
        let defaults = Reading()
        #expect(defaults.count == 0 && defaults.flag == false)
    }

    @Test func aValueThatDoesNotFitItsSwiftTypeIsReported() throws {
        try edge.database.execute(#"INSERT INTO "reading" ("id", "small") VALUES (1, 1000)"#)
        let error = try #require(throws: DAOGenError.self) { try edge.reading.find(id: 1) }
        guard case let .invalidValue(column, value, expected, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(column == "small" && value == "1000" && expected == "Int8")
    }

    @Test func aLossyReadIsReportedWithTheColumnAndTheStoredValue() throws {
        // SQLite keeps a REAL that is not an integer in an INTEGER column, and text that is not UTF-8.
        let select = #"SELECT "id", "small", "medium", "large", "byte", "count", "ratio", "amount", "link", "price", "quantity", "flag" FROM "reading" WHERE "id" = ?1"#
        for (assignment, column, value, expected) in [
            (#""count" = 1.5"#, "count", "1.5", "Int"), (#""count" = 9.3e18"#, "count", "9.3e+18", "Int"),
            (#""ratio" = 0.1"#, "ratio", "0.1", "Float"), (#""flag" = 2"#, "flag", "2", "Bool"),
            (#""link" = CAST(X'61FF' AS TEXT)"#, "link", "CAST(X'61FF' AS TEXT)", "URL"),
        ] {
            try edge.database.execute(#"DELETE FROM "reading"; INSERT INTO "reading" ("id") VALUES (1); UPDATE "reading" SET "# + assignment)
            let error = try #require(throws: DAOGenError.self) { try edge.reading.find(id: 1) }
            #expect(error == .invalidValue(column: column, value: value, expected: expected, sql: select))
        }
    }

    @Test func aTableWithoutAPrimaryKeyStillInsertsAndFetches() throws {
        try edge.logLine.insert(contentsOf: [LogLine(message: "a"), LogLine(message: "b", level: 2)])
        #expect(try edge.logLine.fetchAll(orderBy: [.level.descending]).map(\.message) == ["b", "a"])
        #expect(try edge.logLine.deleteAll() == 2)
    }

    @Test func strictWithoutRowIDTable() throws {
        let setting = try edge.setting.upsert(Setting(key: "theme", value: .text("dark")))
        #expect(try edge.setting.upsert(Setting(key: "theme", value: .text("light"))) != setting)
        #expect(try edge.setting.find(key: "theme")?.value == .text("light"))
        #expect(try edge.setting.count() == 1)
        // Its NOT NULL INTEGER and REAL columns are read without a type test: SQLite stored an integer
        // written into REAL as REAL.
        try edge.database.execute(#"UPDATE "setting" SET "revision" = 9007199254740993, "weight" = 3"#)
        let read = try #require(try edge.setting.find(key: "theme"))
        #expect(read.revision == 9_007_199_254_740_993 && read.weight == 3.0)
        #expect(try edge.database.rows(#"SELECT typeof("weight") FROM "setting""#) == [[.text("real")]])
    }

    @Test func unixEpochDatesAndTextUUIDs() throws {
        let dates = try EpochDatesDatabase.open(path: file.directory.appending(path: "epoch.sqlite").path(percentEncoded: false))
        let guid = UUID()
        let at = millisecondDate(253_402_300_799_999)
        let event = try dates.event.insert(Event(at: at, guid: guid))
        #expect(try dates.event.find(byGuid: guid) == event)
        #expect(try dates.event.find(id: event.id!)?.at == at)
        let stored = try dates.database.rows(#"SELECT "at", "guid" FROM "event""#)
        #expect(stored == [[.real(253_402_300_799.999), .text(guid.uuidString.lowercased())]])
    }
}

extension EdgeCaseTests {
    @Test func allKeyTablesStillUpdateAndIntRowIDsWork() throws {
        let link = try edge.tagLink.insert(TagLink(tag: "swift", itemId: 1))
        #expect(try edge.tagLink.update(link))
        #expect(try !edge.tagLink.update(TagLink(tag: "swift", itemId: 2)))
        #expect(try edge.tagLink.upsert(link) == link)
        #expect(try edge.tagLink.count() == 1)

        let counter = try edge.counter.insert(Counter(hits: 3))
        #expect(counter.id == 1)
        #expect(try edge.counter.find(id: 1)?.hits == 3)
    }
}
