public import CAtomics

/// Whether a store is being drained, and whether commands wait for its drainer: the word a
/// drainer gives its role up with, in one atomic step and without the store's lock.
///
/// - ``idle``: no drain in progress. A thread moves the status away from it by becoming the
///   drainer: with ``claim(_:)``, or, holding the store's lock in a store without middleware
///   (where nothing claims without the lock), simply by ``set(_:)``.
/// - ``draining``: a thread drains; nothing is queued for it.
/// - ``pending``: a thread drains, and commands are queued for it (or the store shut down).
///
/// A thread that queues a command while another drains does so with the lock held, then marks the
/// status pending (``markPending()``); the drainer, done with its work, tries to move it from
/// draining to idle (``finish()``). Exactly one of the two succeeds first: either the drainer
/// finds the mark and takes the queue (under the lock), or the queuing thread finds the store idle
/// and becomes the drainer itself. No command is left queued without a drainer.
@usableFromInline
struct DrainStatus {
    @usableFromInline static var idle: Int { 0 }
    @usableFromInline static var draining: Int { 1 }
    @usableFromInline static var pending: Int { 2 }

    @usableFromInline let storage: UnsafeMutablePointer<CAtomicInt>

    @usableFromInline
    init() {
        storage = UnsafeMutablePointer<CAtomicInt>.allocate(capacity: 1)
        catomic_int_init(storage, Self.idle)
    }

    /// Frees the word. Call once, when no thread can reach it.
    @usableFromInline
    func deallocate() {
        storage.deallocate()
    }

    /// Whether no drain is in progress. Read with the store's lock held; the drainer's work
    /// (written before its ``finish()``) is visible after it.
    @inlinable
    var isIdle: Bool {
        catomic_int_load_acquire(storage) == Self.idle
    }

    /// Sets the status: with the store's lock held, by the thread that drains (no other thread
    /// changes a status that is not idle then: queuing threads need the lock, and ``claim(_:)``
    /// fails), or that becomes the drainer where nothing claims without the lock.
    @inlinable
    func set(_ value: Int) {
        catomic_int_store_release(storage, value)
    }

    /// Moves the status from idle to `value`, taking the drainer role: `false` when a drain is in
    /// progress. With the store's lock held, or (a dispatch through middleware) without it.
    @inlinable
    func claim(_ value: Int) -> Bool {
        catomic_int_compare_exchange(storage, Self.idle, value) == Self.idle
    }

    /// Marks the status pending, with the store's lock held, a command having just been queued.
    /// Returns `false` when the status was (or, racing the drainer's ``finish()``, became) idle:
    /// the drainer is gone, and the caller must drain what it queued.
    @inlinable
    func markPending() -> Bool {
        let found = catomic_int_compare_exchange(storage, Self.draining, Self.pending)
        return found != Self.idle
    }

    /// Gives up the drainer role if nothing is pending: `true` when the status moved from draining
    /// to idle, `false` when commands wait (the drainer then takes them, under the lock).
    @inlinable
    func finish() -> Bool {
        catomic_int_compare_exchange(storage, Self.draining, Self.idle) == Self.draining
    }
}
