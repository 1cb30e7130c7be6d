public import CAtomics
import StateStore

/// An unbounded single-producer, single-consumer queue that hands elements from one thread to
/// another without a lock: the buffered ``ActionRecorder``'s path from the dispatching thread to
/// its writer thread.
///
/// ## Layout
/// Elements live in a singly linked list of chunks of `chunkCapacity` elements. The producer fills
/// the tail chunk; when it is full, the next push allocates a new chunk and links it from the full
/// one. The consumer moves elements out of the head chunk and frees a chunk when it moves past it.
/// Nothing bounds the queue: the producer never waits for the consumer.
///
/// ## Synchronisation
/// One atomic integer is shared, `published`: how many elements were pushed so far. A push writes
/// the element (and, on a chunk boundary, the link to the new chunk), then stores the new count
/// with release ordering. The consumer loads the count with acquire ordering; every element
/// below it, and every link written before it, is then visible. The producer's cursor (`tail...`,
/// `pushed`) and the consumer's (`head...`, `popped`) are each touched by one side only, hence
/// `@exclusivity(unchecked)`: no two accesses to one of them ever overlap. The consumer frees a
/// chunk only after reading an element of the following chunk, which the producer published after
/// its last access to the old chunk (writing the link), so the producer never touches freed memory.
///
/// ## Who may call what
/// - ``push(_:)``: the producer, one thread at a time. Successive producer threads must be
///   ordered by other means (a store's lock orders its draining threads, which run middleware).
/// - ``popAll(into:maximumCount:)``, ``hasElements``, ``discardAll()``: the consumer, one thread
///   at a time, likewise ordered (the recorder's writer thread, then `close()` or `deinit` after
///   it ended, ordered by the recorder's lock).
/// - ``publishedCount``: any thread.
/// - `deinit`: when no thread can push or pop any more; it destroys what was not popped.
@usableFromInline
final class HandoffQueue<Element>: @unchecked Sendable {
    /// Elements per chunk.
    @usableFromInline let chunkCapacity: Int
    /// How many elements were pushed: stored with release ordering by the producer.
    @usableFromInline let published: AtomicInt

    // Producer only.
    @usableFromInline @exclusivity(unchecked) var tail: UnsafeMutableRawPointer
    @usableFromInline @exclusivity(unchecked) var tailElements: UnsafeMutablePointer<Element>
    @usableFromInline @exclusivity(unchecked) var tailCount = 0
    @usableFromInline @exclusivity(unchecked) var pushed = 0

    // Consumer only.
    @exclusivity(unchecked) private var head: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var headIndex = 0
    @exclusivity(unchecked) private var popped = 0

    /// Creates an empty queue (with one chunk allocated).
    @usableFromInline
    init(chunkCapacity: Int = 1024) {
        self.chunkCapacity = max(1, chunkCapacity)
        published = AtomicInt(0)
        let first = Self.makeChunk(capacity: self.chunkCapacity)
        tail = first
        tailElements = Self.elements(of: first)
        head = first
    }

    deinit {
        // The acquire load orders this after the last push, whichever thread made it.
        var remaining = published.loadAcquire() - popped
        var chunk: UnsafeMutableRawPointer? = head
        var index = headIndex
        while let current = chunk {
            let count = min(remaining, chunkCapacity - index)
            if count > 0 { (Self.elements(of: current) + index).deinitialize(count: count) }
            remaining -= count
            index = 0
            chunk = Self.link(of: current).pointee
            current.deallocate()
        }
        published.deallocate()
    }

    // MARK: Chunks

    /// Where a chunk's elements start: after the link, aligned for `Element`.
    @inlinable
    static var elementsOffset: Int {
        max(MemoryLayout<UnsafeMutableRawPointer?>.stride, MemoryLayout<Element>.alignment)
    }

    /// A new chunk: its link (nil), then room for `capacity` elements.
    @usableFromInline
    static func makeChunk(capacity: Int) -> UnsafeMutableRawPointer {
        let chunk = UnsafeMutableRawPointer.allocate(
            byteCount: elementsOffset + capacity * MemoryLayout<Element>.stride,
            alignment: max(MemoryLayout<UnsafeMutableRawPointer?>.alignment, MemoryLayout<Element>.alignment))
        chunk.initializeMemory(as: UnsafeMutableRawPointer?.self, repeating: nil, count: 1)
        (chunk + elementsOffset).bindMemory(to: Element.self, capacity: capacity)
        return chunk
    }

    /// The link from `chunk` to the next one: written by the producer, once, before it publishes
    /// the first element of the next chunk.
    @inlinable
    static func link(of chunk: UnsafeMutableRawPointer) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        chunk.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    @inlinable
    static func elements(of chunk: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Element> {
        (chunk + elementsOffset).assumingMemoryBound(to: Element.self)
    }

    // MARK: Producer

    /// How many elements ahead of the one it writes a push asks for the cache line it will write.
    @inlinable
    static var prefetchDistance: Int { max(1, 512 / max(1, MemoryLayout<Element>.stride)) }

    /// Appends `element`. Never waits. Returns `true` when the element started a new chunk (the
    /// previous one is full): a moment to wake the consumer, once per chunk.
    @inlinable
    @inline(__always)
    @discardableResult
    func push(_ element: consuming Element) -> Bool {
        let startsChunk = tailCount == chunkCapacity
        if startsChunk { startNextChunk() }
        let ahead = tailCount &+ Self.prefetchDistance
        if ahead < chunkCapacity { catomic_prefetch_for_writing(tailElements + ahead) }
        (tailElements + tailCount).initialize(to: element)
        tailCount &+= 1
        pushed &+= 1
        // Publishes the element, and the link if this push made one.
        published.storeRelease(pushed)
        return startsChunk
    }

    /// Allocates the next chunk and links it from the full tail chunk: the producer's last access
    /// to that chunk.
    @usableFromInline
    func startNextChunk() {
        let next = Self.makeChunk(capacity: chunkCapacity)
        Self.link(of: tail).pointee = next
        tail = next
        tailElements = Self.elements(of: next)
        tailCount = 0
    }

    /// How many elements were pushed so far (the producer only: its own count, no atomic).
    @inlinable
    var pushedCount: Int { pushed }

    // MARK: Any thread

    /// How many elements were pushed so far (popped or not).
    @usableFromInline
    var publishedCount: Int { published.loadAcquire() }

    // MARK: Consumer

    /// Whether there are pushed elements that were not popped yet.
    @usableFromInline
    var hasElements: Bool { published.loadAcquire() > popped }

    /// Moves up to `maximumCount` elements, oldest first, to the end of `batch`.
    @usableFromInline
    func popAll(into batch: inout [Element], maximumCount: Int = .max) {
        var remaining = min(published.loadAcquire() - popped, maximumCount)
        guard remaining > 0 else { return }
        batch.reserveCapacity(batch.count + remaining)
        while remaining > 0 {
            if headIndex == chunkCapacity { advanceHead() }
            let count = min(remaining, chunkCapacity - headIndex)
            let start = Self.elements(of: head) + headIndex
            for offset in 0..<count { batch.append((start + offset).move()) }
            headIndex += count
            popped += count
            remaining -= count
        }
    }

    /// Moves out the oldest element, if one was pushed and not popped yet.
    @usableFromInline
    func popFirst() -> Element? {
        guard published.loadAcquire() > popped else { return nil }
        if headIndex == chunkCapacity { advanceHead() }
        let element = (Self.elements(of: head) + headIndex).move()
        headIndex += 1
        popped += 1
        return element
    }

    /// Frees the (full, popped) head chunk and moves to the next. Call only when an element beyond
    /// it is published: that element was published after the link to its chunk.
    private func advanceHead() {
        guard let next = Self.link(of: head).pointee else {
            preconditionFailure("HandoffQueue: an element was published beyond an unlinked chunk")
        }
        head.deallocate()
        head = next
        headIndex = 0
    }

    /// Pops and destroys every element pushed so far (after a failure: nothing more is written).
    @usableFromInline
    func discardAll() {
        var dropped: [Element] = []
        popAll(into: &dropped)
    }
}
