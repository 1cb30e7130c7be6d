import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands a store's changes to its main-actor subscriptions, in the order the store notified them.
///
/// ## How a change travels
/// The draining thread (the only producer: one drainer at a time, ordered by the store's lock)
/// appends each change to ``MainActorSink/incoming`` and the sink's slot to ``order``, under
/// ``lock``. The first change of a burst schedules one main-queue hop; later changes of the burst
/// find ``isScheduled`` set and only append. The hop (``drain()``, on the main actor) takes what
/// is pending under the lock in one swap, delivers it without the lock, and repeats until nothing
/// is pending; only then does it clear ``isScheduled``. So a burst of changes costs the
/// dispatching thread one lock and two appends per change, plus one hop per burst, and never
/// waits for the main thread: the main thread holds ``lock`` only to swap arrays.
///
/// ## Order
/// ``order`` interleaves every main-actor sink of the store, so the main actor sees changes in
/// the order the processing thread notified them: change by change, and within a change in
/// subscription order, exactly as subscriptions without `on:` see them.
///
/// ## Delivering at once
/// When a change is processed on the main thread and nothing is pending (``isScheduled`` is
/// false), the sink delivers it at once instead: nothing can be overtaken, and a screen that
/// dispatches from a tap sees the new state before `dispatch` returns.
@usableFromInline
final class MainActorMailbox: @unchecked Sendable {
    @usableFromInline let lock = Lock()

    // Guarded by `lock`.
    /// The slot (index into `sinks`) of each pending change, in notification order.
    @usableFromInline @exclusivity(unchecked) var order: [Int] = []
    /// The sinks with pending changes; each sink appears once and knows its slot.
    @usableFromInline @exclusivity(unchecked) var sinks: [MainActorSinkBase] = []
    /// A hop is scheduled or running: changes must queue behind it. False means nothing pending.
    @usableFromInline @exclusivity(unchecked) var isScheduled = false

    // Main actor only.
    private var claimedOrder: [Int] = []
    private var claimedSinks: [MainActorSinkBase] = []

    @usableFromInline
    init() {}

    /// Schedules the hop that drains the mailbox on the main actor.
    @usableFromInline
    func scheduleDrain() {
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated { drain() }
        }
    }

    /// Delivers everything pending, batch by batch, until nothing is pending. A callback that
    /// dispatches, subscribes or cancels runs into `isScheduled` being set, so what it causes
    /// queues behind the current batch and is delivered by this same loop.
    @MainActor
    func drain() {
        while true {
            lock.lock()
            if order.isEmpty {
                isScheduled = false
                lock.unlock()
                return
            }
            swap(&order, &claimedOrder)
            swap(&sinks, &claimedSinks)
            for sink in claimedSinks {
                sink.claim()
            }
            lock.unlock()
            for slot in claimedOrder {
                claimedSinks[slot].deliverNext()
            }
            for sink in claimedSinks {
                sink.finishBatch()
            }
            // Keep the buffers of ordinary bursts; give back those of unusually long ones.
            claimedOrder.removeAll(keepingCapacity: claimedOrder.count <= Self.keptCapacity)
            claimedSinks.removeAll(keepingCapacity: true)
        }
    }

    /// The longest batch whose buffers are kept for the next one.
    static let keptCapacity = 4_096
}

/// One main-actor subscription's end of the mailbox; see ``MainActorSink``.
@usableFromInline
class MainActorSinkBase: @unchecked Sendable {
    /// The sink's index in the mailbox's `sinks` while it has pending changes, else -1. Guarded
    /// by the mailbox's lock.
    @usableFromInline @exclusivity(unchecked) var slot = -1

    private let cancelLock = Lock()
    private var cancelled = false

    @usableFromInline
    init() {}

    /// Whether the subscription was cancelled: checked right before each callback.
    @usableFromInline
    final var isCancelled: Bool {
        cancelLock.withLock { cancelled }
    }

    /// Stops every callback that has not started yet.
    @usableFromInline
    final func cancel() {
        cancelLock.withLock { cancelled = true }
    }

    /// Takes the pending changes for delivery. Called on the main actor under the mailbox's lock.
    func claim() {}

    /// Delivers the next claimed change.
    @MainActor func deliverNext() {}

    /// Forgets the delivered batch.
    @MainActor func finishBatch() {}
}

/// A main-actor subscription's callback and the changes waiting for it.
@usableFromInline
final class MainActorSink<Value: Sendable>: MainActorSinkBase, @unchecked Sendable {
    @usableFromInline let mailbox: MainActorMailbox
    @usableFromInline let callback: @MainActor @Sendable (Value) -> Void

    /// Changes waiting for the next hop. Guarded by the mailbox's lock.
    @usableFromInline @exclusivity(unchecked) var incoming: [Value] = []
    // Main actor only: the batch being delivered.
    private var outgoing: [Value] = []
    private var cursor = 0

    @usableFromInline
    init(mailbox: MainActorMailbox, callback: @escaping @MainActor @Sendable (Value) -> Void) {
        self.mailbox = mailbox
        self.callback = callback
    }

    /// Sends a change to the main actor: at once when this is the main thread and nothing is
    /// pending, else behind what is pending. Called by the store's draining thread.
    @inlinable
    func post(_ value: Value) {
        let mailbox = self.mailbox
        mailbox.lock.lock()
        if !mailbox.isScheduled, isMainThread() {
            mailbox.lock.unlock()
            deliverNow(value)
            return
        }
        if slot < 0 {
            slot = mailbox.sinks.count
            mailbox.sinks.append(self)
        }
        mailbox.order.append(slot)
        incoming.append(value)
        let schedule = !mailbox.isScheduled
        mailbox.isScheduled = true
        mailbox.lock.unlock()
        if schedule { mailbox.scheduleDrain() }
    }

    /// Calls the callback now, unless cancelled. Only on the main thread.
    @usableFromInline
    func deliverNow(_ value: Value) {
        MainActor.assumeIsolated {
            if !isCancelled { callback(value) }
        }
    }

    override func claim() {
        slot = -1
        swap(&incoming, &outgoing)
        cursor = 0
    }

    @MainActor override func deliverNext() {
        let value = outgoing[cursor]
        cursor += 1
        if !isCancelled { callback(value) }
    }

    @MainActor override func finishBatch() {
        outgoing.removeAll(keepingCapacity: outgoing.count <= MainActorMailbox.keptCapacity)
        cursor = 0
    }
}

// MARK: - Which thread is this

#if canImport(Darwin)
/// Whether this is the main thread (the main actor's thread). Costs a thread-local read.
@usableFromInline
func isMainThread() -> Bool {
    pthread_main_np() != 0
}
#else
/// Each thread's cached answer: 1 for the main thread, 2 for any other, nil before the first ask.
private let isMainThreadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

/// Whether this is the main thread (the main actor's thread).
///
/// Foundation answers with two system calls on Linux (`gettid() == getpid()`), over a
/// microsecond each in sandboxes; a thread's answer never changes, so it is kept in a
/// thread-local slot and each later ask costs a `pthread_getspecific`.
@usableFromInline
func isMainThread() -> Bool {
    if let cached = pthread_getspecific(isMainThreadKey) {
        return Int(bitPattern: cached) == 1
    }
    let answer = Thread.isMainThread
    pthread_setspecific(isMainThreadKey, UnsafeRawPointer(bitPattern: answer ? 1 : 2))
    return answer
}
#endif
