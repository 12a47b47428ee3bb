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
