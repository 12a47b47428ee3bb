import Foundation
import Testing

@testable import _DAOGenCore

/// Mistakes whose message names the fix (issue 29): a misspelled `swift:` type, a column renamed by
/// ending one declaration and starting another, a `version:` that is not a number.
@Suite struct SuggestionTests {
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
}
