import Foundation

/// A bounded first-in, first-out hand-over from one producing thread to one consuming thread:
/// ``push(_:)`` waits while ``capacity`` elements wait, ``pop()`` while none does. The consumer
/// ``close()``s it to give up: a producer waiting (or pushing later) is told to stop.
final class HandoverQueue<Element>: @unchecked Sendable {
    /// The most elements that wait at once.
    let capacity: Int
    private let condition = NSCondition()
    // Guarded by `condition`: a ring of `capacity` slots.
    private var slots: [Element?]
    private var head = 0
    private var count = 0
    private var closed = false

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        slots = Array(repeating: nil, count: self.capacity)
    }

    /// Appends `element`, waiting for room; false (and `element` dropped) once the queue is
    /// closed.
    func push(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while count == capacity && !closed { condition.wait() }
        guard !closed else { return false }
        slots[(head + count) % capacity] = element
        count += 1
        condition.broadcast()
        return true
    }

    /// Removes the first element, waiting for one. Only the consumer calls it, and never after
    /// ``close()``.
    func pop() -> Element {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if count > 0, let element = slots[head] {
                slots[head] = nil
                head = (head + 1) % capacity
                count -= 1
                condition.broadcast()
                return element
            }
            condition.wait()
        }
    }

    /// Gives up: drops what waits and wakes a waiting producer (its push returns false).
    func close() {
        condition.lock()
        closed = true
        for index in slots.indices { slots[index] = nil }
        count = 0
        condition.broadcast()
        condition.unlock()
    }
}

/// A value handed to another thread by a caller that knows it is used there alone.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A chunk of elements handed from one thread to another, each taken out once, in order
/// (``take()`` moves it out: no copy of it is made, so nothing it refers to is retained and
/// released once more). What is not taken is destroyed with the chunk.
///
/// `@unchecked Sendable`, and sound so: one thread appends, then gives the chunk to
/// ``HandoverQueue``, whose lock orders every append before the receiving thread's first
/// ``take()``; the producer keeps no reference, so after the hand-over one thread alone takes, and
/// `deinit` runs once the last reference is gone (no other thread can still be using it).
final class PreparedChunk<Element>: @unchecked Sendable {
    /// The most elements the chunk holds.
    let capacity: Int
    private let base: UnsafeMutablePointer<Element>
    /// The elements appended.
    private(set) var count = 0
    /// The elements taken: `0..<taken` are moved out, `taken..<count` still held.
    private var taken = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Whether ``capacity`` elements are held.
    var isFull: Bool { count == capacity }

    /// Whether no element was appended.
    var isEmpty: Bool { count == 0 }

    /// Appends `element` (the producer only, before handing the chunk over); false when full.
    @discardableResult
    func append(_ element: consuming Element) -> Bool {
        guard count < capacity else { return false }
        (base + count).initialize(to: element)
        count += 1
        return true
    }

    /// Moves the next element out (the consumer only, after the hand-over); nil when every
    /// element was taken.
    func take() -> Element? {
        guard taken < count else { return nil }
        defer { taken += 1 }
        return (base + taken).move()
    }

    deinit {
        (base + taken).deinitialize(count: count - taken)
        base.deallocate()
    }
}
