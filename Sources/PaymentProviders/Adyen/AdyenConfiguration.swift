public import StateStore

/// How an ``AdyenPaymentProvider`` runs, and what the host builds Adyen's drop-in with: the
/// environment and client key (`APIContext(environment:clientKey:)`), which flow, where a redirect
/// returns, which country and currencies.
///
/// ```swift
/// let configuration = try AdyenConfiguration(
///     environment: .liveEurope, clientKey: "live_7XQ4…", flow: .sessions, merchantAccount: "PoqShopECOM",
///     returnURL: "poqshop://adyen", countryCode: "GB")
/// ```
///
/// The client key is checked as Adyen checks it (``AdyenConfigurationError``): its shape, and its
/// prefix against the environment (`test_` keys only with ``AdyenEnvironment/test``, `live_` keys
/// only with a live region). A client key is publishable (it only lets a client call Adyen's
/// client-side endpoints for this merchant's allowed origins), but it is scoped to the merchant, and
/// Adyen's guidance is to keep it out of logs anyway: it is `Sensitive` here, so it never shows in
/// a description, a log or a snapshot; an encoded configuration holds `[REDACTED]` in its place,
/// and decoding one refuses it (``AdyenConfigurationError/redactedClientKey``).
public struct AdyenConfiguration: Sendable, Hashable {
    /// Adyen's environment: test or a live region.
    public let environment: AdyenEnvironment
    /// The client key, for `APIContext(environment:clientKey:)`; `Sensitive`, checked against
    /// ``environment``.
    public let clientKey: Sensitive<String>
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
    ///
    /// - Throws: ``AdyenConfigurationError`` when `clientKey` is not an Adyen client key, or is one
    ///   for another environment.
    public init(
        environment: AdyenEnvironment, clientKey: String, flow: AdyenFlow = .sessions, merchantAccount: String,
        returnURL: String, countryCode: String = "GB", shopperLocale: String = "en-GB", channel: String = "iOS",
        supportedCurrencies: Set<String>? = nil
    ) throws(AdyenConfigurationError) {
        try AdyenConfigurationError.check(clientKey: clientKey, environment: environment)
        self.environment = environment
        self.clientKey = Sensitive(clientKey)
        self.flow = flow
        self.merchantAccount = merchantAccount
        self.returnURL = returnURL
        self.countryCode = countryCode
        self.shopperLocale = shopperLocale
        self.channel = channel
        self.supportedCurrencies = supportedCurrencies
    }
}

extension AdyenConfiguration: Codable {
    private enum CodingKeys: String, CodingKey {
        case environment, clientKey, flow, merchantAccount, returnURL, countryCode, shopperLocale, channel
        case supportedCurrencies
    }

    /// Decodes a configuration (a remote-configuration file, say) and checks its client key.
    ///
    /// - Throws: `DecodingError` naming `environment` for an environment Adyen does not have, and
    ///   naming `clientKey` (with ``AdyenConfigurationError``'s words) for a key that is malformed,
    ///   for another environment, or redacted.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let environment = try container.decode(AdyenEnvironment.self, forKey: .environment)
        let key = try container.decode(Sensitive<String>.self, forKey: .clientKey)
        let flow = try container.decode(AdyenFlow.self, forKey: .flow)
        let merchantAccount = try container.decode(String.self, forKey: .merchantAccount)
        let returnURL = try container.decode(String.self, forKey: .returnURL)
        let countryCode = try container.decode(String.self, forKey: .countryCode)
        let shopperLocale = try container.decode(String.self, forKey: .shopperLocale)
        let channel = try container.decode(String.self, forKey: .channel)
        let supportedCurrencies = try container.decodeIfPresent(Set<String>.self, forKey: .supportedCurrencies)
        do throws(AdyenConfigurationError) {
            guard let clientKey = key.value else { throw .redactedClientKey }
            try self.init(
                environment: environment, clientKey: clientKey, flow: flow, merchantAccount: merchantAccount,
                returnURL: returnURL, countryCode: countryCode, shopperLocale: shopperLocale, channel: channel,
                supportedCurrencies: supportedCurrencies)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .clientKey, in: container, debugDescription: error.description)
        }
    }

    /// Encodes the configuration; the client key as `[REDACTED]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(environment, forKey: .environment)
        try container.encode(clientKey, forKey: .clientKey)
        try container.encode(flow, forKey: .flow)
        try container.encode(merchantAccount, forKey: .merchantAccount)
        try container.encode(returnURL, forKey: .returnURL)
        try container.encode(countryCode, forKey: .countryCode)
        try container.encode(shopperLocale, forKey: .shopperLocale)
        try container.encode(channel, forKey: .channel)
        try container.encodeIfPresent(supportedCurrencies, forKey: .supportedCurrencies)
    }
}
