import DAOGenRuntime
import Foundation
import Seeded
import Testing

/// `Database.changes()` on a real file: random writes of every kind, checked against the file after each
/// commit by applying the feed's elements to copies of the tables' rowids, and the feed's edges (another
/// process, a slow consumer, closing).
///
/// Every wait is for an element; the time limit only ends a hang.
@Suite("Change feed", .serialized, .timeLimit(.minutes(20))) final class ChangeFeedTests {
    let file: TemporaryDatabaseFile
    let database: Database

    init() throws {
        file = try TemporaryDatabaseFile()
        database = try Database(path: file.path)
        try database.execute("""
            CREATE TABLE r (id INTEGER PRIMARY KEY, k TEXT UNIQUE, v INTEGER);
            CREATE TABLE p (name TEXT UNIQUE, v INTEGER);
            CREATE TABLE w (k TEXT PRIMARY KEY, v INTEGER) WITHOUT ROWID;
            CREATE TABLE marker (id INTEGER PRIMARY KEY);
            """)
    }

    deinit {
        try? database.close()
        file.remove()
    }

    /// The rowids of `table` in the file (the keys, for `w`).
    func keys(_ table: String) throws -> Set<String> {
        let column = table == "w" ? "k" : "rowid"
        return Set(try database.rows("SELECT \(column) FROM \(table)").map { "\($0[0])" })
    }

    /// One random step: SQL run in the shape `kind` says, and what the model expects of it.
    struct Step {
        enum Kind: CaseIterable { case autocommit, transaction, rolledBack, savepoints, failing, rawSavepoint }
        var kind: Kind
        var statements: [String]
        /// For `.savepoints`: which statements run in an inner transaction that is rolled back.
        var rolledBackInner: Set<Int> = []
    }

    /// A random statement on one of the tables; `ordinary` when it is of the kinds reported completely.
    func randomStatement(_ random: inout SeededGenerator) -> (sql: String, table: String, ordinary: Bool) {
        let id = Int.random(in: 1...40, using: &random)
        let other = Int.random(in: 1...40, using: &random)
        let value = Int.random(in: 0...9, using: &random)
        let key = "k\(Int.random(in: 1...30, using: &random))"
        switch Int.random(in: 0..<16, using: &random) {
        case 0, 1: return ("INSERT OR IGNORE INTO r (id, k, v) VALUES (\(id), '\(key)', \(value))", "r", true)
        case 2: return ("INSERT INTO r (k, v) VALUES (NULL, \(value))", "r", true)
        case 3: return ("UPDATE r SET v = \(value) WHERE id % 7 = \(id % 7)", "r", true)
        case 4: return ("DELETE FROM r WHERE id % 5 = \(id % 5)", "r", true)
        case 5: return ("INSERT INTO r (id, k, v) VALUES (\(id), NULL, \(value)) ON CONFLICT (id) DO UPDATE SET v = excluded.v", "r", true)
        case 6: return ("INSERT OR REPLACE INTO r (id, k, v) VALUES (\(id), '\(key)', \(value))", "r", false)
        case 7: return ("DELETE FROM r", "r", true)
        case 8: return ("UPDATE OR IGNORE r SET id = \(other) WHERE id = \(id)", "r", false)
        case 9: return ("INSERT OR REPLACE INTO p (name, v) VALUES ('\(key)', \(value))", "p", false)
        case 10: return ("INSERT INTO p (name, v) VALUES (NULL, \(value))", "p", true)
        case 11: return ("DELETE FROM p WHERE v = \(value)", "p", true)
        case 12: return ("INSERT OR REPLACE INTO w (k, v) VALUES ('\(key)', \(value))", "w", false)
        case 13: return ("DELETE FROM w WHERE v = \(value)", "w", false)
        case 14: return ("UPDATE w SET v = v + 1 WHERE k = '\(key)'", "w", false)
        default: return ("DELETE FROM p", "p", true)
        }
    }

    @Test func applyingTheElementsReproducesTheFileAfterEveryCommit() async throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["DAOGEN_FEED_SEED"] ?? "") ?? 20_261_128
        print("Change feed model seed: \(seed) (set DAOGEN_FEED_SEED to replay)")
        var random = SeededGenerator(seed: seed)
        var elements = database.changes().makeAsyncIterator()
        let tables = ["r", "p", "w"]
        var copies: [String: Set<String>] = [:]
        for table in tables { copies[table] = try keys(table) }

        for stepNumber in 1...400 {
            let kind = Step.Kind.allCases.randomElement(using: &random)!
            let count = Int.random(in: 1...4, using: &random)
            let statements = (0..<count).map { _ in randomStatement(&random) }
            let before = try Dictionary(uniqueKeysWithValues: tables.map { ($0, try keys($0)) })
            // Tables touched by work that was kept; and whether all of it is of the ordinary kinds.
            var kept = Set<String>()
            var extraAllowed = false
            let context = "step \(stepNumber) (\(kind)): \(statements.map(\.sql))"
            switch kind {
            case .autocommit:
                try database.execute(statements[0].sql)
                kept.insert(statements[0].table)
            case .transaction:
                try database.transaction {
                    for statement in statements { try database.execute(statement.sql) }
                }
                kept.formUnion(statements.map(\.table))
            case .rolledBack:
                _ = try? database.transaction {
                    for statement in statements { try database.execute(statement.sql) }
                    throw IntentionalFailure()
                }
            case .savepoints:
                try database.transaction {
                    for (index, statement) in statements.enumerated() {
                        if index % 2 == 1 {
                            _ = try? database.transaction {
                                try database.execute(statement.sql)
                                throw IntentionalFailure()
                            }
                        } else {
                            try database.transaction { try database.execute(statement.sql) }
                            kept.insert(statement.table)
                        }
                    }
                }
            case .failing:
                try database.transaction {
                    for statement in statements { try database.execute(statement.sql) }
                    // A failed statement: a multi-row insert whose second row breaks the unique key.
                    #expect(throws: DatabaseError.self) {
                        try database.withStatement(sql: "INSERT INTO r (k, v) VALUES ('dup\(stepNumber)', 1), ('dup\(stepNumber)', 2)") {
                            _ = try $0.step()
                        }
                    }
                }
                kept.formUnion(statements.map(\.table))
            case .rawSavepoint:
                try database.transaction {
                    try database.execute(statements[0].sql)
                    try database.execute("SAVEPOINT mine")
                    for statement in statements.dropFirst() { try database.execute(statement.sql) }
                    try database.execute("ROLLBACK TO mine")
                    try database.execute("RELEASE mine")
                }
                kept.insert(statements[0].table)
                extraAllowed = true
            }
            let after = try Dictionary(uniqueKeysWithValues: tables.map { ($0, try keys($0)) })
            // The marker commit ends the step's elements.
            try database.execute("INSERT INTO marker (id) VALUES (\(stepNumber))")
            var stepElements: [DatabaseChanges] = []
            while true {
                guard let element = await elements.next() else {
                    Issue.record("The feed ended early, \(context)")
                    return
                }
                if let marker = element.tables["marker"] {
                    #expect(element.tables.count == 1 && marker.inserted == [Int64(stepNumber)], "\(context)")
                    break
                }
                stepElements.append(element)
            }
            #expect(stepElements.count <= 1, "one commit, one element at most: \(context)")
            if kind == .rolledBack {
                #expect(stepElements.isEmpty, "nothing for rolled-back work: \(context)")
            }
            let element = stepElements.first
            for table in tables where before[table] != after[table] {
                #expect(element?.tables[table] != nil, "the change of \(table) is reported: \(context)")
            }
            if let element, !extraAllowed {
                #expect(Set(element.tables.keys).isSubset(of: kept), "only tables of kept work: \(element.tables.keys.sorted()) \(context)")
            }
            if let rows = element?.tables["r"], kind != .rawSavepoint,
               statements.filter({ $0.table == "r" }).allSatisfy(\.ordinary) {
                #expect(rows.isComplete, "ordinary writes to r are complete: \(context)")
            }
            if let w = element?.tables["w"] {
                #expect(!w.isComplete, "WITHOUT ROWID is incomplete: \(context)")
            }
            for (table, changes) in element?.tables ?? [:] where tables.contains(table) {
                if changes.isComplete {
                    var copy = copies[table]!
                    copy.subtract(changes.deleted.map { "\($0)" })
                    copy.formUnion(changes.inserted.map { "\($0)" })
                    copy.formUnion(changes.updated.map { "\($0)" })
                    copies[table] = copy
                } else {
                    copies[table] = after[table]
                }
            }
            for table in tables {
                #expect(copies[table] == after[table], "\(table) after \(context)")
                copies[table] = after[table]
            }
        }
    }

    @Test func anotherProcessCommitAppearsIncomplete() async throws {
        var elements = database.changes().makeAsyncIterator()
        try await writeFromAnotherProcess("INSERT INTO r (k, v) VALUES ('outside', 1)", to: file.path)
        let element = await elements.next()
        #expect(element?.tables["r"] == TableChanges(isComplete: false))
        #expect(element?.tables["w"]?.isComplete == false, "every table, since which is unknown")
    }

    @Test func aSlowConsumerGetsOneCollapsedElement() async throws {
        var elements = database.changes().makeAsyncIterator()
        try database.transaction { try database.execute("INSERT INTO p (name, v) VALUES ('first', 1)") }
        for number in 1...10_000 {
            try database.withStatement(sql: "INSERT INTO r (v) VALUES (?)") { statement in
                statement.bind(Int64(number), at: 1)
                _ = try statement.step()
            }
        }
        try database.execute("INSERT INTO w (k, v) VALUES ('last', 1)")
        let collapsed = await elements.next()
        #expect(collapsed == DatabaseChanges(tables: ["p": .init(isComplete: false), "r": .init(isComplete: false)]))
        let next = await elements.next()
        #expect(next?.tables.keys.sorted() == ["w"])
    }

    @Test func theStreamFinishesWhenTheDatabaseCloses() async throws {
        var elements = database.changes().makeAsyncIterator()
        try database.execute("INSERT INTO r (v) VALUES (1)")
        try database.close()
        let first = await elements.next()
        #expect(first?.tables["r"]?.inserted == [1])
        let end = await elements.next()
        #expect(end == nil)
    }

    @Test func aCommitThatChangedNoRowYieldsNothing() async throws {
        var elements = database.changes().makeAsyncIterator()
        try database.execute("UPDATE r SET v = 1 WHERE id = 12345")
        try database.transaction { _ = try database.rows("SELECT * FROM r") }
        try database.execute("DELETE FROM p")
        try database.execute("INSERT INTO marker (id) VALUES (1)")
        let element = await elements.next()
        #expect(element?.tables.keys.sorted() == ["marker"])
    }

    @Test func aDeleteWithoutWhereReportsEveryRow() async throws {
        try database.execute("INSERT INTO r (id, v) VALUES (1, 1), (2, 2), (3, 3)")
        var elements = database.changes().makeAsyncIterator()
        try database.execute("DELETE FROM r")
        let element = await elements.next()
        #expect(element?.tables["r"] == TableChanges(deleted: [1, 2, 3]))
    }
}

/// A deterministic random number generator (SeededRandom64), so a failure can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
