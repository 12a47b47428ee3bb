@testable import _DAOGenCore
import Foundation
import Seeded

/// The name slots of a schema (issue 21, item 5) and the schema directory that puts one name in one of
/// them, every other name a plain one. Each generated type of a schema sits in some slot: the database
/// type, a table's and a view's record and DAO, a column's property and enum, an enum case, a query's
/// result struct.
enum NameSlot: String, CaseIterable {
    case database, table, tableSwiftName, view, viewSwiftName, column, columnSwiftName, enumCase, query

    /// The schema directory (file name -> text) with `name` in this slot.
    func schema(with name: String) -> [String: String] {
        func yaml(_ text: String) -> String { DriverWriter.swiftString(text) }
        func sqlName(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        let table = self == .table ? name : "item"
        var settings = "version: 1\n"
        if self == .database { settings += "database: \(yaml(name))\n" }
        var file = "tables:\n  - name: \(yaml(table))\n"
        if self == .tableSwiftName { file += "    swiftName: \(yaml(name))\n" }
        file += "    columns:\n      - name: id\n        type: INTEGER\n        primaryKey: true\n"
        file += "      - name: \(yaml(self == .column ? name : "label"))\n        type: TEXT\n"
        if self == .columnSwiftName { file += "        swiftName: \(yaml(name))\n" }
        file += "      - name: kind\n        type: TEXT\n        enum: [plain, \(yaml(self == .enumCase ? name : "other"))]\n"
        let query = self == .query ? name : "withKind"
        file += "    queries:\n      - name: \(yaml(query))\n        sql: \(yaml("SELECT id, kind FROM \(sqlName(table)) WHERE kind = :kind"))\n"
        file += "views:\n  - name: \(yaml(self == .view ? name : "item_view"))\n"
        if self == .viewSwiftName { file += "    swiftName: \(yaml(name))\n" }
        file += "    sql: \(yaml("SELECT id, label FROM \(sqlName(table))"))\n"
        return ["daogen.yaml": settings, "items.yaml": file]
    }

    /// The names fed through every slot: every reserved name (as written and as an SQL name would
    /// spell it), Swift keywords, the runtime's names, and `count` random ill-formed ones.
    static func names(seed: UInt64, count: Int) -> [String] {
        var names = ReservedNames.typeNames.sorted()
        names += ReservedNames.typeNames.sorted().map { $0.lowercased() }
        names += SwiftNaming.keywords.sorted()
        names += ["", "_", "__", " ", "1", "1st", "9lives", "a b", "a-b", "'", "\"", "\"\"", "''", "`", "a`b", "$x", "é", "名前",
                  "Straße", "😀", "a→b", "self", "Self", "Type", "rawValue", "allCases", "init", "hashValue", "database",
                  "read", "write", "close", "version", "schema", "selection", "bind", "Column", "Ordering", "DAO", "AppDatabase"]
        var random = SeededRandom(seed: seed)
        let alphabet = Array("abcXYZ_09 -.'\"`$é名😀\u{301}")
        for _ in 0..<count {
            names.append(String((0..<random.int(0...6)).map { _ in random.pick(alphabet) }))
        }
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}

/// An app's own code, compiled into each module beside the generated code: it names the types the
/// generated names must not hide, unqualified, as app code does.
let appCodeUsingReservedNames = """
    import DAOGenRuntime
    import Foundation

    /// Uses the names of Swift, Concurrency, Foundation and DAOGenRuntime that generated code must not hide.
    func appCodeUsesItsTypes(_ database: Database) async throws {
        let task = Task { 1 }
        _ = await task.value
        let result: Result<Int, Error> = .success(1)
        let data = Data()
        let date = Date()
        let url = URL(string: "https://example.com")
        let uuid = UUID()
        let decimal = Decimal(1)
        let array: Array<Int> = []
        let set: Set<String> = []
        let dictionary: Dictionary<String, Int> = [:]
        let optional: Optional<Int> = nil
        let string = String(1)
        let character = Character("a")
        let int = Int(1)
        let double = Double(1)
        let bool = Bool(true)
        let calendar = Calendar.current
        let locale = Locale.current
        let zone = TimeZone.current
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        let duration = Duration.seconds(1)
        let range: Range<Int> = 0..<1
        let value: DatabaseValue = .null
        let error: DAOGenError? = nil
        let statement: Statement? = nil
        _ = (result, data, date, url, uuid, decimal, array, set, dictionary, optional, string, character, int, double, bool)
        _ = (calendar, locale, zone, encoder, decoder, duration, range, value, error, statement, database)
        await MainActor.run {}
    }

    """
