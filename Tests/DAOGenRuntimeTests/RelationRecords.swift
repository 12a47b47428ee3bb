import DAOGenRuntime

// The records of the relation tests, written as the generator writes them, with the relations of their
// foreign keys: author <- book <- loan -> member (by id, and by the UNIQUE, nullable `code`), and
// employee -> employee (a self-reference).

/// The schema of the relation tests.
let relationSchema = """
    CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER NOT NULL REFERENCES author(id), rating INTEGER);
    CREATE INDEX book_author ON book(author_id);
    CREATE TABLE member(id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT UNIQUE);
    CREATE TABLE loan(id INTEGER PRIMARY KEY, book_id INTEGER NOT NULL REFERENCES book(id),
                      member_id INTEGER REFERENCES member(id), member_code TEXT REFERENCES member(code));
    CREATE TABLE employee(id INTEGER PRIMARY KEY, name TEXT NOT NULL, manager_id INTEGER REFERENCES employee(id));
    """

/// A row of `author`.
struct Author: DatabaseRecord, Hashable {
    enum Column: String, SQLColumn {
        case id, name
    }

    struct Columns: Sendable {
        let id = TypedColumn<Author, Int64>("id")
        let name = TypedColumn<Author, String>("name")
        var books: HasMany<Author, Book> { HasMany(column: .authorId, parentColumn: .id) }
    }

    static let columns = Columns()
    static let statements = RecordStatements<Author>(view: "author")  // its reads are all the tests need
    var id: Int64
    var name: String

    init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }

    init(row statement: Statement) throws {
        id = try statement.value(at: 0)
        name = try statement.value(at: 1)
    }
}

/// A row of `book`: a keyed record, so that an error can name it by its key.
struct Book: KeyedRecord, Hashable {
    enum Column: String, SQLColumn {
        case id, title
        case authorId = "author_id"
        case rating
    }

    struct Columns: Sendable {
        let id = TypedColumn<Book, Int64>("id")
        let title = TypedColumn<Book, String>("title")
        let authorId = TypedColumn<Book, Int64>("author_id")
        let rating = TypedColumn<Book, Int64?>("rating")
        var author: BelongsTo<Book, Author> { BelongsTo(column: .authorId, parentColumn: .id) }
        var loans: HasMany<Book, Loan> { HasMany(column: .bookId, parentColumn: .id) }
    }

    enum Assignment: SQLAssignment {
        case rating(Int64?)
        var sqlAssignment: (column: Column, value: any DatabaseValueConvertible) {
            switch self {
            case let .rating(value): (.rating, value)
            }
        }
    }

    enum UniqueKey: SQLUniqueKey {
        case id
        var keyColumns: [Column] { [.id] }
    }

    static let columns = Columns()
    static let statements = KeyedRecordStatements<Book>(table: "book", primaryKey: [.id])
    var id: Int64
    var title: String
    var authorId: Int64
    var rating: Int64?

    init(id: Int64, title: String, authorId: Int64, rating: Int64?) {
        (self.id, self.title, self.authorId, self.rating) = (id, title, authorId, rating)
    }

    init(row statement: Statement) throws {
        id = try statement.value(at: 0)
        title = try statement.value(at: 1)
        authorId = try statement.value(at: 2)
        rating = try statement.value(at: 3)
    }

    func bind(to statement: Statement) {
        statement.bind(id, at: 1)
        statement.bind(title, at: 2)
        statement.bind(authorId, at: 3)
        statement.bind(rating, at: 4)
    }

    var primaryKey: Int64? { id }

    func value(of column: Column) -> any DatabaseValueConvertible {
        switch column {
        case .id: id
        case .title: title
        case .authorId: authorId
        case .rating: rating
        }
    }

    static func bind(key: Int64, to statement: Statement) {
        statement.bind(key, at: 1)
    }
}

/// A row of `member`, whose nullable `code` is UNIQUE and referenced by `loan.member_code`.
struct Member: DatabaseRecord, Hashable {
    enum Column: String, SQLColumn {
        case id, name, code
    }

    struct Columns: Sendable {
        let id = TypedColumn<Member, Int64>("id")
        let name = TypedColumn<Member, String>("name")
        let code = TypedColumn<Member, String?>("code")
        var loans: HasMany<Member, Loan> { HasMany(column: .memberId, parentColumn: .id) }
        var loansByCode: HasMany<Member, Loan> { HasMany(column: .memberCode, parentColumn: .code) }
    }

    static let columns = Columns()
    static let statements = RecordStatements<Member>(view: "member")  // its reads are all the tests need
    var id: Int64
    var name: String
    var code: String?

    init(id: Int64, name: String, code: String?) {
        (self.id, self.name, self.code) = (id, name, code)
    }

    init(row statement: Statement) throws {
        id = try statement.value(at: 0)
        name = try statement.value(at: 1)
        code = try statement.value(at: 2)
    }
}

/// A row of `loan`: a NOT NULL key to `book`, a nullable one to `member`, a nullable one to `member.code`.
struct Loan: DatabaseRecord, Hashable {
    enum Column: String, SQLColumn {
        case id
        case bookId = "book_id"
        case memberId = "member_id"
        case memberCode = "member_code"
    }

    struct Columns: Sendable {
        let id = TypedColumn<Loan, Int64>("id")
        let bookId = TypedColumn<Loan, Int64>("book_id")
        let memberId = TypedColumn<Loan, Int64?>("member_id")
        let memberCode = TypedColumn<Loan, String?>("member_code")
        var book: BelongsTo<Loan, Book> { BelongsTo(column: .bookId, parentColumn: .id) }
        var member: OptionalBelongsTo<Loan, Member> { OptionalBelongsTo(column: .memberId, parentColumn: .id) }
        var memberByCode: OptionalBelongsTo<Loan, Member> { OptionalBelongsTo(column: .memberCode, parentColumn: .code) }
    }

    static let columns = Columns()
    static let statements = RecordStatements<Loan>(view: "loan")  // its reads are all the tests need
    var id: Int64
    var bookId: Int64
    var memberId: Int64?
    var memberCode: String?

    init(id: Int64, bookId: Int64, memberId: Int64?, memberCode: String?) {
        (self.id, self.bookId, self.memberId, self.memberCode) = (id, bookId, memberId, memberCode)
    }

    init(row statement: Statement) throws {
        id = try statement.value(at: 0)
        bookId = try statement.value(at: 1)
        memberId = try statement.value(at: 2)
        memberCode = try statement.value(at: 3)
    }
}

/// A row of `employee`, whose nullable `manager_id` references `employee` itself.
struct Employee: DatabaseRecord, Hashable {
    enum Column: String, SQLColumn {
        case id, name
        case managerId = "manager_id"
    }

    struct Columns: Sendable {
        let id = TypedColumn<Employee, Int64>("id")
        let name = TypedColumn<Employee, String>("name")
        let managerId = TypedColumn<Employee, Int64?>("manager_id")
        var manager: OptionalBelongsTo<Employee, Employee> { OptionalBelongsTo(column: .managerId, parentColumn: .id) }
        var reports: HasMany<Employee, Employee> { HasMany(column: .managerId, parentColumn: .id) }
    }

    static let columns = Columns()
    static let statements = RecordStatements<Employee>(view: "employee")  // its reads are all the tests need
    var id: Int64
    var name: String
    var managerId: Int64?

    init(id: Int64, name: String, managerId: Int64?) {
        (self.id, self.name, self.managerId) = (id, name, managerId)
    }

    init(row statement: Statement) throws {
        id = try statement.value(at: 0)
        name = try statement.value(at: 1)
        managerId = try statement.value(at: 2)
    }
}

// The ordering members the generator writes, so that `orderBy: [.id.ascending]` reads as in an app.
extension SQLOrdering where Column == Author.Column {
    static var id: Column { .id }
    static var name: Column { .name }
}

extension SQLOrdering where Column == Book.Column {
    static var id: Column { .id }
    static var title: Column { .title }
    static var rating: Column { .rating }
}

extension SQLOrdering where Column == Member.Column {
    static var id: Column { .id }
}

extension SQLOrdering where Column == Loan.Column {
    static var id: Column { .id }
}

extension SQLOrdering where Column == Employee.Column {
    static var id: Column { .id }
    static var name: Column { .name }
}
