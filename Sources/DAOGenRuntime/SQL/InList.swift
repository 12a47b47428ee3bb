/// The placeholders of an IN list, padded so that a list's length picks one of a few statement shapes
/// instead of one shape per length: the next power of two up to 32,768 values, then the next multiple of
/// 32,768 (a list of 100,000 values has 131,072 placeholders, which Apple's and Debian's SQLite allow:
/// 500,000 and 250,000 variables). Used by ``TypedColumn/in(_:)``, `including:` and the `IN (:list)`
/// parameters of generated queries (``ListQuerySQL``).
@usableFromInline
package enum InList {
    /// The step of the padding past the powers of two.
    static let largeStep = 32_768

    /// `(?, ?, ?, ?)` for 3 or 4 values; `()` for none.
    @usableFromInline
    static func placeholders(_ count: Int) -> String {
        guard count > 0 else { return "()" }
        let padded = paddedCount(count)
        var text = "(?"
        text.reserveCapacity(padded * 3 + 1)
        for _ in 1..<padded {
            text += ", ?"
        }
        return text + ")"
    }

    /// `(?5, ?, ?, ?)` for 3 or 4 values numbered from 5; `()` for none. The first placeholder is
    /// numbered, so that the statement's other parameters cannot shift the list, and the others take the
    /// numbers after it: SQLite prepares numbered placeholders in quadratic time (65,536 of them: 6.0 s,
    /// against 0.05 s for `?`).
    static func numberedPlaceholders(_ count: Int, from first: Int) -> String {
        guard count > 0 else { return "()" }
        let padded = paddedCount(count)
        var text = "(?" + String(first)
        text.reserveCapacity(padded * 3 + 8)
        for _ in 1..<padded {
            text += ", ?"
        }
        return text + ")"
    }

    /// `values`, followed by copies of the last one up to the padded count.
    @usableFromInline
    static func padded<Element: DatabaseValueConvertible>(_ values: some Collection<Element>) -> [any DatabaseValueConvertible] {
        var arguments: [any DatabaseValueConvertible] = []
        arguments.reserveCapacity(paddedCount(values.count))
        var last: Element?
        for value in values {
            arguments.append(value)
            last = value
        }
        if let last {
            for _ in values.count..<paddedCount(values.count) {
                arguments.append(last)
            }
        }
        return arguments
    }

    /// The number of placeholders for `count` values: `count` itself for none or one, the next power of two
    /// up to 32,768, then the next multiple of 32,768.
    @usableFromInline
    package static func paddedCount(_ count: Int) -> Int {
        if count <= 1 { return count }
        if count > largeStep { return (count + largeStep - 1) / largeStep * largeStep }
        return 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
    }
}
