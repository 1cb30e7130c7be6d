public import Afterpay
public import Checkout
import Foundation
import StateStore

/// Afterpay (Clearpay in the UK, Cash App Afterpay in the US) as a checkout payment provider.
///
/// The shopper pays on Afterpay's own checkout page, so the native checkout drives a redirect:
///
/// ```
///  prepare ─▶ AfterpayMerchantServer.createCheckout(amount, currency) ─▶ token + checkout URL
///  submit  ─▶ .actionRequired(redirect to the checkout URL)            (host opens a web view)
///  submitDetails(return URL) ─▶ CheckoutRedirect.result(for:)
///      status=SUCCESS, orderToken (or token) ─▶ capture ─▶ APPROVED: .authorised / DECLINED: .refused
///      status=CANCELLED                       ─▶ .cancelled
///      a host outside Afterpay's and Clearpay's checkout hosts ─▶ .cancelled (invalid URL)
///      still on the checkout host, not finished ─▶ the same redirect again
/// ```
///
/// Afterpay is offered only when ``availability(for:)`` says so: a configuration is set, the
/// consumer's language is one the merchant region allows, the order is in the configured
/// currency and its total is within the configured limits (the Afterpay module's
/// ``Afterpay/AfterpayContext/availability(for:currencyCode:)``). The descriptor takes only the
/// configured currency, so the checkout's guards refuse any other before a call, and `prepare`
/// checks the limits again, so a payment never starts for an order Afterpay would not take.
///
/// ```swift
/// let afterpay = AfterpayPaymentProvider(
///     context: AfterpayContext(configuration: configuration, deviceLocale: Locale(identifier: "en_GB")),
///     server: ShopBackend())
/// let environment = CheckoutEnvironment(api: api, paymentProviders: [afterpay])
/// if afterpay.availability(for: store.state.displayedTotal).isAvailable { showAfterpayOption() }
/// ```
public actor AfterpayPaymentProvider: PaymentProvider {
    /// The method id a submission names (the only method offered).
    public static let methodID = "afterpay"

    /// The provider's descriptor: id `afterpay` by default, the brand's name, the configured
    /// currency only.
    public nonisolated let descriptor: PaymentProviderDescriptor
    /// The Afterpay configuration and device locale availability is decided with.
    public nonisolated let context: AfterpayContext

    private let server: any AfterpayMerchantServer
    private var checkouts: [String: CheckoutRecord] = [:]
    private var sessionNumber = 0

    /// What the provider knows of a session's checkout.
    private struct CheckoutRecord {
        var checkout: AfterpayCheckout
        var reference: String
        /// The checkout was captured (declined) or cancelled: a new submission needs a new one.
        var isSpent = false
        var receipt: PaymentReceipt?
    }

    /// Creates the provider.
    ///
    /// - Parameters:
    ///   - context: The Afterpay configuration (nil: never offered) and the device's locale.
    ///   - server: The merchant's server, which creates and captures checkouts.
    ///   - id: The provider's identifier in the checkout (`afterpay`).
    ///   - showsCheckoutWidget: Whether the checkout shows Afterpay's widget after the redirect:
    ///     then its latest status gates capture, and capture carries its checksum (the host
    ///     forwards the widget's messages as ``Checkout/PaymentAction/widgetStatusChanged(_:)``).
    public init(
        context: AfterpayContext, server: any AfterpayMerchantServer, id: String = "afterpay",
        showsCheckoutWidget: Bool = false
    ) {
        self.context = context
        self.server = server
        descriptor = PaymentProviderDescriptor(
            id: id, displayName: context.brand.displayName,
            supportedCurrencies: context.configuration.map { [$0.currencyCode.uppercased()] } ?? [],
            usesStatusWidget: showsCheckoutWidget)
    }

    /// Whether Afterpay may be offered for an order of `total` (the displayed total): unavailable
    /// without a total, a configuration or a display language, in another currency, or outside
    /// the limits.
    public nonisolated func availability(for total: Checkout.Money?) -> AfterpayAvailability {
        guard let total else { return .unavailable(.notPositive) }
        return context.availability(for: total.amount, currencyCode: total.currencyCode)
    }

    /// Creates the Afterpay checkout for exactly the requested amount.
    ///
    /// - Throws: ``Checkout/PaymentFailure`` of kind `guardViolation` when Afterpay is not offered
    ///   for the amount, or when the amount has more decimals than Afterpay's two; of kind
    ///   `provider` when the server's checkout URL is not on an Afterpay or Clearpay checkout host;
    ///   and whatever the server throws.
    public func prepare(_ request: Checkout.PaymentRequest) async throws -> PaymentSession {
        if case .unavailable(let reason) = availability(for: request.amount) {
            throw PaymentFailure(kind: .guardViolation, message: "\(descriptor.displayName) is not offered: \(reason)")
        }
        let amount = Afterpay.Money(amount: request.amount.amount, currency: request.amount.currencyCode.uppercased())
        guard amount.decimalAmount == request.amount.amount else {
            throw PaymentFailure(
                kind: .guardViolation,
                message: "the amount \(request.amount) has more decimals than \(descriptor.displayName) takes")
        }
        let checkout = try await server.createCheckout(amount: amount, merchantReference: request.reference)
        try Self.requireCheckoutHost(checkout, brand: descriptor.displayName)
        sessionNumber += 1
        let id = "\(descriptor.id)-checkout-\(sessionNumber)"
        checkouts[id] = CheckoutRecord(checkout: checkout, reference: request.reference)
        return PaymentSession(
            id: id, providerID: descriptor.id, amount: request.amount,
            methods: [PaymentMethodOption(id: Self.methodID, name: descriptor.displayName)],
            token: checkout.token)
    }

    /// Answers with a redirect to the checkout page. After a decline or a cancellation the old
    /// token is spent, so a new checkout is created for the same amount first.
    public func submit(_ submission: PaymentSubmission, in session: PaymentSession) async throws -> PaymentOutcome {
        guard submission.methodID == Self.methodID else {
            return .error(message: "\(descriptor.displayName) cannot pay with method \(submission.methodID)")
        }
        var record = try record(for: session)
        if record.isSpent {
            let amount = Afterpay.Money(
                amount: session.amount.amount, currency: session.amount.currencyCode.uppercased())
            let checkout = try await server.createCheckout(amount: amount, merchantReference: record.reference)
            try Self.requireCheckoutHost(checkout, brand: descriptor.displayName)
            record = CheckoutRecord(checkout: checkout, reference: record.reference)
            update(record, for: session.id)
        }
        return .actionRequired(Self.redirect(to: record.checkout))
    }

    /// Reads the return URL (``Checkout/PaymentActionDetails/returnURL``, else the payload) with
    /// ``Afterpay/CheckoutRedirect/result(for:)`` and captures a successful checkout.
    public func submitDetails(
        _ details: PaymentActionDetails, in session: PaymentSession
    ) async throws -> PaymentOutcome {
        var record = try record(for: session)
        guard let text = details.returnURL?.value ?? details.payload.value, let url = URL(string: text) else {
            return .error(message: "the \(descriptor.displayName) return URL is missing or unreadable")
        }
        switch CheckoutRedirect.result(for: url) {
        case nil:
            // Still on Afterpay's page: the checkout has not finished.
            return .actionRequired(Self.redirect(to: record.checkout))
        case .cancelled:
            record.isSpent = true
            update(record, for: session.id)
            return .cancelled
        case .success(let token):
            guard token == record.checkout.token.value else {
                return .error(message: "the return URL's token is not this checkout's")
            }
            guard !record.isSpent else {
                return .error(message: "this \(descriptor.displayName) checkout was already used")
            }
            // Spent before the call: a second return URL arriving while this capture runs must
            // not capture the same order twice.
            record.isSpent = true
            update(record, for: session.id)
            let capture = try await server.capture(
                token: token, merchantReference: record.reference, paymentScheduleChecksum: details.widgetChecksum)
            switch capture.status {
            case .approved:
                let receipt = PaymentReceipt(
                    providerReference: capture.orderID, amount: session.amount, resultCode: capture.status.rawValue)
                record.receipt = receipt
                update(record, for: session.id)
                return .authorised(receipt)
            case .declined:
                update(record, for: session.id)
                return .refused(reason: "\(descriptor.displayName) declined the payment")
            }
        }
    }

    /// A captured payment is final: its receipt again. Afterpay never answers "pending", so
    /// there is nothing else to confirm.
    public func confirm(_ session: PaymentSession) async throws -> PaymentOutcome {
        guard let receipt = try record(for: session).receipt else {
            return .error(message: "no captured \(descriptor.displayName) payment to confirm")
        }
        return .authorised(receipt)
    }

    /// Forgets the session's checkout (an uncaptured Afterpay checkout simply expires).
    public func cancel(_ session: PaymentSession) async {
        checkouts[session.id] = nil
    }

    /// Keeps `record`, unless the session was cancelled while the provider awaited its server
    /// (an actor lets other calls in at every `await`).
    private func update(_ record: CheckoutRecord, for id: String) {
        if checkouts[id] != nil { checkouts[id] = record }
    }

    private func record(for session: PaymentSession) throws -> CheckoutRecord {
        guard let record = checkouts[session.id] else {
            throw PaymentFailure(kind: .provider, message: "unknown \(descriptor.displayName) session \(session.id)")
        }
        return record
    }

    private static func redirect(to checkout: AfterpayCheckout) -> PaymentActionRequest {
        PaymentActionRequest(kind: .redirect, url: checkout.redirectCheckoutURL)
    }

    private static func requireCheckoutHost(_ checkout: AfterpayCheckout, brand: String) throws {
        guard let url = checkout.redirectCheckoutURL.url, CheckoutRedirect.isCheckoutURL(url) else {
            throw PaymentFailure(
                kind: .provider,
                message: "the checkout URL is not on a \(brand) checkout host (https, Afterpay or Clearpay)")
        }
    }
}
