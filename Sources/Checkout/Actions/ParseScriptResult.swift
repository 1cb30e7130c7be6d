/// What one of the completion page's scripts gave, read and checked before it is dispatched
/// (``ParseScript/result(reading:)``): a typed value, or a typed rejection. Only what the checkout
/// interprets reaches the action, and so the log; the page's raw answer never does.
///
/// ```swift
/// ParseScript.orderNumber.result(reading: #""W-1001""#)   // .orderNumber("W-1001")
/// ParseScript.guestEmail.result(reading: "42")             // .rejected(.guestEmail, .invalid(reason: …))
/// ```
public enum ParseScriptResult: Sendable, Hashable, Codable {
    /// The order-number script's value: the order number, trimmed.
    case orderNumber(String)
    /// The order-summary script's value (total, subTotal, delivery, discount, currency).
    case orderSummary(WebOrder)
    /// The guest-email script's value: the guest's email address, trimmed (personal data, kept as
    /// ``CheckoutState/email`` is).
    case guestEmail(String)
    /// The script gave nothing to use, and why.
    case rejected(ParseScript, ParseScriptRejection)

    /// The script this result answers.
    public var script: ParseScript {
        switch self {
        case .orderNumber: return .orderNumber
        case .orderSummary: return .orderSummary
        case .guestEmail: return .guestEmail
        case .rejected(let script, _): return script
        }
    }
}
