/// A named SQL statement written under a table's `queries:`: it becomes a method of the table's DAO.
public struct Query: Sendable {
    /// The method name, a lowerCamelCase Swift identifier.
    public var name: String
    /// Doc comment text.
    public var doc: String?
    /// The SQL as written, trailing whitespace removed (offsets into it are offsets into the YAML value).
    public var sql: String
    /// `returns: one`: the first row, or nil.
    public var returnsOne: Bool
    /// `types:`: Swift types of result columns, by result column name.
    public var resultTypes: [TypeAnnotation]
    /// `params:`: Swift types of parameters, by parameter name (without `:`, `@` or `$`).
    public var parameterTypes: [TypeAnnotation]
    /// The query's mapping node.
    public var location: SourceLocation
    /// Where each key's value was written.
    public var keyLocations: KeyLocations
    /// How the `sql:` value sits in its file, to turn an offset in `sql` into a line and column.
    var sqlPlacement: ScalarPlacement?

    /// Where `key`'s value was written, or the query itself when the key is absent.
    func location(of key: String) -> SourceLocation { keyLocations[key] ?? location }

    /// The place in the YAML of the character `offset` UTF-8 bytes into `sql`, when the scalar's
    /// text maps one to one onto the file (a literal block `|`, or a plain or single-quoted scalar on
    /// one line); else the `sql:` node.
    func location(ofSQLOffset offset: Int) -> SourceLocation {
        ScalarPlacement.location(ofOffset: offset, in: sql, placement: sqlPlacement, node: location(of: "sql"))
    }
}

/// How a scalar's text lies in its file.
enum ScalarPlacement: Sendable, Hashable {
    /// On the node's line, starting `quoteWidth` columns after the node's mark (1 past a quote).
    case inline(quoteWidth: Int)
    /// A literal block scalar (`|`): line k of the text is line k + 1 after the mark, indented by `indent` spaces.
    case literalBlock(indent: Int)

    /// The place in the YAML of the character `offset` UTF-8 bytes into `text`, the value of the scalar
    /// at `node` laid out as `placement` says; `node` when the offset cannot be placed.
    static func location(ofOffset offset: Int, in text: String, placement: ScalarPlacement?, node: SourceLocation) -> SourceLocation {
        guard let placement, offset >= 0, offset <= text.utf8.count else { return node }
        let prefix = String(decoding: text.utf8.prefix(offset), as: UTF8.self)
        let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
        let lineIndex = lines.count - 1
        let column = lines.last.map { $0.unicodeScalars.count } ?? 0
        switch placement {
        case .inline(let quoteWidth):
            guard lineIndex == 0 else { return node }
            return SourceLocation(file: node.file, line: node.line, column: node.column + quoteWidth + column)
        case .literalBlock(let indent):
            return SourceLocation(file: node.file, line: node.line + 1 + lineIndex, column: indent + 1 + column)
        }
    }
}

/// A Swift type written in `types:` or `params:` (`Double?`, `Date`, `Book.Status`), resolved by the query stage.
public struct TypeAnnotation: Sendable, Hashable {
    /// The result column or parameter it types.
    public var name: String
    /// The type as written, `?` included.
    public var written: String
    /// Where the type was written.
    public var location: SourceLocation
}
