extension RecordSQL {
    /// A SELECT, clause by clause: `SELECT columns FROM from [WHERE condition] [ORDER BY ...] [paging]`.
    /// Every SELECT a DAO runs is one: the record's reads, its finders, its dynamic conditions and its
    /// search. The parts are SQL as written (names already quoted); ``sql`` writes them into one
    /// buffer, since a condition built at run time writes its SELECT on every call to look it up.
    public struct Select: Sendable, Hashable {
        /// `"a", "b"`, `count(*)` or `1`.
        public var columns: String
        /// The FROM clause without `FROM`: `"t"`, or a join.
        public var from: String
        /// The WHERE clause without `WHERE`, or nil for none.
        public var condition: String?
        /// ` ORDER BY "a", "b" DESC`, or empty (``RecordSQL/orderBy(_:)``).
        public var orderBy: String
        /// True when the statement ends with ``RecordSQL/paging``.
        public var paged: Bool

        /// The SELECT of `columns` from `from`, with the given clauses.
        @inlinable
        public init(columns: String, from: String, condition: String? = nil, orderBy: String = "", paged: Bool = false) {
            self.columns = columns
            self.from = from
            self.condition = condition
            self.orderBy = orderBy
            self.paged = paged
        }

        /// The statement's text.
        public var sql: String {
            Self.sql(head: "SELECT " + columns + " FROM " + from, condition: condition, orderBy: orderBy, paged: paged)
        }

        /// `head` (`SELECT ... FROM ...`, written before) followed by the clauses, in one buffer: how a
        /// condition built at run time extends its record's `SELECT` of every column on every call.
        @inlinable
        public static func sql(head: String, condition: String?, orderBy: String, paged: Bool) -> String {
            SQLText.concatenation(head, condition == nil ? "" : " WHERE ", condition ?? "", orderBy, paged ? RecordSQL.paging : "")
        }
    }
}
