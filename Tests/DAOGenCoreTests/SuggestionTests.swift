import Foundation
import Testing

@testable import _DAOGenCore

/// Mistakes whose message names the fix (issue 29): a misspelled `swift:` type, a column renamed by
/// ending one declaration and starting another, a `version:` that is not a number.
@Suite struct SuggestionTests {
    /// The diagnostics of a `t.yaml` whose column `a` (TEXT) has `swift: <name>`, at 9:16.
    func swiftType(_ name: String) throws -> [String] {
        try diagnostics(["t.yaml": tableFile("      - name: a\n        type: TEXT\n        swift: \(name)\n")])
    }

    @Test func aKnownTypeInAnotherCaseIsRefusedWithTheType() throws {
        #expect(try swiftType("date") == [
            "S/t.yaml:9:16: error: 'swift' names 'date', which is not a type daogen knows; did you mean 'Date'? (an app's own type of this name can be written with its module, as 'MyApp.date')"
        ])
        #expect(try swiftType("UUid") == [
            "S/t.yaml:9:16: error: 'swift' names 'UUid', which is not a type daogen knows; did you mean 'UUID'? (an app's own type of this name can be written with its module, as 'MyApp.UUid')"
        ])
    }

    @Test func aNameCloseToAKnownTypeIsRefusedWithTheType() throws {
        #expect(try swiftType("Strng") == [
            "S/t.yaml:9:16: error: 'swift' names 'Strng', which is not a type daogen knows; did you mean 'String'? (an app's own type of this name can be written with its module, as 'MyApp.Strng')"
        ])
        #expect(try swiftType("Dats") == [
            "S/t.yaml:9:16: error: 'swift' names 'Dats', which is not a type daogen knows; did you mean 'Data' or 'Date'? (an app's own type of this name can be written with its module, as 'MyApp.Dats')"
        ])
    }

    @Test func aLowerCaseTypeNameIsRefusedWithItsCapitalizedSpelling() throws {
        #expect(try swiftType("priority") == [
            "S/t.yaml:9:16: error: 'swift' names 'priority', which starts with a lower-case letter, as a Swift type name almost never does; did you mean 'Priority'? (an app's own type of this name can be written with its module, as 'MyApp.priority')"
        ])
    }

    /// An app's own types: other names, names close to a known type that start with another letter
    /// (`Rate`, one edit from `Date`), and any name written with its module.
    @Test func anAppsOwnTypesStayAllowed() throws {
        for name in ["Priority", "Money", "Rate", "Point", "MyApp.date", "Shop.Strng"] {
            #expect(try swiftType(name) == [], "\(name)")
        }
    }

    @Test func aNotNullColumnAddedAsAnotherOfItsTypeEndsSuggestsTheRename() throws {
        let result = try diagnostics([
            "daogen.yaml": "version: 2\n",
            "t.yaml": tableFile(
                "      - name: author\n        type: TEXT\n        notNull: true\n        until: 1\n"
                    + "      - name: writer\n        type: TEXT\n        notNull: true\n        since: 2\n"),
        ])
        #expect(result == [
            "S/t.yaml:11:15: error: column 'writer' is added to table 't' in version 2 as NOT NULL without a default, so rows that exist cannot get a value; add a 'default:', make it nullable, or add a 'migrations:' step for version 2 that supplies the data; if it is column 'author' renamed, declare it once, with `renamedFrom: { name: author, in: 2 }`, which keeps its values"
        ])
    }

    /// Every `since` was checked against version 1, the default, and reported before the real error.
    @Test func aVersionThatIsNotANumberStopsBeforeTheVersionRanges() throws {
        let result = try diagnostics([
            "daogen.yaml": "version: \"3\"\n",
            "t.yaml": tableFile("      - name: a\n        type: TEXT\n        since: 2\n      - name: b\n        type: TEXT\n        since: 3\n"),
        ])
        #expect(result == ["S/daogen.yaml:1:10: error: 'version' must be an integer"])
    }

    @Test func aVersionOutOfRangeStopsBeforeTheVersionRanges() throws {
        let result = try diagnostics([
            "daogen.yaml": "version: 0\n",
            "t.yaml": tableFile("      - name: a\n        type: TEXT\n        since: 2\n"),
        ])
        #expect(result == ["S/daogen.yaml:1:10: error: 'version' must be between 1 and 10000, found 0"])
    }
}
