import DAOGenRuntime
import Foundation
import Testing
import Seeded

/// `RecordSQL.keysetCondition`: pages that each start after the last row of the one before are
/// disjoint and, together, exactly the rows of one unpaged query in that order, whatever the
/// directions, NULLs, duplicates and collations of the ordering columns.
@Suite("Keyset condition")
struct KeysetConditionTests {
    /// The columns the orderings draw from: name and how a random value of it is written.
    static let columns = ["a", "b", "c", "d"]

    /// A table of `count` random rows with many ties and NULLs: `a` INTEGER, `b` TEXT COLLATE NOCASE,
    /// `c` REAL, `d` INTEGER NOT NULL.
    static func makeTable(_ random: inout SeededRandom, count: Int) throws -> Database {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT COLLATE NOCASE, c REAL, d INTEGER NOT NULL)")
        for _ in 0..<count {
            let a: DatabaseValue = random.below(4) == 0 ? .null : .integer(Int64(random.below(4)))
            let b: DatabaseValue = random.below(4) == 0 ? .null : .text(random.pick(["x", "X", "y", "Y", "z"]))
            let c: DatabaseValue = random.below(3) == 0 ? .null : .real(Double(random.below(3)) / 2)
            let d: DatabaseValue = .integer(Int64(random.below(2)))
            try database.withStatement(sql: "INSERT INTO t(a, b, c, d) VALUES (?, ?, ?, ?)") { statement in
                statement.bind(arguments: [a, b, c, d])
                try statement.execute()
            }
        }
        return database
    }

    /// The rows of `SELECT id, a, b, c, d FROM t [WHERE ...] ORDER BY ...`, as their values.
    static func rows(_ database: Database, where condition: String, _ arguments: [any DatabaseValueConvertible], orderBy: String, limit: Int?) throws -> [[DatabaseValue]] {
        let sql = "SELECT id, a, b, c, d FROM t WHERE " + condition + " ORDER BY " + orderBy + (limit.map { " LIMIT \($0)" } ?? "")
        return try database.withStatement(sql: sql) { statement in
            statement.bind(arguments: arguments)
            return try statement.fetchAll { statement in (0..<5).map { statement.databaseValue(at: Int32($0)) } }
        }
    }

    @Test("random orderings, filters and page sizes: pages are disjoint and complete")
    func pagesAreDisjointAndComplete() throws {
        var random = SeededRandom(seed: 12)
        for trial in 0..<300 {
            let database = try Self.makeTable(&random, count: random.below(40))
            // Up to three distinct columns in random directions, then the key ascending.
            var picked: [(column: String, index: Int, descending: Bool)] = []
            for _ in 0..<random.below(4) {
                let index = random.below(Self.columns.count)
                if !picked.contains(where: { $0.index == index }) {
                    picked.append((Self.columns[index], index + 1, random.below(2) == 0))
                }
            }
            let orderBy = (picked.map { $0.column + ($0.descending ? " DESC" : "") } + ["id"]).joined(separator: ", ")
            let filter: (String, [any DatabaseValueConvertible]) = random.below(2) == 0 ? ("1", []) : ("d = ?", [Int64(random.below(2))])
            let all = try Self.rows(database, where: filter.0, filter.1, orderBy: orderBy, limit: nil)
            let pageSize = 1 + random.below(6)
            var paged = try Self.rows(database, where: filter.0, filter.1, orderBy: orderBy, limit: pageSize)
            var last = paged.last
            while let cursor = last {
                let terms = picked.map { RecordSQL.KeysetTerm(column: $0.column, isDescending: $0.descending, value: cursor[$0.index]) }
                    + [RecordSQL.KeysetTerm(column: "id", isDescending: false, value: cursor[0])]
                let keyset = RecordSQL.keysetCondition(terms)
                let page = try Self.rows(
                    database, where: "(" + filter.0 + ") AND (" + keyset.sql + ")", filter.1 + keyset.arguments, orderBy: orderBy, limit: pageSize)
                paged += page
                last = page.last
                if paged.count > all.count { break }
            }
            #expect(paged == all, "trial \(trial): ORDER BY \(orderBy), WHERE \(filter.0), pages of \(pageSize)")
        }
    }

    @Test("a deleted cursor row still works: the next page starts where it was")
    func deletedCursor() throws {
        var random = SeededRandom(seed: 5)
        let database = try Self.makeTable(&random, count: 30)
        let all = try Self.rows(database, where: "1", [], orderBy: "b DESC, a, id", limit: nil)
        let cursor = all[10]
        try database.execute("DELETE FROM t WHERE id = \(cursor[0])")
        let keyset = RecordSQL.keysetCondition([
            .init(column: "b", isDescending: true, value: cursor[2]), .init(column: "a", isDescending: false, value: cursor[1]),
            .init(column: "id", isDescending: false, value: cursor[0]),
        ])
        #expect(try Self.rows(database, where: keyset.sql, keyset.arguments, orderBy: "b DESC, a, id", limit: nil) == Array(all.dropFirst(11)))
    }

    @Test("the SQL: NULL cursors need no placeholder, and nothing follows the last NULL in descending order")
    func sql() {
        let terms: [RecordSQL.KeysetTerm] = [
            .init(column: "rating", isDescending: true, value: 4.0), .init(column: "id", isDescending: false, value: Int64(7)),
        ]
        let condition = RecordSQL.keysetCondition(terms)
        #expect(condition.sql == #"(("rating" < ? OR "rating" IS NULL)) OR ("rating" = ? AND "id" > ?)"#)
        #expect(condition.arguments.map(\.databaseValue) == [.real(4), .real(4), .integer(7)])
        let afterNull = RecordSQL.keysetCondition([.init(column: "rating", isDescending: true, value: DatabaseValue.null)])
        #expect(afterNull.sql == "0")
        let ascendingNull = RecordSQL.keysetCondition([
            .init(column: "rating", isDescending: false, value: Double?.none), .init(column: "id", isDescending: false, value: Int64(1)),
        ])
        #expect(ascendingNull.sql == #"("rating" IS NOT NULL) OR ("rating" IS NULL AND "id" > ?)"#)
        #expect(ascendingNull.arguments.map(\.databaseValue) == [.integer(1)])
    }
}
