/// A view model as the templates see it: text, a flag, a number, a list or an object of named values.
/// Models become template values once, before rendering (`TemplateModel`); no tag ever reflects on a model.
enum TemplateValue {
    case text(String)
    case flag(Bool)
    case number(Int)
    case list([TemplateValue])
    case object(TemplateObject)

    /// The value named `name` of an object; nil for other values, which have no names (as in swift-mustache).
    func child(named name: TemplateObject.HashedName) -> TemplateValue? {
        if case .object(let object) = self { return object[name] }
        return nil
    }

    /// What `{{name}}` writes for the value: what swift-mustache writes (`String(describing:)`), except
    /// that an object lists its members in the order they were set, where swift-mustache's `Dictionary`
    /// lists them in an order that changes from process to process.
    var text: String {
        switch self {
        case .text(let text): return text
        case .flag(let flag): return flag ? "true" : "false"
        case .number(let number): return String(number)
        case .list, .object: return elementText
        }
    }

    /// How a Swift collection writes the value as one of its elements (`String(reflecting:)`).
    private var elementText: String {
        switch self {
        case .text(let text): return String(reflecting: text)
        case .flag, .number: return text
        case .list(let elements): return "[" + elements.map(\.elementText).joined(separator: ", ") + "]"
        case .object(let object) where object.members.isEmpty: return "[:]"
        case .object(let object):
            return "[" + object.members.map { String(reflecting: $0.name.text) + ": " + $0.value.elementText }.joined(separator: ", ") + "]"
        }
    }

    /// The value as swift-mustache sees it: `[String: Any]`, `[Any]` and scalars. Templates that use
    /// what `CompiledTemplate` does not implement render through swift-mustache from it.
    var mustacheValue: Any {
        switch self {
        case .text(let text): return text
        case .flag(let flag): return flag
        case .number(let number): return number
        case .list(let elements): return elements.map(\.mustacheValue)
        case .object(let object):
            return Dictionary(object.members.map { ($0.name.text, $0.value.mustacheValue) }) { _, last in last }
        }
    }
}
