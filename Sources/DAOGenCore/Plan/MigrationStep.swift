/// One step of a migration from version k-1 to k: SQL and a one-line comment saying what it does.
public struct MigrationStep: Sendable, Equatable {
    /// What kind of change the step makes.
    public enum Kind: String, Sendable {
        case createTable, dropTable, renameTable, addColumn, renameColumn, dropColumn
        case createIndex, dropIndex, rebuildTable, data
        case createView, dropView, createTrigger, dropTrigger
        case createVirtualTable, dropVirtualTable, rebuildSearchIndex
    }

    /// What kind of change the step makes.
    public var kind: Kind
    /// The statements, run in order; a rebuild has several.
    public var statements: [String]
    /// What the step does, in a few words.
    public var summary: String
    /// The declaration the step comes from: which table group runs it (Verify).
    public var declaration: DeclarationID?
    /// The YAML node the step comes from, for errors of the migration proof.
    public var location: SourceLocation?

    /// Creates a step that comes from `declaration`, or from none.
    public init(kind: Kind, statements: [String], summary: String, from declaration: (any Declaration)? = nil) {
        self.kind = kind
        self.statements = statements
        self.summary = summary
        self.declaration = declaration?.id
        self.location = declaration?.location
    }

    /// The one-line comment `daogen plan` and the generated code show above the step.
    public var comment: String {
        switch kind {
        case .rebuildTable: return "\(summary) (rebuild: copies every row)"
        case .data: return "\(summary) (from migrations:)"
        case .rebuildSearchIndex: return "\(summary) (reads every row)"
        case .createVirtualTable, .dropVirtualTable: return "\(summary) (DDL)"
        case .createTable, .dropTable, .createIndex, .dropIndex, .createView, .dropView, .createTrigger, .dropTrigger:
            return "\(summary) (DDL)"
        default: return "\(summary) (cheap ALTER)"
        }
    }
}
