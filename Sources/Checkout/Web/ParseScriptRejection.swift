/// Why a completion-page script gave the checkout nothing to use. Recorded in the state (as a
/// ``BridgeRejection/parseScript(_:_:)``) and so in the log; the checkout still completes, with
/// what the other sources gave (for the order number, at worst the session's reference).
///
/// A reason never repeats what the page answered (it may be anything, even card data): it names
/// the field and what was wrong with it.
public enum ParseScriptRejection: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The environment has no ``WebCheckoutPage`` to run the script on.
    case noPage
    /// The page did not answer within ``CheckoutEnvironment/pageScriptTimeout`` (all the
    /// completion page's scripts share that deadline).
    case timedOut(milliseconds: Int)
    /// Evaluating the script failed (the page threw, or the web view refused it).
    case evaluationFailed
    /// The script's value was `undefined`, `null` or had no JSON form.
    case noResult
    /// The answer is not what the script must return (not JSON, too large, a wrong type, a
    /// missing or invalid field).
    case invalid(reason: String)

    /// What was wrong.
    public var description: String {
        switch self {
        case .noPage: return "no page to run it on"
        case .timedOut(let milliseconds): return "the page did not answer within \(milliseconds) ms"
        case .evaluationFailed: return "evaluating it failed"
        case .noResult: return "it returned nothing"
        case .invalid(let reason): return reason
        }
    }
}
