/// The SQL of a generated query whose `IN (:list)` parameters take Swift arrays, and the statement for
/// lists of given lengths.
///
/// The generator numbers the query's parameters: the others first (`?1`, `?2`, ...), then each list as
/// one placeholder in parentheses, `(?3)`. That text is the statement for lists of one value, which the
/// generator prepares; for other lengths each list's placeholder becomes as many placeholders as
/// `InList` pads the length to (the first numbered, after the lists before it), so lengths share a few
/// statement shapes (each prepared once per connection) and any count up to SQLite's variable limit works.
/// An empty list is `()`, which matches no row.
///
/// ```swift
/// // sql: SELECT * FROM book WHERE status = :status AND id IN (:ids)
/// static let byIds = ListQuerySQL("SELECT * FROM book WHERE status = ?1 AND id IN (?2)", firstList: 2)
/// let expansion = byIds.expanded([ids.count])   // 3 ids: "... AND id IN (?2, ?, ?, ?)"
/// try database.withStatement(sql: expansion.sql) { statement in
///     statement.bind(status, at: 1)
///     statement.bind(list: ids, at: expansion.listStarts[0])
///     ...
/// }
/// ```
public struct ListQuerySQL: Sendable {
    /// A statement for lists of given lengths.
    public struct Expansion: Sendable {
        /// The SQL text.
        public var sql: String
        /// The number of each list's first placeholder, in the order the lists appear.
        public var listStarts: [Int32]
    }

    /// The SQL before the first list, between the lists, and after the last (one more than the lists).
    let pieces: [Substring]
    /// The number of the first list's placeholder: one more than the query's other parameters.
    let firstList: Int

    /// The query's SQL with its other parameters numbered from `?1` and its lists written `(?firstList)`,
    /// `(?firstList+1)`, ... in the order they appear.
    public init(_ sql: String, firstList: Int) {
        let bytes = Array(sql.utf8)
        let tokens = SQLLexer.tokens(sql)
        var pieces: [Substring] = []
        var start = sql.utf8.startIndex
        var list = firstList
        var index = 0
        while index + 2 < tokens.count {
            let (open, parameter, close) = (tokens[index], tokens[index + 1], tokens[index + 2])
            if open.kind == .symbol, bytes[open.range.lowerBound] == UInt8(ascii: "("), parameter.kind == .parameter,
               SQLLexer.text(parameter.range, in: bytes) == "?" + String(list),
               close.kind == .symbol, bytes[close.range.lowerBound] == UInt8(ascii: ")") {
                let end = sql.utf8.index(sql.utf8.startIndex, offsetBy: open.range.lowerBound)
                pieces.append(sql[start..<end])
                start = sql.utf8.index(sql.utf8.startIndex, offsetBy: close.range.upperBound)
                list += 1
                index += 3
            } else {
                index += 1
            }
        }
        pieces.append(sql[start...])
        self.pieces = pieces
        self.firstList = firstList
    }

    /// The statement for lists of `counts` values, one count per list in the order they appear.
    public func expanded(_ counts: [Int]) -> Expansion {
        precondition(counts.count == pieces.count - 1, "ListQuerySQL: \(pieces.count - 1) lists, \(counts.count) counts")
        var sql = String(pieces[0])
        var starts: [Int32] = []
        starts.reserveCapacity(counts.count)
        var next = firstList
        for (list, count) in counts.enumerated() {
            starts.append(Int32(next))
            sql += InList.numberedPlaceholders(count, from: next)
            sql += pieces[list + 1]
            next += InList.paddedCount(count)
        }
        return Expansion(sql: sql, listStarts: starts)
    }
}

extension Statement {
    /// Binds `values` to a list's placeholders from 1-based `index` on, each as its type decides, and
    /// copies of the last value to the placeholders `InList` pads the list with.
    @inlinable
    public func bind<Value: DatabaseValueConvertible>(list values: [Value], at index: Int32) {
        guard let last = values.last else { return }
        var position = index
        for value in values {
            value.bind(to: self, at: position)
            position += 1
        }
        for _ in values.count..<InList.paddedCount(values.count) {
            last.bind(to: self, at: position)
            position += 1
        }
    }
}
