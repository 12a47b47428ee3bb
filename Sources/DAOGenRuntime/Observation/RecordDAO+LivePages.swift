extension RecordDAO where Record: KeyedRecord & Equatable {
    /// A list of the rows matching `condition` (every row when nil) in `orderBy` then the primary key,
    /// that loads `pageSize` rows at a time and stays up to date: see ``LivePages``.
    ///
    /// ```swift
    /// let unread = db.book.livePages(where: { $0.status == .unread }, orderBy: [.published.descending], pageSize: 50)
    /// ```
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    public func livePages(
        where condition: ((Record.Columns) -> SQLCondition<Record>)? = nil, orderBy: [SQLOrdering<Record.Column>] = [],
        pageSize: Int = 50
    ) -> LivePages<Record> {
        let dao = self
        let condition = condition?(Record.columns) ?? SQLCondition(sql: "1", arguments: [])
        let order = Self.pagingOrder(orderBy)
        return LivePages(
            database: database, pageSize: pageSize,
            fetchWindow: { count in try dao.fetchAll(where: condition, orderBy: order, limit: count) },
            fetchAfter: { last, count in try dao.fetchAll(where: condition, orderBy: orderBy, after: last, limit: count) })
    }
}
