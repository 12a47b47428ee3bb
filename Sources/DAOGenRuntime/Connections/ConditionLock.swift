#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutex and a condition variable (`pthread_mutex_t`, `pthread_cond_t`), available on every
/// platform the package supports.
///
/// `@unchecked Sendable`: the pthread objects are made for use from several threads; the class only
/// hands out their operations, and its two pointers never change after `init`.
@usableFromInline
final class ConditionLock: @unchecked Sendable {
    /// The mutex.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The condition, used with ``mutex``.
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// Creates an unlocked lock.
    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Takes the mutex, waiting for it.
    @usableFromInline
    func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the mutex.
    @usableFromInline
    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Releases the mutex, waits for ``broadcast()`` (or a spurious wake-up), and takes it again.
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every thread in ``wait()``.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// Runs `body` holding the mutex.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
