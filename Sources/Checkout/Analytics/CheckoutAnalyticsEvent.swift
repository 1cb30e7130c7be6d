/// An analytics event of the checkout, named and typed by the e-commerce convention host apps'
/// back ends use (GA4 / Firebase recommended events): `begin_checkout`, `add_shipping_info`,
/// `add_payment_info` and `purchase` with the convention's parameters, and the checkout's own
/// events in the same snake_case style (names at most 40 characters).
///
/// | Event | ``name`` | Parameters |
/// | --- | --- | --- |
/// | ``beginCheckout(kind:cart:)`` | `begin_checkout` | `checkout_kind`, `currency`, `value`, `items` |
/// | ``addShippingInfo(shippingTier:cart:)`` | `add_shipping_info` | `shipping_tier`, `currency`, `value`, `items` |
/// | ``addPaymentInfo(paymentType:providerID:cart:)`` | `add_payment_info` | `payment_type`, `payment_provider`, `currency`, `value`, `items` |
/// | ``purchase(transactionID:cart:)`` | `purchase` | `transaction_id`, `currency`, `value`, `shipping`, `tax`, `items` |
/// | ``purchaseUnconfirmed(idSource:cart:)`` | `purchase_unconfirmed` | `order_id_source`, `currency`, `value`, `shipping`, `tax`, `items` |
/// | ``sectionCompleted(_:)`` | `checkout_section_completed` | `checkout_section` |
/// | ``paymentFailed(reason:providerID:attempt:)`` | `checkout_payment_failed` | `failure_reason`, `payment_provider`, `payment_attempt` |
/// | ``cartRecovered(statusCode:cart:)`` | `checkout_cart_recovered` | `status_code`, `currency`, `value`, `items` |
/// | ``dismissed(atStep:)`` | `checkout_dismissed` | `checkout_step` |
/// | ``errorShown(code:)`` | `checkout_error_shown` | `error_code` |
///
/// Events carry no personal data and no secrets: no email, name, address, phone or card data;
/// only product ids, titles, prices and quantities, amounts, section, method, provider and error
/// names, and the order's own id. Amounts are `Decimal` (``CheckoutAnalyticsValue/decimal(_:)``);
/// a sink converts them at its edge (``foundationParameters`` for `[String: Any]` APIs).
public enum CheckoutAnalyticsEvent: Sendable, Hashable, Encodable {
    /// `begin_checkout`: the checkout is first shown: a native checkout's cart loaded, or a web
    /// checkout's page session began (its lines only if the state holds the cart).
    case beginCheckout(kind: CheckoutKind, cart: CheckoutAnalyticsCart?)
    /// `add_shipping_info`: the shipping-method section became complete with `shippingTier` (the
    /// method's id), or the customer picked another method while it was complete.
    case addShippingInfo(shippingTier: String, cart: CheckoutAnalyticsCart?)
    /// `add_payment_info`: the customer's payment choice (`paymentType`, the method's type such
    /// as `scheme`, `paypal` or `applepay`) went to the provider `providerID`.
    case addPaymentInfo(paymentType: String, providerID: String?, cart: CheckoutAnalyticsCart?)
    /// `purchase`: an order with a real order id (the backend's or the page's) was placed. Once
    /// per order.
    case purchase(transactionID: String, cart: CheckoutAnalyticsCart?)
    /// `purchase_unconfirmed`: the checkout completed, but the order id is a stand-in (a payment
    /// reference, the session's internal reference), so no `purchase` is sent. The stand-in is
    /// not sent; `idSource` says what it was.
    case purchaseUnconfirmed(idSource: CompletedOrder.IDSource, cart: CheckoutAnalyticsCart?)
    /// `checkout_section_completed`: a native section before payment became complete.
    case sectionCompleted(CheckoutSection)
    /// `checkout_payment_failed`: the payment was declined, failed or cancelled (`reason`), on
    /// the payment `attempt` (1 for the first).
    case paymentFailed(reason: PaymentFailureReason, providerID: String?, attempt: Int)
    /// `checkout_cart_recovered`: the checkout recovered from a 409 (the cart changed: fetched
    /// again) or a 410 (the cart expired: rebuilt from the customer's progress); `cart` is the
    /// cart after it.
    case cartRecovered(statusCode: Int, cart: CheckoutAnalyticsCart?)
    /// `checkout_dismissed`: the customer left at `step` (a section name, `"web"`, `"loading"`
    /// or `"completed"`).
    case dismissed(atStep: String)
    /// `checkout_error_shown`: an error was shown (`code` as in ``CheckoutErrorKind/code``).
    case errorShown(code: String)

    /// Why a payment did not go through, as `checkout_payment_failed` reports it: a category,
    /// never the provider's message.
    public enum PaymentFailureReason: String, Sendable, Hashable, Codable, CaseIterable {
        /// The provider declined the payment (the drop-in stays up for another try, or, when the
        /// drop-in made the payment itself, paying again starts over).
        case declined
        /// The customer cancelled, or the app went away before the choice was submitted.
        case cancelled
        /// The provider failed to process it.
        case providerError = "provider_error"
        /// The Checkout API failed while starting it.
        case apiError = "api_error"
        /// A payment guard refused it (an amount or currency that does not match what was shown).
        case guardRefused = "guard_refused"
        /// A step took too long.
        case timeout
        /// The app went away while the provider held the payment.
        case interrupted
        /// The configuration is wrong (no such provider).
        case configuration
        /// The provider refused a payment that awaited confirmation; its pending order was
        /// cancelled.
        case refusedAfterPending = "refused_after_pending"

        /// The category of a failed payment step.
        public init(_ kind: PaymentFailure.Kind) {
            switch kind {
            case .provider: self = .providerError
            case .api: self = .apiError
            case .guardViolation: self = .guardRefused
            case .timeout: self = .timeout
            case .interrupted: self = .interrupted
            case .configuration: self = .configuration
            case .refused: self = .refusedAfterPending
            case .declined: self = .declined
            }
        }
    }

    /// The event's name, as the convention writes it (`"begin_checkout"`, `"purchase"`,
    /// `"checkout_error_shown"`).
    public var name: String {
        switch self {
        case .beginCheckout: return "begin_checkout"
        case .addShippingInfo: return "add_shipping_info"
        case .addPaymentInfo: return "add_payment_info"
        case .purchase: return "purchase"
        case .purchaseUnconfirmed: return "purchase_unconfirmed"
        case .sectionCompleted: return "checkout_section_completed"
        case .paymentFailed: return "checkout_payment_failed"
        case .cartRecovered: return "checkout_cart_recovered"
        case .dismissed: return "checkout_dismissed"
        case .errorShown: return "checkout_error_shown"
        }
    }

    /// The event's parameters, keyed by the convention's names, with typed values (money as
    /// `Decimal`). Unknown values are left out.
    public var parameters: [String: CheckoutAnalyticsValue] {
        switch self {
        case .beginCheckout(let kind, let cart):
            return Self.parameters(["checkout_kind": .string(kind.rawValue)], cart)
        case .addShippingInfo(let tier, let cart):
            return Self.parameters(["shipping_tier": .string(tier)], cart)
        case .addPaymentInfo(let type, let providerID, let cart):
            var parameters: [String: CheckoutAnalyticsValue] = ["payment_type": .string(type)]
            if let providerID { parameters["payment_provider"] = .string(providerID) }
            return Self.parameters(parameters, cart)
        case .purchase(let transactionID, let cart):
            return Self.parameters(["transaction_id": .string(transactionID)], cart)
        case .purchaseUnconfirmed(let source, let cart):
            return Self.parameters(["order_id_source": .string(source.rawValue)], cart)
        case .sectionCompleted(let section):
            return ["checkout_section": .string(section.rawValue)]
        case .paymentFailed(let reason, let providerID, let attempt):
            var parameters: [String: CheckoutAnalyticsValue] = [
                "failure_reason": .string(reason.rawValue), "payment_attempt": .integer(attempt),
            ]
            if let providerID { parameters["payment_provider"] = .string(providerID) }
            return parameters
        case .cartRecovered(let statusCode, let cart):
            return Self.parameters(["status_code": .integer(statusCode)], cart)
        case .dismissed(let step):
            return ["checkout_step": .string(step)]
        case .errorShown(let code):
            return ["error_code": .string(code)]
        }
    }

    private static func parameters(
        _ own: [String: CheckoutAnalyticsValue], _ cart: CheckoutAnalyticsCart?
    ) -> [String: CheckoutAnalyticsValue] {
        guard let cart else { return own }
        return own.merging(cart.parameters) { own, _ in own }
    }

    /// The parameters as the Foundation values `[String: Any]` analytics APIs take (text as
    /// `String`, numbers as `NSNumber`, items as `[[String: Any]]`; see
    /// ``CheckoutAnalyticsValue/foundationValue``): the conversion of money to binary floating
    /// point happens here, at the sink's edge, and nowhere in the engine.
    ///
    /// With Firebase (in the app; the engine does not import it):
    ///
    /// ```swift
    /// import FirebaseAnalytics
    ///
    /// struct FirebaseSink: CheckoutAnalyticsSink {
    ///     func record(_ event: CheckoutAnalyticsEvent) {
    ///         Analytics.logEvent(event.name, parameters: event.foundationParameters)
    ///     }
    /// }
    /// ```
    public var foundationParameters: [String: Any] {
        parameters.compactMapValues(\.foundationValue)
    }

    private enum CodingKeys: String, CodingKey {
        case name, parameters
    }

    /// Encodes the event as `{"name": …, "parameters": {…}}`, as `checkout replay --json` prints it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(parameters, forKey: .parameters)
    }
}
