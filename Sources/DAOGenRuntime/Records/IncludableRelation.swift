/// A relation that `including:` loads for the records of `Record`: ``BelongsTo``, ``OptionalBelongsTo``
/// and ``HasMany``. The runtime calls its requirements; an app names the relation in the closure
/// (`including: { $0.books }`) and does not call them.
public protocol IncludableRelation<Record>: Sendable {
    /// The records the relation starts from.
    associatedtype Record: DatabaseRecord
    /// What it loads for one record: `Parent`, `Parent?` or `[Child]`.
    associatedtype Related: Sendable

    /// The column of `Record` whose values find the related rows: the foreign key of a belongs-to
    /// relation, the referenced column of a has-many one.
    var keyColumn: Record.Column { get }

    /// What the relation loads for each of `records`, in their order, given each record's value of
    /// ``keyColumn`` (`keys[i]` is `records[i]`'s). It reads the related rows on `database`, one statement
    /// per 1,000 distinct keys; the caller runs it in the read that read `records`.
    /// - Throws: ``DAOGenError/missingRelatedRow(table:row:column:value:relatedTable:relatedColumn:)`` for
    ///   a NOT NULL key without its row, or what reading throws.
    func related(of records: [Record], keys: [DatabaseValue], in database: Database) throws -> [Related]
}
