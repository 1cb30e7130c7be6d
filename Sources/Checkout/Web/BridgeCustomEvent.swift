public import StateStore

/// How the log and the state keep the data of a custom bridge event (one the checkout does not
/// interpret), and what an export of the log does with it. The host declares it per event name in
/// ``WebCheckoutConfiguration/customEvents``; an event it did not declare is ``redact``ed.
///
/// ```swift
/// WebCheckoutConfiguration(customEvents: [
///     "wishlistadded": .record,                               // {"sku": "tee-navy-m"}: no one's data
///     "loyaltysignin": .personal(plainPaths: ["tier"]),       // {"memberID": "…", "tier": "gold"}
///     "chatopened": .redact,                                  // never kept
/// ])
/// ```
public enum BridgeCustomEventRecording: Sendable, Hashable {
    /// The data is recorded as the page sent it, and is not about a person: an export keeps it.
    case record
    /// The data is replaced by a redaction marker before the action is dispatched: neither the
    /// log nor the state holds it. The event's name still reaches the host.
    case redact
    /// The data is recorded as the page sent it, and is about the customer: every string and
    /// number leaf is personal (an export pseudonymises it, a masked replay hides it), except the
    /// leaves under `plainPaths`, paths from the data's root (`tier`, `items[].sku`; see
    /// `JSONDataPolicy`).
    case personal(plainPaths: [String] = [])

    /// Whether the data is recorded (``record`` and ``personal(plainPaths:)``): only a redacted
    /// event's data never reaches the log or the state.
    public var recordsData: Bool {
        switch self {
        case .record, .personal: return true
        case .redact: return false
        }
    }
}

/// A bridge event the checkout does not interpret (any name but `order`, `paymentcompleted`,
/// `error`, `closewebview`, `ping`, `applepay`), handed to the host: the state keeps the last
/// ``WebCheckoutState/maximumRecordedCustomEvents`` in ``WebCheckoutState/customEvents``.
///
/// ```swift
/// let subscription = store.subscribe(\.web.customEvents) { events in
///     guard let event = events.last, event.name == "wishlistadded" else { return }
///     wishlist.refresh()
/// }
/// ```
public struct BridgeCustomEvent: Sendable, Hashable, Codable {
    /// The event's number among the custom events this checkout received (1, 2, …), so that a
    /// repeated event is still new.
    public var sequence: Int
    /// The event's name, in lower case.
    public var name: String
    /// The event's data (`nil` for none, a null, or when redacted).
    public var data: JSONValue?
    /// Whether the page sent data that was redacted (``BridgeCustomEventRecording/redact``).
    public var isRedacted: Bool

    /// Creates a custom event.
    public init(sequence: Int, name: String, data: JSONValue? = nil, isRedacted: Bool = false) {
        self.sequence = sequence
        self.name = name
        self.data = data
        self.isRedacted = isRedacted
    }
}
