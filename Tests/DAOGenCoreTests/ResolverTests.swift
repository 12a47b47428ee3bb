import Testing

@testable import _DAOGenCore

@Suite struct ResolverTests {
    @Test func settingsDefaults() throws {
        let schema = try loadSchema(["t.yaml": tableFile("")]).schema
        #expect(schema.settings.databaseName == "AppDatabase")
        #expect(schema.settings.version == 1)
        #expect(schema.settings.access == .internal)
        #expect(schema.settings.dates == .iso8601)
        #expect(schema.settings.uuids == .text)
        #expect(schema.settings.stripPrefix == nil)
    }

    @Test func libraryResolvesEveryKey() throws {
        let loaded = try Generator.load(directory: packageRoot.appending(path: "Schemas/Library"), displayPath: "Schemas/Library")
        let schema = loaded.schema
        #expect(loaded.warnings.isEmpty)
        #expect(schema.settings.databaseName == "LibraryDatabase")
        #expect(schema.settings.version == 3)
        #expect(schema.settings.access == .public)
        #expect(schema.tables.map(\.swiftName) == ["Author", "Book", "Member", "Loan"])

        let book = try #require(schema.tables.first { $0.name == "book" })
        #expect(book.renamedFrom == Rename(oldName: "books_v1", version: 3))
        #expect(book.name(at: 2) == "books_v1")
        #expect(book.columns(at: 3).map(\.name) == ["id", "isbn", "title", "author_id", "published", "status", "rating", "subtitle", "price"])
        #expect(book.columns(at: 1).map(\.name).contains("legacy_code"))
        #expect(book.primaryKeyNames(at: 3) == ["id"])
        #expect(book.rowIDAlias(at: 3)?.name == "id")
        #expect(book.uniqueColumnSets(at: 3) == [["isbn"], ["author_id", "title"]])

        let title = try #require(book.column(named: "title", at: 3))
        #expect(title.notNull && title.collate == "NOCASE" && title.defaultSQL == "'untitled'")
        let status = try #require(book.column(named: "status", at: 3))
        #expect(status.swiftType == .enumeration(
            name: "Status",
            cases: [EnumCase(swiftName: "draft", rawValue: "draft"), EnumCase(swiftName: "published", rawValue: "published"),
                    EnumCase(swiftName: "archived", rawValue: "archived")],
            rawType: .string))
        #expect(book.column(named: "published", at: 3)?.swiftType == .date(.iso8601))
        #expect(book.column(named: "price", at: 3)?.swiftType == .decimal)
        #expect(book.column(named: "subtitle", at: 2)?.name(at: 2) == "sub_title")
        #expect(book.column(named: "author_id", at: 3)?.references == ForeignKey(
            table: "t_author", column: "id", onDelete: "CASCADE", onUpdate: "CASCADE", deferrable: true))
        #expect(book.indexes(at: 1).isEmpty)
        #expect(book.indexes(at: 3).map(\.name) == ["book_by_author", "book_rated"])
        #expect(book.indexes[0].columns == [
            IndexedColumn(name: "author_id", collate: nil, descending: false),
            IndexedColumn(name: "title", collate: nil, descending: true),
        ])

        let author = try #require(schema.tables.first { $0.name == "t_author" })
        #expect(author.swiftName == "Author", "stripPrefix t_")
        #expect(author.column(named: "external_id", at: 3)?.swiftType == .uuid(.text))
        #expect(schema.migrations.map(\.version) == [3])

        let loan = try #require(schema.tables.first { $0.name == "loan" })
        #expect(loan.withoutRowID && loan.primaryKeyNames(at: 2) == ["member_card", "book_id"])
        #expect(loan.range == VersionRange(since: 2, until: nil))
        #expect(loan.column(named: "returned", at: 2)?.swiftType == .bool)
    }

    @Test func intEnumsAndReferencesDefaultingToTheKey() throws {
        let schema = try loadSchema([
            "t.yaml": tableFile("""
                      - name: level
                        type: INTEGER
                        enum: { low: 1, high: 10 }
                      - name: parent
                        type: INTEGER
                        references: { table: t }

                """)
        ]).schema
        let table = schema.tables[0]
        #expect(table.columns[1].swiftType == .enumeration(
            name: "Level", cases: [EnumCase(swiftName: "low", rawValue: "1"), EnumCase(swiftName: "high", rawValue: "10")], rawType: .int64))
        #expect(table.columns[2].references?.column == "id")
    }

    @Test func versionRangesAndRenames() throws {
        let schema = try loadSchema([
            "daogen.yaml": "version: 4\n",
            "t.yaml": tableFile("""
                      - name: a
                        type: TEXT
                        since: 2
                        until: 3
                      - name: b
                        type: TEXT
                        renamedFrom: { name: old_b, in: 3 }

                """),
        ]).schema
        let table = schema.tables[0]
        #expect(table.columns[1].range == VersionRange(since: 2, until: 3))
        #expect(table.columns(at: 1).map(\.name) == ["id", "b"])
        #expect(table.columns(at: 4).map(\.name) == ["id", "b"])
        #expect(table.columns(at: 2).map { $0.name(at: 2) } == ["id", "a", "old_b"])
    }
}
