/// A Mustache template compiled once into a tree and rendered straight into one string.
///
/// It implements the part of Mustache the built-in templates use, with swift-mustache's rules (its
/// standalone lines, its name lookup up the context stack, its escaping): text, `{{{name}}}`, `{{&name}}`,
/// `{{name}}`, `{{#name}}`, `{{^name}}`, `{{! comments }}` and dotted names. A template that uses anything
/// else (partials, lambdas, transforms such as `first()`, other delimiters, pragmas, inheritance, line
/// breaks other than LF and CRLF) does not compile, and `TemplateRenderer` renders it with swift-mustache.
/// The tests hold both engines to the same output (`CompiledTemplateTests`), but for an object written as
/// text: this lists its members in the order they were set, swift-mustache in a `Dictionary`'s order.
///
/// swift-mustache renders through dynamic casts at every tag and concatenates a string per section;
/// on the built-in templates this is several times faster.
struct CompiledTemplate: Sendable {
    /// A part of a template.
    indirect enum Node: Sendable {
        case text(String)
        /// `{{name}}` (escaped for HTML) or `{{{name}}}`.
        case variable(Name, escaped: Bool)
        /// `{{#name}}...{{/name}}`, or `{{^name}}...{{/name}}` when inverted.
        case section(Name, [Node], inverted: Bool)
    }

    /// What a tag names.
    enum Name: Sendable {
        /// `.`: the value on top of the context stack.
        case current
        /// `a.b.c`: `a` looked up from the top of the stack down, then `b` and `c` inside it;
        /// `.a.b` (`onlyTop`) looks `a` up in the top value alone.
        case path([TemplateObject.HashedName], onlyTop: Bool)
    }

    let nodes: [Node]

    /// The compiled template, or nil when `source` uses what this engine does not implement.
    /// `source` must already parse with swift-mustache, which reports a broken template.
    init?(_ source: String) {
        var parser = Parser(Array(source))
        guard !parser.characters.contains(where: { $0.isNewline && $0 != "\n" && $0 != "\r\n" }),
              let nodes = try? Self.parse(&parser, section: nil, newLine: true)
        else { return nil }
        self.nodes = nodes
    }

    /// The template rendered with `value` at the bottom of the context stack.
    func render(_ value: TemplateValue) -> String {
        // Bytes, made a string once: appending to a String checks and grows it at every append.
        var output: [UInt8] = []
        output.reserveCapacity(1 << 16)
        var stack = [value]
        Self.render(nodes, stack: &stack, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: Rendering

    private static func render(_ nodes: [Node], stack: inout [TemplateValue], into output: inout [UInt8]) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.append(contentsOf: text.utf8)
            case .variable(let name, let escaped):
                guard let value = lookUp(name, in: stack) else { continue }
                let text = value.text
                output.append(contentsOf: (escaped ? htmlEscaped(text) : text).utf8)
            case .section(let name, let body, let inverted):
                let value = lookUp(name, in: stack)
                if inverted {
                    renderInverted(body, for: value, stack: &stack, into: &output)
                } else {
                    renderSection(body, for: value, stack: &stack, into: &output)
                }
            }
        }
    }

    private static func renderSection(_ body: [Node], for value: TemplateValue?, stack: inout [TemplateValue], into output: inout [UInt8]) {
        switch value {
        case .list(let elements)?:
            for element in elements {
                stack.append(element)
                render(body, stack: &stack, into: &output)
                stack.removeLast()
            }
        case .flag(let flag)?:
            if flag { render(body, stack: &stack, into: &output) }
        case let value?:
            stack.append(value)
            render(body, stack: &stack, into: &output)
            stack.removeLast()
        case nil:
            break
        }
    }

    private static func renderInverted(_ body: [Node], for value: TemplateValue?, stack: inout [TemplateValue], into output: inout [UInt8]) {
        switch value {
        case .list(let elements)?:
            // swift-mustache pushes the empty list itself.
            guard elements.isEmpty else { return }
            stack.append(.list(elements))
            render(body, stack: &stack, into: &output)
            stack.removeLast()
        case .flag(let flag)?:
            if !flag { render(body, stack: &stack, into: &output) }
        case .some:
            break
        case nil:
            render(body, stack: &stack, into: &output)
        }
    }

    private static func lookUp(_ name: Name, in stack: [TemplateValue]) -> TemplateValue? {
        switch name {
        case .current:
            return stack.last
        case .path(let names, let onlyTop):
            var value: TemplateValue?
            if onlyTop {
                value = stack.last?.child(named: names[0])
            } else {
                for candidate in stack.reversed() {
                    if let child = candidate.child(named: names[0]) {
                        value = child
                        break
                    }
                }
            }
            for name in names.dropFirst() {
                value = value?.child(named: name)
            }
            return value
        }
    }

    private static func htmlEscaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") })
        else { return text }
        var escaped = ""
        for character in text {
            switch character {
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    // MARK: Parsing (swift-mustache's `MustacheTemplate.parse`, for the tags above)

    /// A tag or construct this engine leaves to swift-mustache.
    private struct Unsupported: Error {}

    private struct Parser {
        let characters: [Character]
        var position = 0

        init(_ characters: [Character]) { self.characters = characters }

        var reachedEnd: Bool { position == characters.count }
        /// The current character, or NUL at the end (as swift-mustache's parser).
        var current: Character { reachedEnd ? "\0" : characters[position] }

        mutating func read(while predicate: (Character) -> Bool) -> String {
            let start = position
            while !reachedEnd, predicate(characters[position]) { position += 1 }
            return String(characters[start..<position])
        }

        /// Reads `text` when it comes next.
        mutating func read(_ text: String) -> Bool {
            let expected = Array(text)
            guard characters.count - position >= expected.count,
                  characters[position..<position + expected.count].elementsEqual(expected)
            else { return false }
            position += expected.count
            return true
        }
    }

    private static func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }

    private static let nameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")

    /// The nodes up to the end of the template, or up to `{{/section}}` when `section` is set.
    private static func parse(_ parser: inout Parser, section: String?, newLine startsOnNewLine: Bool) throws(Unsupported) -> [Node] {
        var nodes: [Node] = []
        var newLine = startsOnNewLine
        var whiteSpaceBefore = ""
        while !parser.reachedEnd {
            if newLine {
                whiteSpaceBefore = parser.read(while: isBlank)
            }
            let text = readUntilTagOrNewline(&parser)
            if parser.current == "\n" || parser.current == "\r\n" {
                nodes.append(.text(whiteSpaceBefore + text + String(parser.current)))
                newLine = true
                parser.position += 1
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(whiteSpaceBefore + text))
                whiteSpaceBefore = ""
                newLine = false
            }
            if parser.reachedEnd { break }
            var setNewLine = false
            switch parser.current {
            case "#", "^":
                let inverted = parser.current == "^"
                parser.position += 1
                let name = try readName(&parser)
                if isStandalone(&parser, newLine: newLine) {
                    setNewLine = true
                } else if !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
                let body = try parse(&parser, section: name, newLine: setNewLine && newLine)
                nodes.append(.section(try compile(name), body, inverted: inverted))
            case "/":
                parser.position += 1
                let name = try readName(&parser)
                guard name == section else { throw Unsupported() }
                if !isStandalone(&parser, newLine: newLine), !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                }
                return nodes
            case "!":
                parser.position += 1
                while !parser.read("}}") {
                    guard !parser.reachedEnd, !parser.current.isNewline else { throw Unsupported() }
                    parser.position += 1
                }
                setNewLine = isStandalone(&parser, newLine: newLine)
            case "{", "&":
                let isTriple = parser.current == "{"
                if !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
                parser.position += 1
                let name = try readName(&parser)
                if isTriple, !parser.read("}") { throw Unsupported() }
                nodes.append(.variable(try compile(name), escaped: false))
            case ">", "<", "$", "=", "%":
                throw Unsupported()
            default:
                if !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
                let name = try readName(&parser)
                nodes.append(.variable(try compile(name), escaped: true))
            }
            newLine = setNewLine
        }
        guard section == nil else { throw Unsupported() }
        return nodes
    }

    /// Text up to a line break (left unread) or past the `{{` of a tag.
    private static func readUntilTagOrNewline(_ parser: inout Parser) -> String {
        var text = ""
        while !parser.reachedEnd {
            text += parser.read { $0 != "\n" && $0 != "\r\n" && $0 != "{" }
            if parser.current == "\n" || parser.current == "\r\n" { break }
            if parser.read("{{") { break }
            if !parser.reachedEnd {
                text.append("{")
                parser.position += 1
            }
        }
        return text
    }

    /// A tag's name and its closing `}}`. Line breaks inside a tag are left to swift-mustache.
    private static func readName(_ parser: inout Parser) throws(Unsupported) -> String {
        _ = parser.read(while: isBlank)
        let name = parser.read { nameCharacters.contains($0) }
        _ = parser.read(while: isBlank)
        guard !name.isEmpty, parser.read("}}") else { throw Unsupported() }
        return name
    }

    /// swift-mustache's standalone rule: a tag alone on its line takes the rest of the line, its line break included.
    private static func isStandalone(_ parser: inout Parser, newLine: Bool) -> Bool {
        guard newLine else { return false }
        if parser.reachedEnd { return true }
        var lookahead = parser
        _ = lookahead.read(while: isBlank)
        guard lookahead.current.isNewline, !lookahead.reachedEnd else { return false }
        parser.position = lookahead.position + 1
        return true
    }

    private static func compile(_ name: String) throws(Unsupported) -> Name {
        if name == "." { return .current }
        let names = name.split(separator: ".").map(String.init)
        guard !names.isEmpty else { throw Unsupported() }
        return .path(names.map(TemplateObject.HashedName.init), onlyTop: name.first == ".")
    }
}
