@testable import DAOGenRuntime
import Foundation
import Seeded
import Testing

/// What `value(strictAt:)` relies on: a NOT NULL INTEGER or REAL column of a STRICT table holds only
/// values of its class, so reading it without a type test gives what the checked reader gives.
@Suite struct StrictColumnValueTests {
    /// A value of any storage class, as SQL text bound or written: integers (big and small), REALs
    /// (integral or not, beyond 2^53), numeric and other text, blobs and NULL.
    static func randomValue(_ random: inout SeededRandom) -> DatabaseValue {
        switch random.below(8) {
        case 0: .integer(Int64(bitPattern: random.next()))
        case 1: .integer(Int64(random.below(2001)) - 1000)
        case 2: .real(Double(Int64(random.below(2001)) - 1000))
        case 3: .real(Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF) * (random.below(2) == 0 ? 1 : -1))
        case 4: .text(random.pick(["12", "-7", "1.5", "2.0", "9.3e18", "abc", ""]))
        case 5: .blob(Data([0x31, 0x32]))
        case 6: .null
        default: .real(Double(random.below(1000)) / 8)
        }
    }

    @Test func aStrictColumnReadsWhatTheCheckedReaderReads() throws {
        let seed: UInt64 = 28
        var random = SeededRandom(seed: seed)
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t (i INTEGER NOT NULL, r REAL NOT NULL, n INT NOT NULL) STRICT")
        var stored = 0
        for _ in 0..<2000 {
            let values = (0..<3).map { _ in Self.randomValue(&random) }
            do {
                try database.withStatement(sql: "INSERT INTO t (i, r, n) VALUES (?, ?, ?)") { statement in
                    for (offset, value) in values.enumerated() { statement.bind(value, at: Int32(offset + 1)) }
                    try statement.execute()
                }
            } catch is DatabaseError {
                continue  // SQLite refused a value the column's type does not hold.
            }
            stored += 1
            try database.withStatement(sql: "SELECT i, r, n FROM t WHERE rowid = last_insert_rowid()") { statement in
                try #require(try statement.step())
                #expect(statement.value(strictAt: 0, as: Int64.self) == (try statement.int64(at: 0)), "seed \(seed): \(values)")
                #expect(statement.value(strictAt: 1, as: Double.self) == (try statement.double(at: 1)), "seed \(seed): \(values)")
                #expect(statement.value(strictAt: 2, as: Int64.self) == (try statement.int64(at: 2)), "seed \(seed): \(values)")
            }
        }
        // Enough rows got in for the comparison to mean something, and SQLite refused some.
        #expect(stored > 100 && stored < 2000, "seed \(seed): \(stored) rows stored")
    }
}
