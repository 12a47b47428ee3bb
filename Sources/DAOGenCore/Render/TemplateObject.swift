/// The named values of a template object, in the order they were set, each with a hash of its name.
///
/// A view model's object has a few dozen names and the templates look each up several times, often in
/// objects that lack it (a name is looked up the context stack). Comparing stored hashes finds a name,
/// or its absence, in a few instructions a member; a `Dictionary` would hash the name with SipHash at
/// every insert and every lookup. Template names hash once, when the template compiles.
struct TemplateObject {
    /// A name and its hash.
    struct HashedName: Sendable {
        let text: String
        let hash: Int

        init(_ text: String) {
            self.text = text
            self.hash = Self.hash(of: text)
        }

        /// FNV-1a of the name's UTF-8 bytes: the same in every process, and cheap for short names.
        static func hash(of name: String) -> Int {
            var name = name
            return name.withUTF8 { bytes in
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in bytes {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
                return Int(truncatingIfNeeded: hash)
            }
        }
    }

    /// The names and values, in the order they were set.
    private(set) var members: [(name: HashedName, value: TemplateValue)] = []

    init() {}

    init(_ members: [(String, TemplateValue)]) {
        for (name, value) in members { self[HashedName(name)] = value }
    }

    /// The value named `name`; setting replaces a value already there, or appends.
    subscript(name: HashedName) -> TemplateValue? {
        get { index(of: name).map { members[$0].value } }
        set {
            switch (index(of: name), newValue) {
            case let (index?, value?): members[index].value = value
            case let (index?, nil): members.remove(at: index)
            case let (nil, value?): members.append((name, value))
            case (nil, nil): break
            }
        }
    }

    /// The value named `name`.
    subscript(name: String) -> TemplateValue? {
        get { self[HashedName(name)] }
        set { self[HashedName(name)] = newValue }
    }

    /// Adds a value under a name not set yet, without looking for it first (a view model sets each of
    /// its names once).
    mutating func appendNew(_ name: HashedName, _ value: TemplateValue) {
        members.append((name, value))
    }

    private func index(of name: HashedName) -> Int? {
        members.firstIndex { $0.name.hash == name.hash && $0.name.text == name.text }
    }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements)
    }
}
