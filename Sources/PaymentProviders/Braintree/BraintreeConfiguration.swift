/// How a ``BraintreePaymentProvider`` runs: the merchant account per currency (the account fixes
/// the currency), the returning customer, 3-D Secure, settlement.
///
/// ```swift
/// let configuration = BraintreeConfiguration(
///     merchantAccounts: ["GBP": "poqshop_GBP", "EUR": "poqshop_EUR"], customerID: user.braintreeID,
///     threeDSecure: true)
/// ```
public struct BraintreeConfiguration: Sendable, Hashable, Codable {
    /// The merchant account for each currency the shop takes; a currency without an account is
    /// refused before any call.
    public var merchantAccounts: [String: String]
    /// The returning customer's Braintree id: the client token then lists their vaulted methods.
    public var customerID: String?
    /// Whether card payments run 3-D Secure verification (with the sale amount) first.
    public var threeDSecure: Bool
    /// Whether sales are submitted for settlement at once (`options.submitForSettlement`).
    public var submitForSettlement: Bool

    /// Creates a configuration.
    public init(
        merchantAccounts: [String: String], customerID: String? = nil, threeDSecure: Bool = false,
        submitForSettlement: Bool = true
    ) {
        // `gbp` and `GBP` are one currency: the upper-case key (sorted first) wins, whatever the
        // dictionary's order.
        self.merchantAccounts = Dictionary(
            merchantAccounts.sorted { $0.key < $1.key }.map { ($0.key.uppercased(), $0.value) },
            uniquingKeysWith: { first, _ in first })
        self.customerID = customerID
        self.threeDSecure = threeDSecure
        self.submitForSettlement = submitForSettlement
    }
}
