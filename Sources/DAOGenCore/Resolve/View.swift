/// A view of the schema (`views:` of a table file): `CREATE VIEW name AS sql`, versioned like a table.
public struct View: SchemaElement {
    /// The declaration's identity, given by Resolve.
    public var id = DeclarationID.synthetic
    /// SQL name at the latest version it exists in.
    public var name: String
    /// Swift name of the record type.
    public var swiftName: String
    /// Doc comment text.
    public var doc: String?
    /// The SELECT statement, as written.
    public var sql: String
    /// Versions the view exists in.
    public var range: VersionRange
    /// Its former name, if it was renamed.
    public var renamedFrom: Rename?
    /// Queries of the view's DAO (latest version only).
    public var queries: [Query] = []
    /// `types:`: Swift types of the view's columns that SQLite cannot trace to a table column.
    public var resultTypes: [TypeAnnotation] = []
    /// How the `sql:` value sits in its file.
    var sqlPlacement: ScalarPlacement?
    /// The view's mapping node.
    public var location: SourceLocation
    /// Where each key's value was written.
    public var keyLocations: KeyLocations
}

/// A trigger of the schema (`triggers:` of a table file): its `CREATE TRIGGER` statement, versioned like a table.
public struct Trigger: SchemaElement {
    /// The declaration's identity, given by Resolve.
    public var id = DeclarationID.synthetic
    /// SQL name, as in the statement.
    public var name: String
    /// The whole `CREATE TRIGGER` statement.
    public var sql: String
    /// Versions the trigger exists in.
    public var range: VersionRange
    /// Triggers are not renamed: a changed trigger is dropped and created.
    public var renamedFrom: Rename? { nil }
    /// The trigger's mapping node.
    public var location: SourceLocation
    /// Where each key's value was written.
    public var keyLocations: KeyLocations
}

extension Schema {
    /// Views alive at `version`, in declaration order.
    func views(at version: Int) -> [View] { views.filter { $0.range.contains(version) } }

    /// Triggers alive at `version`, in declaration order.
    func triggers(at version: Int) -> [Trigger] { triggers.filter { $0.range.contains(version) } }
}
