import Foundation
import Testing

@testable import _DAOGenCore

@Suite struct SQLWriterTests {
    static let library = packageRoot.appending(path: "Schemas/Library")

    @Test func creationSQLOfAnOlderVersionUsesTheNamesOfThatVersion() throws {
        let loaded = try Generator.load(directory: Self.library, displayPath: "Schemas/Library")
        let sql = Generator.creationSQL(loaded, version: 1)
        #expect(sql == """
            CREATE TABLE "t_author" (
              "id" INTEGER PRIMARY KEY,
              "name" TEXT NOT NULL,
              "external_id" TEXT UNIQUE,
              "website" TEXT
            );

            CREATE TABLE "books_v1" (
              "id" INTEGER PRIMARY KEY AUTOINCREMENT,
              "isbn" TEXT UNIQUE,
              "title" TEXT NOT NULL COLLATE NOCASE DEFAULT 'untitled' CHECK (length(title) > 0),
              "author_id" INTEGER NOT NULL REFERENCES "t_author" ("id") ON DELETE CASCADE ON UPDATE CASCADE DEFERRABLE INITIALLY DEFERRED,
              "published" TEXT,
              "status" TEXT NOT NULL DEFAULT 'draft' CHECK ("status" IN ('draft', 'published', 'archived')),
              "legacy_code" TEXT,
              "sub_title" TEXT,
              "price" TEXT,
              UNIQUE ("author_id", "title")
            );

            """)
    }

    @Test func indexesAndCompositeKeys() throws {
        let loaded = try Generator.load(directory: Self.library, displayPath: "Schemas/Library")
        let statements = SQLWriter.creationStatements(for: loaded.schema, at: 3)
        // The search index, views and triggers follow the indexes (the Library has book_fts, two views,
        // two triggers and the index's three at version 3).
        #expect(Array(statements.dropLast(8).suffix(3)) == [
            #"CREATE INDEX "book_by_author" ON "book" ("author_id", "title" DESC)"#,
            #"CREATE INDEX "book_rated" ON "book" ("rating") WHERE rating IS NOT NULL"#,
            #"CREATE INDEX "loan_by_due" ON "loan" ("due") WHERE returned = 0"#,
        ])
        #expect(statements[3] == """
            CREATE TABLE "loan" (
              "member_card" TEXT NOT NULL REFERENCES "member" ("card_number") ON DELETE CASCADE,
              "book_id" INTEGER NOT NULL REFERENCES "book" ("id"),
              "due" TEXT NOT NULL,
              "returned" INTEGER NOT NULL DEFAULT 0,
              PRIMARY KEY ("member_card", "book_id")
            ) WITHOUT ROWID
            """)
    }

    @Test func defaultsAreParenthesizedUnlessLiteral() {
        #expect(SQLWriter.defaultExpression("'x'") == "'x'")
        #expect(SQLWriter.defaultExpression("-1") == "-1")
        #expect(SQLWriter.defaultExpression("CURRENT_TIMESTAMP") == "CURRENT_TIMESTAMP")
        #expect(SQLWriter.defaultExpression("(1 + 1)") == "(1 + 1)")
        #expect(SQLWriter.defaultExpression("strftime('%s', 'now')") == "(strftime('%s', 'now'))")
    }

    @Test func identifiersAreQuoted() {
        #expect(SQLWriter.quote("order") == #""order""#)
        #expect(SQLWriter.quote(#"a"b"#) == #""a""b""#)
        #expect(SQLWriter.literal("it's") == "'it''s'")
    }

    @Test func daoStatementsNumberParametersByColumn() throws {
        let loaded = try Generator.load(directory: Self.library, displayPath: "Schemas/Library")
        let loan = try #require(loaded.schema.tables.first { $0.name == "loan" })
        let sql = TableStatements(table: loan, version: 3)
        let keyed = try #require(sql.records.keyed)
        #expect(keyed.update == #"UPDATE "loan" SET "due" = ?3, "returned" = ?4 WHERE "member_card" = ?1 AND "book_id" = ?2"#)
        #expect(keyed.upsert.hasSuffix(#"ON CONFLICT ("member_card", "book_id") DO UPDATE SET "due" = excluded."due", "returned" = excluded."returned""#))
        #expect(keyed.deleteByKey == #"DELETE FROM "loan" WHERE "member_card" = ?1 AND "book_id" = ?2"#)
        #expect(sql.indexFinders.map(\.columns) == [["due"]])
    }
}
