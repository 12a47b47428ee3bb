@testable import _DAOGenCore
import DAOGenRuntime
import Foundation
import GeneratedEdgeCases
import Testing

/// What an app that calls the finder taking values needs: the exact signature docs/SchemaFormat.md ("What each DAO gets") promises.
/// The generated DAO conforms without a wrapper, so the overload taking Optionals took nothing away.
protocol ShelfLookup {
    func fetchAll(byLabel label: String, shelf: String) throws -> [ShelfItem]
    func find(byIsbn isbn: String) throws -> ShelfItem?
}

extension ShelfItemDAO: ShelfLookup {}

/// Index finders on columns that can hold NULL, on a real SQLite file: nil finds the NULL rows, a value
/// the others, through the index either way.
@Suite final class NullableIndexFinderTests {
    let file: TemporaryDatabaseFile
    let edge: EdgeCasesDatabase

    init() throws {
        file = try TemporaryDatabaseFile()
        edge = try EdgeCasesDatabase.open(path: file.path)
    }

    deinit {
        file.remove()
    }

    @Test func nilFindsTheNullRowsOfACompositeIndexAndAValueTheOthers() throws {
        let dao = edge.shelfItem
        let onShelf = try dao.insert(ShelfItem(label: "a", shelf: "s1"))
        let loose = try dao.insert(ShelfItem(label: "a"))
        let looseToo = try dao.insert(ShelfItem(label: "a", shelf: nil))
        let otherLabel = try dao.insert(ShelfItem(label: "b"))
        _ = try dao.insert(ShelfItem(label: "b", shelf: "s1"))

        #expect(try dao.fetchAll(byLabel: "a", shelf: nil).sorted { $0.id! < $1.id! } == [loose, looseToo])
        #expect(try dao.fetchAll(byLabel: "b", shelf: nil) == [otherLabel])
        #expect(try dao.fetchAll(byLabel: "c", shelf: nil) == [])
        // A value finds the same rows through either finder.
        #expect(try dao.fetchAll(byLabel: "a", shelf: "s1") == [onShelf])
        let wanted: String? = "s1"
        #expect(try dao.fetchAll(byLabel: "a", shelf: wanted) == [onShelf])
        let none: String? = nil
        #expect(try dao.fetchAll(byLabel: "a", shelf: none).count == 2)
        // The partial index `WHERE shelf IS NOT NULL` keeps only its finder taking values.
        #expect(try dao.fetchAll(byShelf: "s1").count == 2)
    }

    @Test func twoNullableColumnsOfEveryStorageMatchEachCombination() throws {
        let dao = edge.shelfItem
        let seen = millisecondDate(1_700_000_000_123)
        let both = try dao.insert(ShelfItem(label: "x", kind: .paper, seen: seen))
        let kindOnly = try dao.insert(ShelfItem(label: "x", kind: .paper))
        let seenOnly = try dao.insert(ShelfItem(label: "x", seen: seen))
        let neither = try dao.insert(ShelfItem(label: "x"))

        #expect(try dao.fetchAll(byKind: .paper, seen: seen) == [both])
        #expect(try dao.fetchAll(byKind: .paper, seen: nil) == [kindOnly])
        #expect(try dao.fetchAll(byKind: nil, seen: seen) == [seenOnly])
        #expect(try dao.fetchAll(byKind: nil, seen: nil) == [neither])
        #expect(try dao.fetchAll(byKind: .cloth, seen: nil) == [])

        // UUID stored as a BLOB, URL bound through its generic conversion.
        let token = UUID()
        let link = try #require(URL(string: "https://example.com/a"))
        let tokened = try dao.insert(ShelfItem(label: "y", token: token, link: link))
        #expect(try dao.fetchAll(byToken: token) == [tokened])
        #expect(try dao.fetchAll(byToken: Optional(token)) == [tokened])
        #expect(try dao.fetchAll(byToken: nil).count == 4)
        #expect(try dao.fetchAll(byLink: link) == [tokened])
        #expect(try dao.fetchAll(byLink: Optional(link)) == [tokened])
        #expect(try dao.fetchAll(byLink: nil).count == 4)
    }

    @Test func callersOfTheFindersTakingValuesCompileUnchanged() throws {
        let dao = edge.shelfItem
        let row = try dao.insert(ShelfItem(label: "a", shelf: "s", isbn: "i"))
        // Function references typed as before still find their finder, and the protocol above holds.
        let byLabelShelf: (String, String) throws -> [ShelfItem] = dao.fetchAll(byLabel:shelf:)
        let byIsbn: (String) throws -> ShelfItem? = dao.find(byIsbn:)
        let lookup: any ShelfLookup = dao
        #expect(try byLabelShelf("a", "s") == [row])
        #expect(try byIsbn("i") == row)
        #expect(try lookup.fetchAll(byLabel: "a", shelf: "s") == [row])
        // Non-optional literals and values pick the finder taking values, with no ambiguity.
        let label = "a"
        #expect(try dao.fetchAll(byLabel: label, shelf: "s") == [row])
        #expect(try edge.keyword.fetchAll(byGroup: "g", where: 7) == [])
    }

    @Test func aNullableUniqueColumnHoldsManyNullsSoItsFinderTakesAValue() throws {
        let dao = edge.shelfItem
        let first = try dao.insert(ShelfItem(label: "a"))
        let second = try dao.insert(ShelfItem(label: "b"))
        let numbered = try dao.insert(ShelfItem(label: "c", isbn: "978"))
        #expect(try dao.find(byIsbn: "978") == numbered)
        // `find(byIsbn: nil)` would have to pick one of these: the rows are found with a condition.
        #expect(try dao.fetchAll(where: #""isbn" IS NULL"#, orderBy: [.id.ascending]) == [first, second])
    }

    @Test func statementNamesThatCollideKeepTheirOwnSQL() throws {
        let dao = edge.shelfItem
        // `shelf_row, no` and `shelf, row_no` both join to ShelfRowNo.
        let byRow = try dao.insert(ShelfItem(label: "a", shelfRow: 1, no: 2))
        let byShelf = try dao.insert(ShelfItem(label: "b", shelf: "1", rowNo: 2))
        #expect(try dao.fetchAll(byShelfRow: 1, no: 2) == [byRow])
        #expect(try dao.fetchAll(byShelf: "1", rowNo: 2) == [byShelf])
        #expect(try dao.fetchAll(byShelfRow: 1, no: nil) == [])
        #expect(try dao.fetchAll(byShelf: nil, rowNo: nil) == [byRow])
        #expect(try dao.fetchAll(byShelfRow: nil, no: nil) == [byShelf])
    }

    /// On a file with rows, every `IS ?` statement the DAO runs is planned as a search of the index its
    /// `= ?` statement searches: nil costs no table scan.
    @Test func theStatementsTakingOptionalsSearchTheIndexOnAFileWithRows() throws {
        let dao = edge.shelfItem
        var rows: [ShelfItem] = []
        for number in 0..<2_000 {
            var row = ShelfItem(label: "l\(number % 50)", shelfRow: Int64(number % 9), no: Int64(number % 11))
            if number % 3 != 0 { row.shelf = "s\(number % 7)" }
            if number % 5 != 0 { row.kind = .paper }
            if number % 4 != 0 { row.seen = millisecondDate(Int64(number)) }
            if number % 2 != 0 { row.token = UUID() }
            if number % 6 != 0 { row.link = URL(string: "https://example.com/\(number)") }
            rows.append(row)
        }
        try dao.insert(contentsOf: rows)
        try edge.database.execute("ANALYZE")
        let schema = packageRoot.appending(path: "Tests/Schemas/EdgeCases")
        let loaded = try Generator.load(directory: schema, displayPath: "Tests/Schemas/EdgeCases")
        let table = try #require(loaded.schema.tables.first { $0.name == "shelf_item" })
        let sql = TableStatements(table: table, version: loaded.schema.settings.version)
        var compared: [String] = []
        for finder in sql.indexFinders where !finder.nullableColumns.isEmpty {
            let equals = try plan(sql.find(by: finder.columns))
            let matchingNull = try plan(sql.find(by: finder.columns, matchingNull: finder.nullableColumns))
            let name = finder.index.name(at: loaded.schema.settings.version)
            #expect(equals.hasPrefix("SEARCH shelf_item USING INDEX \(name) ("), "\(equals)")
            #expect(matchingNull == equals)
            compared.append(name)
        }
        #expect(compared == [
            "shelf_item_by_label_shelf", "shelf_item_by_kind_seen", "shelf_item_by_token", "shelf_item_by_link",
            "shelf_item_by_shelf_row_no", "shelf_item_by_shelf_and_row_no",
        ])
    }

    private func plan(_ sql: String) throws -> String {
        try edge.database.rows("EXPLAIN QUERY PLAN " + sql).map { row in
            if case let .text(detail) = row.last { detail } else { "" }
        }.joined(separator: "; ")
    }
}

/// The package's root directory, found from this file's path.
private let packageRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
