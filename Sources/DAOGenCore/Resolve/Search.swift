/// `search:` of a table: an external-content FTS5 table `<table>_fts` over some of its TEXT columns,
/// on the table's rowid, kept in step by three triggers; versioned like an index.
public struct TableSearch: Sendable {
    /// The indexed columns' SQL names at the latest version the index exists in.
    public var columns: [String]
    /// FTS5's `tokenize=` argument, as written (`porter unicode61`); nil for FTS5's default, `unicode61`.
    public var tokenizer: String?
    /// Versions the index exists in.
    public var range: VersionRange
    /// The `search:` mapping.
    public var location: SourceLocation
    /// Where each key's value was written.
    public var keyLocations: KeyLocations

    /// Where `key`'s value was written, or the mapping itself when the key is absent.
    func location(of key: String) -> SourceLocation { keyLocations[key] ?? location }
}

/// A virtual table the schema declares by its `CREATE VIRTUAL TABLE` statement (`virtualTables:` of a
/// table file): an FTS3/4/5 table an app keeps itself, an R*Tree; versioned like a view, never renamed.
public struct VirtualTable: SchemaElement {
    /// The declaration's identity, given by Resolve.
    public var id = DeclarationID.synthetic
    /// SQL name, as in the statement.
    public var name: String
    /// The module after `USING`, lowercased (`fts5`, `rtree`).
    public var module: String
    /// The whole `CREATE VIRTUAL TABLE` statement.
    public var sql: String
    /// Versions the table exists in.
    public var range: VersionRange
    /// Virtual tables are not renamed: a changed one is dropped and created.
    public var renamedFrom: Rename? { nil }
    /// The virtual table's mapping node.
    public var location: SourceLocation
    /// Where each key's value was written.
    public var keyLocations: KeyLocations
}

extension Table {
    /// The table's `search:` alive at `version`, if any.
    public func search(at version: Int) -> TableSearch? {
        search.first { $0.range.contains(version) }
    }

    /// The name of the table's FTS5 table at `version`: `<table>_fts`.
    public func searchIndexName(at version: Int) -> String {
        name(at: version) + "_fts"
    }
}

extension Schema {
    /// Virtual tables alive at `version`, in declaration order.
    func virtualTables(at version: Int) -> [VirtualTable] { virtualTables.filter { $0.range.contains(version) } }

    /// True when a table has `search:` or the schema declares a virtual table: such a schema is verified
    /// whole, like one with views or triggers.
    var hasVirtualTables: Bool {
        !virtualTables.isEmpty || tables.contains { !$0.search.isEmpty }
    }
}
