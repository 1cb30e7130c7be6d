public import Checkout

/// What an express wallet sheet (Apple Pay, PayPal) returned on the cart screen: the shopper's
/// contact and addresses, the shipping method chosen in the sheet, the total the sheet showed,
/// and the payment token as a submission for the provider. The checkout's
/// `WalletAuthorization`, under the name express checkout has always used.
///
/// ```swift
/// let wallet = ExpressWalletResult(
///     email: contact.emailAddress, shippingAddress: address, shownTotal: sheetTotal,
///     payment: BraintreeDropInResult.paymentMethod(applePayNonce).submission)
/// ```
public typealias ExpressWalletResult = WalletAuthorization
