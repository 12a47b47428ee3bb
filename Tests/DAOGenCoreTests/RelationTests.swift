@testable import _DAOGenCore
import Testing

/// Relations from `references:`: their default names, the plural rule, and located errors for clashes.
@Suite struct RelationTests {
    /// An author table and a book table whose columns are `bookColumns` (indented by 6 spaces).
    static func files(_ bookColumns: String) -> [String: String] {
        [
            "author.yaml": """
                tables:
                  - name: author
                    columns:
                      - name: id
                        type: INTEGER
                        primaryKey: true
                      - name: name
                        type: TEXT
                        notNull: true
                """,
            "book.yaml": """
                tables:
                  - name: book
                    columns:
                      - name: id
                        type: INTEGER
                        primaryKey: true
                \(bookColumns)
                """,
        ]
    }

    /// The relations of each record, as `Record.name: kind -> related (optional)`.
    static func relations(_ files: [String: String]) throws -> [String] {
        let schema = try loadSchema(files).schema
        let byID = Dictionary(uniqueKeysWithValues: schema.tables.map { ($0.id, $0) })
        return schema.tables.flatMap { table in
            (schema.relations(at: schema.settings.version)[table.id] ?? []).map { relation in
                "\(table.swiftName).\(relation.name): \(relation.kind) -> \(byID[relation.relatedTable]!.swiftName)"
                    + " by \(relation.childColumn) = \(relation.parentColumn)\(relation.isOptional ? " (optional)" : "")"
            }
        }
    }

    @Test("the plural of the default inverse: ies after a consonant and y, es after s, x, z, ch, sh, s otherwise")
    func plurals() {
        let cases = [
            "book": "books", "category": "categories", "day": "days", "box": "boxes", "bus": "buses", "waltz": "waltzes",
            "match": "matches", "wish": "wishes", "orderLine": "orderLines", "person": "persons", "key": "keys",
            "boy": "boys", "entry": "entries",
        ]
        for (word, plural) in cases.sorted(by: { $0.key < $1.key }) {
            #expect(Relation.plural(word) == plural, "\(word)")
        }
        #expect(Relation.defaultHasManyName(childRecord: "OrderLine") == "orderLines")
        #expect(Relation.defaultHasManyName(childRecord: "Category") == "categories")
    }

    @Test("defaults: the key's property without Id / ID, and the child's record name pluralized")
    func defaults() throws {
        let relations = try Self.relations(Self.files("""
                  - name: author_id
                    type: INTEGER
                    notNull: true
                    references: { table: author }
                  - name: editorID
                    type: INTEGER
                    references: { table: author, column: id, inverse: editedBooks }
                  - name: translator
                    type: INTEGER
                    references: { table: author, inverse: translations }
            """))
        #expect(relations == [
            "Author.books: hasMany -> Book by author_id = id",
            "Author.editedBooks: hasMany -> Book by editorID = id",
            "Author.translations: hasMany -> Book by translator = id",
            "Book.author: belongsTo -> Author by author_id = id",
            "Book.editor: belongsTo -> Author by editorID = id (optional)",
        ])
    }

    @Test("relation: names a key without the suffix; a self-reference relates a table to itself")
    func explicitNamesAndSelfReference() throws {
        let relations = try Self.relations(Self.files("""
                  - name: writer
                    type: INTEGER
                    references: { table: author, relation: writtenBy, inverse: written }
                  - name: sequel_of
                    type: INTEGER
                    references: { table: book, relation: prequel, inverse: sequels }
            """))
        #expect(relations == [
            "Author.written: hasMany -> Book by writer = id",
            "Book.writtenBy: belongsTo -> Author by writer = id (optional)",
            "Book.prequel: belongsTo -> Book by sequel_of = id (optional)",
            "Book.sequels: hasMany -> Book by sequel_of = id",
        ])
    }

    @Test("two keys to one table clash by their default inverse: every clash is reported at a column, naming inverse:")
    func defaultClash() throws {
        let result = try diagnostics(Self.files("""
                  - name: author_id
                    type: INTEGER
                    references: { table: author }
                  - name: editor_id
                    type: INTEGER
                    references: { table: author }
                  - name: translator_id
                    type: INTEGER
                    references: { table: author }
            """))
        #expect(result == [
            "S/book.yaml:12:21: error: record 'Author' has two relations named 'books': the inverse of column 'book.author_id' and the inverse of column 'book.editor_id'; rename one with inverse: on column 'book.author_id' or inverse: on column 'book.editor_id'",
            "S/book.yaml:15:21: error: record 'Author' has two relations named 'books': the inverse of column 'book.author_id' and the inverse of column 'book.translator_id'; rename one with inverse: on column 'book.author_id' or inverse: on column 'book.translator_id'",
        ])
    }

    @Test("a relation named like a column property, and a written name that is not an identifier, are located errors")
    func namedLikeAColumn() throws {
        let result = try diagnostics(Self.files("""
                  - name: author
                    type: TEXT
                  - name: author_id
                    type: INTEGER
                    references: { table: author }
                  - name: editor_id
                    type: INTEGER
                    references: { table: author, relation: "edited by", inverse: edited }
            """))
        #expect(result == [
            "S/book.yaml:11:21: error: record 'Book': the relation of column 'book.author_id' to 'author' is named 'author', like a column's property; name it with relation: on column 'book.author_id'",
            "S/book.yaml:14:48: error: relation: 'edited by' of column 'book.editor_id' is not a Swift identifier; choose another",
        ])
    }

    @Test("a relation exists where both tables and the column do; a reference without the suffix has only its inverse")
    func versions() throws {
        var files = Self.files("""
                  - name: author_id
                    type: INTEGER
                    references: { table: author }
                    until: 2
                  - name: owner
                    type: INTEGER
                    references: { table: author }
            """)
        files["daogen.yaml"] = "version: 3\n"
        #expect(try Self.relations(files) == ["Author.books: hasMany -> Book by owner = id"])
    }
}
