import Testing

@testable import _DAOGenCore

/// `TemplateObject` finds members by a hash of their names that is the same in every process, and keeps
/// them in the order they were set, which is the order `{{name}}` writes an object in.
@Suite struct TemplateObjectTests {
    @Test func namesHashWithFNV1a() {
        // The published FNV-1a 64-bit test vectors.
        #expect(TemplateObject.HashedName("").hash == Int(truncatingIfNeeded: 0xcbf2_9ce4_8422_2325 as UInt64))
        #expect(TemplateObject.HashedName("a").hash == Int(truncatingIfNeeded: 0xaf63_dc4c_8601_ec8c as UInt64))
        #expect(TemplateObject.HashedName("foobar").hash == Int(truncatingIfNeeded: 0x8594_4171_f739_67e8 as UInt64))
    }

    @Test func membersAreSetReplacedAndRemovedInOrder() {
        var object: TemplateObject = ["b": .number(1), "a": .text("x")]
        object["c"] = .flag(true)
        object["b"] = .number(2)
        #expect(object.members.map(\.name.text) == ["b", "a", "c"])
        #expect(object["b"]?.text == "2")
        object["a"] = nil
        #expect(object.members.map(\.name.text) == ["b", "c"])
        #expect(object["a"]?.text == nil)
        #expect(object["missing"]?.text == nil)
    }

    @Test func objectsWriteTheirMembersInOrder() {
        let value = TemplateValue.object(["z": .text("it's"), "a": .list([.number(1), .flag(false), .object([:])])])
        #expect(value.text == #"["z": "it\'s", "a": [1, false, [:]]]"#)
    }

    @Test func manyNamesAreAllFound() {
        var object = TemplateObject()
        let names = (0..<500).map { "name_\($0)" }
        for (number, name) in names.enumerated() { object.appendNew(TemplateObject.HashedName(name), .number(number)) }
        for (number, name) in names.enumerated() { #expect(object[name].map(\.text) == String(number)) }
    }
}
