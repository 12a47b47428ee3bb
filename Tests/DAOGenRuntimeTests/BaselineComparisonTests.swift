import Foundation
import Testing

@testable import DAOGenRuntime
import Seeded

/// The baseline comparison of views, triggers, partial index conditions and expression indexes: by
/// meaning, never by how the SQL is written (quoting, case, whitespace, comments), and a different
/// meaning is always a difference. Every variant is created in real SQLite and read back from
/// `sqlite_schema`, as an adopted file is.
@Suite struct BaselineComparisonTests {
    /// The table every object below is about.
    static let table = "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, n INTEGER)"

    /// Each object as daogen would write it, and statements of a different meaning (each valid SQL).
    static let objects: [(sql: String, otherMeanings: [String])] = [
        ("CREATE VIEW v AS SELECT id, name AS label, n * 2 AS twice FROM t WHERE n >= 0 AND name != 'a b' ORDER BY name",
         ["CREATE VIEW v AS SELECT id, name AS label, n * 3 AS twice FROM t WHERE n >= 0 AND name != 'a b' ORDER BY name",
          "CREATE VIEW v AS SELECT id, name AS label, n * 2 AS twice FROM t WHERE n > 0 AND name != 'a b' ORDER BY name",
          "CREATE VIEW v AS SELECT id, name AS label, n * 2 AS twice FROM t WHERE n >= 0 AND name != 'A B' ORDER BY name",
          "CREATE VIEW v AS SELECT id, name AS label, n * 2 AS twice FROM t WHERE n >= 0 AND name != 'a  b' ORDER BY name",
          "CREATE VIEW v AS SELECT id, name AS label, n * 2 AS twice FROM t WHERE n >= 0 AND name != 'a b' ORDER BY id",
          "CREATE VIEW v AS SELECT id, name AS labels, n * 2 AS twice FROM t WHERE n >= 0 AND name != 'a b' ORDER BY name"]),
        ("CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET n = n + 1 WHERE id = NEW.id; END",
         ["CREATE TRIGGER tr BEFORE INSERT ON t BEGIN UPDATE t SET n = n + 1 WHERE id = NEW.id; END",
          "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET n = n - 1 WHERE id = NEW.id; END",
          "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET n = n + 1 WHERE id = NEW.id; DELETE FROM t WHERE n > 9; END"]),
        ("CREATE INDEX t_partial ON t (n) WHERE n > 1 AND name != 'x'",
         ["CREATE INDEX t_partial ON t (n) WHERE n > 2 AND name != 'x'",
          "CREATE INDEX t_partial ON t (n) WHERE n > 1 OR name != 'x'",
          "CREATE INDEX t_partial ON t (n)"]),
        ("CREATE INDEX t_lower ON t (lower(name), n DESC)",
         ["CREATE INDEX t_lower ON t (upper(name), n DESC)",
          "CREATE INDEX t_lower ON t (lower(name), n)"]),
    ]

    /// A token of the canonical SQL: upper-case words are keywords, lower-case words names.
    enum Part {
        case keyword(String), name(String), other(String)
    }

    static func parts(_ sql: String) -> [Part] {
        let pattern = try! NSRegularExpression(pattern: "'[^']*'|[A-Za-z_][A-Za-z_0-9]*|[0-9]+|>=|<=|!=|\\S")
        return pattern.matches(in: sql, range: NSRange(sql.startIndex..., in: sql)).map { match in
            let text = String(sql[Range(match.range, in: sql)!])
            if text.first!.isLetter || text.first == "_" {
                return text == text.uppercased() && text != "_" ? .keyword(text) : .name(text)
            }
            return .other(text)
        }
    }

    /// `sql` written another way: keywords and names in random case, names randomly quoted in SQLite's
    /// three ways or bare, and random whitespace and comments between the tokens.
    static func variant(of sql: String, using generator: inout some RandomNumberGenerator) -> String {
        func randomCase(_ text: String) -> String {
            String(text.map { Bool.random(using: &generator) ? Character($0.uppercased()) : Character($0.lowercased()) })
        }
        let separators = [" ", "  ", "\n", "\t", "\n    ", " /* a comment; with END */ ", " -- a comment\n", "\r\n"]
        var result = ""
        for part in parts(sql) {
            result += result.isEmpty ? "" : separators.randomElement(using: &generator)!
            switch part {
            case let .keyword(word): result += randomCase(word)
            case let .name(name):
                let cased = randomCase(name)
                result += [cased, "\"\(cased)\"", "[\(cased)]", "`\(cased)`"].randomElement(using: &generator)!
            case let .other(text): result += text
            }
        }
        return result + (Bool.random(using: &generator) ? "" : " ")
    }

    static func describe(_ statements: [String]) throws -> SchemaDescription {
        let database = try Database(path: ":memory:")
        for statement in statements { try database.execute(statement) }
        return try SchemaDescription(database: database)
    }

    @Test func sameMeaningWrittenAnyWayIsNoDifference() throws {
        var generator = SeededRandom(seed: 21)
        for (sql, _) in Self.objects {
            let expected = try Self.describe([Self.table, sql])
            for _ in 0..<60 {
                let written = Self.variant(of: sql, using: &generator)
                let actual = try Self.describe([Self.table, written])
                #expect(actual.differences(from: expected) == [], "\(written)")
            }
        }
    }

    @Test func anotherMeaningIsADifferenceHoweverWritten() throws {
        var generator = SeededRandom(seed: 4)
        for (sql, otherMeanings) in Self.objects {
            let expected = try Self.describe([Self.table, sql])
            for other in otherMeanings {
                for _ in 0..<10 {
                    let written = Self.variant(of: other, using: &generator)
                    let differences = try Self.describe([Self.table, written]).differences(from: expected)
                    #expect(differences.count >= 1, "\(written)")
                }
            }
        }
    }

    @Test func differencesNameTheObject() throws {
        let expected = try Self.describe([Self.table, "CREATE VIEW v AS SELECT id FROM t", "CREATE INDEX t_partial ON t (n) WHERE n > 1"])
        let actual = try Self.describe([
            Self.table, "CREATE VIEW v AS SELECT name FROM t", "CREATE VIEW extra AS SELECT 1",
            "CREATE TRIGGER foreign_trigger AFTER DELETE ON t BEGIN SELECT 1; END",
            "CREATE INDEX t_partial ON t (n)\n WHERE n > 2",
        ])
        #expect(actual.differences(from: expected) == [
            "view v differs: it is `create view v as select name from t`, expected `create view v as select id from t`",
            "trigger foreign_trigger is not expected",
            "view extra is not expected",
            "table t lacks index t_partial (n COLLATE BINARY) WHERE n > 1",
            "table t has unexpected index t_partial (n COLLATE BINARY) WHERE n > 2",
        ])
        #expect(try Self.describe([Self.table]).differences(from: expected) == [
            "view v is missing",
            "table t lacks index t_partial (n COLLATE BINARY) WHERE n > 1",
        ])
    }

    @Test func aVirtualTableIsOneDifferenceWithItsShadowTables() throws {
        let actual = try Self.describe([Self.table, "CREATE VIRTUAL TABLE search USING fts5(title, body)"])
        #expect(actual.tables.map(\.name) == ["t"])
        #expect(actual.differences(from: try Self.describe([Self.table])) == [
            "virtual table search USING fts5 (search_config, search_content, search_data, search_docsize, search_idx) is not expected",
        ])
    }

    @Test func undeclaredViewsAndTriggersAreRefusedBeforeAnythingIsWritten() throws {
        let directory = try TemporaryDirectory()
        let definition = SchemaDefinition(version: 1, creation: [Self.table, "CREATE VIEW \"v\" AS SELECT id FROM t"], migrations: [])
        for extra in ["CREATE VIEW mine AS SELECT name FROM t", "CREATE TRIGGER mine AFTER DELETE ON t BEGIN SELECT 1; END"] {
            let path = directory.path("\(UUID().uuidString).sqlite")
            let file = try Database(path: path)
            for statement in [Self.table, "CREATE VIEW v AS SELECT id FROM t", extra] { try file.execute(statement) }
            let kind = extra.contains("VIEW") ? "view" : "trigger"
            #expect(throws: DAOGenError.baselineMismatch(path: path, version: 1, differences: ["\(kind) mine is not expected"])) {
                try definition.prepare(file, baseline: 1)
            }
            #expect(try file.userVersion() == 0)
        }
        // Declared, and written another way than daogen writes it: adopted.
        let path = directory.path("declared.sqlite")
        let file = try Database(path: path)
        for statement in [Self.table, "create view V as\n  select ID\n  from [T] -- mine\n"] { try file.execute(statement) }
        try definition.prepare(file, baseline: 1)
        #expect(try file.userVersion() == 1)
    }

    @Test func aUserVersionTheAppSetIsAdoptedOnlyWhenDeclared() throws {
        let directory = try TemporaryDirectory()
        func file(userVersion: Int) throws -> (String, Database) {
            let path = directory.path("\(UUID().uuidString).sqlite")
            let database = try Database(path: path)
            try database.execute(Self.table)
            try database.setUserVersion(userVersion)
            return (path, database)
        }
        let plain = SchemaDefinition(version: 1, creation: [Self.table], migrations: [])
        let adopting = SchemaDefinition(version: 1, adoptsUserVersion: 53, creation: [Self.table], migrations: [])
        let (path, database) = try file(userVersion: 53)
        #expect(throws: DAOGenError.newerFile(path: path, fileVersion: 53, codeVersion: 1)) { try plain.prepare(database, baseline: 1) }
        #expect(throws: DAOGenError.unversionedFile(path: path, tables: ["t"])) { try adopting.prepare(database) }
        #expect(try database.userVersion() == 53)
        try adopting.prepare(database, baseline: 1)
        #expect(try database.userVersion() == 1)
        let (otherPath, other) = try file(userVersion: 54)
        #expect(throws: DAOGenError.newerFile(path: otherPath, fileVersion: 54, codeVersion: 1)) { try adopting.prepare(other, baseline: 1) }
        let (_, different) = try file(userVersion: 53)
        try different.execute("CREATE TABLE extra (x)")
        #expect(throws: DAOGenError.self) { try adopting.prepare(different, baseline: 1) }
        #expect(try different.userVersion() == 53)
    }
}
