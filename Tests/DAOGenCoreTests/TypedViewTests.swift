import Testing

@testable import _DAOGenCore

/// The Type stage's views: each view of the latest version becomes a `TypedView` (its declaration and its
/// typed result columns), kept with the queries by declaration, and Render makes its record of that.
@Suite struct TypedViewTests {
    /// `author` and `book` (`queryFile`), a query of `book` naming the view, and view `shelf` over both
    /// with a query of its own.
    static let files = [
        "t.yaml": queryFile("""
                  - name: onShelf
                    sql: SELECT id FROM shelf WHERE title = :title

            """) + """

            views:
              - name: shelf
                sql: SELECT book.id, book.title, book.kind, author.name AS author_name FROM book LEFT JOIN author ON author.id = book.author_id
                queries:
                  - name: byKind
                    sql: SELECT title FROM shelf WHERE kind = :kind AND author_name = :author

            """,
    ]

    @Test func aViewIsItsOwnTypedValueKeyedByItsDeclaration() throws {
        let loaded = try loadSchema(Self.files)
        let declared = try #require(loaded.schema.views.first)
        #expect(declared.id != .synthetic)
        #expect(!loaded.schema.tables.contains { $0.id == declared.id })
        #expect(Array(loaded.views.keys) == [declared.id])
        let view = try #require(loaded.views[declared.id])
        #expect(view.id == declared.id)
        #expect(view.view.name == "shelf")
        #expect(view.columns.map(\.name) == ["id", "title", "kind", "author_name"])
        // Types as the tables' columns have them (an enum qualified by its record), Optional from the LEFT JOIN.
        #expect(view.columns.map { "\($0.swiftName): \($0.value.swiftName)" } == [
            "id: Int64", "title: String", "kind: Book.Kind", "authorName: String?",
        ])
    }

    @Test func queriesAreKeptByTheirTablesOrViewsDeclaration() throws {
        let loaded = try loadSchema(Self.files)
        let book = try #require(loaded.schema.tables.first { $0.name == "book" })
        let shelf = try #require(loaded.schema.views.first)
        #expect(Set(loaded.queries.keys) == [book.id, shelf.id])
        #expect(loaded.queries[book.id]?.map { "\($0.tableName).\($0.query.name)" } == ["book.onShelf"])
        #expect(loaded.queries[shelf.id]?.map { "\($0.tableName).\($0.query.name)" } == ["shelf.byKind"])
    }

    @Test func aViewsColumnsTypeTheParametersComparedWithThem() throws {
        let loaded = try loadSchema(Self.files)
        let parameters = { (name: String) in
            loaded.queries(named: name)?.first?.parameters.map { "\($0.label): \($0.value.swiftName)" }
        }
        // In the view's own query, and in a table's query that names the view.
        #expect(parameters("shelf") == ["kind: Book.Kind", "author: String"])
        #expect(parameters("book") == ["title: String"])
    }

    @Test func aViewsRecordIsRenderedFromItsTypedValue() throws {
        let loaded = try loadSchema(Self.files)
        let view = try #require(loaded.typedViews.first)
        let model = TableModel(view: view, schema: loaded.schema)
        #expect(model.isView && !model.hasPrimaryKey && !model.hasFinders)
        #expect(model.recordProtocol == "DatabaseRecord")
        #expect(model.statementsArguments == #"view: "shelf""#)
        #expect(model.enums.isEmpty)  // `Book.Kind` is the table's
        #expect(model.properties.map { "\($0.name): \($0.type)" } == ["id: Int64", "title: String", "kind: Book.Kind", "authorName: String?"])
        #expect(model.properties.last?.docLines.map(\.text) == ["Column `author_name` of view `shelf`."])
        #expect(model.initParameters.map(\.defaultValue) == [nil, nil, nil, "nil"])
        #expect(model.columnCases.map(\.rawValueLiteral) == [nil, nil, nil, #""author_name""#])
        #expect(model.typedColumns.map(\.type) == ["Int64", "String", "Book.Kind", "String?"])
        #expect(model.reads.map(\.expression) == (0..<4).map { "try statement.value(at: \($0))" })
    }
}
