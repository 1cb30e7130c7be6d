import Checkout
import StateStore

/// What the provider remembers about one prepared Adyen payment between calls: the session data
/// to send back, the pending action's payment data, and what the authoritative lookup needs.
struct AdyenPaymentAttempt: Sendable {
    /// The merchant reference.
    var reference: String
    /// The cart being paid for.
    var cartID: String
    /// The amount in Adyen's minor units.
    var amount: AdyenAmount
    /// The amount in major units, as the checkout asked.
    var due: Money
    /// The shopper's country.
    var countryCode: String
    /// The session's id (sessions flow).
    var sessionID: String?
    /// The latest session data (sessions flow); every response refreshes it. Secret.
    var sessionData: Sensitive<String>?
    /// The open partial-payment order this attempt pays into.
    var order: AdyenOrderReference?
    /// The `paymentData` of the action being performed. Secret.
    var paymentData: Sensitive<String>?
    /// The latest result code.
    var resultCode: String?
    /// Adyen's reference for the payment, once known.
    var pspReference: String?
    /// The session result to look up (sessions flow). Secret.
    var sessionResult: String?
    /// Whether the attempt was rebuilt after a relaunch without the secrets its calls need (the
    /// vault lost them): only the calls and lookups that need no secret are made.
    var secretsLost = false
}
