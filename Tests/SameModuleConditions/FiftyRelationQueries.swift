import Foundation

// Fifty relation conditions and `including:` calls in one file, as an app with many screens writes
// them: Benchmarks/README.md gives the time this file takes to compile (issue 32: under 10 s in a debug
// build), and compiling it at all checks that such expressions stay within the type checker's reach.

/// Runs fifty relation conditions and `including:` fetches; returns the number of rows they read.
public func fiftyRelationQueries(_ db: LibraryDatabase) throws -> Int {
    var rows = 0
    rows += try db.author.fetchAll(where: { $0.books.contains { $0.rating >= 0.5 } }).count
    rows += try db.author.fetchAll(where: { $0.books.count >= 1 && $0.name != "x1" }, orderBy: [.name.ascending]).count
    rows += try db.author.fetchAll(where: { $0.books.isEmpty || $0.books.contains { $0.title.like("%2%") && $0.status == .published } }).count
    rows += try db.book.fetchAll(where: { $0.author.matches { $0.name == "author 3" } && $0.rating >= 3.5 }, orderBy: [.title.ascending], limit: 20).count
    rows += try db.book.fetchAll(where: { $0.loans.contains { $0.member.matches { $0.tier == .premium } && $0.returned == false } }).count
    rows += try db.member.fetchAll(where: { $0.loans.count > 1 || !$0.loans.contains { $0.book.matches { $0.rating < 0.5 } } }).count
    rows += try db.author.fetchAll(where: { $0.books.contains { $0.loans.contains { $0.memberCard == "card 6" } } }, including: { $0.books }).count
    rows += try db.author.fetchAll(where: { $0.name.like("a%") }, orderBy: [.id.descending], limit: 3, including: { $0.books.filter { $0.rating >= 2.5 }.ordered(by: [.title.ascending]) }).count
    rows += try db.book.fetchAll(including: { $0.author }).count
    rows += try db.loan.fetchAll(where: { $0.book.matches { $0.author.matches { $0.name == "n9" } } }, including: { $0.member }).count
    rows += try db.author.fetchAll(where: { $0.books.contains { $0.rating >= 0.5 } }).count
    rows += try db.author.fetchAll(where: { $0.books.count >= 3 && $0.name != "x11" }, orderBy: [.name.ascending]).count
    rows += try db.author.fetchAll(where: { $0.books.isEmpty || $0.books.contains { $0.title.like("%12%") && $0.status == .published } }).count
    rows += try db.book.fetchAll(where: { $0.author.matches { $0.name == "author 13" } && $0.rating >= 3.5 }, orderBy: [.title.ascending], limit: 20).count
    rows += try db.book.fetchAll(where: { $0.loans.contains { $0.member.matches { $0.tier == .premium } && $0.returned == false } }).count
    rows += try db.member.fetchAll(where: { $0.loans.count > 3 || !$0.loans.contains { $0.book.matches { $0.rating < 0.5 } } }).count
    rows += try db.author.fetchAll(where: { $0.books.contains { $0.loans.contains { $0.memberCard == "card 16" } } }, including: { $0.books }).count
    rows += try db.author.fetchAll(where: { $0.name.like("a%") }, orderBy: [.id.descending], limit: 1, including: { $0.books.filter { $0.rating >= 2.5 }.ordered(by: [.title.ascending]) }).count
    rows += try db.book.fetchAll(including: { $0.author }).count
    rows += try db.loan.fetchAll(where: { $0.book.matches { $0.author.matches { $0.name == "n19" } } }, including: { $0.member }).count
    rows += try db.author.fetchAll(where: { $0.books.contains { $0.rating >= 0.5 } }).count
    rows += try db.author.fetchAll(where: { $0.books.count >= 1 && $0.name != "x21" }, orderBy: [.name.ascending]).count
    rows += try db.author.fetchAll(where: { $0.books.isEmpty || $0.books.contains { $0.title.like("%22%") && $0.status == .published } }).count
    rows += try db.book.fetchAll(where: { $0.author.matches { $0.name == "author 23" } && $0.rating >= 3.5 }, orderBy: [.title.ascending], limit: 20).count
    rows += try db.book.fetchAll(where: { $0.loans.contains { $0.member.matches { $0.tier == .premium } && $0.returned == false } }).count
    rows += try db.member.fetchAll(where: { $0.loans.count > 1 || !$0.loans.contains { $0.book.matches { $0.rating < 0.5 } } }).count
    rows += try db.author.fetchAll(where: { $0.books.contains { $0.loans.contains { $0.memberCard == "card 26" } } }, including: { $0.books }).count
    rows += try db.author.fetchAll(where: { $0.name.like("a%") }, orderBy: [.id.descending], limit: 3, including: { $0.books.filter { $0.rating >= 2.5 }.ordered(by: [.title.ascending]) }).count
    rows += try db.book.fetchAll(including: { $0.author }).count
    rows += try db.loan.fetchAll(where: { $0.book.matches { $0.author.matches { $0.name == "n29" } } }, including: { $0.member }).count
    rows += try db.author.fetchAll(where: { $0.books.contains { $0.rating >= 0.5 } }).count
    rows += try db.author.fetchAll(where: { $0.books.count >= 3 && $0.name != "x31" }, orderBy: [.name.ascending]).count
    rows += try db.author.fetchAll(where: { $0.books.isEmpty || $0.books.contains { $0.title.like("%32%") && $0.status == .published } }).count
    rows += try db.book.fetchAll(where: { $0.author.matches { $0.name == "author 33" } && $0.rating >= 3.5 }, orderBy: [.title.ascending], limit: 20).count
    rows += try db.book.fetchAll(where: { $0.loans.contains { $0.member.matches { $0.tier == .premium } && $0.returned == false } }).count
    rows += try db.member.fetchAll(where: { $0.loans.count > 3 || !$0.loans.contains { $0.book.matches { $0.rating < 0.5 } } }).count
    rows += try db.author.fetchAll(where: { $0.books.contains { $0.loans.contains { $0.memberCard == "card 36" } } }, including: { $0.books }).count
    rows += try db.author.fetchAll(where: { $0.name.like("a%") }, orderBy: [.id.descending], limit: 1, including: { $0.books.filter { $0.rating >= 2.5 }.ordered(by: [.title.ascending]) }).count
    rows += try db.book.fetchAll(including: { $0.author }).count
    rows += try db.loan.fetchAll(where: { $0.book.matches { $0.author.matches { $0.name == "n39" } } }, including: { $0.member }).count
    rows += try db.author.fetchAll(where: { $0.books.contains { $0.rating >= 0.5 } }).count
    rows += try db.author.fetchAll(where: { $0.books.count >= 1 && $0.name != "x41" }, orderBy: [.name.ascending]).count
    rows += try db.author.fetchAll(where: { $0.books.isEmpty || $0.books.contains { $0.title.like("%42%") && $0.status == .published } }).count
    rows += try db.book.fetchAll(where: { $0.author.matches { $0.name == "author 43" } && $0.rating >= 3.5 }, orderBy: [.title.ascending], limit: 20).count
    rows += try db.book.fetchAll(where: { $0.loans.contains { $0.member.matches { $0.tier == .premium } && $0.returned == false } }).count
    rows += try db.member.fetchAll(where: { $0.loans.count > 1 || !$0.loans.contains { $0.book.matches { $0.rating < 0.5 } } }).count
    rows += try db.author.fetchAll(where: { $0.books.contains { $0.loans.contains { $0.memberCard == "card 46" } } }, including: { $0.books }).count
    rows += try db.author.fetchAll(where: { $0.name.like("a%") }, orderBy: [.id.descending], limit: 3, including: { $0.books.filter { $0.rating >= 2.5 }.ordered(by: [.title.ascending]) }).count
    rows += try db.book.fetchAll(including: { $0.author }).count
    rows += try db.loan.fetchAll(where: { $0.book.matches { $0.author.matches { $0.name == "n49" } } }, including: { $0.member }).count
    return rows
}
