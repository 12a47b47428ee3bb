/// daogen's one SQL lexer: it splits UTF-8 SQL text into tokens where SQLite's own tokenizer
/// (`sqlite3GetToken` in tokenize.c) splits it, so every reader of SQL in daogen, the generator's
/// injection guard, statement splitter, query typing and importer as much as the runtime's routing and
/// schema comparison, reads the text as SQLite does.
///
/// SQLite's rules, byte by byte: white space is a run that starts with space, `\t`, `\n`, `\f` or
/// `\r` (a `\v` inside the run belongs to it; a UTF-8 byte order mark at a token's start is white
/// space too); an identifier is ASCII letters, digits, `_` and `$` after its first byte, and every
/// byte of 0x80 or more (so `\u{a0}` and `\u{2028}` are identifier bytes, never space); quoted names
/// are `".."` and `` `..` `` with the quote doubled inside, and `[..]`; strings `'..'` with `''`;
/// blobs `x'..'`; `--` comments run to the end of the line and `/* */` comments to `*/` or the end
/// of the text; parameters are `?`, `?NNN`, and `:`, `@`, `#` or `$` followed by a name, which may
/// hold `::` and end in a `(...)` suffix; numbers are decimal with an optional fraction and
/// exponent, or hex (`0x1F`), and take in identifier bytes that follow them (one illegal token, as
/// SQLite reads it). A NUL byte, where SQLite would stop reading, is an illegal one-byte token.
///
/// Not API: `package`, for daogen's generator and runtime only.
package enum SQLLexer {
    /// One token: what it is and where it is.
    package struct Token: Sendable, Hashable {
        /// The kind of a token.
        package enum Kind: UInt8, Sendable {
            /// White space.
            case space
            /// A `-- line` or `/* block */` comment.
            case comment
            /// A keyword or bare identifier.
            case word
            /// A quoted identifier: `".."`, `` `..` `` or `[..]`.
            case quotedName
            /// A string literal `'..'`.
            case string
            /// A blob literal `x'..'`.
            case blob
            /// A numeric literal.
            case number
            /// A parameter: `?`, `?NNN`, `:name`, `@name`, `#name`, `$name`.
            case parameter
            /// `;`.
            case semicolon
            /// An operator or punctuation: `(`, `)`, `,`, `.`, `=`, `<>`, `||`, `->>`, ...
            case symbol
        }

        /// What the token is.
        package var kind: Kind
        /// The token's UTF-8 byte offsets in the text.
        package var range: Range<Int>
        /// True when SQLite's tokenizer calls the token illegal (`TK_ILLEGAL`): an unterminated
        /// string or quoted name, a malformed blob or number, a parameter without a name, a byte
        /// that starts no token.
        package var isIllegal: Bool
        /// True for a string, quoted name, blob, block comment or `$name(...)` parameter that the text
        /// ends inside: more text after it would become part of it.
        package var isUnterminated: Bool

        /// Whether the token is white space or a comment, which SQLite skips.
        package var isTrivia: Bool { kind == .space || kind == .comment }
    }

    // MARK: Reading whole texts

    /// The tokens of `sql`, white space and comments included when `trivia` is true.
    package static func tokens(_ sql: String, trivia: Bool = false) -> [Token] {
        withUTF8(sql) { tokens(in: $0, trivia: trivia) }
    }

    /// The tokens of the UTF-8 text `bytes`, white space and comments included when `trivia` is true.
    package static func tokens(in bytes: UnsafeBufferPointer<UInt8>, trivia: Bool = false) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < bytes.count {
            let token = token(in: bytes, at: index)
            if trivia || !token.isTrivia { tokens.append(token) }
            index = token.range.upperBound
        }
        return tokens
    }

    /// The first token of `sql` that is not white space or a comment, or nil.
    package static func firstToken(in bytes: UnsafeBufferPointer<UInt8>) -> Token? {
        var index = 0
        while index < bytes.count {
            let token = token(in: bytes, at: index)
            if !token.isTrivia { return token }
            index = token.range.upperBound
        }
        return nil
    }

    /// The text of `range`, decoded from `bytes`.
    package static func text(_ range: Range<Int>, in bytes: [UInt8]) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Runs `body` on the UTF-8 bytes of `sql`, in place when the string is native.
    package static func withUTF8<Result>(_ sql: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try sql.utf8.withContiguousStorageIfAvailable(body) { return result }
        return try Array(sql.utf8).withUnsafeBufferPointer(body)
    }

    // MARK: Statements

    /// One statement of a text, as `sqlite3_prepare_v2` takes them one after the other.
    package struct Statement: Sendable, Hashable {
        /// From the statement's first token to the end of its last, without its closing `;`.
        package var range: Range<Int>
        /// Where the next statement's text begins: after the closing `;`, or the end of the text for a
        /// last statement without one (the tail `sqlite3_prepare_v2` returns).
        package var end: Int
    }

    /// The statements of `sql` in order, ending where SQLite ends them: at a `;` outside every token,
    /// except the `;`s inside a trigger's `BEGIN ... END`. Empty statements (a lone `;`, comments) are
    /// left out; the last statement may lack its `;`.
    package static func statements(_ sql: String) -> [Statement] {
        withUTF8(sql) { bytes in
            var statements: [Statement] = []
            var state = Completion.start
            var first: Int?
            var last = 0
            var index = 0
            while index < bytes.count {
                let token = token(in: bytes, at: index)
                index = token.range.upperBound
                state = state.after(token, in: bytes)
                if token.kind == .semicolon, state == .start {
                    if let start = first { statements.append(Statement(range: start..<last, end: index)) }
                    first = nil
                } else if !token.isTrivia {
                    if first == nil { first = token.range.lowerBound }
                    last = index
                }
            }
            if let start = first { statements.append(Statement(range: start..<last, end: bytes.count)) }
            return statements
        }
    }

    /// Whether `sql` is complete as `sqlite3_complete` means it: it ends with a `;` outside every token
    /// (and outside a trigger's `BEGIN ... END`), followed by nothing but white space and `--` comments.
    /// It reads tokens as SQLite's tokenizer does, where `sqlite3_complete`'s own simpler scanner
    /// differs (a parameter named like a keyword, `$a(x;y)`, `\v` or a byte order mark after white
    /// space).
    package static func isComplete(_ sql: String) -> Bool {
        withUTF8(sql) { bytes in
            var state = Completion.invalid
            var index = 0
            while index < bytes.count {
                let token = token(in: bytes, at: index)
                // An unterminated token (a block comment included) leaves the text incomplete.
                if token.isUnterminated, token.kind != .parameter { return false }
                index = token.range.upperBound
                state = state.after(token, in: bytes)
            }
            return state == .start
        }
    }

    /// The states of `sqlite3_complete`'s automaton (complete.c), which follows just enough of the
    /// grammar to see the `;`s inside `CREATE TRIGGER ... BEGIN ... END` as inside the statement.
    private enum Completion: UInt8 {
        case invalid, start, normal, explain, create, trigger, semicolon, end

        /// The classes of tokens the automaton tells apart.
        private enum Class: Int { case semicolon, space, other, explain, create, temp, trigger, end }

        /// The next state, from complete.c's table.
        private static let transitions: [[Completion]] = [
            /* invalid */ [.start, .invalid, .normal, .explain, .create, .normal, .normal, .normal],
            /* start */ [.start, .start, .normal, .explain, .create, .normal, .normal, .normal],
            /* normal */ [.start, .normal, .normal, .normal, .normal, .normal, .normal, .normal],
            /* explain */ [.start, .explain, .explain, .normal, .create, .normal, .normal, .normal],
            /* create */ [.start, .create, .normal, .normal, .normal, .create, .trigger, .normal],
            /* trigger */ [.semicolon, .trigger, .trigger, .trigger, .trigger, .trigger, .trigger, .trigger],
            /* semicolon */ [.semicolon, .semicolon, .trigger, .trigger, .trigger, .trigger, .trigger, .end],
            /* end */ [.start, .end, .trigger, .trigger, .trigger, .trigger, .trigger, .trigger],
        ]

        /// The state after `token`.
        func after(_ token: Token, in bytes: UnsafeBufferPointer<UInt8>) -> Completion {
            Self.transitions[Int(rawValue)][Self.tokenClass(token, in: bytes).rawValue]
        }

        private static func tokenClass(_ token: Token, in bytes: UnsafeBufferPointer<UInt8>) -> Class {
            switch token.kind {
            case .semicolon: return .semicolon
            case .space, .comment: return .space
            case .word:
                switch token.range.count {
                case 3: return matches(token, "END", in: bytes) ? .end : .other
                case 4: return matches(token, "TEMP", in: bytes) ? .temp : .other
                case 6: return matches(token, "CREATE", in: bytes) ? .create : .other
                case 7:
                    if matches(token, "TRIGGER", in: bytes) { return .trigger }
                    return matches(token, "EXPLAIN", in: bytes) ? .explain : .other
                case 9: return matches(token, "TEMPORARY", in: bytes) ? .temp : .other
                default: return .other
                }
            default: return .other
            }
        }
    }

    /// Whether the word `token` is `keyword` (upper-case ASCII), ignoring ASCII case.
    @inline(__always)
    package static func matches(_ token: Token, _ keyword: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard token.range.count == keyword.utf8CodeUnitCount else { return false }
        let letters = keyword.utf8Start
        var offset = 0
        for index in token.range {
            let byte = bytes[index]
            let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
            if upper != letters[offset] { return false }
            offset += 1
        }
        return true
    }

    // MARK: One token

    /// Whether SQLite takes `byte` into an identifier (`IdChar`): ASCII letters, digits, `_`, `$`, and
    /// every byte of 0x80 or more.
    @inline(__always)
    package static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    @inline(__always)
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    /// The white space bytes that start a run of white space.
    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// The token that starts at `start` (less than `bytes.count`), as `sqlite3GetToken` reads it.
    package static func token(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Token {
        let count = bytes.count
        /// The byte at `index`, or 0 past the end: SQLite reads a NUL-terminated text.
        @inline(__always) func at(_ index: Int) -> UInt8 { index < count ? bytes[index] : 0 }
        func make(_ kind: Token.Kind, _ end: Int, illegal: Bool = false, unterminated: Bool = false) -> Token {
            Token(kind: kind, range: start..<end, isIllegal: illegal, isUnterminated: unterminated)
        }
        let byte = bytes[start]
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
            var end = start + 1
            // sqlite3Isspace, which continues a run, also takes \v.
            while end < count, isSpace(bytes[end]) || bytes[end] == 0x0B { end += 1 }
            return make(.space, end)
        case UInt8(ascii: "-"):
            if at(start + 1) == UInt8(ascii: "-") {
                var end = start + 2
                while end < count, bytes[end] != 0, bytes[end] != 0x0A { end += 1 }
                return make(.comment, end)
            }
            if at(start + 1) == UInt8(ascii: ">") { return make(.symbol, start + (at(start + 2) == UInt8(ascii: ">") ? 3 : 2)) }
            return make(.symbol, start + 1)
        case UInt8(ascii: "/"):
            // `/*` at the very end is `/` and `*`, as SQLite has it.
            guard at(start + 1) == UInt8(ascii: "*"), at(start + 2) != 0 else { return make(.symbol, start + 1) }
            var end = start + 3
            while end < count, bytes[end] != 0 {
                if bytes[end - 1] == UInt8(ascii: "*"), bytes[end] == UInt8(ascii: "/") {
                    return make(.comment, end + 1)
                }
                end += 1
            }
            return make(.comment, end, unterminated: true)
        case UInt8(ascii: ";"):
            return make(.semicolon, start + 1)
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "%"),
             UInt8(ascii: ","), UInt8(ascii: "&"), UInt8(ascii: "~"):
            return make(.symbol, start + 1)
        case UInt8(ascii: "="):
            return make(.symbol, start + (at(start + 1) == UInt8(ascii: "=") ? 2 : 1))
        case UInt8(ascii: "<"):
            let next = at(start + 1)
            let pair = next == UInt8(ascii: "=") || next == UInt8(ascii: ">") || next == UInt8(ascii: "<")
            return make(.symbol, start + (pair ? 2 : 1))
        case UInt8(ascii: ">"):
            let next = at(start + 1)
            return make(.symbol, start + (next == UInt8(ascii: "=") || next == UInt8(ascii: ">") ? 2 : 1))
        case UInt8(ascii: "!"):
            return at(start + 1) == UInt8(ascii: "=") ? make(.symbol, start + 2) : make(.symbol, start + 1, illegal: true)
        case UInt8(ascii: "|"):
            return make(.symbol, start + (at(start + 1) == UInt8(ascii: "|") ? 2 : 1))
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
            var end = start + 1
            while end < count, bytes[end] != 0 {
                if bytes[end] == byte {
                    guard at(end + 1) == byte else {
                        return make(byte == UInt8(ascii: "'") ? .string : .quotedName, end + 1)
                    }
                    end += 1
                }
                end += 1
            }
            return make(byte == UInt8(ascii: "'") ? .string : .quotedName, end, illegal: true, unterminated: true)
        case UInt8(ascii: "["):
            var end = start + 1
            while end < count, bytes[end] != 0 {
                if bytes[end] == UInt8(ascii: "]") { return make(.quotedName, end + 1) }
                end += 1
            }
            return make(.quotedName, end, illegal: true, unterminated: true)
        case UInt8(ascii: "."):
            guard isDigit(at(start + 1)) else { return make(.symbol, start + 1) }
            return number(in: bytes, at: start)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number(in: bytes, at: start)
        case UInt8(ascii: "?"):
            var end = start + 1
            while isDigit(at(end)) { end += 1 }
            return make(.parameter, end)
        case UInt8(ascii: "$"), UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: ":"):
            return parameter(in: bytes, at: start)
        case UInt8(ascii: "x"), UInt8(ascii: "X"):
            guard at(start + 1) == UInt8(ascii: "'") else { return word(in: bytes, at: start) }
            var end = start + 2
            while isHexDigit(at(end)) { end += 1 }
            var illegal = false
            if at(end) != UInt8(ascii: "'") || (end - start) % 2 == 1 {
                illegal = true
                while at(end) != 0, at(end) != UInt8(ascii: "'") { end += 1 }
            }
            if at(end) != 0 { return make(.blob, end + 1, illegal: illegal) }
            return make(.blob, end, illegal: true, unterminated: true)
        case 0xEF where at(start + 1) == 0xBB && at(start + 2) == 0xBF:
            return make(.space, start + 3)
        case _ where isIdentifierByte(byte):
            return word(in: bytes, at: start)
        default:
            return make(.symbol, start + 1, illegal: true)
        }
    }

    /// A bare word from `start` through its identifier bytes.
    private static func word(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Token {
        var end = start + 1
        while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
        return Token(kind: .word, range: start..<end, isIllegal: false, isUnterminated: false)
    }

    /// A number from `start` (a digit, or `.` before one).
    private static func number(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Token {
        let count = bytes.count
        @inline(__always) func at(_ index: Int) -> UInt8 { index < count ? bytes[index] : 0 }
        var end = start
        if at(start) == UInt8(ascii: "0"), at(start + 1) | 0x20 == UInt8(ascii: "x"), isHexDigit(at(start + 2)) {
            end = start + 3
            while isHexDigit(at(end)) { end += 1 }
        } else {
            while isDigit(at(end)) { end += 1 }
            if at(end) == UInt8(ascii: ".") {
                end += 1
                while isDigit(at(end)) { end += 1 }
            }
            if at(end) | 0x20 == UInt8(ascii: "e"),
               isDigit(at(end + 1)) || ((at(end + 1) == UInt8(ascii: "+") || at(end + 1) == UInt8(ascii: "-")) && isDigit(at(end + 2))) {
                end += 2
                while isDigit(at(end)) { end += 1 }
            }
        }
        // Identifier bytes right after a number make it one illegal token (SQLite 3.46 reads `_`
        // between digits as a separator; earlier versions reject it too).
        var illegal = false
        while end < count, isIdentifierByte(bytes[end]) {
            illegal = true
            end += 1
        }
        return Token(kind: .number, range: start..<end, isIllegal: illegal, isUnterminated: false)
    }

    /// A named parameter from `start` (`$`, `@`, `#` or `:`): its name of identifier bytes, which may
    /// hold `::`, and an optional `(...)` suffix that ends at `)` (white space or the end first make it
    /// illegal).
    private static func parameter(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Token {
        let count = bytes.count
        @inline(__always) func at(_ index: Int) -> UInt8 { index < count ? bytes[index] : 0 }
        var length = 0
        var end = start + 1
        while end < count, bytes[end] != 0 {
            let byte = bytes[end]
            if isIdentifierByte(byte) {
                length += 1
            } else if byte == UInt8(ascii: "("), length > 0 {
                repeat { end += 1 } while at(end) != 0 && !isSpace(at(end)) && at(end) != 0x0B && at(end) != UInt8(ascii: ")")
                if at(end) == UInt8(ascii: ")") {
                    return Token(kind: .parameter, range: start..<end + 1, isIllegal: false, isUnterminated: false)
                }
                return Token(kind: .parameter, range: start..<end, isIllegal: true, isUnterminated: end == count)
            } else if byte == UInt8(ascii: ":"), at(end + 1) == UInt8(ascii: ":") {
                end += 1
            } else {
                break
            }
            end += 1
        }
        return Token(kind: .parameter, range: start..<end, isIllegal: length == 0, isUnterminated: false)
    }
}
