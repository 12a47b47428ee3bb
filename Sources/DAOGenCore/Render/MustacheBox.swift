/// Turns a view model into nested `[String: Any]` dictionaries once, before rendering. swift-mustache
/// otherwise reflects on a model with `Mirror` at every tag it looks up, which made rendering a
/// 1,000-table schema take seconds.
enum MustacheBox {
    /// `value` with every struct replaced by a dictionary of its stored properties, arrays boxed
    /// element by element, and optionals unwrapped (nil for none, so sections skip them).
    static func box(_ value: Any) -> Any? {
        switch value {
        case is String, is Bool, is Int:
            return value
        default:
            break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.flatMap { box($0.value) }
        case .collection:
            return mirror.children.compactMap { box($0.value) }
        case .struct:
            var dictionary: [String: Any] = [:]
            for child in mirror.children {
                if let label = child.label, let boxed = box(child.value) {
                    dictionary[label] = boxed
                }
            }
            return dictionary
        default:
            return value
        }
    }
}
