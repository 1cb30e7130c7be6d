/// The wallet sheet (Apple Pay) while it is open: each PassKit delegate callback, with the
/// request id the host gave it, and the results of the work the engine does for them.
///
/// The engine answers each callback exactly once, through the host's ``WalletSheet`` (see
/// ``WalletSheetReducer`` for the rules), except a callback that comes out of order or during
/// an authorisation, which is recorded in ``WalletSheetState/lastIgnored`` instead.
///
/// ```swift
/// store.dispatch(.wallet(.sheetPresented(providerID: "adyen", merchantName: "Poq Shop")))
/// store.dispatch(.wallet(.shippingContactSelected(partial, requestID: 1)))
/// ```
public enum WalletSheetAction: Sendable, Hashable, Codable {
    /// The host is presenting the sheet for a payment with `providerID`; the total line is
    /// labelled `merchantName`. Read ``WalletSheetState/summaryItems`` and
    /// ``WalletSheetState/shippingMethods`` afterwards to build the payment request, or
    /// ``WalletSheetState/status`` to see why the engine refused.
    case sheetPresented(providerID: String, merchantName: String)
    /// `didSelectShippingContact`: the shopper's delivery address, partial before authorisation.
    case shippingContactSelected(PartialAddress, requestID: Int)
    /// `didSelectShippingMethod`: the method's identifier.
    case shippingMethodSelected(id: String, requestID: Int)
    /// `didSelectPaymentMethod`: the card picked.
    case paymentMethodSelected(WalletPaymentMethod, requestID: Int)
    /// `didAuthorizePayment`: the full contact and the payment token.
    indirect case paymentAuthorized(WalletAuthorization, requestID: Int)
    /// `didFinish`: the sheet closed.
    case sheetDismissed
    /// The Checkout API answered a call made for the sheet (the engine's `requestID`).
    indirect case updateLoaded(CheckoutDetails, requestID: Int)
    /// A Checkout API call made for the sheet failed.
    case updateFailed(CheckoutAPIError, requestID: Int)
    /// The sheet's time for the update with this timer id ran out on the store's clock.
    case updateTimedOut(requestID: Int)
}
