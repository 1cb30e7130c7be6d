public import Afterpay
public import Foundation
public import PaymentProviders

/// A deterministic, scriptable Afterpay merchant server and checkout page, for tests and demos.
///
/// It numbers tokens (`sbx_secret_002.sandbox-1`, …: each begins with ``SandboxSecret/marker``) and orders (`sandbox-order-1`, …), records every call,
/// and plays the shopper's side of the checkout page too: ``returnURL(forCheckoutURL:)`` is where
/// the page sends the shopper back.
///
/// What a checkout does is fixed when it is created, from the ``Behaviour`` set at that moment:
/// a demo can decline the first checkout and approve the retry by changing the behaviour after
/// the first redirect.
///
/// ```swift
/// let server = AfterpaySandboxServer(behaviour: .declineOnCapture, checkoutHost: "portal.sandbox.clearpay.co.uk")
/// let checkout = try await server.createCheckout(amount: Afterpay.Money(amount: "45.95", currency: "GBP"),
///                                                merchantReference: "payment-1")
/// let back = await server.returnURL(forCheckoutURL: checkout.redirectCheckoutURL)
/// // https://shop.example/afterpay/confirm?status=SUCCESS&orderToken=sbx_secret_002.sandbox-1
/// try await server.capture(token: checkout.token.value ?? "", merchantReference: "payment-1").status   // .declined
/// ```
public actor AfterpaySandboxServer: AfterpayMerchantServer {
    /// How the sandbox treats the checkouts it creates.
    public enum Behaviour: Sendable, Hashable {
        /// The shopper approves on the page and the capture is approved.
        case approve
        /// The shopper approves on the page but the capture is declined.
        case declineOnCapture
        /// The shopper cancels on the page (`status=CANCELLED`).
        case cancel
    }

    /// A call the server received.
    public enum Call: Sendable, Hashable {
        /// `createCheckout` with its amount and reference.
        case createCheckout(amount: Afterpay.Money, merchantReference: String)
        /// `capture` with its token.
        case capture(token: String, merchantReference: String)
    }

    /// Why the sandbox refused a call, as Afterpay's API would. The description never shows the
    /// token (it becomes a payment failure's message, which logs record).
    public enum SandboxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The amount is not a positive decimal with two decimals.
        case invalidAmount(String)
        /// No checkout has this token.
        case unknownToken(String)
        /// The checkout was already captured, or the shopper cancelled it.
        case tokenNotCapturable(String)

        /// What was wrong.
        public var description: String {
            switch self {
            case .invalidAmount(let amount): return "invalid amount \"\(amount)\""
            case .unknownToken: return "no checkout has this token"
            case .tokenNotCapturable: return "this checkout cannot be captured"
            }
        }
    }

    /// The merchant's confirm URL the sandbox checkout page returns to.
    public nonisolated let confirmURL: String
    /// The checkout page's host (one of `Afterpay.CheckoutRedirect.checkoutHosts` for a
    /// working checkout).
    public nonisolated let checkoutHost: String

    private var behaviour: Behaviour
    private var calls: [Call] = []
    private var checkouts: [String: (behaviour: Behaviour, captured: Bool)] = [:]
    private var tokenNumber = 0
    private var orderNumber = 0

    /// Creates a sandbox.
    ///
    /// - Parameters:
    ///   - behaviour: How checkouts created from now on behave.
    ///   - checkoutHost: The checkout page's host: Afterpay's sandbox portal by default,
    ///     `portal.sandbox.clearpay.co.uk` for Clearpay.
    ///   - confirmURL: Where the page sends the shopper back.
    public init(
        behaviour: Behaviour = .approve, checkoutHost: String = "portal.sandbox.afterpay.com",
        confirmURL: String = "https://shop.example/afterpay/confirm"
    ) {
        self.behaviour = behaviour
        self.checkoutHost = checkoutHost
        self.confirmURL = confirmURL
    }

    /// Changes how checkouts created from now on behave.
    public func setBehaviour(_ behaviour: Behaviour) {
        self.behaviour = behaviour
    }

    /// Every call received, oldest first.
    public var receivedCalls: [Call] { calls }

    /// The payment-schedule checksum each capture carried (`nil` without a widget), in order.
    public var capturedChecksums: [String?] { checksums }
    private var checksums: [String?] = []

    /// Captures, keeping the widget's checksum for ``capturedChecksums``.
    public func capture(
        token: String, merchantReference: String, paymentScheduleChecksum: String?
    ) async throws
        -> AfterpayCapture
    {
        checksums.append(paymentScheduleChecksum)
        return try await capture(token: token, merchantReference: merchantReference)
    }

    /// Creates a checkout with the next token.
    ///
    /// - Throws: ``SandboxError/invalidAmount(_:)`` unless the amount is positive with two
    ///   decimals.
    public func createCheckout(amount: Afterpay.Money, merchantReference: String) async throws -> AfterpayCheckout {
        calls.append(.createCheckout(amount: amount, merchantReference: merchantReference))
        guard let value = amount.decimalAmount, value > 0, amount.amount.split(separator: ".").last?.count == 2 else {
            throw SandboxError.invalidAmount(amount.amount)
        }
        tokenNumber += 1
        let token = SandboxSecret.make("002.sandbox-\(tokenNumber)")
        checkouts[token] = (behaviour, false)
        guard let url = URL(string: "https://\(checkoutHost)/checkout/?token=\(token)") else {
            throw SandboxError.unknownToken(token)
        }
        return AfterpayCheckout(token: token, redirectCheckoutURL: url)
    }

    /// Captures an approved checkout: approved, or declined for a `declineOnCapture` checkout.
    ///
    /// - Throws: ``SandboxError`` for an unknown token, or one captured or cancelled already.
    public func capture(token: String, merchantReference: String) async throws -> AfterpayCapture {
        calls.append(.capture(token: token, merchantReference: merchantReference))
        guard let checkout = checkouts[token] else { throw SandboxError.unknownToken(token) }
        guard !checkout.captured, checkout.behaviour != .cancel else { throw SandboxError.tokenNotCapturable(token) }
        checkouts[token]?.captured = true
        orderNumber += 1
        let status: AfterpayCapture.Status = checkout.behaviour == .declineOnCapture ? .declined : .approved
        return AfterpayCapture(orderID: "sandbox-order-\(orderNumber)", status: status)
    }

    /// Where the checkout page at `url` sends the shopper back: `status=SUCCESS&orderToken=…`, or
    /// `status=CANCELLED&orderToken=…` for a `cancel` checkout; nil when the URL names no checkout
    /// of this sandbox.
    public func returnURL(forCheckoutURL url: URL) -> URL? {
        let token = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "token" }?.value
        guard let token, let checkout = checkouts[token] else { return nil }
        let status = checkout.behaviour == .cancel ? "CANCELLED" : "SUCCESS"
        return URL(string: "\(confirmURL)?status=\(status)&orderToken=\(token)")
    }
}
