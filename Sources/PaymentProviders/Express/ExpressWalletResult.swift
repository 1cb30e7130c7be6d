public import Checkout

/// What an express wallet sheet (Apple Pay, PayPal) returned on the cart screen: the shopper's
/// contact and addresses, the shipping method chosen in the sheet, the total the sheet showed,
/// and the payment token as a submission for the provider.
///
/// ```swift
/// let wallet = ExpressWalletResult(
///     email: contact.emailAddress, shippingAddress: address, shownTotal: sheetTotal,
///     payment: BraintreeDropInResult.paymentMethod(applePayNonce).submission)
/// ```
public struct ExpressWalletResult: Sendable, Hashable {
    /// The shopper's email address.
    public var email: String
    /// The delivery address.
    public var shippingAddress: Address
    /// The billing address; `nil` when it is the delivery address.
    public var billingAddress: Address?
    /// The shipping method picked in the sheet; `nil` to keep the checkout's (or take the first
    /// offered).
    public var shippingMethodID: String?
    /// The total the sheet showed the shopper when they authorised: the payment only goes on if
    /// the checkout's total is still this.
    public var shownTotal: Money
    /// The wallet's payment token, as the provider takes a drop-in submission. Secret.
    public var payment: PaymentSubmission

    /// Creates a result.
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
