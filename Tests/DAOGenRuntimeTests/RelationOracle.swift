import DAOGenRuntime
import Seeded

/// Random rows of the relation tests' schema (``relationSchema``), kept in Swift to compute what
/// conditions and `including:` must return: NULL keys included, foreign keys all valid.
struct LibraryData {
    var authors: [Author] = []
    var books: [Book] = []
    var members: [Member] = []
    var loans: [Loan] = []
    var employees: [Employee] = []

    /// A few rows of each table, with some parents childless and some keys NULL.
    static func random(_ random: inout SeededRandom, scale: Int = 1) -> LibraryData {
        var data = LibraryData()
        for id in 1...Int64(2 + random.below(7 * scale)) {
            data.authors.append(Author(id: id, name: "a\(random.below(5))"))
        }
        for id in 1...Int64(random.below(25 * scale) + 1) {
            let rating: Int64? = random.below(4) == 0 ? nil : Int64(random.below(6))
            data.books.append(Book(id: id, title: "t\(random.below(6))", authorId: Int64(1 + random.below(data.authors.count)), rating: rating))
        }
        var codes = Array(0..<8).map { "c\($0)" }
        for id in 1...Int64(1 + random.below(6)) {
            let code: String? = random.below(3) == 0 || codes.isEmpty ? nil : codes.remove(at: random.below(codes.count))
            data.members.append(Member(id: id, name: "m\(random.below(4))", code: code))
        }
        let memberCodes = data.members.compactMap(\.code)
        for id in 1...Int64(random.below(30) + 1) {
            let member: Int64? = random.below(3) == 0 ? nil : Int64(1 + random.below(data.members.count))
            let code: String? = random.below(2) == 0 || memberCodes.isEmpty ? nil : random.pick(memberCodes)
            data.loans.append(Loan(id: id, bookId: Int64(1 + random.below(data.books.count)), memberId: member, memberCode: code))
        }
        for id in 1...Int64(2 + random.below(12)) {
            let manager: Int64? = id == 1 || random.below(4) == 0 ? nil : Int64(1 + random.below(Int(id) - 1))
            data.employees.append(Employee(id: id, name: "e\(random.below(4))", managerId: manager))
        }
        return data
    }

    /// Inserts every row into `database`, whose tables are empty.
    func insert(into database: Database) throws {
        func insert(_ sql: String, _ rows: [[any DatabaseValueConvertible]]) throws {
            for row in rows {
                try database.withStatement(sql: sql) { statement in
                    statement.bind(arguments: row)
                    try statement.execute()
                }
            }
        }
        try database.transaction {
            try insert("INSERT INTO author VALUES (?, ?)", authors.map { [$0.id, $0.name] })
            try insert("INSERT INTO book VALUES (?, ?, ?, ?)", books.map { [$0.id, $0.title, $0.authorId, $0.rating] })
            try insert("INSERT INTO member VALUES (?, ?, ?)", members.map { [$0.id, $0.name, $0.code] })
            try insert("INSERT INTO loan VALUES (?, ?, ?, ?)", loans.map { [$0.id, $0.bookId, $0.memberId, $0.memberCode] })
            try insert("INSERT INTO employee VALUES (?, ?, ?)", employees.map { [$0.id, $0.name, $0.managerId] })
        }
    }

    // The relations, in Swift: a NULL key relates to nothing.
    func books(of author: Author) -> [Book] { books.filter { $0.authorId == author.id } }
    func author(of book: Book) -> Author? { authors.first { $0.id == book.authorId } }
    func loans(of book: Book) -> [Loan] { loans.filter { $0.bookId == book.id } }
    func book(of loan: Loan) -> Book? { books.first { $0.id == loan.bookId } }
    func member(of loan: Loan) -> Member? { loan.memberId.flatMap { id in members.first { $0.id == id } } }
    func memberByCode(of loan: Loan) -> Member? { loan.memberCode.flatMap { code in members.first { $0.code == code } } }
    func loans(of member: Member) -> [Loan] { loans.filter { $0.memberId == member.id } }
    func loansByCode(of member: Member) -> [Loan] { member.code.map { code in loans.filter { $0.memberCode == code } } ?? [] }
    func manager(of employee: Employee) -> Employee? { employee.managerId.flatMap { id in employees.first { $0.id == id } } }
    func reports(of employee: Employee) -> [Employee] { employees.filter { $0.managerId == employee.id } }
}

/// A condition and what it means in Swift for one row: true, false or unknown (nil), as SQLite's
/// three-valued logic has it.
struct Meaningful<Record> {
    let condition: SQLCondition<Record>
    let meaning: (Record) -> Bool?
}

/// Random conditions on the relation tests' records, across their relations to any depth, each with its
/// meaning on `data`.
struct RelationConditions {
    let data: LibraryData
    var random: SeededRandom

    // MARK: Three-valued logic

    static func and(_ l: Bool?, _ r: Bool?) -> Bool? { l == false || r == false ? false : (l == nil || r == nil ? nil : true) }
    static func or(_ l: Bool?, _ r: Bool?) -> Bool? { l == true || r == true ? true : (l == nil || r == nil ? nil : false) }

    /// `&&`, `||` or `!` of conditions from `make`, or `make`'s own condition.
    mutating func combined<R>(_ depth: Int, _ make: (inout RelationConditions, Int) -> Meaningful<R>) -> Meaningful<R> {
        guard depth > 0, random.below(3) == 0 else { return make(&self, depth) }
        let lhs = combined(depth - 1, make)
        switch random.below(3) {
        case 0:
            let rhs = combined(depth - 1, make)
            return Meaningful(condition: lhs.condition && rhs.condition) { Self.and(lhs.meaning($0), rhs.meaning($0)) }
        case 1:
            let rhs = combined(depth - 1, make)
            return Meaningful(condition: lhs.condition || rhs.condition) { Self.or(lhs.meaning($0), rhs.meaning($0)) }
        default:
            return Meaningful(condition: !lhs.condition) { lhs.meaning($0).map { !$0 } }
        }
    }

    /// A comparison of a count with a random number, in SQL and in Swift.
    mutating func countComparison<R>(_ count: RelationCount<R>, _ value: @escaping (R) -> Int) -> Meaningful<R> {
        let n = random.below(4)
        switch random.below(6) {
        case 0: return Meaningful(condition: count == n) { value($0) == n }
        case 1: return Meaningful(condition: count != n) { value($0) != n }
        case 2: return Meaningful(condition: count < n) { value($0) < n }
        case 3: return Meaningful(condition: count <= n) { value($0) <= n }
        case 4: return Meaningful(condition: count > n) { value($0) > n }
        default: return Meaningful(condition: count >= n) { value($0) >= n }
        }
    }

    /// True when a related row's meaning is true (EXISTS: unknown counts as no).
    static func any<T>(_ rows: [T], _ meaning: (T) -> Bool?) -> Bool { rows.contains { meaning($0) == true } }

    // MARK: Conditions per record

    mutating func author(_ depth: Int) -> Meaningful<Author> {
        combined(depth) { this, depth in
            let c = Author.columns, data = this.data
            let v = Int64(this.random.below(8)), name = "a\(this.random.below(5))"
            switch this.random.below(depth > 0 ? 9 : 3) {
            case 0: return Meaningful(condition: c.id <= v) { $0.id <= v }
            case 1: return Meaningful(condition: c.name == name) { $0.name == name }
            case 2: return Meaningful(condition: c.name > name) { $0.name > name }
            case 3, 4:
                let inner = this.book(depth - 1)
                return Meaningful(condition: c.books.contains(inner.condition)) { Self.any(data.books(of: $0), inner.meaning) }
            case 5: return Meaningful(condition: c.books.isEmpty) { data.books(of: $0).isEmpty }
            case 6: return this.countComparison(c.books.count) { data.books(of: $0).count }
            case 7:
                let filter = this.book(depth - 1)
                return this.countComparison(c.books.filter(filter.condition).count) { author in
                    data.books(of: author).filter { filter.meaning($0) == true }.count
                }
            default:
                let filter = this.book(depth - 1)
                return Meaningful(condition: c.books.filter { _ in filter.condition }.isEmpty) { !Self.any(data.books(of: $0), filter.meaning) }
            }
        }
    }

    mutating func book(_ depth: Int) -> Meaningful<Book> {
        combined(depth) { this, depth in
            let c = Book.columns, data = this.data
            let v = Int64(this.random.below(6))
            switch this.random.below(depth > 0 ? 10 : 6) {
            case 0: return Meaningful(condition: c.rating == v) { $0.rating.map { $0 == v } }
            case 1: return Meaningful(condition: c.rating != v) { $0.rating.map { $0 != v } }
            case 2: return Meaningful(condition: c.rating >= v) { $0.rating.map { $0 >= v } }
            case 3: return Meaningful(condition: c.rating == nil) { $0.rating == nil }
            case 4: return Meaningful(condition: c.id < v * 4) { $0.id < v * 4 }
            case 5: return Meaningful(condition: c.authorId == v) { $0.authorId == v }
            case 6, 7:
                let inner = this.author(depth - 1)
                return Meaningful(condition: c.author.matches(inner.condition)) { data.author(of: $0).map(inner.meaning) == true }
            case 8:
                let inner = this.loan(depth - 1)
                return Meaningful(condition: c.loans.contains(inner.condition)) { Self.any(data.loans(of: $0), inner.meaning) }
            default:
                return this.random.below(2) == 0
                    ? Meaningful(condition: c.loans.isEmpty) { data.loans(of: $0).isEmpty }
                    : this.countComparison(c.loans.count) { data.loans(of: $0).count }
            }
        }
    }

    mutating func loan(_ depth: Int) -> Meaningful<Loan> {
        combined(depth) { this, depth in
            let c = Loan.columns, data = this.data
            let v = Int64(this.random.below(6)), code = "c\(this.random.below(8))"
            switch this.random.below(depth > 0 ? 7 : 4) {
            case 0: return Meaningful(condition: c.memberId == v) { $0.memberId.map { $0 == v } }
            case 1: return Meaningful(condition: c.memberId == nil) { $0.memberId == nil }
            case 2: return Meaningful(condition: c.memberCode == code) { $0.memberCode.map { $0 == code } }
            case 3: return Meaningful(condition: c.bookId < v * 4) { $0.bookId < v * 4 }
            case 4:
                let inner = this.book(depth - 1)
                return Meaningful(condition: c.book.matches(inner.condition)) { data.book(of: $0).map(inner.meaning) == true }
            case 5:
                let inner = this.member(depth - 1)
                return Meaningful(condition: c.member.matches(inner.condition)) { data.member(of: $0).map(inner.meaning) == true }
            default:
                let inner = this.member(depth - 1)
                return Meaningful(condition: c.memberByCode.matches(inner.condition)) { data.memberByCode(of: $0).map(inner.meaning) == true }
            }
        }
    }

    mutating func member(_ depth: Int) -> Meaningful<Member> {
        combined(depth) { this, depth in
            let c = Member.columns, data = this.data
            let v = Int64(this.random.below(6)), code = "c\(this.random.below(8))"
            switch this.random.below(depth > 0 ? 7 : 3) {
            case 0: return Meaningful(condition: c.code == nil) { $0.code == nil }
            case 1: return Meaningful(condition: c.code < code) { $0.code.map { $0 < code } }
            case 2: return Meaningful(condition: c.id != v) { $0.id != v }
            case 3:
                let inner = this.loan(depth - 1)
                return Meaningful(condition: c.loans.contains(inner.condition)) { Self.any(data.loans(of: $0), inner.meaning) }
            case 4:
                let inner = this.loan(depth - 1)
                return Meaningful(condition: c.loansByCode.contains(inner.condition)) { Self.any(data.loansByCode(of: $0), inner.meaning) }
            case 5: return Meaningful(condition: c.loansByCode.isEmpty) { data.loansByCode(of: $0).isEmpty }
            default: return this.countComparison(c.loansByCode.count) { data.loansByCode(of: $0).count }
            }
        }
    }

    mutating func employee(_ depth: Int) -> Meaningful<Employee> {
        combined(depth) { this, depth in
            let c = Employee.columns, data = this.data
            let v = Int64(this.random.below(10))
            switch this.random.below(depth > 0 ? 8 : 3) {
            case 0: return Meaningful(condition: c.managerId == nil) { $0.managerId == nil }
            case 1: return Meaningful(condition: c.managerId == v) { $0.managerId.map { $0 == v } }
            case 2: return Meaningful(condition: c.id > v) { $0.id > v }
            case 3, 4:
                let inner = this.employee(depth - 1)
                return Meaningful(condition: c.manager.matches(inner.condition)) { data.manager(of: $0).map(inner.meaning) == true }
            case 5, 6:
                let inner = this.employee(depth - 1)
                return Meaningful(condition: c.reports.contains(inner.condition)) { Self.any(data.reports(of: $0), inner.meaning) }
            default:
                return this.random.below(2) == 0
                    ? Meaningful(condition: c.reports.isEmpty) { data.reports(of: $0).isEmpty }
                    : this.countComparison(c.reports.count) { data.reports(of: $0).count }
            }
        }
    }
}
