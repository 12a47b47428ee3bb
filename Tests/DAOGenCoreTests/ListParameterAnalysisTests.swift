import Testing

@testable import _DAOGenCore

/// List parameters (`IN (:ids)` takes `[T]`): their typing, the SQL the query runs with its parameters
/// numbered, and the exact message and place of each misuse.
@Suite struct ListParameterAnalysisTests {
    @Test func aListTakesAnArrayOfTheComparedColumnsTypeAndItsNumberAfterTheValues() throws {
        let query = try analyzedQuery(
            "SELECT title FROM book WHERE kind IN ( :kinds ) AND title = :title AND id NOT IN (:ids) OR :title = title")
        #expect(query.parameters.map { "\($0.label): \($0.swiftName) @\($0.index)" } == [
            "kinds: [Book.Kind] @0", "title: String @1", "ids: [Int64] @1",
        ])
        #expect(query.listSQL == AnalyzedQuery.ListSQL(
            sql: "SELECT title FROM book WHERE kind IN ( ?2 ) AND title = ?1 AND id NOT IN (?3) OR ?1 = title", firstList: 2))
    }

    @Test func paramsGivesTheElementTypeOrKeepsASingleValue() throws {
        let list = try analyzedQuery("SELECT title FROM book WHERE id + 1 IN (:ids)", extra: "        params: { ids: \"[Int64]\" }\n")
        #expect(list.parameters.map(\.swiftName) == ["[Int64]"])
        #expect(list.listSQL?.sql == "SELECT title FROM book WHERE id + 1 IN (?1)")
        let single = try analyzedQuery("SELECT title FROM book WHERE id IN (:id)", extra: "        params: { id: Int64 }\n")
        #expect(single.parameters.map(\.swiftName) == ["Int64"])
        #expect(single.listSQL == nil)
    }

    @Test func aQueryWithoutListsRunsItsOwnSQL() throws {
        let query = try analyzedQuery("SELECT title FROM book WHERE id IN (:a, :b)")
        #expect(query.parameters.map(\.swiftName) == ["Int64", "Int64"])
        #expect(query.listSQL == nil)
    }

    @Test func anElementTypeThatCannotBeInferred() throws {
        let result = try diagnostics(["t.yaml": queryFile("      - name: q\n        sql: SELECT title FROM book WHERE abs(id) IN (:ids)\n")])
        #expect(result == [
            #"S/t.yaml:27:55: error: query 'q': the element type of list parameter ':ids' cannot be inferred (the IN list is not compared with a column); give it in 'params:', e.g. params: { ids: "[Int64]" }"#
        ])
    }

    @Test func aListTypeForAParameterOutsideAnInList() throws {
        let result = try diagnostics(["t.yaml": queryFile(
            "      - name: q\n        sql: SELECT title FROM book WHERE id = :ids\n        params: { ids: \"[Int64]\" }\n")])
        #expect(result == [
            "S/t.yaml:28:24: error: query 'q': 'params' gives parameter ':ids' the list type '[Int64]', but it is not the only element of an IN list, where a list goes: x IN (:ids)"
        ])
    }

    @Test func aListWrittenTwice() throws {
        let result = try diagnostics(["t.yaml": queryFile(
            "      - name: q\n        sql: SELECT title FROM book WHERE id IN (:ids) OR author_id IN (:ids)\n")])
        #expect(result == [
            "S/t.yaml:27:73: error: query 'q': list parameter ':ids' is written more than once; a list parameter (the only element of an IN list) appears once"
        ])
    }

    @Test func optionalElements() throws {
        let result = try diagnostics(["t.yaml": queryFile(
            "      - name: q\n        sql: SELECT title FROM book WHERE author_id IN (:ids)\n        params: { ids: \"[Int64?]\" }\n")])
        #expect(result == [
            "S/t.yaml:28:24: error: query 'q': the elements of list parameter ':ids' cannot be Optional: NULL in an IN list matches no row; write '[Int64]'"
        ])
    }
}
