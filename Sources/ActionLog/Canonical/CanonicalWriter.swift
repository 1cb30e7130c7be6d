import Foundation
import StateStore

/// Writes the canonical compact JSON of an `Encodable` value straight into a byte buffer: the
/// bytes ``CanonicalEncoder`` writes from its tree of `Node`s, without the tree. Each container's
/// members are written in the order the value encodes them, their positions kept; when the
/// container closes they are put in canonical order in place (an object's by key, a set's or a
/// non-string-keyed dictionary's as `CanonicallyUnordered` says).
///
/// Fingerprints are made from these bytes: the tree cost about 1.2 million instructions a
/// checkout state (a `Node` and an array copy per member, a key scan per member, the keys sorted
/// through an index array), 1,221 instructions an action in `replay-checkout-1m`; this writer
/// about 550. Most of what is left is `Codable`'s own: a keyed container's generic metadata
/// (about 1,800 instructions each, looked up at run time), existential calls per value.
///
/// It streams, so it takes only what it can write exactly as the tree would. Anything else
/// makes it give up (``bytes(of:)`` returns `nil`) and the caller uses the tree encoder, whose
/// result (bytes or error) is then the answer:
/// - any error at all (a non-finite number, the value's own), since the tree encoder's errors
///   carry coding paths this writer does not keep; and any read of a `codingPath`;
/// - a key encoded twice in one object, or two keys that Swift's `String ==` calls equal
///   (canonically equivalent Unicode), which the tree merges;
/// - a key that needs an escape (its escaped bytes would sort differently from its text);
/// - a container written to after a sibling was opened, a value's slot written twice, a
///   container written to or closed while one of its members is being encoded;
/// - `superEncoder`, whose slot has no end the writer could see.
/// A value that swallows the writer's error (`try?`) cannot hide it: the writer remembers it.
final class CanonicalWriter {
    /// An open container.
    struct Frame {
        /// The slot (the value) the container belongs to, which also identifies the container.
        let id: Int
        let isObject: Bool
        /// Where this container's marks start in `marks`.
        let marksBase: Int
        /// Members or elements written so far.
        var count = 0
        /// One of its members' values is being encoded: writing to the container or closing it
        /// now would misplace that value.
        var busy = false
        /// A key holds a byte of 0x80 or more: two keys may be canonically equivalent.
        var nonASCIIKey = false
        /// The coding-key type of a keyed container (of the first, if a value asks twice): with
        /// the member count, where to look for the order an object of its shape had before.
        var keyType: ObjectIdentifier? = nil
    }

    /// Where a member or element starts in `bytes` (an object member's key's opening quote) and,
    /// for an object member, where its key's closing quote is.
    struct Mark {
        var start: Int
        var keyEnd: Int
    }

    /// Why the writer gave up (the caller falls back to the tree encoder).
    struct GaveUp: Error {}

    // The properties skip the run-time exclusivity checks: they cost about 380 instructions an
    // action in `replay-checkout-1m` (a third of the writer). That is sound because a writer is
    // made by `bytes(of:)` for one value and dropped when it returns, never shared with another
    // thread, and no access overlaps another to the same property: an `inout` or buffer-pointer
    // access (`key.withUTF8`, `bytes.withUnsafeBufferPointer`) only ever
    // runs code that touches other properties, and user code (`encode(to:)`) runs outside them.
    @exclusivity(unchecked) var bytes = ByteBuffer(capacity: 4096)
    /// Open containers, outermost first.
    @exclusivity(unchecked) var frames: [Frame] = []
    /// The marks of the open containers' members, each container's after its parent's.
    @exclusivity(unchecked) var marks: [Mark] = []
    /// The slot waiting for its value, 0 if none.
    @exclusivity(unchecked) var openSlot = 0
    @exclusivity(unchecked) private var lastSlot = 0
    /// Set when the writer gave up, even if the value caught the error.
    @exclusivity(unchecked) var failed = false
    /// Room to move an object's members in when sorting them.
    @exclusivity(unchecked) private var scratch: [UInt8] = []

    /// The canonical compact JSON of `value`, or `nil` if the writer gave up (see the type's
    /// documentation): then `CanonicalEncoder`'s tree decides.
    static func bytes<T: Encodable>(of value: T) -> [UInt8]? {
        let writer = CanonicalWriter()
        do {
            let slot = writer.newSlot()
            writer.openSlot = slot
            try writer.encodeValue(value, slot: slot, depth: 0)
        } catch {
            return nil
        }
        guard !writer.failed, writer.frames.isEmpty, writer.openSlot == 0 else { return nil }
        return writer.bytes.array
    }

    deinit {
        bytes.deallocate()
    }

    func newSlot() -> Int {
        lastSlot += 1
        return lastSlot
    }

    /// Gives up: returns the error to throw.
    func giveUp() -> GaveUp {
        failed = true
        return GaveUp()
    }

    // MARK: Containers

    /// Whether the container `id` at `depth` may be written to now; closes the containers opened
    /// inside it (they are finished once it writes again).
    func enter(depth: Int, id: Int) -> Bool {
        guard !failed, depth < frames.count, frames[depth].id == id, !frames[depth].busy else {
            failed = true
            return false
        }
        while frames.count > depth + 1 {
            guard close() else { return false }
        }
        return true
    }

    /// Starts a member of the object `id` at `depth`: the separator and the key.
    func beginMember(depth: Int, id: Int, key: String) -> Bool {
        guard enter(depth: depth, id: id) else { return false }
        if frames[depth].count > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[depth].count += 1
        let start = bytes.count
        bytes.append(UInt8(ascii: "\""))
        var key = key
        var special = false
        var high: UInt8 = 0
        key.withUTF8 { utf8 in
            for byte in utf8 {
                special = special || byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                high |= byte
            }
            append(utf8)
        }
        guard !special else {
            failed = true
            return false
        }
        if high >= 0x80 { frames[depth].nonASCIIKey = true }
        marks.append(Mark(start: start, keyEnd: bytes.count))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        return true
    }

    /// Starts an element of the array `id` at `depth`: the separator.
    func beginElement(depth: Int, id: Int) -> Bool {
        guard enter(depth: depth, id: id) else { return false }
        if frames[depth].count > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[depth].count += 1
        marks.append(Mark(start: bytes.count, keyEnd: 0))
        return true
    }

    /// Opens a container for slot `id`, whose separator and key (if any) are written.
    func open(isObject: Bool, id: Int, keyType: ObjectIdentifier? = nil) {
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        frames.append(Frame(id: id, isObject: isObject, marksBase: marks.count, keyType: keyType))
    }

    /// Opens a container in a member slot just begun (a nested container): a slot of its own.
    func openNested(isObject: Bool, keyType: ObjectIdentifier? = nil) -> (depth: Int, id: Int) {
        let id = newSlot()
        open(isObject: isObject, id: id, keyType: keyType)
        return (frames.count - 1, id)
    }

    /// Closes the innermost container, putting its members in canonical order.
    @discardableResult
    func close(unordered: (any CanonicallyUnordered)? = nil) -> Bool {
        guard let frame = frames.last, !frame.busy else {
            failed = true
            return false
        }
        frames.removeLast()
        if frame.count > 1 {
            let ordered = frame.isObject ? orderMembers(of: frame) : orderElements(of: frame, unordered)
            guard ordered else {
                failed = true
                return false
            }
        }
        // One by one: `removeLast(_:)` goes through `replaceSubrange`, about 5 instructions an
        // action more.
        while marks.count > frame.marksBase { marks.removeLast() }
        bytes.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        return true
    }

    /// Where member `index` of `frame` ends (exclusive): before the next one's separator, or at
    /// the end of the bytes (the container is being closed).
    private func end(ofMember index: Int, in frame: Frame) -> Int {
        index + 1 < frame.count ? marks[frame.marksBase + index + 1].start - 1 : bytes.count
    }

    /// Sorts an object's members by key (UTF-8 byte order, the order of `canonicalOrder(ofKeys:)`);
    /// `false` if two keys are equal (the tree merges them: the caller gives up).
    private func orderMembers(of frame: Frame) -> Bool {
        let base = frame.marksBase
        let count = frame.count
        let shape = frame.keyType.map { MemberOrders.Shape(keyType: $0, count: count) }
        // nil: two keys are equal.
        let order: [Int]? = bytes.withUnsafeBufferPointer { buffer in
            /// -1, 0 or 1 as key `a` sorts before, with or after key `b`.
            func compare(_ a: Int, _ b: Int) -> Int {
                let (left, right) = (marks[base + a], marks[base + b])
                let (leftCount, rightCount) = (left.keyEnd - left.start - 1, right.keyEnd - right.start - 1)
                for offset in 0..<min(leftCount, rightCount) {
                    let (x, y) = (buffer[left.start + 1 + offset], buffer[right.start + 1 + offset])
                    if x != y { return x < y ? -1 : 1 }
                }
                return leftCount == rightCount ? 0 : (leftCount < rightCount ? -1 : 1)
            }
            // The order an object of this coding-key type and member count had last time, if its
            // keys are strictly increasing in it: then it is the sorted order (the only one) and
            // no key is repeated. One comparison per member instead of a sort: ordering cost
            // about 108 instructions an action in `replay-checkout-1m` without it, 75 with it.
            if let shape, let known = MemberOrders.shared.order(of: shape), known.count == count,
                (1..<count).allSatisfy({ compare(known[$0 - 1], known[$0]) < 0 })
            {
                return known
            }
            var order = Array(0..<count)
            if count > 16 {
                order.sort { compare($0, $1) < 0 }
                for position in 1..<count where compare(order[position - 1], order[position]) == 0 { return nil }
            } else {
                // Structs have a handful of members: an insertion sort, which also finds a key
                // given twice (the sorted part has no repeat, so an equal key is the one it
                // stops at), cost about a quarter less than the standard library's sort.
                for index in 1..<count {
                    let member = order[index]
                    var position = index
                    while position > 0 {
                        let comparison = compare(order[position - 1], member)
                        if comparison == 0 { return nil }
                        if comparison < 0 { break }
                        order[position] = order[position - 1]
                        position -= 1
                    }
                    order[position] = member
                }
            }
            if let shape { MemberOrders.shared.remember(order, of: shape) }
            return order
        }
        guard let order else { return false }
        if frame.nonASCIIKey {
            // `String ==` is canonical equivalence: "é" and "e\u{301}" are one key to the tree.
            var keys = Set<String>()
            for index in 0..<count {
                let mark = marks[base + index]
                keys.insert(String(decoding: bytes[(mark.start + 1)..<mark.keyEnd], as: UTF8.self))
            }
            guard keys.count == count else { return false }
        }
        if order.indices.contains(where: { order[$0] != $0 }) { rewrite(frame, in: order) }
        return true
    }

    /// Puts a set's or a non-string-keyed dictionary's elements in the order the tree encoder
    /// puts them (`CanonicallyUnordered`); other arrays keep their order.
    private func orderElements(of frame: Frame, _ unordered: (any CanonicallyUnordered)?) -> Bool {
        guard let unordered else { return true }
        let order = unordered.canonicalOrder(count: frame.count) { index in
            String(
                decoding: bytes[marks[frame.marksBase + index].start..<end(ofMember: index, in: frame)], as: UTF8.self)
        }
        guard order.count == frame.count else { return false }
        if order != Array(0..<frame.count) { rewrite(frame, in: order) }
        return true
    }

    /// Rewrites the members of `frame` (the innermost container, being closed) in `order`,
    /// separated by commas: the same bytes in all, only moved.
    private func rewrite(_ frame: Frame, in order: [Int]) {
        let regionStart = marks[frame.marksBase].start
        scratch.removeAll(keepingCapacity: true)
        bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            scratch.append(
                contentsOf: UnsafeBufferPointer(start: start + regionStart, count: buffer.count - regionStart))
        }
        var position = regionStart
        scratch.withUnsafeBufferPointer { source in
            guard let sourceBase = source.baseAddress else { return }
            for (index, member) in order.enumerated() {
                if index > 0 {
                    bytes[position] = UInt8(ascii: ",")
                    position += 1
                }
                let start = marks[frame.marksBase + member].start
                let length = end(ofMember: member, in: frame) - start
                bytes.replace(
                    at: position, with: UnsafeBufferPointer(start: sourceBase + (start - regionStart), count: length))
                position += length
            }
        }
    }

    // MARK: Values

    /// Encodes `value` into `slot`, which is open (its separator and key written); `depth` is the
    /// number of containers open around it.
    func encodeValue<T: Encodable>(_ value: T, slot: Int, depth: Int) throws {
        // Metatype comparisons first, as `CanonicalEncoder.specialCase` does.
        if T.self == String.self, let string = value as? String {
            try fill(slot)
            appendQuoted(string)
            return
        }
        if T.self == Decimal.self, let decimal = value as? Decimal {
            try fill(slot)
            // Its text holds nothing to escape (digits, `-`, `.`, or `NaN`).
            bytes.append(UInt8(ascii: "\""))
            decimal.appendPlainDescription(to: &bytes)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        if T.self == Int.self, let integer = value as? Int {
            try fill(slot)
            appendInteger(Int64(integer))
            return
        }
        if T.self == Bool.self, let bool = value as? Bool {
            try fill(slot)
            appendBool(bool)
            return
        }
        if T.self == Date.self, let date = value as? Date {
            try fill(slot)
            try appendDouble(date.timeIntervalSince1970)
            return
        }
        if T.self == JSONValue.self, let json = value as? JSONValue {
            try fill(slot)
            var text: [UInt8] = []
            CanonicalValue(json).writeCompact(to: &text)
            text.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
            return
        }
        if T.self == URL.self, let url = value as? URL {
            try fill(slot)
            appendQuoted(url.absoluteString)
            return
        }
        if T.self == Data.self, let data = value as? Data {
            try fill(slot)
            appendQuoted(data.base64EncodedString())
            return
        }
        do {
            try value.encode(to: SlotEncoder(writer: self, slot: slot, depth: depth))
        } catch {
            // Whoever threw it, the tree encoder decides (a value may catch it and go on).
            failed = true
            throw error
        }
        guard !failed else { throw GaveUp() }
        if frames.count > depth {
            // The value opened a container: close it (and what it holds), in canonical order.
            guard frames[depth].id == slot else { throw giveUp() }
            while frames.count > depth + 1 {
                guard close() else { throw GaveUp() }
            }
            // As the tree encoder: only an array's value can need sorting, and a cast costs more
            // than the check.
            let unordered = frames[depth].isObject ? nil : value as? any CanonicallyUnordered
            guard close(unordered: unordered) else { throw GaveUp() }
        } else if frames.count < depth {
            throw giveUp()
        } else if openSlot == slot {
            // The value encoded nothing: the tree's empty node, `{}`.
            openSlot = 0
            bytes.append(UInt8(ascii: "{"))
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Takes the open slot `slot` for a scalar; throws if it is not open (written already).
    func fill(_ slot: Int) throws {
        guard !failed, openSlot == slot else { throw giveUp() }
        openSlot = 0
    }

    /// Encodes a member's value: a new slot, its container marked busy meanwhile.
    func encodeMember<T: Encodable>(_ value: T, depth: Int, id: Int) throws {
        frames[depth].busy = true
        let slot = newSlot()
        openSlot = slot
        try encodeValue(value, slot: slot, depth: depth + 1)
        guard !failed, depth < frames.count, frames[depth].id == id else { throw giveUp() }
        frames[depth].busy = false
    }

    /// Appends bytes. `UnsafeBufferPointer(rebasing:)` on a slice, as `JSONText` does, looked up
    /// the slice type's metadata at run time on every call.
    func append(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: utf8)
    }

    /// Appends `text` as a JSON string, byte for byte as `JSONText.appendQuoted(_:to:)` (which the
    /// tree's values use): quotes, `\"`, `\\`, `\n`, `\r`, `\t`, `\u00xx` for other control
    /// characters, every other byte as it is.
    func appendQuoted(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            guard let base = utf8.baseAddress else {
                bytes.append(UInt8(ascii: "\""))
                return
            }
            var runStart = 0
            for offset in 0..<utf8.count {
                let byte = base[offset]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                append(UnsafeBufferPointer(start: base + runStart, count: offset - runStart))
                runStart = offset + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(UInt8(ascii: "u"))
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(Self.hexDigit(byte >> 4))
                    bytes.append(Self.hexDigit(byte & 0x0F))
                }
            }
            append(UnsafeBufferPointer(start: base + runStart, count: utf8.count - runStart))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// The digits of `String(value)`, without making the string.
    func appendInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendInteger(value.magnitude)
    }

    /// The digits of `String(value)`, without making the string.
    func appendInteger(_ value: UInt64) {
        var magnitude = value
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes.reverse(from: start)
    }

    func appendBool(_ value: Bool) {
        bytes.append(value ? "true" : "false")
    }

    func appendNull() {
        bytes.append("null")
    }

    /// A number as `CanonicalEncoder.number` writes it; a non-finite one gives up (the tree
    /// encoder throws the error, with its coding path).
    func appendDouble(_ value: Double) throws {
        guard value.isFinite, case .number(let text) = try CanonicalEncoder.number(value, codingPath: []) else {
            throw giveUp()
        }
        bytes.append(text)
    }
}

/// The encoder a value gets for its slot.
private struct SlotEncoder: Encoder {
    let writer: CanonicalWriter
    let slot: Int
    /// The number of containers open around the slot: where its container goes.
    let depth: Int

    var codingPath: [any CodingKey] {
        // Only the tree encoder keeps paths: a value that asks is encoded by it.
        writer.failed = true
        return []
    }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The container of this slot: opened now if the slot is open, the same one if the value
    /// asks again (as a class encoding its superclass into the same encoder does: the tree
    /// merges them), none otherwise.
    private func container(isObject: Bool, keyType: ObjectIdentifier? = nil) -> (depth: Int, id: Int) {
        if !writer.failed, writer.openSlot == slot, writer.frames.count == depth {
            writer.openSlot = 0
            writer.open(isObject: isObject, id: slot, keyType: keyType)
            return (depth, slot)
        }
        if !writer.failed, depth < writer.frames.count, writer.frames[depth].id == slot,
            writer.frames[depth].isObject == isObject
        {
            return (depth, slot)
        }
        writer.failed = true
        return (0, -1)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let (depth, id) = container(isObject: true, keyType: ObjectIdentifier(Key.self))
        return KeyedEncodingContainer(KeyedWriter<Key>(writer: writer, depth: depth, id: id))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let (depth, id) = container(isObject: false)
        return UnkeyedWriter(writer: writer, depth: depth, id: id)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleWriter(writer: writer, slot: slot, depth: depth)
    }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: CanonicalWriter
    let depth: Int
    let id: Int

    var codingPath: [any CodingKey] {
        writer.failed = true
        return []
    }

    private func member(_ key: Key) throws {
        guard writer.beginMember(depth: depth, id: id, key: key.stringValue) else { throw writer.giveUp() }
    }

    mutating func encodeNil(forKey key: Key) throws {
        try member(key)
        writer.appendNull()
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try member(key)
        writer.appendBool(value)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        try member(key)
        writer.appendQuoted(value)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        try member(key)
        try writer.appendDouble(value)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        try member(key)
        try writer.appendDouble(Double(value))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try signed(Int64(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try signed(Int64(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try signed(Int64(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try signed(Int64(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try signed(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try unsigned(UInt64(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try unsigned(UInt64(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try unsigned(UInt64(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try unsigned(UInt64(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try unsigned(value, key) }

    private func signed(_ value: Int64, _ key: Key) throws {
        try member(key)
        writer.appendInteger(value)
    }

    private func unsigned(_ value: UInt64, _ key: Key) throws {
        try member(key)
        writer.appendInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try member(key)
        try writer.encodeMember(value, depth: depth, id: id)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        // The API cannot throw here: a failure is remembered, and every later write throws.
        guard writer.beginMember(depth: depth, id: id, key: key.stringValue) else {
            return KeyedEncodingContainer(KeyedWriter<NestedKey>(writer: writer, depth: 0, id: -1))
        }
        let (depth, id) = writer.openNested(isObject: true, keyType: ObjectIdentifier(NestedKey.self))
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(writer: writer, depth: depth, id: id))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard writer.beginMember(depth: depth, id: id, key: key.stringValue) else {
            return UnkeyedWriter(writer: writer, depth: 0, id: -1)
        }
        let (depth, id) = writer.openNested(isObject: false)
        return UnkeyedWriter(writer: writer, depth: depth, id: id)
    }

    mutating func superEncoder() -> any Encoder {
        writer.failed = true
        return SlotEncoder(writer: writer, slot: -1, depth: 0)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        writer.failed = true
        return SlotEncoder(writer: writer, slot: -1, depth: 0)
    }
}

private struct UnkeyedWriter: UnkeyedEncodingContainer {
    let writer: CanonicalWriter
    let depth: Int
    let id: Int

    var codingPath: [any CodingKey] {
        writer.failed = true
        return []
    }

    var count: Int {
        guard !writer.failed, depth < writer.frames.count, writer.frames[depth].id == id else {
            writer.failed = true
            return 0
        }
        return writer.frames[depth].count
    }

    private func element() throws {
        guard writer.beginElement(depth: depth, id: id) else { throw writer.giveUp() }
    }

    mutating func encodeNil() throws {
        try element()
        writer.appendNull()
    }
    mutating func encode(_ value: Bool) throws {
        try element()
        writer.appendBool(value)
    }
    mutating func encode(_ value: String) throws {
        try element()
        writer.appendQuoted(value)
    }
    mutating func encode(_ value: Double) throws {
        try element()
        try writer.appendDouble(value)
    }
    mutating func encode(_ value: Float) throws {
        try element()
        try writer.appendDouble(Double(value))
    }
    mutating func encode(_ value: Int) throws { try signed(Int64(value)) }
    mutating func encode(_ value: Int8) throws { try signed(Int64(value)) }
    mutating func encode(_ value: Int16) throws { try signed(Int64(value)) }
    mutating func encode(_ value: Int32) throws { try signed(Int64(value)) }
    mutating func encode(_ value: Int64) throws { try signed(Int64(value)) }
    mutating func encode(_ value: UInt) throws { try unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { try unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { try unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { try unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { try unsigned(UInt64(value)) }

    private func signed(_ value: Int64) throws {
        try element()
        writer.appendInteger(value)
    }

    private func unsigned(_ value: UInt64) throws {
        try element()
        writer.appendInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try element()
        try writer.encodeMember(value, depth: depth, id: id)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        guard writer.beginElement(depth: depth, id: id) else {
            return KeyedEncodingContainer(KeyedWriter<NestedKey>(writer: writer, depth: 0, id: -1))
        }
        let (depth, id) = writer.openNested(isObject: true, keyType: ObjectIdentifier(NestedKey.self))
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(writer: writer, depth: depth, id: id))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        guard writer.beginElement(depth: depth, id: id) else {
            return UnkeyedWriter(writer: writer, depth: 0, id: -1)
        }
        let (depth, id) = writer.openNested(isObject: false)
        return UnkeyedWriter(writer: writer, depth: depth, id: id)
    }

    mutating func superEncoder() -> any Encoder {
        writer.failed = true
        return SlotEncoder(writer: writer, slot: -1, depth: 0)
    }
}

private struct SingleWriter: SingleValueEncodingContainer {
    let writer: CanonicalWriter
    let slot: Int
    let depth: Int

    var codingPath: [any CodingKey] {
        writer.failed = true
        return []
    }

    mutating func encodeNil() throws {
        try writer.fill(slot)
        writer.appendNull()
    }
    mutating func encode(_ value: Bool) throws {
        try writer.fill(slot)
        writer.appendBool(value)
    }
    mutating func encode(_ value: String) throws {
        try writer.fill(slot)
        writer.appendQuoted(value)
    }
    mutating func encode(_ value: Double) throws {
        try writer.fill(slot)
        try writer.appendDouble(value)
    }
    mutating func encode(_ value: Float) throws {
        try writer.fill(slot)
        try writer.appendDouble(Double(value))
    }
    mutating func encode(_ value: Int) throws { try signed(Int64(value)) }
    mutating func encode(_ value: Int8) throws { try signed(Int64(value)) }
    mutating func encode(_ value: Int16) throws { try signed(Int64(value)) }
    mutating func encode(_ value: Int32) throws { try signed(Int64(value)) }
    mutating func encode(_ value: Int64) throws { try signed(Int64(value)) }
    mutating func encode(_ value: UInt) throws { try unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { try unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { try unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { try unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { try unsigned(UInt64(value)) }

    private func signed(_ value: Int64) throws {
        try writer.fill(slot)
        writer.appendInteger(value)
    }

    private func unsigned(_ value: UInt64) throws {
        try writer.fill(slot)
        writer.appendInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        // The same slot: the tree encoder encodes the inner value into the same node.
        guard !writer.failed, writer.openSlot == slot else { throw writer.giveUp() }
        try writer.encodeValue(value, slot: slot, depth: depth)
    }
}

/// The bytes a ``CanonicalWriter`` writes: a growable buffer it owns. An `Array` checked its
/// storage's uniqueness and went through the generic `append(contentsOf:)` on every write, about
/// 50 instructions an action in `replay-checkout-1m`.
///
/// Sound as unsafe memory goes: the writer allocates it once, frees it in its `deinit` and never
/// hands the pointer out (readers get a copy, `array`, or a buffer pointer only for the length of
/// a closure); every write checks the capacity first (`reserve`), every index read or written is
/// below `count` (the writer only uses positions it wrote: marks, and `count` itself).
struct ByteBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    func deallocate() {
        base.deallocate()
    }

    /// The bytes written, as an array (a copy).
    var array: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    private mutating func grow(_ needed: Int) {
        let newCapacity = max(capacity * 2, needed)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends the UTF-8 of `text`.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    subscript(position: Int) -> UInt8 {
        get {
            precondition(position < count)
            return base[position]
        }
        set {
            precondition(position < count)
            base[position] = newValue
        }
    }

    /// The bytes in `range` (a copy).
    subscript(range: Range<Int>) -> [UInt8] {
        precondition(range.upperBound <= count)
        return Array(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Overwrites the bytes from `position` on with `bytes` (all below `count`).
    mutating func replace(at position: Int, with bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        precondition(position + bytes.count <= count)
        (base + position).update(from: source, count: bytes.count)
    }

    /// Reverses the bytes from `start` to the end.
    mutating func reverse(from start: Int) {
        var region = UnsafeMutableBufferPointer(start: base + start, count: count - start)
        region.reverse()
    }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}

/// The order the members of objects had, by coding-key type and member count, shared by all
/// writers: the next object of the same shape (the same struct, the same optionals present) nearly
/// always has the same order, and checking an order costs one key comparison per member where
/// sorting costs several. An order is only ever used after checking it (`orderMembers`), so a
/// stale or mismatched one costs a sort, never a wrong byte.
final class MemberOrders: @unchecked Sendable {
    // Sendable because `orders` is only read or written with `lock` held.
    /// An object's shape.
    struct Shape: Hashable {
        let keyType: ObjectIdentifier
        let count: Int
    }

    static let shared = MemberOrders()

    /// Enough for every struct of a state several times over; past it, new shapes are sorted
    /// each time (dictionaries, whose keys change, would otherwise grow it without end).
    private static let limit = 4096
    private let lock = Lock()
    private var orders: [Shape: [Int]] = [:]

    func order(of shape: Shape) -> [Int]? {
        lock.withLock { orders[shape] }
    }

    func remember(_ order: [Int], of shape: Shape) {
        lock.withLock {
            if orders.count < Self.limit || orders[shape] != nil { orders[shape] = order }
        }
    }
}
