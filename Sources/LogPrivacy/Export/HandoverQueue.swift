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
            if let element = removeFirst() { return element }
            condition.wait()
        }
    }

    /// Removes the first element, waiting for one; nil once the queue is closed (what waited is
    /// dropped by ``close()``). For a thread that may be told to stop while it waits.
    func popUnlessClosed() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while !closed {
            if let element = removeFirst() { return element }
            condition.wait()
        }
        return nil
    }

    /// Removes the first element, if any, and wakes a waiting producer; with the lock held.
    private func removeFirst() -> Element? {
        guard count > 0, let element = slots[head] else { return nil }
        slots[head] = nil
        head = (head + 1) % capacity
        count -= 1
        condition.broadcast()
        return element
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

/// A chunk of elements handed from one thread to another and back: the sending thread appends,
/// the receiving one reads each element in place (``subscript(_:)``), then hands the chunk back,
/// and the sending thread destroys the elements (``removeAll()``) and fills it again. So the
/// elements are made and destroyed on one thread: what they refer to, that thread refers to as
/// well (see `ExportRun`), and its reference counts are then never written from the other core.
/// What the chunk still holds is destroyed with it.
///
/// `@unchecked Sendable`, and sound so: one thread at a time uses a chunk, and each hand-over goes
/// through a ``HandoverQueue``, whose lock orders everything the giving thread did to the chunk
/// before anything the taking thread does; the giving thread keeps no use of it until it is
/// handed back (the sender may keep a reference, to drop it, but neither reads nor writes
/// through it), and `deinit` runs once the last reference is gone (no other thread can still be
/// using it).
final class PreparedChunk<Element>: @unchecked Sendable {
    /// The most elements the chunk holds.
    let capacity: Int
    private let base: UnsafeMutablePointer<Element>
    /// The elements appended: `0..<count` are held.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Whether ``capacity`` elements are held.
    var isFull: Bool { count == capacity }

    /// Whether no element is held.
    var isEmpty: Bool { count == 0 }

    /// Appends `element` (the sending thread, before handing the chunk over); false when full.
    @discardableResult
    func append(_ element: consuming Element) -> Bool {
        guard count < capacity else { return false }
        (base + count).initialize(to: element)
        count += 1
        return true
    }

    /// The element at `index` (below ``count``), left in place: the receiving thread reads it
    /// there and hands the chunk back, so that the sending thread destroys it.
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "an element the chunk holds")
        return base[index]
    }

    /// Destroys every element held and empties the chunk for reuse (the sending thread, once the
    /// chunk is handed back).
    func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
