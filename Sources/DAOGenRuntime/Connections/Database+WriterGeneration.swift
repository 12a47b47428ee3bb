extension Database {
    /// Runs `read` (a read on a reader) and returns, with its result, the number of holds of the writer
    /// that had ended before it began, when no hold of the writer was open or began while it ran: the
    /// read then saw exactly the commits of those holds, and two reads with the same generation saw
    /// the same commits of this process. nil when a hold overlapped the read (or the read used the
    /// writer), which tells nothing. Another process's commits are not counted.
    func withWriterGeneration<T>(_ read: () throws -> T) rethrows -> (value: T, generation: Int?) {
        let before = pool.withLock { writerHoldsEnded }
        let value = try read()
        let after = pool.withLock { writerHoldsBegun }
        return (value, before == after ? before : nil)
    }
}
