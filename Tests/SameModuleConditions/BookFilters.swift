import Foundation

// A hand-written file of the module that holds generated code, importing only Foundation (as an app's
// view beside its generated records does): the conditions compile because the generated table files
// re-export DAOGenRuntime to their whole module. The module's other files are the Library fixture's
// generated code (Tests/Generated/Library, linked as `Generated`).

/// The SQL of a condition on books by `authorId` whose rating is at least `rating`, or which have none.
public func ratedOrUnratedSQL(by authorId: Int64, atLeast rating: Double) -> String {
    let condition: SQLCondition<Book> = Book.columns.authorId == authorId && (Book.columns.rating >= rating || Book.columns.rating == nil)
    return condition.sql
}

/// The SQL and argument count of a 10-term condition.
public func tenTermConditionSQL(title: String, low: Double, high: Double, since: Date, isbn: String?) -> (String, Int) {
    let c = Book.columns
    let condition = c.title == title && c.rating >= low && c.rating <= high && c.published > since && c.isbn != isbn
        && c.status == .published && c.authorId == c.id && c.subtitle == nil && c.id < 1000 && !(c.title == "x" || c.rating > 4)
    return (condition.sql, condition.arguments.count)
}
