import Foundation
import Testing

@testable import _DAOGenCore

/// Every view model sets each of its stored properties, under the property's name, in declaration
/// order (`TemplateModel.members(into:)`): the models of every golden schema, compared with their
/// properties read through `Mirror`.
@Suite struct TemplateModelTests {
    @Test(arguments: GoldenFileTests.cases)
    func modelsSetEveryStoredProperty(_ testCase: GoldenFileTests.Case) throws {
        var verified = try Generator.load(directory: packageRoot.appending(path: testCase.schema), displayPath: testCase.schema)
        if let version = testCase.version {
            verified = Generator.asOf(verified, version: version)
        }
        let database = Generator.databaseModel(of: verified)
        #expect(Self.differences(database.templateValue, Self.reflected(database), at: "DatabaseModel") == [])
        for file in verified.files {
            let model = Generator.tableFileModel(of: file, in: verified)
            #expect(Self.differences(model.templateValue, Self.reflected(model), at: "TableFileModel \(file.name)") == [])
        }
    }

    /// The golden schemas hold every kind of view model, so the test above reads them all.
    @Test func goldenSchemasHoldEveryKindOfModel() throws {
        var kinds: Set<String> = []
        for testCase in GoldenFileTests.cases where testCase.version == nil {
            let verified = try Generator.load(directory: packageRoot.appending(path: testCase.schema), displayPath: testCase.schema)
            Self.collectKinds(of: Generator.databaseModel(of: verified), into: &kinds)
            for file in verified.files {
                Self.collectKinds(of: Generator.tableFileModel(of: file, in: verified), into: &kinds)
            }
        }
        let expected: Set<String> = [
            "ArgumentModel", "BindModel", "CaseModel", "DatabaseModel", "DocLineModel", "EnumModel", "FinderModel",
            "Line", "MigrationModel", "Multiline", "OrderingMember", "ParameterModel", "Property", "PropertyModel",
            "QueryMethodModel", "QueryStatementModel", "QueryStructModel", "ReadModel", "StatementModel", "StepModel",
            "StringLiteralModel", "TableEntry", "TableFileModel", "TableModel",
        ]
        #expect(kinds == expected)
    }

    @Test func aMissingOrMisnamedPropertyIsFound() {
        struct Model: TemplateModel {
            var name: String
            var flag: Bool?
            var count: Int
            func members(into object: inout TemplateObject) {
                object.set("name", name)
                object.set("flags", flag)
            }
        }
        let model = Model(name: "a", flag: true, count: 2)
        #expect(Self.differences(model.templateValue, Self.reflected(model), at: "Model") == [
            "Model: sets [flags], which no property holds; leaves out [flag, count]",
        ])
    }

    /// The stored properties of `value` as a template value: text, flags and numbers as themselves, nil
    /// Optionals left out, arrays as lists and structs as objects.
    static func reflected(_ value: Any) -> TemplateValue? {
        switch value {
        case let text as String: return .text(text)
        case let flag as Bool: return .flag(flag)
        case let number as Int: return .number(number)
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.flatMap { reflected($0.value) }
        case .collection:
            return .list(mirror.children.compactMap { reflected($0.value) })
        case .struct:
            var object = TemplateObject()
            for child in mirror.children {
                if let member = reflected(child.value) { object.appendNew(TemplateObject.HashedName(child.label ?? ""), member) }
            }
            return .object(object)
        default:
            Issue.record("a view model holds a \(type(of: value)), which no template can read")
            return nil
        }
    }

    /// Where `set` (what `members(into:)` sets) and `stored` (the reflected properties) differ, by path.
    static func differences(_ set: TemplateValue?, _ stored: TemplateValue?, at path: String) -> [String] {
        switch (set, stored) {
        case (nil, nil):
            return []
        case let (.object(set)?, .object(stored)?):
            let setNames = set.members.map(\.name.text), storedNames = stored.members.map(\.name.text)
            guard setNames == storedNames else {
                let extra = setNames.filter { !storedNames.contains($0) }, missing = storedNames.filter { !setNames.contains($0) }
                if extra.isEmpty && missing.isEmpty {
                    return ["\(path): sets [\(setNames.joined(separator: ", "))], in another order than [\(storedNames.joined(separator: ", "))]"]
                }
                return ["\(path): sets [\(extra.joined(separator: ", "))], which no property holds; leaves out [\(missing.joined(separator: ", "))]"]
            }
            return zip(set.members, stored.members).flatMap { differences($0.value, $1.value, at: "\(path).\($0.name.text)") }
        case let (.list(set)?, .list(stored)?) where set.count == stored.count:
            return zip(set, stored).enumerated().flatMap { differences($1.0, $1.1, at: "\(path)[\($0)]") }
        case let (set?, stored?) where set.text == stored.text && kind(of: set) == kind(of: stored):
            return []
        default:
            return ["\(path): \(set.map(\.text) ?? "nil") set, \(stored.map(\.text) ?? "nil") stored"]
        }
    }

    private static func kind(of value: TemplateValue) -> String {
        switch value {
        case .text: "text"
        case .flag: "flag"
        case .number: "number"
        case .list: "list"
        case .object: "object"
        }
    }

    /// The names of the struct types in `value`, nested ones included.
    private static func collectKinds(of value: Any, into kinds: inout Set<String>) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .struct, !(value is String) {
            kinds.insert(String(describing: type(of: value)))
        }
        for child in mirror.children { collectKinds(of: child.value, into: &kinds) }
    }
}
