import CSQLite

/// Splits SQL text into statements where SQLite itself would end them.
///
/// A slot of the schema (a view's `sql:`, a trigger's, a data step's, a query's) is meant to hold a
/// given number of statements: text after the one a view or trigger holds would otherwise run in every
/// new file and every migration. Where a statement ends is SQLite's decision, so it is asked:
/// `sqlite3_complete` is tried at every `;` (it knows strings, quoted names, comments and the `;`s
/// inside a trigger's `BEGIN ... END`). Each statement is then trimmed to its tokens: the comments and
/// blanks around it and its closing `;` are dropped, so nothing written after it can swallow or
/// extend what daogen writes next to it.
enum SQLStatements {
    /// One statement of a text.
    struct Statement: Equatable {
        /// The statement, from its first token to the end of its last, without its closing `;`.
        var text: String
        /// The UTF-8 offset of its first token in the text it was split from.
        var offset: Int
    }

    /// The statements of `sql`, in order; empty statements (a lone `;`, a comment) are skipped. The last
    /// statement may lack its `;`.
    static func split(_ sql: String) -> [Statement] {
        let bytes = Array(sql.utf8)
        var statements: [Statement] = []
        var start = 0
        func take(_ range: Range<Int>) {
            guard let tokens = tokenExtent(bytes, in: range) else { return }
            statements.append(Statement(text: String(decoding: bytes[tokens], as: UTF8.self), offset: tokens.lowerBound))
        }
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ";"), isComplete(bytes[start...index]) {
                take(start..<index)
                start = index + 1
            }
            index += 1
        }
        take(start..<bytes.count)
        return statements
    }

    /// Whether SQLite takes `bytes`, which end at a `;`, for one or more complete statements.
    private static func isComplete(_ bytes: ArraySlice<UInt8>) -> Bool {
        var text = Array(bytes)
        text.append(0)
        return text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sqlite3_complete($0.baseAddress!) != 0 }
        }
    }

    /// The range from the first token to the end of the last token in `range`, or nil when it holds
    /// only blanks and comments. Strings, quoted names and comments are delimited as SQLite's tokenizer
    /// delimits them; a comment runs to the end of its line (`--`) or to `*/` or the end of the text.
    static func tokenExtent(_ bytes: [UInt8], in range: Range<Int>) -> Range<Int>? {
        var first: Int?
        var end = range.lowerBound
        var index = range.lowerBound
        func skip(past terminator: UInt8, from position: Int) -> Int {
            var position = position
            while position < range.upperBound {
                if bytes[position] == terminator {
                    // A doubled quote stands for itself inside a string or quoted name.
                    if terminator != UInt8(ascii: "]"), position + 1 < range.upperBound, bytes[position + 1] == terminator {
                        position += 2
                        continue
                    }
                    return position + 1
                }
                position += 1
            }
            return range.upperBound
        }
        while index < range.upperBound {
            let byte = bytes[index]
            let next = index + 1 < range.upperBound ? bytes[index + 1] : 0
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0C:
                index += 1
                continue
            case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
                while index < range.upperBound, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                index += 2
                while index < range.upperBound, !(bytes[index] == UInt8(ascii: "*") && index + 1 < range.upperBound && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index = min(index + 2, range.upperBound)
                continue
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                if first == nil { first = index }
                index = skip(past: byte, from: index + 1)
            case UInt8(ascii: "["):
                if first == nil { first = index }
                index = skip(past: UInt8(ascii: "]"), from: index + 1)
            default:
                if first == nil { first = index }
                index += 1
            }
            end = index
        }
        return first.map { $0..<end }
    }
}
