import DAOGenRuntime
import Foundation
import Testing

@testable import _DAOGenCore
import Seeded

/// Text in an expression or type slot stays in that slot.
@Suite struct SQLSlotTests {
    @Test(arguments: [
        ("length(title) > 0", nil),
        ("a IN ('x)', \"y(\", [z)])", nil),
        ("'it''s'", nil),
        ("1)); CREATE TABLE pwn (z INTEGER CHECK (1", "it closes a parenthesis it did not open"),
        ("(1", "it opens a parenthesis it does not close"),
        ("v > 0; DROP TABLE x", "it holds ';': a slot takes one expression, never a further statement"),
        ("v > 0 -- )", "it holds an SQL comment, which would hide the rest of the generated statement"),
        ("v /* x */ > 0", "it holds an SQL comment, which would hide the rest of the generated statement"),
        ("'open", "it has an unterminated string literal"),
        ("  ", "it is empty"),
    ] as [(String, String?)])
    func expressions(sql: String, problem: String?) {
        #expect(SQLSlot.expressionProblem(sql) == problem)
    }

    @Test(arguments: [
        ("TEXT", nil), ("", nil), ("VARCHAR(20)", nil), ("DECIMAL(10, 5)", nil), ("UNSIGNED BIG INT", nil),
        ("DOUBLE PRECISION", nil), ("NUMERIC(-1)", nil), ("my_type2", nil), ("_x", nil),
        ("check", "'check' starts a constraint, which has a key of its own (primaryKey, notNull, unique, default, check, collate, references)"),
        ("2TEXT", "it must be a type name such as TEXT, INTEGER or VARCHAR(20)"),
        ("TEXTé", "it must be a type name such as TEXT, INTEGER or VARCHAR(20)"),
        ("INTEGER PRIMARY KEY", "'PRIMARY' starts a constraint, which has a key of its own (primaryKey, notNull, unique, default, check, collate, references)"),
        ("TEXT) ; DROP TABLE t; --", "it must be a type name such as TEXT, INTEGER or VARCHAR(20)"),
        ("VARCHAR(20", "a size in parentheses must be one or two numbers"),
        ("(5)", "a size needs a type name before it"),
    ] as [(String, String?)])
    func typeNames(type: String, problem: String?) {
        #expect(SQLSlot.typeNameProblem(type) == problem)
    }

    @Test func parenthesizedMeansOneOuterPair() {
        #expect(SQLSlot.isParenthesized("(1 + 2)"))
        #expect(SQLSlot.isParenthesized("((1), (2))"))
        #expect(!SQLSlot.isParenthesized("(1), b INT DEFAULT (2)"))
        #expect(!SQLSlot.isParenthesized("(1) + (2)"))
        #expect(!SQLSlot.isParenthesized("1"))
    }

    /// The class: for random text made of the pieces that break out of slots, either generation
    /// fails with a located error, or the schema it creates holds exactly the declared table, its
    /// columns and its index, and nothing else.
    @Test func randomTextNeverEscapesItsSlot() throws {
        let pieces = [
            ")", "(", ";", "--", "/*", "*/", "'", "\"", ",", "1", "a", " ", "\n", "CREATE TABLE pwn (z)",
            "DROP TABLE t", "x INT", "CHECK", "DEFAULT", "PRIMARY KEY", "[", "]", "`", "''", "0)", "(0",
        ]
        var generator = SeededRandom(seed: 8)
        var accepted = 0
        for trial in 0..<400 {
            let text = generator.text(joining: pieces, count: 1...8)
            let slot = trial % 5
            let quoted = "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n") + "\""
            let column = [
                "      - name: a\n        type: INTEGER\n        check: \(quoted)\n",
                "      - name: a\n        type: INTEGER\n        default: \(quoted)\n",
                "      - name: a\n        type: \(quoted)\n",
                "      - name: a\n        type: INTEGER\n",
                "      - name: a\n        type: INTEGER\n",
            ][slot]
            let extra = [
                "", "", "",
                "    indexes:\n      - name: i\n        columns: [a]\n        where: \(quoted)\n",
                "    checks: [\(quoted)]\n",
            ][slot]
            let loaded: TypedSchema
            do {
                loaded = try loadSchema(["t.yaml": tableFile(column, extra: extra)])
            } catch let error as DiagnosticsError {
                #expect(error.diagnostics.allSatisfy { $0.location != nil }, "\(error)")
                continue
            }
            accepted += 1
            let database = try Database(path: ":memory:")
            try database.execute(Generator.creationSQL(loaded))
            let objects = try database.rows("SELECT type || ' ' || name FROM sqlite_schema ORDER BY name").map(\.first)
            #expect(objects == (slot == 3 ? [.text("index i"), .text("table t")] : [.text("table t")]), "slot \(slot): \(text)")
            let columns = try database.rows("SELECT name FROM pragma_table_info('t')").map(\.first)
            #expect(columns == [.text("id"), .text("a")], "slot \(slot): \(text)")
        }
        #expect(accepted > 0)
    }
}

/// The guard reads a slot as SQLite reads it (`SQLLexer`), inside the parentheses it is pasted into.
@Suite struct SQLSlotLexingTests {
    @Test(arguments: [
        // U+00A0 is an identifier byte for SQLite, not white space: a name, not an empty slot (the old
        // guard, with Unicode white space, called it empty).
        ("\u{a0}", nil),
        // `/*` at the end is `/` and `*` alone, but a comment once the slot's `)` follows it.
        ("a /*", "it holds an SQL comment, which would hide the rest of the generated statement"),
        // A Tcl-style parameter takes `;` and `--` into itself, and would take the slot's `)` too.
        ("$a(x;y)", nil),
        ("$a(--)", nil),
        ("$a(x", "it opens a parenthesis it does not close"),
        ("x'0A", "it has an unterminated blob literal"),
        ("[a", "it has an unterminated [name]"),
        ("`a``", "it has an unterminated quoted name"),
    ] as [(String, String?)])
    func slotsAreReadAsSQLiteReadsThem(sql: String, problem: String?) {
        #expect(SQLSlot.expressionProblem(sql) == problem)
    }

    @Test func typeNamesAreReadAsSQLiteReadsThem() {
        // SQLite's white space (a line break too) may stand between the words and the size; a comment may not.
        #expect(SQLSlot.typeNameProblem("VARCHAR\n(20)") == nil)
        #expect(SQLSlot.typeNameProblem("TEXT /* x */") == "it must be a type name such as TEXT, INTEGER or VARCHAR(20)")
        #expect(SQLSlot.typeNameProblem("TEXT\u{a0}") == "it must be a type name such as TEXT, INTEGER or VARCHAR(20)")
        #expect(SQLSlot.typeNameProblem("DECIMAL(1.2.3)") == "a size in parentheses must be one or two numbers")
    }
}
