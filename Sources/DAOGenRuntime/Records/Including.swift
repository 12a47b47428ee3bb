/// A record and what `including:` loaded with it: `Including<Author, [Book]>` holds an author and its
/// books, `Including<Book, Author>` a book and its author, `Including<Loan, Member?>` a loan and its
/// member, nil when the loan has none.
///
/// It is `Sendable`, `Equatable` and `Hashable` when both parts are, so `observe` and `live` take it.
public struct Including<Record, Related> {
    /// The record read.
    public var record: Record
    /// What the relation loaded for it: the related record, nil for a nullable key without one, or the
    /// related records, in the relation's order.
    public var related: Related

    /// Pairs a record with what was loaded for it.
    @inlinable
    public init(record: Record, related: Related) {
        self.record = record
        self.related = related
    }
}

extension Including: Sendable where Record: Sendable, Related: Sendable {}
extension Including: Equatable where Record: Equatable, Related: Equatable {}
extension Including: Hashable where Record: Hashable, Related: Hashable {}
