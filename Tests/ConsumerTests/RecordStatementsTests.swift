@testable import _DAOGenCore
@testable import DAOGenRuntime
import Foundation
@testable import GeneratedDocuments
@testable import GeneratedDocumentsV1
@testable import GeneratedEdgeCases
@testable import GeneratedEpochDates
@testable import GeneratedEvolution
@testable import GeneratedEvolutionV1
@testable import GeneratedEvolutionV2
@testable import GeneratedLibrary
@testable import GeneratedLibraryV1
@testable import GeneratedMigrationTest
@testable import GeneratedMigrationTestV1
@testable import GeneratedNewsCache
@testable import GeneratedNotes
@testable import GeneratedPair
@testable import GeneratedRoster
@testable import GeneratedTestTable
@testable import GeneratedTrust
@testable import GeneratedTrustV1
import Testing

/// What is verified is what runs: for every fixture of Tests/Generated, the SQL of each generated record's
/// `statements` (the runtime's set, written when the record type is first used) is the SQL the generator's
/// Verify stage prepared for that table (Plan's `TableStatements`, by the table's `DeclarationID`), or
/// for a view the reads of the columns Type gave it; and a searchable record's search is the one Verify prepared.
@Suite struct RecordStatementsTests {
    /// One generated record: its table's or view's SQL name, its statement set's SQL, its search's.
    struct GeneratedRecord {
        let sqlName: String
        let statements: [String]
        var search: String? = nil

        init<Record>(_ set: RecordStatements<Record>) {
            (sqlName, statements) = (set.name, set.sql.statements)
        }

        init<Record>(_ set: TableRecordStatements<Record>) {
            (sqlName, statements) = (set.name, set.sql.statements)
        }

        init<Record>(_ set: KeyedRecordStatements<Record>, search: SearchStatements<Record>? = nil) {
            (sqlName, statements) = (set.name, set.sql.statements)
            self.search = search?.search.sql
        }
    }

    /// A fixture: the schema it is generated from (`Schemas/Name` or `Tests/Schemas/Name`), the version
    /// (`NameVk`), and every record of its module that comes from that schema.
    struct Fixture: CustomTestStringConvertible, Sendable {
        let name: String
        let schema: String
        var version: Int? = nil
        let records: @Sendable () -> [GeneratedRecord]
        var testDescription: String { name }
    }

    static let fixtures: [Fixture] = [
        Fixture(name: "Library", schema: "Schemas/Library") {
            [.init(GeneratedLibrary.Author.statements), .init(GeneratedLibrary.Book.statements, search: GeneratedLibrary.Book.searchStatements),
             .init(GeneratedLibrary.Member.statements), .init(GeneratedLibrary.Loan.statements),
             .init(GeneratedLibrary.BookSummary.statements), .init(GeneratedLibrary.AuthorShelf.statements)]
        },
        Fixture(name: "LibraryV1", schema: "Schemas/Library", version: 1) {
            [.init(GeneratedLibraryV1.Author.statements), .init(GeneratedLibraryV1.Book.statements)]
        },
        Fixture(name: "Notes", schema: "Schemas/Notes") { [.init(GeneratedNotes.Note.statements)] },
        Fixture(name: "Roster", schema: "Schemas/Roster") { [.init(GeneratedRoster.Student.statements)] },
        Fixture(name: "NewsCache", schema: "Schemas/NewsCache") { [.init(GeneratedNewsCache.News.statements)] },
        Fixture(name: "TestTable", schema: "Schemas/TestTable") { [.init(GeneratedTestTable.TestTable.statements)] },
        Fixture(name: "Evolution", schema: "Schemas/Evolution") {
            [.init(GeneratedEvolution.Client.statements), .init(GeneratedEvolution.Product.statements), .init(GeneratedEvolution.Purchase.statements)]
        },
        Fixture(name: "EvolutionV1", schema: "Schemas/Evolution", version: 1) {
            [.init(GeneratedEvolutionV1.Client.statements), .init(GeneratedEvolutionV1.Purchase.statements)]
        },
        Fixture(name: "EvolutionV2", schema: "Schemas/Evolution", version: 2) {
            [.init(GeneratedEvolutionV2.Client.statements), .init(GeneratedEvolutionV2.Product.statements), .init(GeneratedEvolutionV2.Purchase.statements)]
        },
        Fixture(name: "MigrationTest", schema: "Schemas/MigrationTest") { [.init(GeneratedMigrationTest.MigrationTestTable.statements)] },
        Fixture(name: "MigrationTestV1", schema: "Schemas/MigrationTest", version: 1) {
            [.init(GeneratedMigrationTestV1.MigrationTestTable.statements)]
        },
        Fixture(name: "EdgeCases", schema: "Tests/Schemas/EdgeCases") {
            [.init(GeneratedEdgeCases.Keyword.statements), .init(GeneratedEdgeCases.LogLine.statements), .init(GeneratedEdgeCases.TagLink.statements),
             .init(GeneratedEdgeCases.Counter.statements), .init(GeneratedEdgeCases.Membership.statements), .init(GeneratedEdgeCases.Setting.statements),
             .init(GeneratedEdgeCases.Reading.statements), .init(GeneratedEdgeCases.ShelfItem.statements)]
        },
        Fixture(name: "EpochDates", schema: "Tests/Schemas/EpochDates") { [.init(GeneratedEpochDates.Event.statements)] },
        Fixture(name: "Trust", schema: "Tests/Schemas/Trust") {
            [.init(GeneratedTrust.Ticket.statements), .init(GeneratedTrust.Level.statements), .init(GeneratedTrust.SwitchState.statements),
             .init(GeneratedTrust.Account.statements)]
        },
        Fixture(name: "TrustV1", schema: "Tests/Schemas/Trust", version: 1) {
            [.init(GeneratedTrustV1.Ticket.statements), .init(GeneratedTrustV1.Level.statements), .init(GeneratedTrustV1.SwitchState.statements),
             .init(GeneratedTrustV1.Account.statements)]
        },
        Fixture(name: "Documents", schema: "Tests/Schemas/Documents") {
            [.init(GeneratedDocuments.Document.statements), .init(GeneratedDocuments.TaggedDocument.statements)]
        },
        Fixture(name: "DocumentsV1", schema: "Tests/Schemas/Documents", version: 1) { [.init(GeneratedDocumentsV1.Document.statements)] },
        Fixture(name: "Pair/Shelf", schema: "Tests/Schemas/Pair/Shelf") { [.init(GeneratedPair.Volume.statements)] },
        Fixture(name: "Pair/Cache", schema: "Tests/Schemas/Pair/Cache") {
            [.init(GeneratedPair.CachedVolume.statements), .init(GeneratedPair.FreshVolume.statements)]
        },
    ]

    /// Every fixture of Package.swift's `generatedFixtures` is checked here.
    @Test func everyFixtureIsListed() throws {
        let manifest = try String(contentsOf: packageRoot.appending(path: "Package.swift"), encoding: .utf8)
        let list = try #require(manifest.split(separator: "let generatedFixtures = [", maxSplits: 1).last?.split(separator: "\n]", maxSplits: 1).first)
        let names = list.split(separator: "\n").map { $0.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0] }
            .flatMap { $0.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) } }
        #expect(names.sorted() == Self.fixtures.map(\.name).sorted())
    }

    @Test(arguments: fixtures)
    func generatedStatementsAreWhatVerifyPrepared(_ fixture: Fixture) throws {
        let loaded = try Generator.load(directory: packageRoot.appending(path: fixture.schema), displayPath: fixture.schema)
        let typed = fixture.version.map { Generator.asOf(loaded, version: $0) } ?? loaded
        let version = fixture.version ?? loaded.schema.settings.version
        // What Verify prepared (tables, Plan's statements) and the reads of the columns Type gave each
        // view, by SQL name.
        var prepared: [String: (statements: [String], search: String?)] = [:]
        for table in typed.schema.tables where table.range.contains(version) {
            let statements = try #require(typed.planned.statements[table.id])
            prepared[table.name(at: version)] = (statements.records.statements, statements.search)
        }
        for view in typed.views.values {
            prepared[view.view.name] = (RecordSQL.Reads(name: view.view.name, columns: view.columns.map(\.name)).statements, nil)
        }
        let records = fixture.records()
        #expect(records.map(\.sqlName).sorted() == prepared.keys.sorted())
        for record in records {
            let statements = try #require(prepared[record.sqlName])
            #expect(record.statements == statements.statements, "\(record.sqlName)")
            #expect(record.search == statements.search, "\(record.sqlName)")
        }
    }
}

private let packageRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
