/// A relation between two records that a single-column foreign key (`references:`) declares: the
/// child's "belongs to" its parent, and the parent's "has many" children (docs/SchemaFormat.md,
/// "Relations"). The generated `Columns` of each record has one property per relation.
public struct Relation: Sendable, Hashable {
    /// Which side of the foreign key the relation is seen from.
    public enum Kind: Sendable, Hashable {
        /// The child's relation to the row its key references.
        case belongsTo
        /// The parent's relation to the rows whose key references it.
        case hasMany
    }

    /// Which side the relation is seen from.
    public var kind: Kind
    /// The property's Swift name: `relation:` / `inverse:`, or the default.
    public var name: String
    /// Whether `name` was written (`relation:` / `inverse:`) rather than derived.
    public var isExplicit: Bool
    /// The table whose record has the relation.
    public var table: DeclarationID
    /// The table at the other end.
    public var relatedTable: DeclarationID
    /// The child table's SQL name.
    public var childTable: String
    /// The child's foreign key column (SQL name).
    public var childColumn: String
    /// The parent table's SQL name.
    public var parentTable: String
    /// The referenced column of the parent (SQL name): its primary key, or a UNIQUE column.
    public var parentColumn: String
    /// True for a belongs-to relation whose key is nullable: the parent may be missing.
    public var isOptional: Bool
    /// Where a problem with the relation's name is reported: `relation:` / `inverse:` when written,
    /// the column's `references:` otherwise.
    public var location: SourceLocation

    /// The YAML key that names the relation.
    var key: String { kind == .belongsTo ? "relation:" : "inverse:" }

    /// How a message names the relation.
    var description: String {
        kind == .belongsTo
            ? "the relation of column '\(childTable).\(childColumn)' to '\(parentTable)'"
            : "the inverse of column '\(childTable).\(childColumn)'"
    }
}

extension Relation {
    /// The default name of a belongs-to relation: the key's Swift property name without its `Id` /
    /// `ID` suffix (`authorId` -> `author`); nil without that suffix.
    static func defaultBelongsToName(column swiftName: String) -> String? {
        for suffix in ["Id", "ID"] where swiftName.hasSuffix(suffix) && swiftName.count > suffix.count {
            return String(swiftName.dropLast(suffix.count))
        }
        return nil
    }

    /// The default name of a has-many relation: the child record's Swift name in lowerCamelCase,
    /// its last word pluralized by plain English rules (`orderLine` -> `orderLines`, `category` ->
    /// `categories`, `box` -> `boxes`); no irregular plurals.
    static func defaultHasManyName(childRecord swiftName: String) -> String {
        plural(SwiftNaming.lowerCamelCase(swiftName))
    }

    /// `word` with the plural ending of plain English rules: `ies` for a consonant and `y`, `es`
    /// after `s`, `x`, `z`, `ch`, `sh`, otherwise `s`.
    static func plural(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiouy".contains(before) {
            return word.dropLast() + "ies"
        }
        if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) {
            return word + "es"
        }
        return word + "s"
    }
}

extension Schema {
    /// Every relation at `version`, by the table whose record has it, in a fixed order: the child
    /// tables and their columns in declaration order. A relation exists where both tables and the
    /// column do; views have none.
    public func relations(at version: Int) -> [DeclarationID: [Relation]] {
        var relations: [DeclarationID: [Relation]] = [:]
        var tablesByName: [String: Table] = [:]
        for table in tables where table.range.contains(version) {
            tablesByName[table.name(at: version).lowercased()] = tablesByName[table.name(at: version).lowercased()] ?? table
        }
        for child in tables where child.range.contains(version) {
            for column in child.columns(at: version) {
                // The validator sees references before resolution fills in their default column.
                guard let reference = column.references,
                      case let parentColumn = reference.column.isEmpty
                          ? defaultReferenceColumn(of: column, in: child) ?? "" : reference.column,
                      !parentColumn.isEmpty,
                      let parent = tablesByName[reference.table.lowercased()],
                      parent.column(named: parentColumn, at: version) != nil
                else { continue }
                let referencesLocation = column.location(of: "references")
                let belongsTo = reference.relation ?? Relation.defaultBelongsToName(column: column.swiftName)
                if let belongsTo {
                    relations[child.id, default: []].append(Relation(
                        kind: .belongsTo, name: belongsTo, isExplicit: reference.relation != nil, table: child.id,
                        relatedTable: parent.id, childTable: child.name(at: version), childColumn: column.name(at: version),
                        parentTable: parent.name(at: version), parentColumn: parentColumn,
                        isOptional: !SQLWriter.isNeverNull(column, of: child, at: version, keyNames: child.primaryKeyNames(at: version)),
                        location: reference.relationLocation ?? referencesLocation))
                }
                relations[parent.id, default: []].append(Relation(
                    kind: .hasMany, name: reference.inverse ?? Relation.defaultHasManyName(childRecord: child.swiftName),
                    isExplicit: reference.inverse != nil, table: parent.id, relatedTable: child.id,
                    childTable: child.name(at: version), childColumn: column.name(at: version),
                    parentTable: parent.name(at: version), parentColumn: parentColumn, isOptional: false,
                    location: reference.inverseLocation ?? referencesLocation))
            }
        }
        return relations
    }
}
