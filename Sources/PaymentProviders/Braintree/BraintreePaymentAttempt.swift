import Checkout
import StateStore

/// What the provider remembers about one prepared Braintree payment between calls.
struct BraintreePaymentAttempt: Sendable {
    /// An action the provider waits for.
    enum Pending: Sendable {
        /// The Apple Pay sheet and tokenisation (the drop-in returned Apple Pay without a nonce).
        case applePay(deviceData: Sensitive<String>?)
        /// A 3-D Secure challenge for a card of `type`.
        case threeDSecure(deviceData: Sensitive<String>?, type: BraintreePaymentMethodType)
    }

    /// The merchant reference (the sale's `orderId`).
    var reference: String
    /// The sale amount as a decimal string.
    var amount: String
    /// The amount in major units, as the checkout asked.
    var due: Money
    /// The merchant account, which fixes the currency.
    var merchantAccountID: String
    /// The client token. Secret.
    var clientToken: Sensitive<String>
    /// The returning customer's most recent vaulted method.
    var vaulted: BraintreePaymentMethod?
    /// The action being performed, if any.
    var pending: Pending?
    /// The sale's transaction id, once there is one.
    var transactionID: String?
}
