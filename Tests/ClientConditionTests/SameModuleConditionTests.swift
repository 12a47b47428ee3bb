import Foundation
import SameModuleConditions
import Testing

/// Conditions built in a hand-written file of the generated code's own module that imports only Foundation
/// (Tests/SameModuleConditions/BookFilters.swift): that they compile is the test; these check what they built.
@Suite struct SameModuleConditionTests {
    @Test func conditionsOfTheGeneratedModuleItselfCompile() throws {
        #expect(ratedOrUnratedSQL(by: 7, atLeast: 4) == #""author_id" = ? AND ("rating" >= ? OR "rating" IS NULL)"#)
        let (sql, count) = tenTermConditionSQL(title: "T", low: 1, high: 5, since: Date(timeIntervalSince1970: 0), isbn: nil)
        #expect(sql == #""title" = ? AND "rating" >= ? AND "rating" <= ? AND "published" > ? AND "isbn" IS NOT NULL"#
            + #" AND "status" = ? AND "author_id" = "id" AND "subtitle" IS NULL AND "id" < ? AND NOT ("title" = ? OR "rating" > ?)"#)
        #expect(count == 8)
    }
}
