// Public so that the store's `@inlinable` dispatch can call the C11 atomics, which then compile
// in place: a relaxed load or store is a plain move.
public import CAtomics

/// Which thread owns a store right now: the thread that drains it, or that reduces an action
/// under the store's lock; no thread (0) otherwise.
///
/// Only the owning thread writes it (its own id on taking the role, 0 on giving it up, both while
/// holding the store's lock), and any thread reads it, without the lock, to ask one question:
/// "am I the owner?" A thread can only find its own id there if it wrote it itself, and its own
/// writes are in its program order, so a relaxed load answers exactly; the atomic keeps the
/// concurrent read well defined (and visible to ThreadSanitizer).
///
/// This is how the store tells a reentrant call (from its reducer, middleware or a subscriber,
/// on the thread that is processing an action) from another thread's call, without a recursive
/// lock: a `pthread_self()` and a load, about 6 instructions, where glibc's recursive mutex costs
/// about 20 more per acquisition than a plain one, and its error-checking mutex (which could tell
/// the owner too) about 30 more.
@usableFromInline
struct StoreOwner {
    @usableFromInline let storage: UnsafeMutablePointer<CAtomicInt>

    @usableFromInline
    init() {
        storage = UnsafeMutablePointer<CAtomicInt>.allocate(capacity: 1)
        catomic_int_init(storage, 0)
    }

    /// Frees the slot. Call once, when no thread can reach it.
    @usableFromInline
    func deallocate() {
        storage.deallocate()
    }

    /// Whether the calling thread is the owner.
    @inlinable
    var isCurrentThread: Bool {
        catomic_int_load_relaxed(storage) == Int(bitPattern: ThreadID.current.raw)
    }

    /// Makes the calling thread the owner. Only with the store's lock held, while no thread owns it.
    @inlinable
    func takeForCurrentThread() {
        catomic_int_store_relaxed(storage, Int(bitPattern: ThreadID.current.raw))
    }

    /// Gives up ownership. Only by the owner, with the store's lock held.
    @inlinable
    func clear() {
        catomic_int_store_relaxed(storage, 0)
    }
}
