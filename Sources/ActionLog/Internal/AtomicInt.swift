// Public so that the recorder's `@inlinable` dispatch path can call the C11 atomics, which then
// compile in place (no call, no fence).
public import CAtomics
import StateStore

/// A word-sized integer read and written atomically by several threads, over C11 atomics
/// (`Synchronization.Atomic` needs macOS 15 / iOS 18; ThreadSanitizer understands C11 atomics).
///
/// A handle to its own allocation, which must not move: copies share the integer. The owner calls
/// ``deallocate()`` once no thread can use it any more.
///
/// The integer has a cache line to itself (two, for CPUs that fetch lines in pairs): a plain
/// 8-byte allocation would share a line with neighbouring allocations, such as another atomic
/// that the other thread polls, and every store would then steal the line from that thread
/// (false sharing).
@usableFromInline
struct AtomicInt {
    @usableFromInline let storage: UnsafeMutablePointer<CAtomicInt>

    /// The bytes each integer occupies, and their alignment.
    private static var isolation: Int { 128 }

    /// Allocates the integer, set to `value`.
    @usableFromInline
    init(_ value: Int) {
        storage = UnsafeMutableRawPointer.allocate(byteCount: Self.isolation, alignment: Self.isolation)
            .bindMemory(to: CAtomicInt.self, capacity: 1)
        catomic_int_init(storage, value)
    }

    /// Frees the integer. Call once, when no other thread can reach it.
    @usableFromInline
    func deallocate() {
        UnsafeMutableRawPointer(storage).deallocate()
    }

    /// Reads the value; everything written before the matching ``storeRelease(_:)`` is visible
    /// after it.
    @inlinable
    func loadAcquire() -> Int { catomic_int_load_acquire(storage) }

    /// Reads the value, ordering nothing else.
    @inlinable
    func loadRelaxed() -> Int { catomic_int_load_relaxed(storage) }

    /// Writes the value, publishing every earlier write to a thread that reads it with
    /// ``loadAcquire()``.
    @inlinable
    func storeRelease(_ value: Int) { catomic_int_store_release(storage, value) }

    /// Writes the value, ordering nothing else.
    @inlinable
    func storeRelaxed(_ value: Int) { catomic_int_store_relaxed(storage, value) }

    /// Sets the bits of `mask`, leaving the others as they are (a compare-and-exchange loop).
    @usableFromInline
    func setBits(_ mask: Int) {
        var expected = loadRelaxed()
        while true {
            let found = catomic_int_compare_exchange(storage, expected, expected | mask)
            if found == expected { return }
            expected = found
        }
    }

    /// Clears the bits of `mask`, leaving the others as they are (a compare-and-exchange loop).
    @usableFromInline
    func clearBits(_ mask: Int) {
        var expected = loadRelaxed()
        while true {
            let found = catomic_int_compare_exchange(storage, expected, expected & ~mask)
            if found == expected { return }
            expected = found
        }
    }

    /// Replaces the value, returning the previous one (acquire and release).
    @inlinable
    func exchange(_ value: Int) -> Int { catomic_int_exchange(storage, value) }
}
