/// An app's own Codable type, stored as JSON text by a `json: true` column.
public struct Person: Codable, Hashable, Sendable {
    /// The person's name.
    public var name: String
    /// Their e-mail address, if known.
    public var email: String?

    /// Creates a person.
    public init(name: String, email: String? = nil) {
        self.name = name
        self.email = email
    }
}
