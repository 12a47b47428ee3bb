@testable import DAOGenRuntime
import Foundation
import Testing

@Suite("UUID storages")
struct UUIDStorageTests {
    let uuid = UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000")!

    @Test("text storage is lowercase canonical text and round trips")
    func text() throws {
        let database = try makeValueTable()
        let read = try roundTrip(database, bind: { $0.bindUUIDText(uuid, at: 1) }, read: { try $0.uuidText(at: 0) })
        #expect(read == uuid)
        #expect(try storedValue(database) == .text("123e4567-e89b-12d3-a456-426614174000"))
        #expect(uuid.databaseValue == .text("123e4567-e89b-12d3-a456-426614174000"))
    }

    @Test("text storage reads uppercase text too")
    func uppercase() throws {
        let database = try makeValueTable()
        let read = try roundTrip(database, bind: { $0.bind("123E4567-E89B-12D3-A456-426614174000", at: 1) }, read: { try $0.uuidText(at: 0) })
        #expect(read == uuid)
    }

    @Test("blob storage is the 16 bytes and round trips")
    func blob() throws {
        let database = try makeValueTable()
        let read = try roundTrip(database, bind: { $0.bindUUIDBlob(uuid, at: 1) }, read: { try $0.uuidBlob(at: 0) })
        #expect(read == uuid)
        let bytes: [UInt8] = [0x12, 0x3E, 0x45, 0x67, 0xE8, 0x9B, 0x12, 0xD3, 0xA4, 0x56, 0x42, 0x66, 0x14, 0x17, 0x40, 0x00]
        #expect(try storedValue(database) == .blob(Data(bytes)))
    }

    @Test("random UUIDs round trip in both storages")
    func random() throws {
        let database = try makeValueTable()
        for _ in 0..<200 {
            let original = UUID()
            #expect(try roundTrip(database, bind: { $0.bindUUIDText(original, at: 1) }, read: { try $0.uuidText(at: 0) }) == original)
            #expect(try storedValue(database) == .text(original.uuidString.lowercased()))
            #expect(try roundTrip(database, bind: { $0.bindUUIDBlob(original, at: 1) }, read: { try $0.uuidBlob(at: 0) }) == original)
        }
    }

    @Test("malformed values throw invalidValue")
    func malformed() throws {
        let database = try makeValueTable()
        let text = try #require(throws: DAOGenError.self) {
            _ = try roundTrip(database, bind: { $0.bind("123e4567-e89b-12d3-a456-42661417400g", at: 1) }, read: { try $0.uuidText(at: 0) })
        }
        #expect(text == .invalidValue(column: "v", value: "'123e4567-e89b-12d3-a456-42661417400g'", expected: "UUID (text)", sql: "SELECT v FROM t"))
        let blob = try #require(throws: DAOGenError.self) {
            _ = try roundTrip(database, bind: { $0.bind(Data([1, 2, 3]), at: 1) }, read: { try $0.uuidBlob(at: 0) })
        }
        #expect(blob == .invalidValue(column: "v", value: "X'010203'", expected: "UUID (16-byte blob)", sql: "SELECT v FROM t"))
        #expect(throws: DAOGenError.self) {
            _ = try roundTrip(database, bind: { $0.bindUUIDBlob(uuid, at: 1) }, read: { try $0.uuidText(at: 0) })
        }
    }
}
