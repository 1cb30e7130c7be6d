/// A store's subscribers, in subscription order: a buffer the owner manages by hand.
///
/// A `ContiguousArray` stored in the core would, in the notification loop, be reloaded and have
/// its index checked for every subscriber (the call into a subscriber could, as far as the
/// compiler knows, change the array), or be retained once a round to be walked through its
/// buffer. This list's elements are walked from a base pointer read once: the loop costs three
/// instructions a subscriber less, and nothing is retained.
///
/// Only the store's owner touches it (see ``StoreCore``), and it is never changed while a round
/// of notifications walks it (changes made meanwhile wait, see `StoreCore.isNotifying`), so the
/// base pointer read at the start of a round stays valid to its end. It holds each subscriber
/// strongly (one retain on append, one release on removal, after the removing call). ``deallocate()`` releases what is
/// left and frees the buffer; the core calls it once, in its `deinit`.
@usableFromInline
struct SubscriberList<State> {
    @usableFromInline typealias Element = Subscriber<State>

    @usableFromInline var base: UnsafeMutablePointer<Element>?
    @usableFromInline var count = 0
    @usableFromInline var capacity = 0

    @usableFromInline
    init() {}

    @inlinable
    var isEmpty: Bool { count == 0 }

    /// Appends `subscriber`, growing the buffer (doubling it) when full.
    @usableFromInline
    mutating func append(_ subscriber: Element) {
        if count == capacity {
            let newCapacity = max(4, capacity * 2)
            let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
            if let base {
                newBase.moveInitialize(from: base, count: count)
                base.deallocate()
            }
            base = newBase
            capacity = newCapacity
        }
        // `count < capacity` here, so the buffer exists.
        (base.unsafelyUnwrapped + count).initialize(to: subscriber)
        count += 1
    }

    /// Removes every subscriber for which `shouldRemove` is true, keeping the order of the rest,
    /// and returns them: the caller releases them once this call is over, since releasing a
    /// subscriber can run code (the deinit of what its closures hold) that changes the list.
    @usableFromInline
    mutating func removeAll(where shouldRemove: (Element) -> Bool) -> ContiguousArray<Element> {
        var removed: ContiguousArray<Element> = []
        guard let base else { return removed }
        var kept = 0
        for index in 0..<count {
            let element = (base + index).move()
            if shouldRemove(element) {
                removed.append(element)
            } else {
                (base + kept).initialize(to: element)
                kept += 1
            }
        }
        count = kept
        return removed
    }

    /// Removes `subscriber` (the same object), if it is in the list, and returns what it removed
    /// (see ``removeAll(where:)``).
    @usableFromInline
    mutating func remove(_ subscriber: Element) -> ContiguousArray<Element> {
        removeAll { $0 === subscriber }
    }

    /// Puts `standIn` in the place of `subscriber` (the same object) and returns `subscriber`, or
    /// returns `nil` when it is not in the list. The list keeps its length and its buffer, so a
    /// round of notifications walking it from its base pointer may go on.
    @usableFromInline
    func replace(_ subscriber: Element, with standIn: Element) -> Element? {
        guard let base else { return nil }
        for index in 0..<count where base[index] === subscriber {
            let removed = (base + index).move()
            (base + index).initialize(to: standIn)
            return removed
        }
        return nil
    }

    /// Removes every subscriber and returns them (see ``removeAll(where:)``); keeps the buffer.
    @usableFromInline
    mutating func removeAll() -> ContiguousArray<Element> {
        removeAll { _ in true }
    }

    /// Marks every subscriber inactive (the store is shutting down).
    @usableFromInline
    func deactivateAll() {
        guard let base else { return }
        for index in 0..<count {
            base[index].isActive = false
        }
    }

    /// Releases the subscribers left and frees the buffer. Call once, when no thread can reach the
    /// list.
    @usableFromInline
    mutating func deallocate() {
        base?.deinitialize(count: count)
        count = 0
        base?.deallocate()
        base = nil
        capacity = 0
    }
}
