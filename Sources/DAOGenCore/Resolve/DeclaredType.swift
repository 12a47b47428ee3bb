/// The type words `type:` accepts. SQLite accepts any declared type and derives an affinity from its
/// letters, so a typo (`TXET`) silently becomes NUMERIC, a `Double`. `type:` takes the words of
/// SQLite's own documentation and of the databases schemas are written for (MySQL, PostgreSQL, SQL
/// Server, Oracle); `declaredType:` keeps any other declared type as written.
enum DeclaredType {
    /// Every word `type:` accepts, upper case.
    static let knownWords: Set<String> = [
        // INTEGER affinity (SQLite's datatype page, MySQL, PostgreSQL).
        "INT", "INTEGER", "TINYINT", "SMALLINT", "MEDIUMINT", "BIGINT", "UNSIGNED", "SIGNED", "BIG", "INT2", "INT4",
        "INT8", "SERIAL", "SMALLSERIAL", "BIGSERIAL",
        // TEXT affinity.
        "CHARACTER", "VARCHAR", "VARYING", "NCHAR", "NATIVE", "NVARCHAR", "TEXT", "CLOB", "CHAR", "TINYTEXT",
        "MEDIUMTEXT", "LONGTEXT", "NTEXT", "VARCHAR2", "NVARCHAR2", "CITEXT",
        // BLOB affinity.
        "BLOB", "TINYBLOB", "MEDIUMBLOB", "LONGBLOB",
        // REAL affinity.
        "REAL", "DOUBLE", "PRECISION", "FLOAT", "FLOAT4", "FLOAT8",
        // NUMERIC affinity, by name or by SQLite's last rule: numbers, booleans, dates and times, and
        // the other names schemas commonly carry.
        "NUMERIC", "DECIMAL", "NUMBER", "MONEY", "BOOLEAN", "BOOL", "BIT", "DATE", "DATETIME", "TIMESTAMP", "TIME",
        "TIMESTAMPTZ", "YEAR", "INTERVAL", "WITH", "WITHOUT", "ZONE", "JSON", "JSONB", "UUID", "BINARY", "VARBINARY",
        "BYTEA", "ANY",
    ]

    /// The words of a declared type: runs of ASCII letters, digits and underscores that start with a
    /// letter (`DECIMAL(10, 2)` -> `DECIMAL`).
    static func words(_ type: String) -> [Substring] {
        var words: [Substring] = []
        var rest = Substring(type)
        while let start = rest.firstIndex(where: { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
            rest = rest[start...]
            let word = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            if word.first?.isLetter == true { words.append(word) }
            rest = rest.dropFirst(word.count)
        }
        return words
    }

    /// The first word of `type` that `type:` does not accept, or nil when it accepts them all.
    static func unknownWord(in type: String) -> String? {
        words(type).first { !knownWords.contains($0.uppercased()) }.map(String.init)
    }

    /// The type name `word` was probably meant to be: `did you mean TEXT?`.
    static func suggestion(for word: String) -> String {
        let upper = word.uppercased()
        if upper.contains("STR") { return "did you mean TEXT?" }
        if let close = nearest(upper, in: ["INTEGER", "TEXT", "REAL", "BLOB", "NUMERIC"], limit: 2)
            ?? nearest(upper, in: knownWords.sorted(), limit: upper.count <= 4 ? 1 : 2) {
            return "did you mean \(close)?"
        }
        return "write INTEGER, TEXT, REAL, BLOB or NUMERIC"
    }

    /// The candidate nearest to `word` within `limit` edits, when one is nearer than every other.
    private static func nearest(_ word: String, in candidates: [String], limit: Int) -> String? {
        let distances = candidates.map { ($0, NodeReader.editDistance(word, $0, limit: limit)) }.filter { $0.1 <= limit }
        guard let best = distances.min(by: { $0.1 < $1.1 }), distances.filter({ $0.1 == best.1 }).count == 1 else { return nil }
        return best.0
    }
}
