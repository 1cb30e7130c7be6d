// C11 atomics for StateStore (the store's owner check and lock) and ActionLog (the buffered recorder's queue).
//
// Why C rather than `Synchronization.Atomic`: that type needs macOS 15 / iOS 18 while the
// package supports macOS 13 / iOS 16, and ThreadSanitizer understands C11 atomics, so
// `swift test --sanitize=thread` checks the hand-off. The functions are `static inline`, so
// Swift code that calls them compiles them in place, with no fence: acquire loads and release
// stores are plain moves on x86-64 and `ldar` / `stlr` on arm64.
//
// A `CAtomicInt` must not move in memory and must be set with `catomic_int_init` before any
// other use: allocate it with `UnsafeMutablePointer<CAtomicInt>.allocate(capacity:)`.
#ifndef CATOMICS_H
#define CATOMICS_H

#include <stdatomic.h>
#include <stdint.h>
#if defined(__linux__)
#include <linux/futex.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

/// A word-sized integer that threads read and write atomically.
typedef struct {
    _Atomic(intptr_t) value;
} CAtomicInt;

/// Sets the initial value. Call once, before any thread can see the integer.
static inline void catomic_int_init(CAtomicInt *atomic, intptr_t value) {
    atomic_init(&atomic->value, value);
}

/// Reads the value; the writes that the matching release store published are visible after it.
static inline intptr_t catomic_int_load_acquire(CAtomicInt *atomic) {
    return atomic_load_explicit(&atomic->value, memory_order_acquire);
}

/// Reads the value, with no ordering of other memory.
static inline intptr_t catomic_int_load_relaxed(CAtomicInt *atomic) {
    return atomic_load_explicit(&atomic->value, memory_order_relaxed);
}

/// Writes the value, publishing every write made before it to a thread that reads it with
/// `catomic_int_load_acquire`.
static inline void catomic_int_store_release(CAtomicInt *atomic, intptr_t value) {
    atomic_store_explicit(&atomic->value, value, memory_order_release);
}

/// Writes the value, with no ordering of other memory.
static inline void catomic_int_store_relaxed(CAtomicInt *atomic, intptr_t value) {
    atomic_store_explicit(&atomic->value, value, memory_order_relaxed);
}

/// Replaces the value and returns the previous one, acquiring and releasing.
static inline intptr_t catomic_int_exchange(CAtomicInt *atomic, intptr_t value) {
    return atomic_exchange_explicit(&atomic->value, value, memory_order_acq_rel);
}

/// Replaces the value with `desired` if it is `expected`, acquiring and releasing; otherwise only
/// acquires. Returns the value found: `expected` when the exchange happened.
static inline intptr_t catomic_int_compare_exchange(CAtomicInt *atomic, intptr_t expected, intptr_t desired) {
    atomic_compare_exchange_strong_explicit(
        &atomic->value, &expected, desired, memory_order_acq_rel, memory_order_acquire);
    return expected;
}

/// A 32-bit integer that threads read and write atomically: the store's lock word, which a
/// Linux futex (32 bits wide) can wait on. Same rules as `CAtomicInt`.
typedef struct {
    _Atomic(int32_t) value;
} CAtomicInt32;

/// Sets the initial value. Call once, before any thread can see the integer.
static inline void catomic_int32_init(CAtomicInt32 *atomic, int32_t value) {
    atomic_init(&atomic->value, value);
}

/// Replaces the value and returns the previous one, acquiring and releasing.
static inline int32_t catomic_int32_exchange(CAtomicInt32 *atomic, int32_t value) {
    return atomic_exchange_explicit(&atomic->value, value, memory_order_acq_rel);
}

/// Replaces the value with `desired` if it is `expected`, acquiring and releasing; otherwise only
/// acquires. Returns the value found: `expected` when the exchange happened.
static inline int32_t catomic_int32_compare_exchange(CAtomicInt32 *atomic, int32_t expected, int32_t desired) {
    atomic_compare_exchange_strong_explicit(
        &atomic->value, &expected, desired, memory_order_acq_rel, memory_order_acquire);
    return expected;
}

/// Asks the processor to fetch the cache line at `address` for writing, without waiting for it:
/// a hint, with no effect on what memory holds (`prefetchw` on x86-64 where the processor has it,
/// `prfm pstl1keep` on arm64). The buffered recorder's queue calls it a few lines ahead of where
/// it writes, so that the line is owned by the time it is written: a store that misses the cache
/// would otherwise hold up the store's next atomic operation, which waits for pending stores.
static inline void catomic_prefetch_for_writing(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#if defined(__linux__)
/// Puts the calling thread to sleep while the value is `expected` (a private futex wait); returns
/// at once if it is not, and may return spuriously: the caller checks again.
static inline void catomic_futex_wait(CAtomicInt32 *atomic, int32_t expected) {
    syscall(SYS_futex, (int32_t *)&atomic->value, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

/// Wakes one thread sleeping in `catomic_futex_wait` on this integer, if any.
static inline void catomic_futex_wake_one(CAtomicInt32 *atomic) {
    syscall(SYS_futex, (int32_t *)&atomic->value, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#endif

#endif
