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
        let text = sql.trimmingBlanks()
        switch text.asciiUppercased() {
        case "NULL": self = .null; return
        case "TRUE": self = .bool(true); return
        case "FALSE": self = .bool(false); return
        default: break
        }
        let quote = UInt8(ascii: "'")
        let bytes = Array(text.utf8)
        if bytes.count >= 2, bytes.first == quote, bytes.last == quote {
            // Every quote inside must be doubled: a lone one would end the literal early.
            var body: [UInt8] = []
            body.reserveCapacity(bytes.count - 2)
            var index = 1
            while index < bytes.count - 1 {
                if bytes[index] == quote {
                    guard index + 1 < bytes.count - 1, bytes[index + 1] == quote else { return nil }
                    index += 1
                }
                body.append(bytes[index])
                index += 1
            }
            self = .text(String(decoding: body, as: UTF8.self))
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
