import DAOGenRuntime
import Foundation

extension JournalDatabase {
    /// The entries written on or after `date`, newest first.
    public func entries(since date: Date) throws -> [Entry] {
        try entry.fetchAll(where: "written >= ?", date, orderBy: [.written.descending])
    }
}
