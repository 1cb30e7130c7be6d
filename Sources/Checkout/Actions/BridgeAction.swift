public import StateStore

/// Actions of a bridge-type web checkout (JavaScript or Forms mode).
///
/// A host gets them from ``WebCheckoutConfiguration/bridgeAction(body:)``, which converts what
/// WebKit delivers once (and keeps unregistered custom events' data out of the log), and in Forms
/// mode from ``WebCheckoutConfiguration/navigationDecision(for:)``:
///
/// ```swift
/// store.dispatch(.bridge(configuration.bridgeAction(body: message.body)))
/// ```
public enum BridgeAction: Sendable, Hashable, Codable {
    /// The page posted a bridge message (the raw JSON string, as the web view delivered it).
    /// The log records the text as it is; prefer ``messagePosted(_:)`` through
    /// ``WebCheckoutConfiguration/bridgeAction(text:)``.
    case messageReceived(String)
    /// The page posted a bridge message, read as JSON (from a `WKScriptMessage.body`, or from
    /// text); the log records it byte for byte.
    case messagePosted(JSONValue)
    /// The page posted something that is not a JSON value the checkout accepts (too deep, too
    /// large, not JSON, a value of another type); recorded as a rejection.
    case messageUnreadable(reason: String)
    /// The page sent a bridge message as a Forms-mode submission, decoded from its URL
    /// (``WebCheckoutConfiguration/navigationDecision(for:)``): `{"data": …, "event": …}`.
    case formSubmitted(JSONValue)
    /// The page navigated to a Forms-mode submission URL that does not decode; recorded as a
    /// rejection.
    case formRejected(BridgeFormRejection)
}
