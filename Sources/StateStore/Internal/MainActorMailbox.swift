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
/// The draining thread (the only producer: one drainer at a time, handed over through the store's
/// lock) appends each change to the sink's ``MainActorSink/incoming`` and counts it in ``order``,
/// under ``lock``. The first change of a burst sets ``isScheduled`` and schedules one main-queue
/// hop; later changes find it set and only append. The hop (``drain()``, on the main actor) takes
/// everything pending in one swap under the lock, delivers it without the lock, then schedules
/// the next hop if more arrived meanwhile, or clears ``isScheduled``. So a change costs the
/// dispatching thread a lock and an append or two, a burst costs one hop, and the dispatching
/// thread never waits for the main thread: the main thread holds ``lock`` only to swap arrays.
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
    @usableFromInline let lock = Lock(spinning: ())

    // Guarded by `lock`.
    /// The pending changes in notification order, as runs of consecutive changes for one sink
    /// (its slot, an index into `sinks`): with one main-actor subscription, a run per batch.
    @usableFromInline @exclusivity(unchecked) var order: [MailboxRun] = []
    /// The sinks with pending changes; each sink appears once and knows its slot.
    @usableFromInline @exclusivity(unchecked) var sinks: [MainActorSinkBase] = []
    /// A hop is scheduled or running: changes must queue behind it. False means nothing pending.
    @usableFromInline @exclusivity(unchecked) var isScheduled = false

    private let padding: CacheLinePadding = (0, 0, 0, 0, 0, 0, 0, 0)
    // Main actor only.
    @exclusivity(unchecked) private var claimedOrder: [MailboxRun] = []
    @exclusivity(unchecked) private var claimedSinks: [MainActorSinkBase] = []

    @usableFromInline
    init() {}

    /// Schedules the hop that drains the mailbox on the main actor.
    @usableFromInline
    func scheduleDrain() {
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated { drain() }
        }
    }

    /// Delivers what is pending, as one batch, then schedules the next hop if more arrived
    /// meanwhile, else marks the mailbox idle. One batch per hop lets other main-queue work run
    /// between batches of a long stream of changes, and lets each batch grow, so the dispatching
    /// thread and this one meet at the lock once per batch rather than once per change. A
    /// callback that dispatches, subscribes or cancels finds `isScheduled` set, so what it causes
    /// queues behind the current batch.
    @MainActor
    func drain() {
        lock.lock()
        swap(&order, &claimedOrder)
        swap(&sinks, &claimedSinks)
        for sink in claimedSinks {
            sink.claim()
        }
        lock.unlock()
        for run in claimedOrder {
            claimedSinks[run.slot].deliver(run.count)
        }
        for sink in claimedSinks {
            sink.finishBatch()
        }
        // Keep the buffers of ordinary bursts; give back those of unusually long ones.
        claimedOrder.removeAll(keepingCapacity: claimedOrder.count <= Self.keptCapacity)
        claimedSinks.removeAll(keepingCapacity: true)
        lock.lock()
        let more = !order.isEmpty
        if !more { isScheduled = false }
        lock.unlock()
        if more { scheduleDrain() }
    }

    /// The longest batch whose buffers are kept for the next one.
    static let keptCapacity = 4_096
}

/// Consecutive pending changes for one sink.
@usableFromInline
struct MailboxRun {
    /// The sink's index in the mailbox's `sinks`.
    @usableFromInline let slot: Int
    /// How many changes in a row.
    @usableFromInline var count = 1

    @inlinable
    init(slot: Int) {
        self.slot = slot
    }
}

/// 64 bytes between fields written by different threads.
typealias CacheLinePadding = (Int, Int, Int, Int, Int, Int, Int, Int)

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
        cancelLock.lock()
        let cancelled = self.cancelled
        cancelLock.unlock()
        return cancelled
    }

    /// Stops every callback that has not started yet.
    @usableFromInline
    final func cancel() {
        cancelLock.lock()
        cancelled = true
        cancelLock.unlock()
    }

    /// Takes the pending changes for delivery. Called on the main actor under the mailbox's lock.
    func claim() {}

    /// Delivers the next `count` claimed changes.
    @MainActor func deliver(_ count: Int) {}

    /// Forgets the delivered batch.
    @MainActor func finishBatch() {}
}

/// A main-actor subscription's callback and the changes waiting for it.
@usableFromInline
final class MainActorSink<Value: Sendable>: MainActorSinkBase, @unchecked Sendable {
    @usableFromInline let mailbox: MainActorMailbox
    @usableFromInline let callback: @MainActor @Sendable (Value) -> Void
    /// `callback`, callable without `await` where the caller checked it runs on the main thread:
    /// the cast `MainActor.assumeIsolated` makes after its check (a synchronous main-actor closure
    /// has the same representation as a plain one). Made once, because that check costs a system
    /// call on Linux (the runtime compares `gettid()` with `getpid()`) and wrapping each call in
    /// `withoutActuallyEscaping` about 50 ns.
    @usableFromInline let callbackOnMainThread: @Sendable (Value) -> Void

    /// Changes waiting for the next hop. Guarded by the mailbox's lock.
    @usableFromInline @exclusivity(unchecked) var incoming: [Value] = []
    /// Keeps what the main actor writes per delivery off the cache line the dispatching thread
    /// writes per change (stored properties are laid out in order).
    private let padding: CacheLinePadding = (0, 0, 0, 0, 0, 0, 0, 0)
    // Main actor only: the batch being delivered.
    @exclusivity(unchecked) private var outgoing: [Value] = []
    @exclusivity(unchecked) private var cursor = 0

    @usableFromInline
    init(mailbox: MainActorMailbox, callback: @escaping @MainActor @Sendable (Value) -> Void) {
        self.mailbox = mailbox
        self.callback = callback
        self.callbackOnMainThread = unsafeBitCast(callback, to: (@Sendable (Value) -> Void).self)
    }

    /// Sends a change to the main actor: at once when this is the main thread and nothing is
    /// pending, else behind what is pending. Called by the store's draining thread.
    @inlinable
    func post(_ value: Value) {
        let mailbox = self.mailbox
        // On the main thread `isScheduled` needs no lock: it is set only by the draining thread
        // (this one: a store has one at a time, handed over through the store's lock) and cleared
        // only by the hop, which runs on this thread.
        if isMainThread(), !mailbox.isScheduled {
            deliverNow(value)
            return
        }
        mailbox.lock.lock()
        if slot < 0 {
            slot = mailbox.sinks.count
            mailbox.sinks.append(self)
            mailbox.order.append(MailboxRun(slot: slot))
        } else if mailbox.order[mailbox.order.count - 1].slot == slot {
            mailbox.order[mailbox.order.count - 1].count += 1
        } else {
            mailbox.order.append(MailboxRun(slot: slot))
        }
        incoming.append(value)
        let schedule = !mailbox.isScheduled
        mailbox.isScheduled = true
        mailbox.lock.unlock()
        if schedule { mailbox.scheduleDrain() }
    }

    /// Calls the callback now, unless cancelled. Only on the main thread (checked by the caller).
    @inlinable
    func deliverNow(_ value: Value) {
        if !isCancelled { callbackOnMainThread(value) }
    }

    override func claim() {
        slot = -1
        swap(&incoming, &outgoing)
        cursor = 0
    }

    @MainActor override func deliver(_ count: Int) {
        let end = cursor + count
        while cursor < end {
            let value = outgoing[cursor]
            cursor += 1
            if !isCancelled { callback(value) }
        }
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
