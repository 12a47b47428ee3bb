// The SQL of relations: the subqueries of conditions across a foreign key, and the statement that reads
// the related rows of `including:`.
//
// A relation's subquery gives its table an alias, `"sqlite_r1"`, `"sqlite_r2"`, ...: a condition inside
// it may itself hold subqueries, which refer to the row of the table around them by name, and a chain of
// relations can meet the same table twice (`employee.manager`, `author -> books -> author`). The numbers
// grow outwards, so the aliases on one chain of nested subqueries all differ, and SQLite reserves names
// that start with `sqlite_` for its own objects, so no table or view can be named like one. Unqualified
// column names resolve to the innermost table, which is the table whose typed columns built them.

extension RecordSQL {
    /// What the aliases of relation subqueries start with: a prefix no table or view can have.
    static let relationAliasPrefix = "sqlite_r"

    /// The subquery of a relation, `SELECT <selection> FROM "table" AS "sqlite_rN" WHERE "sqlite_rN"."column" =
    /// "outerTable"."outerColumn"`, followed by ` AND (<condition>)` when there is one, where `condition` is
    /// a condition on `table` whose references to its own row by name (`"table".`, written by the
    /// subqueries in it) now name the alias.
    ///
    /// `N` is one more than the largest alias number in `condition`. The outer row is named by its table,
    /// `"outerTable".`: the DAO's statements read the table under its own name, and a subquery around
    /// this one renames it to its alias in turn.
    static func relationSubquery(
        selecting selection: String, from table: String, column: String, outerTable: String, outerColumn: String, condition: String?
    ) -> String {
        let alias = SQLIdentifier.quoted(relationAliasPrefix + String(deepestRelationAlias(in: condition ?? "") + 1))
        var sql = "SELECT " + selection + " FROM " + SQLIdentifier.quoted(table) + " AS " + alias + " WHERE " + alias + "."
            + SQLIdentifier.quoted(column) + " = " + SQLIdentifier.quoted(outerTable) + "." + SQLIdentifier.quoted(outerColumn)
        if let condition {
            let ownRow = SQLIdentifier.quoted(table) + "."
            sql += " AND (" + replacing(ownRow, with: alias + ".", in: condition) + ")"
        }
        return sql
    }

    /// `EXISTS (<subquery>)`: true when a row of `table` relates to the outer row and matches `condition`
    /// (see ``relationSubquery(selecting:from:column:outerTable:outerColumn:condition:)``).
    static func relationExists(from table: String, column: String, outerTable: String, outerColumn: String, condition: String?) -> String {
        "EXISTS (" + relationSubquery(selecting: "1", from: table, column: column, outerTable: outerTable, outerColumn: outerColumn,
                                      condition: condition) + ")"
    }

    /// `(SELECT count(*) ...)`: the number of rows of `table` that relate to the outer row and match `condition`.
    static func relationCount(from table: String, column: String, outerTable: String, outerColumn: String, condition: String?) -> String {
        "(" + relationSubquery(selecting: "count(*)", from: table, column: column, outerTable: outerTable, outerColumn: outerColumn,
                               condition: condition) + ")"
    }

    /// The largest `N` of the aliases `"sqlite_rN"` in `sql`; 0 for none.
    static func deepestRelationAlias(in sql: String) -> Int {
        // Bytes, not Foundation's string search (through NSString on Linux): this runs per condition built.
        let marker = Array((" AS \"" + relationAliasPrefix).utf8)
        let bytes = Array(sql.utf8)
        var deepest = 0
        var index = 0
        while let found = firstIndex(of: marker, in: bytes, from: index) {
            index = found + marker.count
            var number = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"), number < Int.max / 20 {
                number = number * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            deepest = max(deepest, number)
        }
        return deepest
    }

    /// `sql` with every occurrence of `target` replaced by `replacement`, left to right.
    static func replacing(_ target: String, with replacement: String, in sql: String) -> String {
        let pattern = Array(target.utf8)
        let bytes = Array(sql.utf8)
        guard var found = firstIndex(of: pattern, in: bytes, from: 0) else { return sql }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        var start = 0
        while true {
            result.append(contentsOf: bytes[start..<found])
            result.append(contentsOf: replacement.utf8)
            start = found + pattern.count
            guard let next = firstIndex(of: pattern, in: bytes, from: start) else { break }
            found = next
        }
        result.append(contentsOf: bytes[start...])
        return String(decoding: result, as: UTF8.self)
    }

    /// The first index at or after `start` where `pattern` (not empty) occurs in `bytes`.
    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = start
        while index <= bytes.count - pattern.count {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The rows a relation loads for `including:`: `<selectAll> WHERE "column" IN (?, ?, ...)`, one
    /// placeholder per key padded to a power of two (``InList``), then ` AND (<condition>)` when there is
    /// one, then ` ORDER BY` the terms of `orderBy` followed by `tieBreak` (each ascending), when either has any.
    ///
    /// The keys take parameters 1 through the padded count; the condition's values follow.
    @usableFromInline
    static func relatedRows<Term: SQLOrderingTerm>(
        selectAll: String, column: String, keyCount: Int, condition: String?, orderBy: [Term], tieBreak: [String]
    ) -> String {
        var sql = selectAll + " WHERE " + SQLIdentifier.quoted(column) + " IN " + InList.placeholders(keyCount)
        if let condition {
            sql += " AND (" + condition + ")"
        }
        let terms = orderBy.map { SQLIdentifier.quoted($0.columnName) + ($0.isDescending ? " DESC" : "") } + tieBreak.map(SQLIdentifier.quoted)
        if !terms.isEmpty {
            sql += " ORDER BY " + terms.joined(separator: ", ")
        }
        return sql
    }
}
