public import Foundation
public import StateStore

/// The merchant's own server, as the Worldline provider needs it. The host app implements it with
/// calls to its backend, which holds the Worldline API key and calls the Server API; the app never
/// sees card data in the clear after ``WorldlineCardForm`` encrypted it.
///
/// ```swift
/// struct ShopBackend: WorldlineMerchantServer {
///     func createClientSession() async throws -> WorldlineClientSession { ... }     // Create Session
///     func createPayment(_ payment: WorldlinePaymentInput) async throws -> WorldlinePaymentResult { ... }
///     func paymentResult(paymentID: String, returnMAC: String) async throws -> WorldlinePaymentResult { ... }
/// }
/// ```
///
/// ``WorldlineSandboxServer`` is a deterministic in-memory implementation for tests and demos.
public protocol WorldlineMerchantServer: Sendable {
    /// Server API *Create Session*: what the app needs to talk to the Client API.
    func createClientSession() async throws -> WorldlineClientSession

    /// Server API *Create Payment* with the encrypted customer input.
    func createPayment(_ payment: WorldlinePaymentInput) async throws -> WorldlinePaymentResult

    /// Server API *Get Payment* after the shopper came back from a redirect (3-D Secure): the
    /// server checks `returnMAC` against the one *Create Payment* gave and answers the status.
    func paymentResult(paymentID: String, returnMAC: String) async throws -> WorldlinePaymentResult
}

/// A client session, as Server API *Create Session* answers it.
public struct WorldlineClientSession: Sendable, Hashable {
    /// `clientSessionId`: authenticates the app's Client API calls. A credential: never logged.
    public var clientSessionId: Sensitive<String>
    /// `customerId`: the first path component of every Client API call.
    public var customerId: String
    /// `clientApiUrl`.
    public var clientApiURL: String
    /// `assetUrl`.
    public var assetURL: String

    /// Creates a client session.
    public init(clientSessionId: Sensitive<String>, customerId: String, clientApiURL: String, assetURL: String) {
        self.clientSessionId = clientSessionId
        self.customerId = customerId
        self.clientApiURL = clientApiURL
        self.assetURL = assetURL
    }
}

/// What the app sends its server to create a payment.
public struct WorldlinePaymentInput: Sendable, Hashable {
    /// The amount in minor units, as the Server API takes it.
    public var amountInMinorUnits: Int64
    /// The ISO 4217 currency code.
    public var currencyCode: String
    /// The checkout's payment reference (the merchant reference).
    public var merchantReference: String
    /// The payment product the customer paid with (`1` Visa, `3` MasterCard).
    public var paymentProductId: String
    /// `encryptedCustomerInput`: the compact JWE ``Worldline/Session/prepare(_:)`` produced.
    public var encryptedCustomerInput: Sensitive<String>
    /// The base64 client meta info that goes with it.
    public var encodedClientMetaInfo: String

    /// Creates the input.
    public init(
        amountInMinorUnits: Int64, currencyCode: String, merchantReference: String, paymentProductId: String,
        encryptedCustomerInput: Sensitive<String>, encodedClientMetaInfo: String
    ) {
        self.amountInMinorUnits = amountInMinorUnits
        self.currencyCode = currencyCode
        self.merchantReference = merchantReference
        self.paymentProductId = paymentProductId
        self.encryptedCustomerInput = encryptedCustomerInput
        self.encodedClientMetaInfo = encodedClientMetaInfo
    }
}

/// What the Server API said about a payment.
public enum WorldlinePaymentResult: Sendable, Hashable {
    /// Paid (`CAPTURED`, `PENDING_CAPTURE`, …): place the order.
    case approved(paymentID: String, status: String)
    /// Refused (`REJECTED`), with a reason safe to show.
    case declined(paymentID: String, reason: String)
    /// The shopper must go to `redirectURL` (3-D Secure) first; the return URL carries
    /// `RETURNMAC`, which must equal `returnMAC`.
    case redirect(paymentID: String, redirectURL: URL, returnMAC: Sensitive<String>)
}
