// Public, not package: `lock()` and `unlock()` are inlinable, so code compiled into the host's
// module (the store's dispatch on Apple platforms, through `StoreLock`) calls `pthread_mutex_lock`
// directly instead of through a wrapper (about 20 instructions a call). The C library is in every
// host's reach already; nothing is re-exported.
#if canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif

/// A plain mutual-exclusion lock over `pthread_mutex_t`.
///
/// Why not `Synchronization.Mutex`: on Linux it is futex-based and ThreadSanitizer cannot see it,
/// so `swift test --sanitize=thread` reports false races. `pthread_mutex_t` is seen correctly and
/// costs a few nanoseconds more uncontended, which is noise next to a dispatch.
///
/// The mutex lives in its own allocation because a `pthread_mutex_t` must not move in memory.
@usableFromInline
package final class Lock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates a lock. A recursive lock may be taken again by the thread that holds it.
    @usableFromInline
    package init(recursive: Bool = false) {
        mutex = Self.makeMutex(recursive: recursive)
    }

    /// Creates a lock that, when taken by another thread, spins briefly before putting the caller
    /// to sleep (glibc's adaptive mutex; elsewhere a plain mutex). For locks held for a few
    /// nanoseconds and taken very often from two threads, where sleeping and waking (two system
    /// calls) would cost far more than the wait.
    @usableFromInline
    package init(spinning: Void) {
        #if canImport(Glibc)
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        self.mutex = mutex
        #else
        mutex = Self.makeMutex(recursive: false)
        #endif
    }

    /// A new initialised `pthread_mutex_t` in its own allocation (shared with `ConditionLock`).
    package static func makeMutex(recursive: Bool) -> UnsafeMutablePointer<pthread_mutex_t> {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        if recursive {
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
        } else {
            pthread_mutex_init(mutex, nil)
        }
        return mutex
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    @inlinable
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    @usableFromInline
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// The identity of the current thread, used to tell a reentrant call (made by the thread that is
/// processing actions, from middleware or a subscriber) from a call made by another thread.
@usableFromInline
struct ThreadID: Equatable, Sendable {
    @usableFromInline
    let raw: UInt

    @inlinable
    static var current: ThreadID {
        #if canImport(Darwin)
        return ThreadID(raw: UInt(bitPattern: pthread_self()))
        #else
        return ThreadID(raw: UInt(pthread_self()))
        #endif
    }

    @inlinable
    init(raw: UInt) {
        self.raw = raw
    }
}

extension Lock {
    /// A value that is only ever read or written while holding its own lock.
    @usableFromInline
    final class Guarded<Value>: @unchecked Sendable {
        private let lock = Lock()
        private var value: Value

        @usableFromInline
        init(_ value: Value) {
            self.value = value
        }

        /// Runs `body` with exclusive access to the value.
        @usableFromInline
        func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
            lock.lock()
            defer { lock.unlock() }
            return try body(&value)
        }
    }
}
