// C11 atomics for StateStore (the store's owner check) and ActionLog (the buffered recorder's queue).
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

#endif
