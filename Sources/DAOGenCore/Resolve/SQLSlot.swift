/// Checks that SQL text written into a slot of a generated statement stays in that slot.
///
/// A `check:`, `default:` or index `where:` is pasted into DDL inside parentheses, and a `type:`
/// after a column name. Text that closes the parenthesis early, ends the statement, or starts a
/// comment could add columns, constraints or whole statements to what the generated `open()` runs.
/// An expression is therefore accepted only when its parentheses balance (so wrapping it in
/// parentheses contains it), and when it holds no `;` and no comment outside string literals and
/// quoted names; a type only when it is a type name as SQLite's grammar has it.
enum SQLSlot {
    /// Why `sql` cannot be one expression in a slot, or nil when it can.
    static func expressionProblem(_ sql: String) -> String? {
        if sql.allSatisfy(\.isWhitespace) { return "it is empty" }
        var depth = 0
        var scanner = Scanner(sql)
        while let token = scanner.next() {
            switch token {
            case .open: depth += 1
            case .close:
                depth -= 1
                if depth < 0 { return "it closes a parenthesis it did not open" }
            case .semicolon: return "it holds ';': a slot takes one expression, never a further statement"
            case .comment: return "it holds an SQL comment, which would hide the rest of the generated statement"
            case let .unterminated(what): return "it has an unterminated \(what)"
            case .other: break
            }
        }
        return depth > 0 ? "it opens a parenthesis it does not close" : nil
    }

    /// True when `sql` (a checked expression) is one parenthesized expression: its first `(` closes at its end.
    static func isParenthesized(_ sql: String) -> Bool {
        var scanner = Scanner(sql)
        guard case .open? = scanner.next() else { return false }
        var depth = 1
        while let token = scanner.next() {
            switch token {
            case .open: depth += 1
            case .close:
                depth -= 1
                if depth == 0 { return scanner.next() == nil }
            default: break
            }
        }
        return false
    }

    /// Keywords that end a type name in SQLite's grammar and start a column constraint instead.
    static let constraintKeywords: Set<String> = [
        "CONSTRAINT", "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES",
        "GENERATED", "AS",
    ]

    private static func constraintProblem(_ keyword: some StringProtocol) -> String {
        "'\(keyword)' starts a constraint, which has a key of its own (primaryKey, notNull, unique, default, check, collate, references)"
    }

    /// Why `type` is not one SQLite type name (`TEXT`, `VARCHAR(20)`, `UNSIGNED BIG INT`,
    /// `DECIMAL(10, 5)`), or nil when it is one. An empty type is valid: the column has none.
    static func typeNameProblem(_ type: String) -> String? {
        // One word of ASCII letters, digits and underscores, as nearly every type is: wrong only when it
        // is a constraint keyword.
        func isWordByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        if let first = type.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")), type.utf8.allSatisfy(isWordByte) {
            return constraintKeywords.contains(type.asciiUppercased()) ? constraintProblem(type) : nil
        }
        var rest = Substring(type)
        func skipSpaces() { rest = rest.drop { $0 == " " || $0 == "\t" } }
        var words: [Substring] = []
        skipSpaces()
        while let first = rest.first, first.isASCII, first.isLetter || first == "_" {
            let word = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            words.append(word)
            rest = rest.dropFirst(word.count)
            skipSpaces()
        }
        if let keyword = words.first(where: { constraintKeywords.contains($0.uppercased()) }) {
            return constraintProblem(keyword)
        }
        if rest.first == "(" {
            guard !words.isEmpty else { return "a size needs a type name before it" }
            rest = rest.dropFirst()
            for index in 0..<2 {
                skipSpaces()
                if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
                let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
                guard !digits.isEmpty else { return "a size in parentheses must be one or two numbers" }
                rest = rest.dropFirst(digits.count)
                skipSpaces()
                if index == 0, rest.first == "," {
                    rest = rest.dropFirst()
                    continue
                }
                break
            }
            guard rest.first == ")" else { return "a size in parentheses must be one or two numbers" }
            rest = rest.dropFirst()
            skipSpaces()
        }
        return rest.isEmpty ? nil : "it must be a type name such as TEXT, INTEGER or VARCHAR(20)"
    }

    /// The tokens that matter for containment; everything else is `.other`.
    enum Token: Equatable {
        case open, close, semicolon, comment, other
        case unterminated(String)
    }

    /// Splits SQL into tokens the way SQLite's tokenizer delimits strings, quoted names and comments.
    struct Scanner {
        private var scalars: [Unicode.Scalar]
        private var index = 0

        init(_ sql: String) {
            scalars = Array(sql.unicodeScalars)
        }

        mutating func next() -> Token? {
            while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
            guard index < scalars.count else { return nil }
            let scalar = scalars[index]
            let following = index + 1 < scalars.count ? scalars[index + 1] : nil
            index += 1
            switch scalar {
            case "(": return .open
            case ")": return .close
            case ";": return .semicolon
            case "-" where following == "-", "/" where following == "*": return .comment
            case "'": return skipQuoted(until: "'", what: "string literal")
            case "\"": return skipQuoted(until: "\"", what: "quoted name")
            case "`": return skipQuoted(until: "`", what: "quoted name")
            case "[":
                guard let end = scalars[index...].firstIndex(of: "]") else { return .unterminated("[name]") }
                index = end + 1
                return .other
            default: return .other
            }
        }

        /// Skips to the closing `quote`; a doubled quote stands for itself.
        private mutating func skipQuoted(until quote: Unicode.Scalar, what: String) -> Token {
            while index < scalars.count {
                if scalars[index] == quote {
                    if index + 1 < scalars.count, scalars[index + 1] == quote {
                        index += 2
                        continue
                    }
                    index += 1
                    return .other
                }
                index += 1
            }
            return .unterminated(what)
        }

        private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
        }
    }
}
