import Foundation

extension SchemaImporter {
    /// Names the relations whose default names would clash (docs/SchemaFormat.md, "Relations"): two
    /// keys of one table to one parent (`message.sender_id` and `message.recipient_id` to `user`), or
    /// a default named like a column's property. The first relation in table and column order keeps
    /// its default; a later one gets `relation:` / `inverse:` written, the default followed by what
    /// tells it apart (`messagesByRecipient`). Without this, importing such a file would be refused.
    static func nameClashingRelations(in schema: inout ImportedSchema) {
        func record(_ table: ImportedTable) -> String { table.swiftName ?? SwiftNaming.upperCamelCase(table.name) }
        func property(_ column: ImportedColumn) -> String { column.swiftName ?? SwiftNaming.lowerCamelCase(column.name) }
        func available(_ name: String, in taken: Set<String>) -> String {
            var candidate = name
            var number = 2
            while taken.contains(candidate) { candidate = name + String(number); number += 1 }
            return candidate
        }
        var taken = schema.tables.map { Set($0.columns.map(property)) }
        for child in schema.tables.indices {
            for position in schema.tables[child].columns.indices {
                let column = schema.tables[child].columns[position]
                guard let reference = column.references,
                      let parent = schema.tables.firstIndex(where: { $0.name.lowercased() == reference.table.lowercased() })
                else { continue }
                let belongsTo = Relation.defaultBelongsToName(column: property(column))
                if let belongsTo {
                    let name = available(belongsTo, in: taken[child])
                    if name != belongsTo { schema.tables[child].columns[position].references?.relation = name }
                    taken[child].insert(name)
                }
                let hasMany = Relation.defaultHasManyName(childRecord: record(schema.tables[child]))
                if taken[parent].contains(hasMany) {
                    let distinct = hasMany + "By" + SwiftNaming.upperCamelCase(belongsTo ?? property(column))
                    let name = available(distinct, in: taken[parent])
                    schema.tables[child].columns[position].references?.inverse = name
                    taken[parent].insert(name)
                } else {
                    taken[parent].insert(hasMany)
                }
            }
        }
    }
}
