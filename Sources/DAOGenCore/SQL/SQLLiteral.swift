import Foundation

/// A literal SQL value, recognized in a column's DEFAULT so the record's initializer can default to it.
enum SQLLiteral: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case bool(Bool)

    /// Parses `'text'` (with `''` escapes), signed integers and reals, NULL, TRUE and FALSE; nil for anything else.
    init?(sql: String) {
        let text = sql.trimmingCharacters(in: .whitespaces)
        switch text.uppercased() {
        case "NULL": self = .null; return
        case "TRUE": self = .bool(true); return
        case "FALSE": self = .bool(false); return
        default: break
        }
        if text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") {
            let body = text.dropFirst().dropLast()
            // A lone quote inside would end the literal early: not a single literal then.
            if body.replacingOccurrences(of: "''", with: "").contains("'") { return nil }
            self = .text(body.replacingOccurrences(of: "''", with: "'"))
            return
        }
        let unparenthesized = text.hasPrefix("(") && text.hasSuffix(")") ? String(text.dropFirst().dropLast()) : text
        if let integer = Int64(unparenthesized) {
            self = .integer(integer)
        } else if unparenthesized.allSatisfy({ "0123456789.eE+-".contains($0) }),
                  let real = Double(unparenthesized), real.isFinite {
            self = .real(real)
        } else {
            return nil
        }
    }
}
