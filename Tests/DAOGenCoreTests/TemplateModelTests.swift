import Foundation
import Mustache
import Testing

@testable import _DAOGenCore

/// The view models are plain `Encodable` structs whose stored properties the templates read, encoded
/// once into a `TemplateContext` and rendered by swift-mustache: these tests pin down how a model
/// reads, and that every name the built-in templates use is a stored property of a model (a computed
/// property, which the synthesized conformance does not encode, would render as nothing).
@Suite struct TemplateModelTests {
    struct Item: Encodable {
        var name: String
        var note: String?
    }

    struct Model: Encodable {
        var name: String
        var flag: Bool
        var count: Int
        var items: [Item]
        var none: [Item]
        var note: String?
        var computed: String { "computed" }
    }

    static let model = Model(
        name: "outer", flag: false, count: 0, items: [Item(name: "a", note: "n"), Item(name: "b", note: nil)], none: [], note: "outer note")

    static func render(_ source: String, partials: [String: String] = [:]) throws -> String {
        var library = MustacheLibrary()
        try library.register(source, named: "main")
        for (name, partial) in partials { try library.register(partial, named: name) }
        return library.render(try TemplateContext.of(Self.model), withTemplate: "main")!
    }

    @Test func storedPropertiesAreReadAndComputedOnesAreNot() throws {
        #expect(try Self.render("{{name}} {{count}} [{{computed}}]") == "outer 0 []")
        // As swift-mustache reads the struct itself.
        #expect(try MustacheTemplate(string: "{{name}} {{count}} [{{computed}}]").render(Self.model) == "outer 0 []")
    }

    @Test func falseEmptyAndNilSkipASectionAndZeroDoesNot() throws {
        #expect(try Self.render("{{#flag}}T{{/flag}}{{^flag}}F{{/flag}}") == "F")
        #expect(try Self.render("{{#none}}x{{/none}}{{^none}}empty{{/none}}") == "empty")
        #expect(try Self.render("{{#missing}}x{{/missing}}{{^missing}}nil{{/missing}}") == "nil")
        #expect(try Self.render("{{#count}}<{{.}}>{{/count}}{{^count}}zero{{/count}}") == "<0>")
    }

    /// A nil Optional counts as absent: the name is looked up in the enclosing models, as for a missing one.
    @Test func aNilOptionalIsLookedUpInTheEnclosingModel() throws {
        let source = "{{#items}}{{name}}:{{note}};{{/items}}"
        #expect(try Self.render(source) == "a:n;b:outer note;")
        #expect(try MustacheTemplate(string: source).render(Self.model) == "a:n;b:outer note;")
    }

    /// A partial's indentation reaches a line that starts a rendered tag's output, not one of the lines an
    /// array section renders after its first: `sql-literal.mustache` starts each line with its line break.
    @Test func partialIndentationReachesLinesThatFollowALineBreak() throws {
        let source = "[\n  {{> list}}\n]\n"
        #expect(try Self.render(source, partials: ["list": "{{#items}}\n{{name}}\n{{/items}}\n"]) == "[\n  a\nb\n]\n")
        #expect(try Self.render(source, partials: ["list": "start{{#items}}\n{{name}}{{/items}}\n"]) == "[\n  start\n  a\n  b\n]\n")
    }

    /// Every name a built-in template reads is a stored property of a view model of the golden schemas.
    @Test func builtInTemplatesReadStoredPropertiesOnly() throws {
        var labels: Set<String> = []
        for testCase in GoldenFileTests.cases where testCase.version == nil {
            let verified = try Generator.load(directory: packageRoot.appending(path: testCase.schema), displayPath: testCase.schema)
            Self.collectLabels(of: try TemplateContext.of(Generator.databaseModel(of: verified)), into: &labels)
            for file in verified.files {
                Self.collectLabels(of: try TemplateContext.of(Generator.tableFileModel(of: file, in: verified)), into: &labels)
            }
        }
        var names: Set<String> = []
        for source in try BuiltinTemplatesTests.templateSources().map(\.text) {
            names.formUnion(Self.names(in: source))
        }
        #expect(names.count > 50)
        #expect(names.subtracting(labels) == [])
        #expect(Self.names(in: "{{#a}}{{{b.c}}}{{^d}}{{.}}{{/d}}{{> e}}{{! f }}{{/a}}") == ["a", "b", "c", "d"])
    }

    /// The names of variables and sections in a template, dotted names split; not partials or comments.
    static func names(in source: String) -> Set<String> {
        var names: Set<String> = []
        var rest = source[...]
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            let tag = rest.drop { "{#^/&".contains($0) }.drop { $0 == " " }
            guard let first = tag.first, first.isLetter || first == "_" else { continue }
            let name = tag.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            names.formUnion(name.split(separator: ".").map(String.init))
        }
        return names
    }

    /// The member names of the objects in `value`, nested ones included: what the templates can read.
    private static func collectLabels(of value: Any, into labels: inout Set<String>) {
        if let object = value as? TemplateContext {
            for (name, member) in object.members {
                labels.insert(name)
                collectLabels(of: member, into: &labels)
            }
        } else if let list = value as? [Any] {
            for element in list { collectLabels(of: element, into: &labels) }
        }
    }
}
