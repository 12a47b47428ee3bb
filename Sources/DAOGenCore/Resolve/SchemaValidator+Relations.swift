extension SchemaValidator {
    /// Each record's relations (at the latest version, where code is generated) have names that are
    /// Swift identifiers, unique among its relations and distinct from its columns' properties. Every
    /// clash is reported, at the relation's `relation:` / `inverse:` when written and at the column's
    /// `references:` when the name is a default.
    mutating func checkRelations() {
        let relations = schema.relations(at: latest)
        for table in schema.tables where table.range.contains(latest) {
            guard let ofTable = relations[table.id] else { continue }
            let properties = Set(table.columns(at: latest).map(\.swiftName))
            var seen: [String: Relation] = [:]
            for relation in ofTable {
                let record = "record '\(table.swiftName)'"
                if relation.isExplicit, !SwiftNaming.isIdentifier(relation.name) {
                    diagnostics.error(
                        "\(relation.key) '\(relation.name)' of column '\(relation.childTable).\(relation.childColumn)' is not a Swift identifier; choose another",
                        at: relation.location)
                } else if properties.contains(relation.name) {
                    diagnostics.error(
                        "\(record): \(relation.description) is named '\(relation.name)', like a column's property; "
                            + "name it with \(relation.key) on column '\(relation.childTable).\(relation.childColumn)'",
                        at: relation.location)
                } else if let first = seen[relation.name] {
                    diagnostics.error(
                        "\(record) has two relations named '\(relation.name)': \(first.description) and \(relation.description); "
                            + "rename one with \(first.key) on column '\(first.childTable).\(first.childColumn)' "
                            + "or \(relation.key) on column '\(relation.childTable).\(relation.childColumn)'",
                        at: relation.location)
                } else {
                    seen[relation.name] = relation
                }
            }
        }
    }
}
