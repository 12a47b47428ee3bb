// The callers waiting for a connection of a Database, in first-in, first-out queues.

/// A caller waiting for the writer, in the one first-in, first-out queue of ``Database``: a thread
/// blocked in the synchronous API, or a task suspended in the async one.
enum WriterWaiter {
    /// A blocked thread, which waits on the pool's condition until its turn is granted.
    case thread(WriterTurn)
    /// A suspended task, resumed when the writer is handed to it.
    case task(CheckedContinuation<Void, any Error>)
}

/// The turn of a thread waiting for the writer: granted when the writer is handed to it.
///
/// `@unchecked Sendable`: ``isGranted`` is only read and written under the pool lock of the
/// ``Database`` whose queue holds the turn.
final class WriterTurn: @unchecked Sendable {
    /// True once the writer was handed to the thread; guarded by the pool lock.
    var isGranted = false
}

/// A caller waiting for a reader, in the one first-in, first-out queue of ``Database``: a thread
/// blocked in the synchronous API, or a task suspended in the async one.
enum ReaderWaiter {
    /// A blocked thread, which waits on the pool's condition until a reader is handed to its turn.
    case thread(ReaderTurn)
    /// A suspended task, resumed with the reader handed to it.
    case task(CheckedContinuation<Connection, any Error>)
}

/// The turn of a thread waiting for a reader: the reader handed to it, or the error that ends its wait.
///
/// `@unchecked Sendable`: its properties are only read and written under the pool lock of the
/// ``Database`` whose queue holds the turn.
final class ReaderTurn: @unchecked Sendable {
    /// The reader handed to the thread, checked out for it; guarded by the pool lock.
    var reader: Connection?
    /// Why the wait ended without a reader (opening one failed); guarded by the pool lock.
    var error: (any Error)?
}
