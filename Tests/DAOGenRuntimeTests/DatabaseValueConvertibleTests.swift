import DAOGenRuntime
import Foundation
import Testing

/// Stores `value` through the generic bind and reads it back through `value(at:as:)`.
private func storeAndRead<Value: DatabaseValueConvertible>(_ value: Value) throws -> Value {
    let database = try makeValueTable()
    return try roundTrip(database, bind: { $0.bind(value, at: 1) }, read: { try $0.value(at: 0, as: Value.self) })
}

@Suite("DatabaseValueConvertible conformances")
struct DatabaseValueConvertibleTests {
    @Test("integers store as INTEGER and read back range-checked")
    func integers() throws {
        #expect(try storeAndRead(Int64.min) == Int64.min)
        #expect(try storeAndRead(Int.max) == Int.max)
        #expect(try storeAndRead(Int32.min) == Int32.min)
        #expect(try storeAndRead(Int16.max) == Int16.max)
        #expect(try storeAndRead(Int8.min) == Int8.min)
        #expect(try storeAndRead(UInt8.max) == UInt8.max)
        #expect(Int32(7).databaseValue == .integer(7))
        #expect(UInt8(200).databaseValue == .integer(200))

        #expect(Int32.fromDatabaseValue(.integer(Int64(Int32.max) + 1)) == nil)
        #expect(Int16.fromDatabaseValue(.integer(-32769)) == nil)
        #expect(Int8.fromDatabaseValue(.integer(128)) == nil)
        #expect(Int8.fromDatabaseValue(.integer(-128)) == -128)
        #expect(UInt8.fromDatabaseValue(.integer(-1)) == nil)
        #expect(UInt8.fromDatabaseValue(.integer(256)) == nil)
        #expect(Int64.fromDatabaseValue(.real(3.0)) == 3)
        #expect(Int64.fromDatabaseValue(.real(3.5)) == nil)
        #expect(Int64.fromDatabaseValue(.text("3")) == nil)
        #expect(Int.fromDatabaseValue(.null) == nil)
    }

    @Test("Bool stores 0/1 and reads only 0 and 1")
    func bool() throws {
        #expect(try storeAndRead(true))
        #expect(try !storeAndRead(false))
        #expect(true.databaseValue == .integer(1))
        #expect(false.databaseValue == .integer(0))
        #expect(Bool.fromDatabaseValue(.integer(-3)) == nil)
        #expect(Bool.fromDatabaseValue(.real(1)) == true)
        #expect(Bool.fromDatabaseValue(.integer(0)) == false)
        #expect(Bool.fromDatabaseValue(.text("true")) == nil)
    }

    @Test("Double and Float store as REAL")
    func floatingPoint() throws {
        #expect(try storeAndRead(Double.greatestFiniteMagnitude) == .greatestFiniteMagnitude)
        #expect(try storeAndRead(Double.leastNonzeroMagnitude) == .leastNonzeroMagnitude)
        #expect(try storeAndRead(-Double.infinity) == -.infinity)
        #expect(try storeAndRead(Float(1.25)) == 1.25)
        #expect(try storeAndRead(Float.greatestFiniteMagnitude) == .greatestFiniteMagnitude)
        #expect(Float(0.5).databaseValue == .real(0.5))
        #expect(Double.fromDatabaseValue(.integer(3)) == 3)
        #expect(Double.fromDatabaseValue(.text("3")) == nil)
    }

    @Test("String stores as TEXT and reads UTF-8 blobs")
    func string() throws {
        #expect(try storeAndRead("男 🎉") == "男 🎉")
        #expect(try storeAndRead("") == "")
        #expect(String.fromDatabaseValue(.blob(Data("abc".utf8))) == "abc")
        #expect(String.fromDatabaseValue(.blob(Data([0xFF, 0xFE]))) == nil)
        #expect(String.fromDatabaseValue(.integer(1)) == nil)
    }

    @Test("Data stores as a blob and reads text as its UTF-8 bytes")
    func data() throws {
        #expect(try storeAndRead(Data([0, 1, 0])) == Data([0, 1, 0]))
        #expect(try storeAndRead(Data()) == Data())
        #expect(Data.fromDatabaseValue(.text("é")) == Data([0xC3, 0xA9]))
        #expect(Data.fromDatabaseValue(.null) == nil)
    }

    @Test("Date stores ISO text and reads text or epoch seconds")
    func date() throws {
        let original = Date(timeIntervalSince1970: -1_234_567.891)
        #expect(try storeAndRead(original) == original)
        #expect(original.databaseValue == .text("1969-12-17T17:03:52.109Z"))
        #expect(Date.fromDatabaseValue(.integer(86_400)) == Date(timeIntervalSince1970: 86_400))
        #expect(Date.fromDatabaseValue(.real(1.5)) == Date(timeIntervalSince1970: 1.5))
        #expect(Date.fromDatabaseValue(.real(.infinity)) == nil)
        #expect(Date.fromDatabaseValue(.blob(Data())) == nil)
    }

    @Test("UUID stores lowercase text and reads text or a 16-byte blob")
    func uuid() throws {
        let original = UUID()
        #expect(try storeAndRead(original) == original)
        #expect(original.databaseValue == .text(original.uuidString.lowercased()))
        let bytes = withUnsafeBytes(of: original.uuid) { Data($0) }
        #expect(UUID.fromDatabaseValue(.blob(bytes)) == original)
        #expect(UUID.fromDatabaseValue(.text(original.uuidString)) == original)
        #expect(UUID.fromDatabaseValue(.blob(Data([1]))) == nil)
        #expect(UUID.fromDatabaseValue(.text("nope")) == nil)
    }

    @Test("URL stores its absolute string")
    func url() throws {
        let original = try #require(URL(string: "https://example.com/a%20b?q=1#frag"))
        #expect(try storeAndRead(original) == original)
        #expect(original.databaseValue == .text("https://example.com/a%20b?q=1#frag"))
        let file = URL(fileURLWithPath: "/tmp/x y")
        #expect(file.databaseValue == .text("file:///tmp/x%20y"))
        #expect(try storeAndRead(file) == file)
    }

    @Test("Decimal stores exact text and reads text, integers and reals exactly")
    func decimal() throws {
        let tenth = try #require(Decimal(string: "0.1"))
        #expect(tenth.databaseValue == .text("0.1"))
        #expect(try storeAndRead(tenth) == tenth)
        let long = try #require(Decimal(string: "123456789012345678901234567890.123456789"))
        #expect(try storeAndRead(long) == long)
        #expect(try storeAndRead(Decimal(-42)) == Decimal(-42))
        #expect(Decimal.fromDatabaseValue(.integer(7)) == Decimal(7))
        #expect(Decimal.fromDatabaseValue(.real(0.1)) == tenth)
        #expect(Decimal.fromDatabaseValue(.text("-12.50")) == Decimal(string: "-12.5"))
        #expect(Decimal.fromDatabaseValue(.text("1e-5")) == Decimal(string: "0.00001"))
        #expect(Decimal.fromDatabaseValue(.text("1abc")) == nil)
        #expect(Decimal.fromDatabaseValue(.text("")) == nil)
        #expect(Decimal.fromDatabaseValue(.text("1 ")) == nil)
        #expect(Decimal.fromDatabaseValue(.real(.nan)) == nil)
    }

    @Test("Optional maps nil to NULL and fails when the wrapped type does")
    func optional() throws {
        let none: Int? = nil
        #expect(none.databaseValue == .null)
        #expect(Optional(5).databaseValue == .integer(5))
        #expect(try storeAndRead(none) == nil)
        #expect(try storeAndRead(Optional("x")) == "x")
        let readNull = Int?.fromDatabaseValue(.null)
        #expect(readNull == .some(.none))
        let readInteger = Int?.fromDatabaseValue(.integer(3))
        #expect(readInteger == .some(.some(3)))
        let readText = Int?.fromDatabaseValue(.text("x"))
        #expect(readText == .none)
    }

    @Test("DatabaseValue converts to itself and describes itself as SQL")
    func databaseValue() {
        #expect(DatabaseValue.fromDatabaseValue(.integer(1)) == .integer(1))
        #expect(DatabaseValue.text("x").databaseValue == .text("x"))
        #expect(DatabaseValue.null.description == "NULL")
        #expect(DatabaseValue.integer(-42).description == "-42")
        #expect(DatabaseValue.real(1.5).description == "1.5")
        #expect(DatabaseValue.text("it's").description == "'it''s'")
        #expect(DatabaseValue.blob(Data([0x00, 0xAB, 0xFF])).description == "X'00ABFF'")
        #expect(DatabaseValue.blob(Data()).description == "X''")
    }

    /// A text-backed enum.
    enum Color: String, DatabaseValueConvertible {
        case red, green
    }

    /// An integer-backed enum.
    enum Level: Int64, DatabaseValueConvertible {
        case low = 1, high = 2
    }

    @Test("RawRepresentable columns read text and integer raw values")
    func rawRepresentable() throws {
        let database = try makeValueTable()
        let color = try roundTrip(database, bind: { $0.bind("green", at: 1) }, read: { try $0.value(at: 0, as: Color.self) })
        #expect(color == .green)
        let level: Level = try roundTrip(database, bind: { $0.bind(Int64(2), at: 1) }, read: { try $0.value(at: 0) })
        #expect(level == .high)

        let badColor = try #require(throws: DAOGenError.self) {
            _ = try roundTrip(database, bind: { $0.bind("blue", at: 1) }, read: { try $0.value(at: 0, as: Color.self) })
        }
        #expect(badColor == .invalidValue(column: "v", value: "'blue'", expected: "Color", sql: "SELECT v FROM t"))
        let badLevel = try #require(throws: DAOGenError.self) {
            _ = try roundTrip(database, bind: { $0.bind(Int64(3), at: 1) }, read: { try $0.value(at: 0, as: Level.self) })
        }
        #expect(badLevel.description == "The column v holds 3, which cannot be read as Level, in: SELECT v FROM t")
        #expect(throws: DAOGenError.self) {
            _ = try roundTrip(database, bind: { $0.bindNull(at: 1) }, read: { try $0.value(at: 0, as: Level.self) })
        }
    }
}
