/// Typed pieces of Swift that the templates lay out: a view model says what a parameter, a list element
/// or a literal is; the template writes the separators, the indentation and the line breaks.

/// A parameter of a generated function or initializer, written `label innerName: type = defaultValue`.
struct ParameterModel: Encodable {
    var label: String
    /// The name inside the body, when it differs from the label.
    var innerName: String?
    var type: String
    /// The Swift spelling of the default value, if any.
    var defaultValue: String?
    /// The parameter as a declaration writes it, from the members above: what the built-in templates
    /// write, one value where the four would cost a parameter four lookups (swift-mustache's lookups
    /// are most of the time of rendering).
    var declaration: String
    /// True for the last parameter, which takes no comma after it.
    var isLast: Bool

    init(label: String, innerName: String?, type: String, defaultValue: String? = nil, isLast: Bool) {
        self.label = label
        self.innerName = innerName
        self.type = type
        self.defaultValue = defaultValue
        declaration = label + (innerName.map { " " + $0 } ?? "") + ": " + type + (defaultValue.map { " = " + $0 } ?? "")
        self.isLast = isLast
    }
}

/// A labelled argument of a call, written `label: value`.
struct ArgumentModel: Encodable {
    /// The label as a call writes it (`SwiftNaming.argumentLabel(_:)`).
    var label: String
    var value: String
    /// True for the last argument, which takes no comma after it.
    var isLast: Bool

    init(label: String, value: String, isLast: Bool) {
        self.label = SwiftNaming.argumentLabel(label)
        self.value = value
        self.isLast = isLast
    }
}

/// An enum case, written `case name = rawValueLiteral`.
struct CaseModel: Encodable {
    var name: String
    /// The raw value's Swift literal when it differs from the name, or nil.
    var rawValueLiteral: String?
    /// The case as its declaration writes it after `case`, from the members above (one value for the
    /// built-in templates, as `ParameterModel.declaration`).
    var declaration: String

    init(name: String, rawValueLiteral: String? = nil) {
        self.name = name
        self.rawValueLiteral = rawValueLiteral
        declaration = name + (rawValueLiteral.map { " = " + $0 } ?? "")
    }
}

/// SQL as a Swift string literal: one line, or the lines of a multi-line raw literal that the template
/// indents.
struct StringLiteralModel: Encodable {
    struct Line: Encodable {
        /// The line's text, without trailing spaces.
        var text: String
        /// True for an empty line, written without indentation.
        var isBlank: Bool
    }

    struct Multiline: Encodable {
        /// The `#` delimiters around the raw literal's quotes.
        var hashes: String
        var lines: [Line]
    }

    /// The one-line literal, or nil when `multiline` is set.
    var oneLine: String?
    /// The multi-line literal, or nil when `oneLine` is set.
    var multiline: Multiline?

    /// One-line SQL as a one-line literal, longer SQL as a multi-line literal. SQL holding other control
    /// characters (a CR in a name or a default) is one escaped literal, which shows them.
    init(_ sql: String) {
        if let lines = Self.asciiLines(sql) {
            if lines.count == 1 {
                oneLine = SwiftLiteral.string(sql)
            } else {
                multiline = Multiline(hashes: SwiftLiteral.rawHashes(sql), lines: lines)
            }
            return
        }
        let onlyLineBreaks = !sql.unicodeScalars.contains { $0 != "\n" && Diagnostic.isControl($0) }
        guard sql.contains("\n"), onlyLineBreaks else {
            oneLine = SwiftLiteral.string(sql)
            return
        }
        let lines = sql.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var text = line
            while text.last == " " { text = text.dropLast() }
            return Line(text: String(text), isBlank: text.isEmpty)
        }
        multiline = Multiline(hashes: SwiftLiteral.rawHashes(sql), lines: lines)
    }
}

extension StringLiteralModel {
    /// The lines of ASCII SQL with no control character but line breaks, without trailing spaces, in
    /// one pass over the bytes (Character by Character, this was most of the database file's models);
    /// nil for other SQL.
    fileprivate static func asciiLines(_ sql: String) -> [Line]? {
        var sql = sql
        return sql.withUTF8 { bytes -> [Line]? in
            var lines: [Line] = []
            var start = 0
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "\n")
                if byte != UInt8(ascii: "\n") {
                    guard byte >= 0x20, byte < 0x7F else { return nil }
                    continue
                }
                var end = index
                while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                lines.append(Line(text: text, isBlank: text.isEmpty))
                start = index + 1
            }
            return lines
        }
    }
}

/// A line of a doc comment, written `/// text`, or `///` alone when blank.
struct DocLineModel: Encodable {
    /// The line's text, without trailing spaces.
    var text: String
    var isBlank: Bool

    /// `texts` as doc comment lines.
    static func lines(_ texts: [String]) -> [DocLineModel] {
        texts.map { line in
            var text = Substring(line)
            while text.last == " " { text = text.dropLast() }
            return DocLineModel(text: String(text), isBlank: text.isEmpty)
        }
    }
}

/// Binding one value to a statement parameter: `statement.bind(value, at: index)`.
struct BindModel: Encodable {
    /// The bound expression: a property or a parameter.
    var value: String
    /// The parameter's index, from 1: a number, or where a list's placeholders start.
    var index: String
}

/// Reading one property from column `index` of the current row: `self.property = expression`, where the
/// expression is `try statement.value(at: index)` (or a JSON column's `try statement.json(at:table:)`, or
/// a STRICT table's `statement.value(strictAt: index)`).
struct ReadModel: Encodable {
    var property: String
    var index: Int
    /// The reading expression, with its `try` when it throws.
    var expression: String

    init(property: String, index: Int, expression: String? = nil) {
        self.property = property
        self.index = index
        self.expression = expression ?? "try statement.value(at: \(index))"
    }
}
