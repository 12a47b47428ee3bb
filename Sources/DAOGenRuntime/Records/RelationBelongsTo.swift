/// The relation from a child record to the parent row its NOT NULL foreign key references ("belongs to"):
/// `Book.columns.author`, a property of the child's typed columns that the generator writes for each such key:
///
/// ```swift
/// public var author: BelongsTo<Book, Author> { BelongsTo(column: .authorId, parentColumn: .id) }
/// ```
///
/// In a condition on children: `matches { }` (the parent matches). In `including:`, it loads each
/// child's parent; a parent that is missing (a row written while foreign keys were off) throws. A
/// nullable foreign key has an ``OptionalBelongsTo`` instead, which loads nil then.
public struct BelongsTo<Child: DatabaseRecord, Parent: DatabaseRecord>: IncludableRelation {
    /// The child's foreign key column (NOT NULL).
    public let column: Child.Column
    /// The parent's column the foreign key references: its primary key or a UNIQUE column.
    public let parentColumn: Parent.Column

    /// The relation from a `Child` to the `Parent` whose `parentColumn` its `column` references.
    public init(column: Child.Column, parentColumn: Parent.Column) {
        self.column = column
        self.parentColumn = parentColumn
    }

    /// Children whose parent matches `condition`: SQL `EXISTS`.
    public func matches(_ condition: SQLCondition<Parent>) -> SQLCondition<Child> {
        parentMatches(column: column, parentColumn: parentColumn, condition)
    }

    /// Children whose parent matches the condition built from the parent's typed columns:
    /// `$0.author.matches { $0.name == "Ursula K. Le Guin" }`.
    public func matches(_ condition: (Parent.Columns) -> SQLCondition<Parent>) -> SQLCondition<Child> {
        matches(condition(Parent.columns))
    }

    /// The child's foreign key, whose values find the parents.
    @inlinable
    public var keyColumn: Child.Column { column }

    /// Each child's parent.
    /// - Throws: ``DAOGenError/missingRelatedRow(table:row:column:value:relatedTable:relatedColumn:)`` for
    ///   the first child whose parent is missing.
    @inlinable
    public func related(of records: [Child], keys: [DatabaseValue], in database: Database) throws -> [Parent] {
        let parents = try RecordDAO<Parent>(database: database).recordsByKey(whose: parentColumn, isIn: keys)
        var related: [Parent] = []
        related.reserveCapacity(records.count)
        for (record, key) in zip(records, keys) {
            guard let parent = parents[key] else {
                throw missingParent(of: record, key: key)
            }
            related.append(parent)
        }
        return related
    }
}

/// The relation from a child record to the parent row its nullable foreign key references: like
/// ``BelongsTo``, but `including:` loads nil for a child whose key is NULL or whose parent is missing.
///
/// ```swift
/// public var member: OptionalBelongsTo<Loan, Member> { OptionalBelongsTo(column: .memberId, parentColumn: .id) }
/// ```
///
/// In a condition, `matches { }` is false for a NULL key: a NULL foreign key matches no parent.
public struct OptionalBelongsTo<Child: DatabaseRecord, Parent: DatabaseRecord>: IncludableRelation {
    /// The child's foreign key column (nullable).
    public let column: Child.Column
    /// The parent's column the foreign key references: its primary key or a UNIQUE column.
    public let parentColumn: Parent.Column

    /// The relation from a `Child` to the `Parent` whose `parentColumn` its `column` references, if any.
    public init(column: Child.Column, parentColumn: Parent.Column) {
        self.column = column
        self.parentColumn = parentColumn
    }

    /// Children with a parent that matches `condition` (never one whose key is NULL): SQL `EXISTS`.
    public func matches(_ condition: SQLCondition<Parent>) -> SQLCondition<Child> {
        parentMatches(column: column, parentColumn: parentColumn, condition)
    }

    /// Children with a parent that matches the condition built from the parent's typed columns:
    /// `$0.member.matches { $0.name == "Ann" }`.
    public func matches(_ condition: (Parent.Columns) -> SQLCondition<Parent>) -> SQLCondition<Child> {
        matches(condition(Parent.columns))
    }

    /// The child's foreign key, whose values find the parents.
    @inlinable
    public var keyColumn: Child.Column { column }

    /// Each child's parent; nil for a NULL key or a missing parent.
    @inlinable
    public func related(of records: [Child], keys: [DatabaseValue], in database: Database) throws -> [Parent?] {
        let parents = try RecordDAO<Parent>(database: database).recordsByKey(whose: parentColumn, isIn: keys)
        return keys.map { parents[$0] }
    }
}

/// Children whose parent matches `condition`: `EXISTS` over the parent's table.
func parentMatches<Child: DatabaseRecord, Parent: DatabaseRecord>(
    column: Child.Column, parentColumn: Parent.Column, _ condition: SQLCondition<Parent>
) -> SQLCondition<Child> {
    SQLCondition(sql: RecordSQL.relationExists(from: Parent.statements.name, column: parentColumn.rawValue, outerTable: Child.statements.name,
                                               outerColumn: column.rawValue, condition: condition.sql),
                 arguments: condition.arguments)
}

extension BelongsTo {
    /// The error of a child whose foreign key `key` names no parent row: it names the child by its primary
    /// key, when it has one, and the parent by the key.
    @usableFromInline
    func missingParent(of record: Child, key: DatabaseValue) -> DAOGenError {
        let names = Child.statements.primaryKey
        var row = ""
        if !names.isEmpty, let keyed = record as? any KeyedRecord, let primaryKey = keyed.primaryKey {
            row = (names.count == 1 ? names[0] : "(" + names.joined(separator: ", ") + ")") + " = " + String(describing: primaryKey)
        }
        return .missingRelatedRow(table: Child.statements.name, row: row, column: column.rawValue, value: key.description,
                                  relatedTable: Parent.statements.name, relatedColumn: parentColumn.rawValue)
    }
}
