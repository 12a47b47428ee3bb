extension TableModel {
    /// Adds the record's relations to its `Columns`, in the order `Schema.relations(at:)` gives them.
    mutating func attach(_ relations: [Relation], schema: Schema) {
        let latest = schema.settings.version
        func table(_ id: DeclarationID) -> Table? { schema.tables.first { $0.id == id } }
        func property(_ column: String, of table: Table) -> String {
            SwiftNaming.escaped(table.column(named: column, at: latest)?.swiftName ?? column)
        }
        self.relations = relations.compactMap { relation in
            guard let record = table(relation.table), let related = table(relation.relatedTable) else { return nil }
            let (child, parent) = relation.kind == .belongsTo ? (record, related) : (related, record)
            let key = "`\(SwiftLiteral.commentText(relation.childTable)).\(SwiftLiteral.commentText(relation.childColumn))`"
            let referenced = "`\(SwiftLiteral.commentText(relation.parentTable)).\(SwiftLiteral.commentText(relation.parentColumn))`"
            let kind: String
            let doc: [String]
            switch (relation.kind, relation.isOptional) {
            case (.belongsTo, false):
                kind = "BelongsTo"
                doc = ["The `\(parent.swiftName)` that \(key) references (\(referenced)).", "For `matches { }` conditions and `including:`."]
            case (.belongsTo, true):
                kind = "OptionalBelongsTo"
                doc = ["The `\(parent.swiftName)` that \(key) references (\(referenced)), if any.", "For `matches { }` conditions and `including:`."]
            case (.hasMany, _):
                kind = "HasMany"
                doc = ["The `\(child.swiftName)` rows whose \(key) references this one (\(referenced)).",
                       "For `contains { }`, `isEmpty` and `count` conditions and `including:`."]
            }
            return RelationModel(
                docLines: DocLineModel.lines(doc),
                name: SwiftNaming.escaped(relation.name),
                type: "\(kind)<\(record.swiftName), \(related.swiftName)>",
                value: "\(kind)(column: .\(property(relation.childColumn, of: child)), parentColumn: .\(property(relation.parentColumn, of: parent)))")
        }
    }
}
