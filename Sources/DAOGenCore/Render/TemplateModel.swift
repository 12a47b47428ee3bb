/// A value the templates can read: text, a flag, a number, a list, or a view model.
protocol TemplateRepresentable {
    /// The value as the templates see it; nil for a nil Optional, which the object holding it leaves
    /// out, so that sections skip it.
    var templateValue: TemplateValue? { get }
}

/// A view model: a struct whose stored properties the templates read by their names.
///
/// `members(into:)` sets each stored property under its name, in declaration order. Written out, this
/// costs a third of what a synthesized `Encodable` conformance and an encoder cost (which was twice the
/// cost of rendering the templates).
/// `TemplateModelTests` holds every model of the golden schemas to its stored properties (read through
/// `Mirror`), so a property left out or misspelled fails there.
protocol TemplateModel: TemplateRepresentable {
    /// Sets each stored property of the model in `object`, under the property's name.
    func members(into object: inout TemplateObject)
}

extension TemplateModel {
    var templateValue: TemplateValue? { .object(templateObject) }

    /// The model's properties as a template object.
    var templateObject: TemplateObject {
        var object = TemplateObject()
        members(into: &object)
        return object
    }
}

extension TemplateObject {
    /// Sets `value` under `name`, once per name: what a view model's `members(into:)` calls.
    mutating func set(_ name: String, _ value: some TemplateRepresentable) {
        if let value = value.templateValue { appendNew(HashedName(name), value) }
    }
}

extension String: TemplateRepresentable {
    var templateValue: TemplateValue? { .text(self) }
}

extension Bool: TemplateRepresentable {
    var templateValue: TemplateValue? { .flag(self) }
}

extension Int: TemplateRepresentable {
    var templateValue: TemplateValue? { .number(self) }
}

extension Optional: TemplateRepresentable where Wrapped: TemplateRepresentable {
    var templateValue: TemplateValue? { self?.templateValue }
}

extension Array: TemplateRepresentable where Element: TemplateRepresentable {
    var templateValue: TemplateValue? { .list(compactMap(\.templateValue)) }
}
