/// SQLite's column affinity, derived from a declared type by the five rules of
/// https://www.sqlite.org/datatype3.html#determination_of_column_affinity.
public enum Affinity: String, Sendable, CaseIterable {
    case integer = "INTEGER"
    case text = "TEXT"
    case blob = "BLOB"
    case real = "REAL"
    case numeric = "NUMERIC"

    /// The affinity SQLite gives a column declared with `typeName`: its rules, in its order, with
    /// its ASCII-only case folding (compared byte by byte: Foundation's substring search cost
    /// thousands of instructions a column).
    public init(declaredType typeName: String) {
        let upper = typeName.asciiUppercasedUTF8()
        func contains(_ word: StaticString) -> Bool {
            let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard upper.count >= bytes.count else { return false }
            return (0...(upper.count - bytes.count)).contains { start in
                bytes.indices.allSatisfy { upper[start + $0] == bytes[$0] }
            }
        }
        if contains("INT") {
            self = .integer
        } else if contains("CHAR") || contains("CLOB") || contains("TEXT") {
            self = .text
        } else if upper.isEmpty || contains("BLOB") {
            self = .blob
        } else if contains("REAL") || contains("FLOA") || contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }

    /// The type names a STRICT table accepts.
    static let strictTypeNames: Set<String> = ["INT", "INTEGER", "REAL", "TEXT", "BLOB", "ANY"]
}
