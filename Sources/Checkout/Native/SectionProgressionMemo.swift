/// Section progression's last answer and every input it was worked out from, kept beside the
/// state so that the reducer, which asks after every action, re-validates the email address and
/// both contacts only when one of its inputs changed (most actions change none).
///
/// Immutable and shared: a copy of the state shares it, and a refresh that finds other inputs
/// replaces it with a new one. The inputs are compared with `==`, which answers at once for a
/// string or array that was not written since (the same storage), so an unchanged checkout costs
/// a few comparisons instead of a scan of every field.
final class SectionProgressionMemo: Sendable {
    /// Whether the user was a guest (the sections that apply).
    let isGuest: Bool
    /// Whether the payment locked the checkout (nothing editable).
    let isPaymentLocked: Bool
    /// Whether the payment had succeeded or awaited confirmation (the payment section complete).
    let isPaymentComplete: Bool
    /// Whether the cart had loaded.
    let hasCart: Bool
    /// Whether the cart had lines (the order summary complete).
    let hasLines: Bool
    /// The contact email address.
    let email: String?
    /// The shipping contact (kept alive: see ``StoredBits``).
    let shippingContact: Address?
    /// The billing contact (kept alive: see ``StoredBits``).
    let billingContact: Address?
    /// The shipping contact's bits, as the state held them.
    let shippingContactBits: StoredBits
    /// The billing contact's bits, as the state held them.
    let billingContactBits: StoredBits
    /// The selected shipping method's id.
    let selectedShippingMethodID: String?
    /// The shipping methods offered.
    let shippingMethods: [ShippingMethod]
    /// The statuses worked out from these inputs.
    let statuses: [SectionStatus]
    /// The current section among them.
    let current: CheckoutSection?

    /// Keeps `statuses` and `current`, worked out from `state` as it is now (`inout` only to read
    /// its contacts' bits in place).
    init(statuses: [SectionStatus], current: CheckoutSection?, of state: inout CheckoutState) {
        isGuest = state.user.isGuest
        isPaymentLocked = state.payment.phase.locksCheckout
        isPaymentComplete = SectionProgression.isPaymentComplete(state.payment.phase)
        hasCart = state.hasCart
        hasLines = SectionProgression.hasLines(state.cart)
        email = state.email
        shippingContact = state.shippingContact
        billingContact = state.billingContact
        shippingContactBits = StoredBits(of: &state.shippingContact)
        billingContactBits = StoredBits(of: &state.billingContact)
        selectedShippingMethodID = state.selectedShippingMethodID
        shippingMethods = state.shippingMethods
        self.statuses = statuses
        self.current = current
    }

    /// Whether `state`'s inputs are the ones these statuses were worked out from, the cheap ones
    /// first. `inout` only so that the contacts are read in place: unwrapping a borrowed
    /// `Address?` copies it whole, and `Optional`'s `==` copies both sides through the runtime's
    /// value witnesses, which costs more than validating the address again.
    @inline(__always)
    func matches(_ state: inout CheckoutState) -> Bool {
        isGuest == state.user.isGuest
            && isPaymentLocked == state.payment.phase.locksCheckout
            && isPaymentComplete == SectionProgression.isPaymentComplete(state.payment.phase)
            && hasCart == state.hasCart
            && hasLines == SectionProgression.hasLines(state.cart)
            && selectedShippingMethodID == state.selectedShippingMethodID
            && email == state.email
            && shippingMethods == state.shippingMethods
            && shippingContactBits.matches(&state.shippingContact)
            && billingContactBits.matches(&state.billingContact)
    }
}

/// A value's bits as they were stored, to tell cheaply that a stored value was not changed since:
/// equal bits prove equal values while the memo keeps the value itself alive beside them.
///
/// Why equal bits prove an equal `Address?`: its members are strings (and optional strings). A
/// string's bits are either its contents (a small string) or a reference to its storage plus its
/// count and flags; the memo holds the same strings, so that storage is alive and shared, and a
/// shared storage is never written (a change copies it first): the same reference is the same
/// text. Different bits prove nothing (the same text may sit in two storages): the inputs then
/// count as changed and the statuses are worked out again, which is always correct.
struct StoredBits: Sendable {
    private let words: [UInt64]

    /// The bits of `value` as it is stored now.
    init<Value>(of value: inout Value) {
        words = withUnsafeBytes(of: &value) { raw in
            (0..<Self.wordCount(raw.count)).map { Self.word(raw, $0) }
        }
    }

    /// Whether `value` is stored with the same bits.
    @inline(__always)
    func matches<Value>(_ value: inout Value) -> Bool {
        withUnsafeBytes(of: &value) { raw in
            guard Self.wordCount(raw.count) == words.count else { return false }
            for index in words.indices where Self.word(raw, index) != words[index] { return false }
            return true
        }
    }

    private static func wordCount(_ byteCount: Int) -> Int { (byteCount + 7) / 8 }

    /// The `index`th eight bytes of `raw` (the last one padded with zeros).
    @inline(__always)
    private static func word(_ raw: UnsafeRawBufferPointer, _ index: Int) -> UInt64 {
        let offset = index * 8
        if offset + 8 <= raw.count { return raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        var word: UInt64 = 0
        for byte in offset..<raw.count { word |= UInt64(raw[byte]) << (UInt64(byte - offset) * 8) }
        return word
    }
}

/// Where ``NativeCheckoutState`` keeps its ``SectionProgressionMemo``: not part of the state's
/// value. Never encoded (the state's encoding and fingerprints are those of its other members),
/// equal to every other slot and hashed as nothing (two states that differ only in what was
/// memoised are equal), and without children to reflection (the data inventory and `dump` see
/// the state's own members: the memo's copies of them are no data of their own).
struct SectionProgressionMemoSlot: Sendable, Hashable, CustomReflectable {
    /// The memo, once section progression ran on this state (or the one it was copied from).
    var memo: SectionProgressionMemo?

    static func == (lhs: Self, rhs: Self) -> Bool { true }

    func hash(into hasher: inout Hasher) {}

    var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .struct) }
}
