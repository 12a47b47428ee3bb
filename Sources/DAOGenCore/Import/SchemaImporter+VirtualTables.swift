import DAOGenRuntime

extension SchemaImporter {
    /// A virtual table of an imported file as the format holds it: the `search:` of a table, or a
    /// declared virtual table (`virtualTables:`).
    enum ImportedVirtualTable: Equatable {
        /// An FTS5 table `search:` describes exactly: the table it indexes, its columns and tokenizer,
        /// and the names of the triggers that keep it in step (which `search:` writes itself).
        case search(table: String, search: ImportedSearch, triggers: [String])
        /// Any other virtual table, declared by its statement.
        case declared(ImportedVirtualTableStatement)
    }

    /// What daogen makes of the virtual table `name` (its `CREATE VIRTUAL TABLE` is `sql`): `search:` when
    /// it is an FTS5 table named `<table>_fts`, external content on that table's rowid, with no option
    /// but the tokenizer and with exactly the three triggers `search:` writes; a declared virtual table
    /// otherwise (NetNewsWire's FTS4 table, Signal's FTS5 table with its own triggers, an R*Tree).
    static func virtualTable(
        named name: String, sql: String, ordinaryTables: Set<String>, triggers: [String: String], in database: Database
    ) -> ImportedVirtualTable {
        let declared = ImportedVirtualTable.declared(ImportedVirtualTableStatement(name: name, sql: sql))
        let tokens = SQLTokenizer.tokens(sql)
        guard name.hasSuffix("_fts"), let using = tokens.firstIndex(where: { $0.isKeyword("USING") }),
              tokens.indices.contains(using + 1), tokens[using + 1].text.lowercased() == "fts5"
        else { return declared }
        let table = String(name.dropLast(4))
        guard ordinaryTables.contains(table),
              let columns = try? database.rows("SELECT name FROM pragma_table_info(?1)", [.text(name)]).map({ row -> String in
                  if case let .text(column) = row[0] { return column }
                  return ""
              }), !columns.isEmpty
        else { return declared }
        // The tokenizer: the string after `tokenize =`, if any.
        var tokenizer: String?
        if let option = tokens.firstIndex(where: { $0.kind == .word && $0.text.lowercased() == "tokenize" }),
           tokens.indices.contains(option + 2), tokens[option + 1].isSymbol("="),
           [.string, .quotedName, .word].contains(tokens[option + 2].kind) {
            tokenizer = tokens[option + 2].text
        }
        // Written by daogen, the statement and the triggers must mean what the file's do.
        let expected = SQLWriter.createSearchIndex(named: name, table: table, columns: columns, tokenizer: tokenizer)
        let expectedTriggers = SQLWriter.searchTriggers(index: name, table: table, columns: columns)
        guard meaning(expected) == meaning(sql),
              expectedTriggers.allSatisfy({ trigger in triggers[trigger.name].map { meaning($0) == meaning(trigger.sql) } == true })
        else { return declared }
        return .search(table: table, search: ImportedSearch(columns: columns, tokenizer: tokenizer), triggers: expectedTriggers.map(\.name))
    }

    /// The tokens of `sql`, names and keywords in lower case whether quoted or not: what two statements
    /// that mean the same have in common.
    private static func meaning(_ sql: String) -> [String] {
        SQLTokenizer.tokens(sql).map { token in
            token.kind == .word || token.kind == .quotedName ? "name " + token.text.lowercased() : "\(token.kind) " + token.text
        }
    }
}
