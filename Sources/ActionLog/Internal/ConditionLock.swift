import StateStore

// Public so that lock() and unlock() can be inlined into the recorder's dispatch path.
#if canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif

/// A mutex with a condition variable (`pthread_mutex_t` + `pthread_cond_t`), visible to
/// ThreadSanitizer, for threads that wait for work (the action recorder's writer).
@usableFromInline
final class ConditionLock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// Creates the lock. A recursive lock may be taken again by the thread that holds it; wait
    /// only while holding it once.
    @usableFromInline
    init(recursive: Bool = false) {
        mutex = Lock.makeMutex(recursive: recursive)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    func lock() { pthread_mutex_lock(mutex) }

    @inlinable
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Takes the lock if it is free and returns `true`; returns `false` at once if it is held.
    @usableFromInline
    func tryLock() -> Bool { pthread_mutex_trylock(mutex) == 0 }

    /// Wakes every waiter. Call with the lock held.
    @usableFromInline
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits to be woken. Call with the lock held; it is held again on return.
    @usableFromInline
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits to be woken, at most `seconds`. Call with the lock held; it is held again on return.
    @usableFromInline
    func wait(seconds: Double) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let whole = Int(seconds)
        var nanoseconds = Int(now.tv_nsec) + Int((seconds - Double(whole)) * 1e9)
        var deadline = now
        deadline.tv_sec += whole + nanoseconds / 1_000_000_000
        nanoseconds %= 1_000_000_000
        deadline.tv_nsec = .init(nanoseconds)
        _ = pthread_cond_timedwait(condition, mutex, &deadline)
    }
}
