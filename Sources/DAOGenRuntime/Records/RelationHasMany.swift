/// The relation from a parent record to the child records whose foreign key references it ("has many"):
/// `Author.columns.books`, a property of the parent's typed columns that the generator writes for each
/// foreign key that references the parent's table:
///
/// ```swift
/// public var books: HasMany<Author, Book> { HasMany(column: .authorId, parentColumn: .id) }
/// ```
///
/// In a condition on parents: `contains { }` (some child matches), `isEmpty` (no child), `count` (the
/// number of children, compared with an `Int`). In `including:`, it loads each parent's children, `[]`
/// for none: `filter { }` keeps the children that match, `ordered(by:)` orders each parent's list (then
/// by the child's primary key, or its rowid). A filter also restricts `contains`, `isEmpty` and `count`.
public struct HasMany<Parent: DatabaseRecord, Child: DatabaseRecord>: IncludableRelation {
    /// The child's foreign key column.
    public let column: Child.Column
    /// The parent's column the foreign key references: its primary key or a UNIQUE column.
    public let parentColumn: Parent.Column
    /// The condition the children must match, if any (`filter(_:)`).
    @usableFromInline let condition: SQLCondition<Child>?
    /// The order of each parent's children before the primary key (``ordered(by:)``).
    @usableFromInline let ordering: [SQLOrdering<Child.Column>]

    /// The relation of the rows of `Child` whose `column` references the `parentColumn` of a `Parent`.
    public init(column: Child.Column, parentColumn: Parent.Column) {
        self.init(column: column, parentColumn: parentColumn, condition: nil, ordering: [])
    }

    /// A relation with a filter and an order.
    init(column: Child.Column, parentColumn: Parent.Column, condition: SQLCondition<Child>?, ordering: [SQLOrdering<Child.Column>]) {
        self.column = column
        self.parentColumn = parentColumn
        self.condition = condition
        self.ordering = ordering
    }

    // MARK: - Filter and order

    /// The relation to the children that also match `condition`.
    public func filter(_ condition: SQLCondition<Child>) -> Self {
        Self(column: column, parentColumn: parentColumn, condition: self.condition.map { $0 && condition } ?? condition, ordering: ordering)
    }

    /// The relation to the children that also match the condition built from the child's typed columns:
    /// `$0.books.filter { $0.rating >= 4 }`.
    public func filter(_ condition: (Child.Columns) -> SQLCondition<Child>) -> Self {
        filter(condition(Child.columns))
    }

    /// The relation whose children `including:` lists in `ordering`, then by the child's primary key (or
    /// rowid); it replaces an order given before.
    public func ordered(by ordering: [SQLOrdering<Child.Column>]) -> Self {
        Self(column: column, parentColumn: parentColumn, condition: condition, ordering: ordering)
    }

    // MARK: - Conditions

    /// Parents with a child that matches `condition` (and the relation's filter): SQL `EXISTS`.
    public func contains(_ condition: SQLCondition<Child>) -> SQLCondition<Parent> {
        exists(self.condition.map { $0 && condition } ?? condition)
    }

    /// Parents with a child that matches the condition built from the child's typed columns:
    /// `$0.books.contains { $0.rating >= 4 }`.
    public func contains(_ condition: (Child.Columns) -> SQLCondition<Child>) -> SQLCondition<Parent> {
        contains(condition(Child.columns))
    }

    /// Parents without a child (that matches the relation's filter): SQL `NOT EXISTS`.
    public var isEmpty: SQLCondition<Parent> {
        !exists(condition)
    }

    /// The number of a parent's children (that match the relation's filter), compared with an `Int`:
    /// `$0.books.count >= 3`.
    public var count: RelationCount<Parent> {
        RelationCount(sql: RecordSQL.relationCount(from: Child.statements.name, column: column.rawValue, outerTable: Parent.statements.name,
                                                   outerColumn: parentColumn.rawValue, condition: condition?.sql),
                      arguments: condition?.arguments ?? [])
    }

    /// Parents with a child that matches `condition`, or with any child when it is nil.
    private func exists(_ condition: SQLCondition<Child>?) -> SQLCondition<Parent> {
        SQLCondition(sql: RecordSQL.relationExists(from: Child.statements.name, column: column.rawValue, outerTable: Parent.statements.name,
                                                   outerColumn: parentColumn.rawValue, condition: condition?.sql),
                     arguments: condition?.arguments ?? [])
    }

    // MARK: - Including

    /// The parent's referenced column, whose values find the children.
    @inlinable
    public var keyColumn: Parent.Column { parentColumn }

    /// Each parent's children that match the filter, in the relation's order; `[]` for a parent without
    /// any, or whose key is NULL.
    @inlinable
    public func related(of records: [Parent], keys: [DatabaseValue], in database: Database) throws -> [[Child]] {
        var position: [DatabaseValue: Int] = [:]
        position.reserveCapacity(keys.count)
        var distinct: [DatabaseValue] = []
        distinct.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() where key != .null && position.updateValue(index, forKey: key) == nil {
            distinct.append(key)
        }
        var children = [[Child]](repeating: [], count: records.count)
        try RecordDAO<Child>(database: database).forEachRecord(
            whose: column, isIn: distinct, where: condition, orderBy: ordering, ordered: true
        ) { key, child in
            if let index = position[key] {
                children[index].append(child)
            }
        }
        return children
    }
}
