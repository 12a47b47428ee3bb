import DAOGenRuntime
import Foundation
import GeneratedTrust
import GeneratedTrustV1

private typealias TrustDatabase = GeneratedTrust.TrustDatabase
private typealias Ticket = GeneratedTrust.Ticket
private typealias Level = GeneratedTrust.Level
import Testing

/// The code of Tests/Schemas/Trust, each case of which once passed generation and then failed to
/// compile or to migrate a real file: it compiles (this target builds), runs, and migrates.
@Suite final class TrustTests {
    let file: TemporaryDatabaseFile

    init() throws {
        file = try TemporaryDatabaseFile()
    }

    deinit {
        file.remove()
    }

    @Test func enumFindersAndKeysTakeTheRecordsNestedEnums() throws {
        let database = try TrustDatabase.open(path: file.path)
        try database.ticket.insert(Ticket(self: "me", tier: .proPlus, status: .open, note: nil, rating: "5"))
        try database.ticket.insert(Ticket(tier: .gold, status: .closed, rating: "4"))
        #expect(try database.ticket.fetchAll(byTier: Ticket.Tier.proPlus).map { $0.`self` } == ["me"])
        #expect(try database.ticket.find(byStatus: .closed)?.tier == .gold)
        try database.level.insert(Level(code: .mid, label: "Middle"))
        #expect(try database.level.find(code: .mid)?.label == "Middle")
        #expect(try database.level.delete(code: .mid))
        #expect(try database.level.count() == 0)
    }

    @Test func defaultsAndControlCharactersRoundTrip() throws {
        let database = try TrustDatabase.open(path: file.path)
        let ticket = try database.ticket.insert(Ticket(status: nil, lineBreak: "x", rating: "r"))
        #expect(ticket.small == Int8.min)
        #expect(ticket.note == "a\nb")
        #expect(ticket.tier == .basic)
        let id = try #require(ticket.id)
        #expect(try database.ticket.find(id: id) == ticket)
        // The SQL default and the Swift default agree.
        try database.database.execute(#"INSERT INTO "ticket" ("rating") VALUES ('x')"#)
        #expect(try database.ticket.fetchAll(where: "rating = ?", "x").first?.note == "a\nb")
        #expect(Ticket.Tier(rawValue: "pro\u{1}plus") == .proPlus)
    }

    @Test func aVersion1FileWithNullsMigrates() throws {
        do {
            let old = try GeneratedTrustV1.TrustDatabase.open(path: file.path)
            try old.ticket.insert(GeneratedTrustV1.Ticket(id: 1, status: .open, rating: nil, fullName: "Ann", flag: true))
            try old.ticket.insert(GeneratedTrustV1.Ticket(id: 2, status: .closed, rating: "good", fullName: nil))
            try old.account.insert(GeneratedTrustV1.Account(id: 1, email: nil, created: Date(timeIntervalSince1970: 0)))
            try old.account.insert(GeneratedTrustV1.Account(id: 2, email: "b@example.com"))
            try old.switchState.insert(GeneratedTrustV1.SwitchState(id: 1, on: true))
            // The index of version 1 names the column by its name then.
            #expect(try old.ticket.fetchAll(byFullName: "Ann").map(\.id) == [1])
        }
        let database = try TrustDatabase.open(path: file.path)
        #expect(try database.database.userVersion() == 3)
        let tickets = try database.ticket.fetchAll(orderBy: [.id.ascending])
        // A NULL rating took the column's default; the renamed column kept its values.
        #expect(tickets.map(\.rating) == ["unrated", "good"])
        #expect(tickets.map(\.fullName) == ["Ann", nil])
        #expect(tickets.map(\.flag) == [true, nil])
        // The data step filled the NULL email before the column became NOT NULL.
        #expect(try database.account.fetchAll(orderBy: [.id.ascending]).map(\.email) == ["unknown@example.com", "b@example.com"])
        #expect(try database.switchState.find(byOn: true)?.id == 1)
    }
}
