public import CAtomics

/// The lock of a store's core (see ``StoreCore``): taken once per dispatch, so its cost is on
/// every action.
///
/// On Linux it is a futex lock on one 32-bit word: 0 free, 1 held, 2 held with threads (maybe)
/// asleep waiting for it. Taking a free lock is one compare-exchange and releasing it one
/// exchange, compiled in place; `pthread_mutex_lock` and `pthread_mutex_unlock` do the same two
/// atomic operations behind about 50 more instructions per pair (the mutex's type and owner
/// checks), about 3 ns of a 25 ns dispatch. A thread that finds the lock held marks it 2 and
/// sleeps in the kernel (`FUTEX_WAIT`) until the holder, releasing a word that was 2, wakes one
/// sleeper (`FUTEX_WAKE`); the woken thread takes the lock marked 2 again, since others may
/// still sleep. (This is the "mutex 2" of Drepper's "Futexes Are Tricky".) The word's exchanges
/// acquire and release, so ThreadSanitizer, which understands C11 atomics, sees the hand-over.
///
/// Elsewhere (Apple platforms) it is the pthread mutex of ``Lock``.
///
/// `@unchecked Sendable`: a lock exists to be shared between threads. Its only state is the word
/// behind the pointer, which every thread changes through atomic operations alone (or the
/// `Lock`, itself `Sendable`); the pointer is a `let`, and is freed only once no thread can
/// reach the lock (``deallocate()``).
@usableFromInline
struct StoreLock: @unchecked Sendable {
    #if os(Linux)
    @usableFromInline let word: UnsafeMutablePointer<CAtomicInt32>

    @usableFromInline
    init() {
        word = UnsafeMutablePointer<CAtomicInt32>.allocate(capacity: 1)
        catomic_int32_init(word, 0)
    }

    /// Frees the word. Call once, when no thread can reach it.
    @usableFromInline
    func deallocate() {
        word.deallocate()
    }

    @inlinable
    func lock() {
        if catomic_int32_compare_exchange(word, 0, 1) != 0 { waitForLock() }
    }

    @inlinable
    func unlock() {
        if catomic_int32_exchange(word, 0) == 2 { catomic_futex_wake_one(word) }
    }

    /// The lock is held by another thread: marks it contended and sleeps until it is free.
    @usableFromInline
    func waitForLock() {
        while catomic_int32_exchange(word, 2) != 0 {
            catomic_futex_wait(word, 2)
        }
    }
    #else
    @usableFromInline let mutex: Lock

    @usableFromInline
    init() {
        mutex = Lock()
    }

    /// Nothing to free: the mutex frees itself.
    @usableFromInline
    func deallocate() {}

    @inlinable
    func lock() {
        mutex.lock()
    }

    @inlinable
    func unlock() {
        mutex.unlock()
    }
    #endif

    /// Runs `body` holding the lock.
    @inlinable
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
