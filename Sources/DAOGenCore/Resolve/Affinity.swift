/// SQLite's column affinity, derived from a declared type by the five rules of
/// https://www.sqlite.org/datatype3.html#determination_of_column_affinity.
public enum Affinity: String, Sendable, CaseIterable {
    case integer = "INTEGER"
    case text = "TEXT"
    case blob = "BLOB"
    case real = "REAL"
    case numeric = "NUMERIC"

    /// The affinity SQLite gives a column declared with `typeName`.
    public init(declaredType typeName: String) {
        let upper = typeName.uppercased()
        if upper.contains("INT") {
            self = .integer
        } else if upper.contains("CHAR") || upper.contains("CLOB") || upper.contains("TEXT") {
            self = .text
        } else if upper.isEmpty || upper.contains("BLOB") {
            self = .blob
        } else if upper.contains("REAL") || upper.contains("FLOA") || upper.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }

    /// The type names a STRICT table accepts.
    static let strictTypeNames: Set<String> = ["INT", "INTEGER", "REAL", "TEXT", "BLOB", "ANY"]
}
