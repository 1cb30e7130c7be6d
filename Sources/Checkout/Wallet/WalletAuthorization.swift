/// What a wallet sheet (Apple Pay, PayPal) hands over when the shopper authorises: the full
/// contact and addresses, the shipping method chosen in the sheet, the total the sheet showed,
/// and the payment token as a submission for the provider.
///
/// ```swift
/// // PKPayment in didAuthorizePayment
/// let authorization = WalletAuthorization(
///     email: payment.shippingContact?.emailAddress ?? "", shippingAddress: address,
///     shippingMethodID: payment.shippingMethod?.identifier, shownTotal: lastSummary.total,
///     payment: PaymentSubmission(methodID: "applepay", payload: Sensitive(token)))
/// store.dispatch(.wallet(.paymentAuthorized(authorization, requestID: 5)))
/// ```
///
/// The engine checks this against the checkout with the native checkout's own actions
/// (``ExpressCheckoutPlanner``), so the full address is validated as a typed one would be.
public struct WalletAuthorization: Sendable, Hashable, Codable {
    /// The shopper's email address.
    public var email: String
    /// The delivery address (with the name and phone of the person at it).
    public var shippingAddress: Address
    /// The billing address; `nil` when it is the delivery address.
    public var billingAddress: Address?
    /// The shipping method picked in the sheet; `nil` to keep the checkout's (or take the first
    /// offered).
    public var shippingMethodID: String?
    /// The total the sheet showed the shopper when they authorised: the payment only goes on if
    /// the checkout's total is still this (and, for a sheet the engine answered, if it is the
    /// total of the last summary the engine sent).
    public var shownTotal: Money
    /// The wallet's payment token, as the provider takes a drop-in submission. Secret.
    public var payment: PaymentSubmission

    /// Creates an authorisation.
    public init(
        email: String, shippingAddress: Address, billingAddress: Address? = nil, shippingMethodID: String? = nil,
        shownTotal: Money, payment: PaymentSubmission
    ) {
        self.email = email
        self.shippingAddress = shippingAddress
        self.billingAddress = billingAddress
        self.shippingMethodID = shippingMethodID
        self.shownTotal = shownTotal
        self.payment = payment
    }

    /// The billing address to set: ``billingAddress``, or the delivery address.
    public var effectiveBillingAddress: Address { billingAddress ?? shippingAddress }
}
