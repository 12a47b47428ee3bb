import DAOGenRuntime
import Foundation
import GeneratedEvolution
import GeneratedEvolutionV1
import GeneratedEvolutionV2
import GeneratedLibrary
import GeneratedLibraryV1
@testable import GeneratedMigrationTest
@testable import GeneratedMigrationTestV1
import Testing

/// Files created by the code of an older schema version, opened with the latest code.
@Suite final class MigrationTests {
    let file: TemporaryDatabaseFile

    init() throws {
        file = try TemporaryDatabaseFile()
    }

    deinit {
        file.remove()
    }

    @Test func aLibraryFileAtVersion1KeepsEveryRowAndValue() throws {
        let published = millisecondDate(1_500_000_000_250)
        do {
            let old = try GeneratedLibraryV1.LibraryDatabase.open(path: file.path)
            #expect(try old.database.userVersion() == 1)
            let author = try old.author.insert(GeneratedLibraryV1.Author(name: "Octavia Butler", externalId: nil, website: nil))
            try old.book.insert(contentsOf: [
                GeneratedLibraryV1.Book(isbn: "k-1", title: "Kindred", authorId: author.id!, published: published,
                                        status: .published, legacyCode: "L1", subtitle: "A novel", price: Decimal(string: "9.99")),
                GeneratedLibraryV1.Book(title: "Dawn", authorId: author.id!),
            ])
        }
        let library = try GeneratedLibrary.LibraryDatabase.open(path: file.path)
        #expect(try library.database.userVersion() == 3)
        // book_fts and its shadow tables: the search index of `search:`.
        #expect(try library.database.tableNames().filter { $0 != "sqlite_sequence" } == [
            "book", "book_fts", "book_fts_config", "book_fts_data", "book_fts_docsize", "book_fts_idx", "loan", "member", "t_author",
        ])
        let books = try library.book.fetchAll(orderBy: [.id.ascending])
        #expect(books == [
            GeneratedLibrary.Book(id: 1, isbn: "k-1", title: "Kindred", authorId: 1, published: published, status: .published,
                                  rating: 0, subtitle: "A novel", price: Decimal(string: "9.99")),
            GeneratedLibrary.Book(id: 2, isbn: nil, title: "Dawn", authorId: 1, published: nil, status: .draft,
                                  rating: 0, subtitle: nil, price: nil),
        ])
        #expect(try library.author.find(id: 1)?.name == "Octavia Butler")
        // AUTOINCREMENT continues after the rebuild.
        #expect(try library.book.insert(GeneratedLibrary.Book(title: "Wild Seed", authorId: 1)).id == 3)
    }

    @Test func theShopFileAtVersion1MigratesThroughRenamesRebuildsAndDataSteps() throws {
        do {
            let old = try GeneratedEvolutionV1.ShopDatabase.open(path: file.path)
            let ada = try old.client.insert(GeneratedEvolutionV1.Client(name: "Ada", email: "ada@example.org", phone: "555"))
            try old.purchase.insert(contentsOf: [
                GeneratedEvolutionV1.Purchase(clientId: ada.id!, amount: "12.50", note: "first"),
                GeneratedEvolutionV1.Purchase(clientId: ada.id!, amount: nil, note: nil),
            ])
        }
        let shop = try GeneratedEvolution.ShopDatabase.open(path: file.path)
        #expect(try shop.database.userVersion() == 4)
        #expect(try shop.client.fetchAll() == [GeneratedEvolution.Client(id: 1, name: "Ada", email: "ada@example.org", loyaltyPoints: 0)])
        #expect(try shop.purchase.fetchAll(orderBy: [.id.ascending]) == [
            GeneratedEvolution.Purchase(id: 1, clientId: 1, amount: 1250, status: .paid, note: "first"),
            GeneratedEvolution.Purchase(id: 2, clientId: 1, amount: nil, status: .paid, note: nil),
        ])
        #expect(try shop.product.count() == 0)
        #expect(try shop.purchase.fetchAll(byClientId: 1, amount: 1250).map(\.id) == [1])
    }

    @Test func columnsAddedInEachVersionStartEmpty() throws {
        do {
            let old = try GeneratedMigrationTestV1.MigrationTestDatabase.open(path: file.path)
            try old.migrationTestTable.insert(GeneratedMigrationTestV1.MigrationTestTable(version1: "v1 data"))
        }
        let latest = try GeneratedMigrationTest.MigrationTestDatabase.open(path: file.path)
        #expect(try latest.migrationTestTable.fetchAll() == [
            GeneratedMigrationTest.MigrationTestTable(rowID: 1, version1: "v1 data", version2: nil, version3: nil)
        ])
        #expect(try latest.database.userVersion() == 3)
    }

    @Test func aFailingStepLeavesTheFileAtThePreviousVersionWithItsRows() throws {
        do {
            let old = try GeneratedEvolutionV2.ShopDatabase.open(path: file.path)
            let client = try old.client.insert(GeneratedEvolutionV2.Client(name: "Grace"))
            try old.purchase.insert(GeneratedEvolutionV2.Purchase(clientId: client.id!, amount: "1.00"))
            // A purchase whose client does not exist, written with foreign keys off: the check before
            // the commit of the migration to version 3 refuses it.
            try old.database.execute("PRAGMA foreign_keys = OFF")
            try old.database.execute("INSERT INTO purchase (client_id, amount) VALUES (999, '2.00')")
        }
        let error = try #require(throws: DAOGenError.self) { try GeneratedEvolution.ShopDatabase.open(path: file.path) }
        guard case let .migrationFailed(version, sql, underlying) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(version == 3 && sql == "PRAGMA foreign_key_check")
        #expect(underlying.extendedResultCode == .constraintForeignKey)
        let reopened = try GeneratedEvolutionV2.ShopDatabase.open(path: file.path)
        #expect(try reopened.database.userVersion() == 2)
        #expect(try reopened.purchase.fetchAll().map(\.amount) == ["1.00", "2.00"])
        #expect(try reopened.database.tableNames() == ["customer", "product", "purchase"])
    }

    @Test func anInjectedFailingStatementRollsTheWholeStepBack() throws {
        let database = try Database(path: file.path)
        let definition = SchemaDefinition(
            version: 2,
            creation: ["CREATE TABLE t (a)"],
            migrations: [SchemaDefinition.Migration(version: 2, steps: ["ALTER TABLE t ADD COLUMN b", "INSERT INTO nowhere VALUES (1)"])])
        try database.execute("CREATE TABLE t (a); INSERT INTO t VALUES (1), (2); PRAGMA user_version = 1")
        let error = try #require(throws: DAOGenError.self) { try definition.prepare(database) }
        #expect("\(error)" == "The migration to schema version 2 failed: SQLite error 1 (SQLITE_ERROR): no such table: nowhere, in: INSERT INTO nowhere VALUES (1)")
        #expect(try database.userVersion() == 1)
        #expect(try database.rows("SELECT * FROM t") == [[.integer(1)], [.integer(2)]])
        #expect(try database.rows("PRAGMA foreign_keys") == [[.integer(1)]], "foreign keys are back on")
    }

    @Test func anUnversionedFileIsAdoptedAtAnOlderBaselineAndMigrated() throws {
        do {
            let old = try GeneratedEvolutionV1.ShopDatabase.open(path: file.path)
            try old.client.insert(GeneratedEvolutionV1.Client(name: "Hand-made"))
            try old.database.setUserVersion(0)
        }
        #expect(throws: DAOGenError.unversionedFile(path: file.path, tables: ["customer", "purchase"])) {
            try GeneratedEvolution.ShopDatabase.open(path: file.path)
        }
        let mismatch = try #require(throws: DAOGenError.self) { try GeneratedEvolution.ShopDatabase.open(path: file.path, baseline: 2) }
        #expect(mismatch == .baselineMismatch(path: file.path, version: 2, differences: [
            "table product is missing",
            "column customer.name is missing",
            "column customer.full_name is not expected",
            "column customer.phone is not expected",
            "table purchase lacks index purchase_by_client_amount (client_id COLLATE BINARY, amount DESC COLLATE BINARY)",
            "table purchase has unexpected index purchase_by_client (client_id COLLATE BINARY)",
        ]))
        #expect(throws: DAOGenError.invalidBaseline(baseline: 5, codeVersion: 4)) {
            try GeneratedEvolution.ShopDatabase.open(path: file.path, baseline: 5)
        }
        let shop = try GeneratedEvolution.ShopDatabase.open(path: file.path, baseline: 1)
        #expect(try shop.database.userVersion() == 4)
        #expect(try shop.client.fetchAll().map(\.name) == ["Hand-made"])
    }
}
