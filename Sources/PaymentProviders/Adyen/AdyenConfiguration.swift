/// How an ``AdyenPaymentProvider`` runs: which flow, where a redirect returns, which country and
/// currencies.
///
/// ```swift
/// let configuration = AdyenConfiguration(
///     flow: .sessions, merchantAccount: "PoqShopECOM", returnURL: "poqshop://adyen", countryCode: "GB")
/// ```
public struct AdyenConfiguration: Sendable, Hashable, Codable {
    /// Sessions or advanced flow.
    public var flow: AdyenFlow
    /// The merchant account the merchant server uses (sent with every request).
    public var merchantAccount: String
    /// The URL Adyen sends the shopper back to after a redirect; the app forwards it into the
    /// flow (see ``AdyenRedirectReturn``).
    public var returnURL: String
    /// The country used when the checkout has no shipping country.
    public var countryCode: String
    /// The shopper's locale (`en-GB`), for payment method names and vouchers.
    public var shopperLocale: String
    /// The channel Adyen is told (`iOS`).
    public var channel: String
    /// The currencies the merchant takes through Adyen; `nil` for every currency Adyen knows.
    public var supportedCurrencies: Set<String>?

    /// Creates a configuration.
    public init(
        flow: AdyenFlow = .sessions, merchantAccount: String, returnURL: String, countryCode: String = "GB",
        shopperLocale: String = "en-GB", channel: String = "iOS", supportedCurrencies: Set<String>? = nil
    ) {
        self.flow = flow
        self.merchantAccount = merchantAccount
        self.returnURL = returnURL
        self.countryCode = countryCode
        self.shopperLocale = shopperLocale
        self.channel = channel
        self.supportedCurrencies = supportedCurrencies
    }
}
