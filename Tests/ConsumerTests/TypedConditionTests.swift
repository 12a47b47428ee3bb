import DAOGenRuntime
import Foundation
import GeneratedEdgeCases
import GeneratedLibrary
import Testing

@testable import GeneratedEpochDates
import Seeded

/// Typed conditions (docs/Runtime.md, "Typed conditions") against real SQLite files: random conditions over every operator
/// agree with an oracle that evaluates them in Swift with SQL's three-valued logic, and the writes,
/// upserts and views' reads do what they say.
@Suite final class TypedConditionTests {
    let file: TemporaryDatabaseFile
    let library: LibraryDatabase
    var books: [Book] = []

    static let titles = ["The Dispossessed", "the Lathe of Heaven", "Always Coming Home", "Tehanu", "The Word for World", "tales"]
    static let ratings: [Double?] = [nil, 1, 2, 2.5, 4, 5]
    static let dates: [Date?] = [nil, Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_700_000_000.123), Date(timeIntervalSince1970: -86_400)]

    init() throws {
        file = try TemporaryDatabaseFile()
        library = try LibraryDatabase.open(path: file.path)
        let ursula = try library.author.insert(Author(name: "Ursula"))
        let octavia = try library.author.insert(Author(name: "Octavia"))
        var random = SeededRandom(seed: 23)
        for index in 0..<36 {
            let book = Book(
                isbn: random.below(3) == 0 ? nil : "isbn-\(index)",
                title: Self.titles[index % Self.titles.count] + (index < Self.titles.count ? "" : " \(index)"),
                authorId: random.below(2) == 0 ? ursula.id! : octavia.id!,
                published: Self.dates[random.below(Self.dates.count)],
                status: Book.Status.allCases[random.below(Book.Status.allCases.count)],
                rating: Self.ratings[random.below(Self.ratings.count)],
                subtitle: random.below(2) == 0 ? nil : ["A", "b", "The end"][random.below(3)])
            books.append(try library.book.insert(book))
        }
    }

    deinit {
        file.remove()
    }

    /// A random condition and the oracle of what SQLite makes of it for a row: true, false or NULL (nil).
    typealias Case = (condition: SQLCondition<Book>, oracle: (Book) -> Bool?, text: String)

    func randomCase(_ random: inout SeededRandom, depth: Int = 0) -> Case {
        let c = Book.columns
        let leaf = depth >= 3 || random.below(3) == 0
        if !leaf {
            let lhs = randomCase(&random, depth: depth + 1)
            switch random.below(3) {
            case 0:
                let rhs = randomCase(&random, depth: depth + 1)
                return (lhs.condition && rhs.condition, { and(lhs.oracle($0), rhs.oracle($0)) }, "(\(lhs.text) && \(rhs.text))")
            case 1:
                let rhs = randomCase(&random, depth: depth + 1)
                return (lhs.condition || rhs.condition, { or(lhs.oracle($0), rhs.oracle($0)) }, "(\(lhs.text) || \(rhs.text))")
            default:
                return (!lhs.condition, { lhs.oracle($0).map(!) }, "!\(lhs.text)")
            }
        }
        switch random.below(14) {
        case 0:
            let value = Self.ratings.compactMap { $0 }[random.below(5)]
            let (op, name): ((Double, Double) -> Bool, String) = randomOrder(&random)
            let condition: SQLCondition<Book> = switch name {
            case "<": c.rating < value
            case "<=": c.rating <= value
            case ">": c.rating > value
            case ">=": c.rating >= value
            case "==": c.rating == value
            default: c.rating != value
            }
            return (condition, { $0.rating.map { op($0, value) } }, "rating \(name) \(value)")
        case 1:
            let isNil = random.below(2) == 0
            return (isNil ? c.rating == nil : c.rating != nil, { ($0.rating == nil) == isNil }, isNil ? "rating == nil" : "rating != nil")
        case 2:
            // title is COLLATE NOCASE: SQLite compares it case-insensitively, the oracle too.
            let value = Self.titles[random.below(Self.titles.count)].uppercased()
            let (op, name): ((String, String) -> Bool, String) = randomOrder(&random)
            let condition: SQLCondition<Book> = switch name {
            case "<": c.title < value
            case "<=": c.title <= value
            case ">": c.title > value
            case ">=": c.title >= value
            case "==": c.title == value
            default: c.title != value
            }
            return (condition, { op($0.title.lowercased(), value.lowercased()) }, "title \(name) \(value)")
        case 3:
            let pattern = ["the%", "%E%", "t_hanu", "%home", "%", "tales"][random.below(6)]
            return (c.title.like(pattern), { like($0.title, pattern) }, "title like \(pattern)")
        case 4:
            let pattern = ["the%", "a", "%"][random.below(3)]
            return (c.subtitle.like(pattern), { $0.subtitle.map { like($0, pattern) } }, "subtitle like \(pattern)")
        case 5:
            let value = Book.Status.allCases[random.below(Book.Status.allCases.count)]
            let equal = random.below(2) == 0
            return (equal ? c.status == value : c.status != value, { ($0.status == value) == equal }, "status \(equal ? "==" : "!=") \(value)")
        case 6:
            let values = Book.Status.allCases.filter { _ in random.below(2) == 0 }
            return (c.status.in(values), { values.contains($0.status) }, "status in \(values)")
        case 7:
            let values = (0..<random.below(12)).map { _ in Int64(random.below(40)) }
            return (c.id.in(values), { values.contains($0.id!) }, "id in \(values)")
        case 8:
            let values = (0..<random.below(6)).map { _ in "isbn-\(random.below(40))" }
            // SQLite's `x IN ()` is false, for a NULL x too.
            return (c.isbn.in(values), { book in values.isEmpty ? false : book.isbn.map { values.contains($0) } }, "isbn in \(values)")
        case 9:
            let low = Int64(random.below(40))
            let high = low + Int64(random.below(20))
            return (c.id.between(low, high), { $0.id! >= low && $0.id! <= high }, "id between \(low) \(high)")
        case 10:
            let value = Self.dates.compactMap { $0 }[random.below(3)]
            let (op, name): ((Date, Date) -> Bool, String) = randomOrder(&random)
            let condition: SQLCondition<Book> = switch name {
            case "<": c.published < value
            case "<=": c.published <= value
            case ">": c.published > value
            case ">=": c.published >= value
            case "==": c.published == value
            default: c.published != value
            }
            return (condition, { $0.published.map { op($0, value) } }, "published \(name) \(value)")
        case 11:
            let (op, name): ((Int64, Int64) -> Bool, String) = randomOrder(&random)
            let condition: SQLCondition<Book> = switch name {
            case "<": c.id < c.authorId
            case "<=": c.id <= c.authorId
            case ">": c.id > c.authorId
            case ">=": c.id >= c.authorId
            case "==": c.id == c.authorId
            default: c.id != c.authorId
            }
            return (condition, { op($0.id!, $0.authorId) }, "id \(name) authorId")
        case 12:
            let equal = random.below(2) == 0
            return (equal ? c.isbn == c.subtitle : c.isbn != c.subtitle, { book in
                guard let isbn = book.isbn, let subtitle = book.subtitle else { return nil }
                return (isbn == subtitle) == equal
            }, "isbn \(equal ? "==" : "!=") subtitle")
        default:
            let low = Self.ratings.compactMap { $0 }[random.below(5)]
            return (c.rating.between(low, low + 2), { $0.rating.map { $0 >= low && $0 <= low + 2 } }, "rating between \(low)")
        }
    }

    @Test func randomConditionsSelectWhatSQLThreeValuedLogicSelects() throws {
        var random = SeededRandom(seed: 8)
        for _ in 0..<400 {
            let testCase = randomCase(&random)
            let expected = books.filter { testCase.oracle($0) == true }.map(\.id!)
            let fetched = try library.book.fetchAll(where: testCase.condition, orderBy: [.id.ascending]).map(\.id!)
            #expect(fetched == expected, "\(testCase.text): \(testCase.condition.sql)")
            #expect(try library.book.count(where: testCase.condition) == expected.count, "\(testCase.text)")
            #expect(try library.book.exists(where: testCase.condition) == !expected.isEmpty, "\(testCase.text)")
            #expect(try library.book.fetchOne(where: testCase.condition, orderBy: [.id.descending])?.id == expected.last, "\(testCase.text)")
        }
    }

    @Test func theContractsExamplesRunAsWritten() throws {
        let ids = books.prefix(5).map { $0.id! }
        let good = try library.book.fetchAll(
            where: { $0.rating >= 4 && $0.title.like("The %") }, orderBy: [.rating.descending, .title.ascending], limit: 20, offset: 0)
        #expect(good.allSatisfy { ($0.rating ?? 0) >= 4 && $0.title.lowercased().hasPrefix("the ") })
        let first = try library.book.fetchOne(where: { $0.status == .published }, orderBy: [.published.descending])
        #expect(first?.status == .published)
        #expect(try library.book.count(where: { $0.rating == nil || $0.rating < 2 }) == books.count { $0.rating == nil || $0.rating! < 2 })
        #expect(try library.book.exists(where: { $0.id.in(ids) }))
        #expect(try !library.book.exists(where: { $0.id.in([Int64]()) }))
        // Kept in a variable and combined at run time.
        var condition = Book.columns.rating >= 4
        condition = condition && Book.columns.status == .draft
        #expect(try library.book.fetchAll(where: condition).allSatisfy { $0.status == .draft })

        let changed = try library.book.update(set: [.status(.archived), .rating(nil)], where: { $0.id.in(ids) })
        #expect(changed == ids.count)
        #expect(try library.book.fetchAll(where: { $0.id.in(ids) }).allSatisfy { $0.status == .archived && $0.rating == nil })
        #expect(try library.book.update(set: [], where: { $0.id.in(ids) }) == 0)
        let cutoff = Date(timeIntervalSince1970: 1)
        let gone = try library.book.delete(where: { $0.published < cutoff && !$0.status.in([.published, .draft]) })
        #expect(gone == books.count { ($0.published.map { $0 < cutoff } ?? false) && ($0.status == .archived || ids.contains($0.id!)) })
        #expect(try library.book.delete(where: { $0.id.in([Int64]()) }) == 0)
    }

    @Test func upsertOnAUniqueKeyUpdatesThatRowAndKeepsItsRowID() throws {
        let existing = try #require(books.first { $0.isbn != nil })
        var replacement = Book(isbn: existing.isbn, title: "Replaced", authorId: existing.authorId, status: .archived, rating: 1)
        let stored = try library.book.upsert(replacement, onConflict: .isbn)
        #expect(stored.id == existing.id && stored.title == "Replaced" && stored.rating == 1)
        #expect(try library.book.find(id: existing.id!) == stored)
        #expect(try library.book.count() == books.count)
        // No conflict: inserted, with a new rowid.
        replacement.isbn = "new-isbn"
        replacement.title = "Inserted"
        let inserted = try library.book.upsert(replacement, onConflict: .isbn)
        #expect(inserted.id != nil && inserted.id != existing.id)
        // A conflict on another UNIQUE key (author, title) still throws.
        let other = try #require(books.first { $0.isbn == nil })
        #expect(throws: DatabaseError.self) {
            try library.book.upsert(Book(isbn: "other", title: other.title, authorId: other.authorId), onConflict: .isbn)
        }
        // On the primary key: every other column updated.
        let byKey = try library.book.upsert(Book(id: existing.id, isbn: "k", title: "By key", authorId: existing.authorId), onConflict: .id)
        #expect(byKey.id == existing.id && byKey.title == "By key")
    }

    @Test func viewsGetTheReadOnlyHalf() throws {
        let ursulas = try library.bookSummary.fetchAll(where: { $0.authorName == "Ursula" }, orderBy: [.id.ascending])
        let ursulaID = try #require(try library.author.fetchOne(where: { $0.name == "Ursula" })?.id)
        #expect(ursulas.map(\.id) == books.filter { $0.authorId == ursulaID }.map(\.id!))
        #expect(try library.bookSummary.count(where: { $0.authorName != nil }) == books.count)
        #expect(try library.bookSummary.exists(where: { $0.title.like("tehanu") }))
        #expect(try library.bookSummary.fetchOne(where: { $0.id == books[0].id! })?.title == books[0].title)
    }

    @Test func rawConditionsTakeAnArrayOfArgumentsAndAnOffset() throws {
        let arguments: [any DatabaseValueConvertible] = [2.0, "draft"]
        let page = try library.book.fetchAll(where: "rating > ? AND status = ?", arguments: arguments, orderBy: [.id.ascending], offset: 1)
        let all = books.filter { ($0.rating ?? 0) > 2 && $0.status == .draft }.map(\.id!)
        #expect(page.map(\.id!) == Array(all.dropFirst()))
    }

    @Test func datesAndUUIDsBindAsTheSchemaStoresThem() throws {
        // EpochDates stores dates as REAL seconds and UUIDs as text.
        let epochFile = try TemporaryDatabaseFile()
        defer { epochFile.remove() }
        let epoch = try EpochDatesDatabase.open(path: epochFile.path)
        let guid = UUID()
        let times = [Date(timeIntervalSince1970: -1.5), Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_700_000_000.25)]
        for (offset, time) in times.enumerated() {
            try epoch.event.insert(Event(at: time, guid: offset == 1 ? guid : UUID()))
        }
        #expect(try epoch.event.fetchAll(where: { $0.at > times[0] }).map(\.at) == Array(times.dropFirst()))
        #expect(try epoch.event.fetchAll(where: { $0.at.between(times[0], times[1]) }).count == 2)
        #expect(try epoch.event.fetchOne(where: { $0.guid == guid })?.at == times[1])
        #expect(try epoch.event.count(where: { $0.guid.in([guid, UUID()]) }) == 1)
        #expect(try epoch.database.rows("SELECT typeof(at), typeof(guid) FROM event LIMIT 1") == [[.text("real"), .text("text")]])
        // A raw argument binds in the schema's storage too.
        #expect(try epoch.event.fetchAll(where: "at < ?", times[1]).count == 1)

        // EdgeCases stores dates as INTEGER milliseconds and UUIDs as 16-byte blobs.
        let edgeFile = try TemporaryDatabaseFile()
        defer { edgeFile.remove() }
        let edge = try EdgeCasesDatabase.open(path: edgeFile.path)
        let token = UUID()
        let joined = Date(timeIntervalSince1970: 1_600_000_000.5)
        try edge.membership.insert(Membership(userId: 1, groupId: 2, role: .member, joined: joined, token: token))
        try edge.membership.insert(Membership(userId: 1, groupId: 3, role: .admin, joined: Date(timeIntervalSince1970: 0), token: UUID()))
        #expect(try edge.membership.fetchAll(where: { $0.token == token }).map(\.groupId) == [2])
        #expect(try edge.membership.fetchAll(where: { $0.joined >= joined }).map(\.groupId) == [2])
        #expect(try edge.database.rows("SELECT typeof(joined), typeof(token) FROM membership LIMIT 1") == [[.text("integer"), .text("blob")]])
    }
}

/// SQL's AND of two truth values, NULL as nil.
private func and(_ lhs: Bool?, _ rhs: Bool?) -> Bool? {
    if lhs == false || rhs == false { return false }
    if lhs == nil || rhs == nil { return nil }
    return true
}

/// SQL's OR of two truth values, NULL as nil.
private func or(_ lhs: Bool?, _ rhs: Bool?) -> Bool? {
    if lhs == true || rhs == true { return true }
    if lhs == nil || rhs == nil { return nil }
    return false
}

/// SQLite's LIKE for ASCII text: `%` any text, `_` one character, letters in either case.
private func like(_ text: String, _ pattern: String) -> Bool {
    func match(_ text: Substring, _ pattern: Substring) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "%" {
            return text.indices.contains { match(text[$0...], pattern.dropFirst()) } || match("", pattern.dropFirst())
        }
        guard let head = text.first else { return false }
        return (first == "_" || head.lowercased() == first.lowercased()) && match(text.dropFirst(), pattern.dropFirst())
    }
    return match(Substring(text), Substring(pattern))
}

/// A random comparison operator, as a Swift function and its name.
private func randomOrder<T: Comparable>(_ random: inout SeededRandom) -> ((T, T) -> Bool, String) {
    let operators: [((T, T) -> Bool, String)] = [((<), "<"), ((<=), "<="), ((>), ">"), ((>=), ">="), ((==), "=="), ((!=), "!=")]
    return operators[random.below(operators.count)]
}

