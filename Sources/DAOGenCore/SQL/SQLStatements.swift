import DAOGenRuntime

/// Splits SQL text into statements where SQLite itself would end them.
///
/// A slot of the schema (a view's `sql:`, a trigger's, a data step's, a query's) is meant to hold a
/// given number of statements: text after the one a view or trigger holds would otherwise run in every
/// new file and every migration. Where a statement ends is SQLite's decision: ``SQLLexer`` reads the
/// text as SQLite's tokenizer does and ends a statement at a `;` outside every token and outside a
/// trigger's `BEGIN ... END`, as `sqlite3_complete` does. Each statement is trimmed to its tokens: the
/// comments and blanks around it and its closing `;` are dropped, so nothing written after it can
/// swallow or extend what daogen writes next to it.
enum SQLStatements {
    /// One statement of a text.
    struct Statement: Equatable {
        /// The statement, from its first token to the end of its last, without its closing `;`.
        var text: String
        /// The UTF-8 offset of its first token in the text it was split from.
        var offset: Int
    }

    /// The statements of `sql`, in order; empty statements (a lone `;`, a comment) are skipped. The last
    /// statement may lack its `;`.
    static func split(_ sql: String) -> [Statement] {
        let bytes = Array(sql.utf8)
        return SQLLexer.statements(sql).map { Statement(text: SQLLexer.text($0.range, in: bytes), offset: $0.range.lowerBound) }
    }
}
