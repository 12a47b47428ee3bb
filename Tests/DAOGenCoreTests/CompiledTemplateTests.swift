import Foundation
import Mustache
import Testing

@testable import _DAOGenCore

/// `CompiledTemplate` renders what swift-mustache renders: on the built-in templates over every golden
/// schema, on random templates of the tags it implements (standalone lines, whitespace, line breaks,
/// nesting, dotted names), and it declines what it does not implement.
@Suite struct CompiledTemplateTests {
    @Test func builtInTemplatesCompile() throws {
        let renderer = try TemplateRenderer()
        for name in TemplateRenderer.templateNames {
            #expect(renderer.isCompiled(name), "\(name) renders through swift-mustache")
        }
    }

    @Test(arguments: GoldenFileTests.cases)
    func builtInTemplatesRenderAsSwiftMustacheDoes(_ testCase: GoldenFileTests.Case) throws {
        var loaded = try Generator.load(directory: packageRoot.appending(path: testCase.schema), displayPath: testCase.schema)
        if let version = testCase.version {
            loaded = Generator.asOf(loaded, version: version)
        }
        let compiled = try Generator.render(loaded, renderer: TemplateRenderer())
        var reference = try TemplateRenderer()
        reference.rendersWithSwiftMustache = true
        let expected = try Generator.render(loaded, renderer: reference)
        #expect(compiled.map(\.name) == expected.map(\.name))
        for (file, expectedFile) in zip(compiled, expected) {
            #expect(file.contents == expectedFile.contents, "\(file.name) of \(testCase.schema)")
        }
    }

    @Test func randomTemplatesRenderAsSwiftMustacheDoes() throws {
        var random = SplitMix64(seed: 0x7E3A_1A7E)
        var parsed = 0, compiled = 0
        for _ in 0..<3_000 {
            let source = Self.template(depth: 0, using: &random)
            guard let reference = try? MustacheTemplate(string: source) else { continue }
            parsed += 1
            guard let template = CompiledTemplate(source) else { continue }
            compiled += 1
            for _ in 0..<4 {
                let value = Self.object(depth: 0, using: &random)
                let expected = reference.render(Self.context(value))
                #expect(template.render(value) == expected, "template \(source.debugDescription) with \(value.text)")
            }
        }
        // Random text can form tags the engine leaves to swift-mustache (`{{{{`); nearly all compile.
        #expect(parsed > 2_000)
        #expect(compiled * 10 > parsed * 9, "\(compiled) of \(parsed) templates compiled")
    }

    @Test(arguments: [
        "{{> partial}}", "{{#items}}{{#first()}}x{{/first()}}{{/items}}", "{{uppercased(name)}}",
        "{{=<% %>=}}<% name %>", "{{%CONTENT_TYPE: TEXT}}{{name}}", "{{<parent}}{{/parent}}", "{{$block}}x{{/block}}",
        "a\rb", "{{! a comment\nover two lines }}", "{{}}", "{{#\nname}}x{{/name}}",
    ])
    func templatesBeyondTheSubsetAreLeftToSwiftMustache(_ source: String) {
        #expect(CompiledTemplate(source) == nil)
    }

    @Test func namesLookUpTheStackAsSwiftMustacheDoes() throws {
        let source = "{{#outer}}{{#inner}}[{{{name}}}|{{{.name}}}|{{{outer.name}}}|{{{.}}}]{{/inner}}{{/outer}}"
        let value = TemplateValue.object([
            "name": .text("root"),
            "outer": .object(["name": .text("outer"), "inner": .list([.object(["name": .text("a")]), .number(7)])]),
        ])
        let template = try #require(CompiledTemplate(source))
        #expect(template.render(value) == (try MustacheTemplate(string: source)).render(Self.context(value)))
        #expect(template.render(value).hasPrefix("[a|a|outer|"))
    }

    /// `value` as swift-mustache's context, with objects that write their members in the order they were
    /// set, as `TemplateValue.text` does: `mustacheValue`'s dictionaries write them in an order that
    /// changes from one dictionary to the next.
    private static func context(_ value: TemplateValue) -> Any {
        switch value {
        case .text(let text): return text
        case .flag(let flag): return flag
        case .number(let number): return number
        case .list(let elements): return elements.map(context)
        case .object(let object): return OrderedObject(members: object.members.map { ($0.name.text, context($0.value)) })
        }
    }

    private struct OrderedObject: MustacheParent, CustomStringConvertible {
        var members: [(name: String, value: Any)]

        func child(named name: String) -> Any? {
            members.first { $0.name == name }?.value
        }

        var description: String {
            members.isEmpty ? "[:]" : "[" + members.map { String(reflecting: $0.name) + ": " + String(reflecting: $0.value) }.joined(separator: ", ") + "]"
        }
    }

    // MARK: Random templates and values

    private static let names = ["a", "b", "items", "flag", "name", "missing", "a.b", "items.name", ".name", "."]
    private static let texts = ["x", "two words", "<&>", "", "'q\"", "é"]
    private static let fragments = ["abc", " ", "  ", "\t", "\n", "\n", "\r\n", "{", "}", "é"]

    private static func template(depth: Int, using random: inout SplitMix64) -> String {
        var source = ""
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let name = names.randomElement(using: &random)!
            let padding = Bool.random(using: &random) ? " " : ""
            switch Int.random(in: 0..<10, using: &random) {
            case 0...2:
                source += fragments.randomElement(using: &random)!
            case 3:
                source += "{{\(padding)\(name)\(padding)}}"
            case 4:
                source += "{{{\(padding)\(name)\(padding)}}}"
            case 5:
                source += "{{&\(name)}}"
            case 6:
                source += "{{! note }}" + (Bool.random(using: &random) ? "\n" : "")
            default:
                guard depth < 3, name != "." else { continue }
                let sigil = Bool.random(using: &random) ? "#" : "^"
                let open = Bool.random(using: &random) ? "  " : ""
                let lineBreak = ["", "\n", "\r\n", " \n"].randomElement(using: &random)!
                source += "\(open){{\(sigil)\(name)}}\(lineBreak)"
                source += template(depth: depth + 1, using: &random)
                source += "\(open){{/\(name)}}\(lineBreak)"
            }
        }
        return source
    }

    private static func object(depth: Int, using random: inout SplitMix64) -> TemplateValue {
        var members = TemplateObject()
        for name in ["a", "b", "items", "flag", "name"] where Int.random(in: 0..<4, using: &random) > 0 {
            members[name] = value(depth: depth + 1, using: &random)
        }
        return .object(members)
    }

    private static func value(depth: Int, using random: inout SplitMix64) -> TemplateValue {
        switch Int.random(in: 0..<(depth < 3 ? 6 : 3), using: &random) {
        case 0: return .text(texts.randomElement(using: &random)!)
        case 1: return .flag(Bool.random(using: &random))
        case 2: return .number(Int.random(in: -2...20, using: &random))
        case 3, 4:
            return .list((0..<Int.random(in: 0...3, using: &random)).map { _ in
                Bool.random(using: &random) ? object(depth: depth, using: &random) : value(depth: 3, using: &random)
            })
        default: return object(depth: depth, using: &random)
        }
    }
}
