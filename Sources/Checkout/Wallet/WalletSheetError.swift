/// An error the engine hands the wallet sheet with an answer, or the reason it refused a sheet.
/// Each maps onto one PassKit error (see Docs/PaymentProviders.md, "The wallet sheet"): the
/// contact and address ones onto `PKPaymentRequest`'s field errors, the rest onto
/// `PKPaymentError(.unknownError)` with ``description`` as its text.
public enum WalletSheetError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// A field of the delivery address is not usable (`field` is `nil` when the backend did not
    /// say which).
    case shippingAddressInvalid(field: WalletContactField?, message: String)
    /// The checkout cannot deliver there: no shipping method is offered.
    case shippingAddressUnserviceable(message: String)
    /// A field of the billing address is not usable.
    case billingAddressInvalid(field: WalletContactField?, message: String)
    /// The name, email or phone is not usable.
    case contactInvalid(field: WalletContactField, message: String)
    /// The sheet selected a shipping method the engine never offered it.
    case unknownShippingMethod(id: String)
    /// The Checkout API did not answer before the sheet's time ran out: the sheet keeps its last
    /// totals.
    case updateTimedOut
    /// The Checkout API call made for the sheet failed.
    case updateFailed(CheckoutAPIError)
    /// The Checkout API's answer contradicts itself or the request (another currency, totals
    /// that do not add up, a method that is not offered, another method than the one asked for):
    /// the engine keeps its last totals.
    case inconsistentUpdate(detail: String)
    /// The checkout's total is not the one the sheet showed: nothing was charged.
    case totalChanged(shown: Money?, current: Money?)
    /// The provider declined the payment.
    case paymentDeclined(reason: String)
    /// The payment failed.
    case paymentFailed(PaymentFailure)
    /// The payment was cancelled.
    case paymentCancelled
    /// The checkout refused the wallet's data (an error it shows as it would for typed data).
    case checkoutRefused(CheckoutErrorKind)
    /// The sheet cannot open: the checkout has not loaded, is not native, or is finished.
    case checkoutNotReady
    /// The sheet cannot open: no provider with this id is configured.
    case unknownProvider(id: String)
    /// The sheet cannot open: the payment guards refuse the checkout's total.
    case paymentRefused(PaymentGuardViolation)
    /// The sheet cannot open: another payment is under way.
    case paymentInProgress
    /// The callback came for no open sheet (never presented, or dismissed).
    case sheetClosed
    /// The shopper already authorised a payment in this sheet.
    case alreadyAuthorized
    /// The callback came while an authorisation is being processed (it is not answered).
    case authorizationInProgress
    /// The callback's request id is not greater than one already seen (it is not answered).
    case requestOutOfOrder(requestID: Int, lastRequestID: Int)
    /// A web checkout's page refused the payment or the contact (its `error` event, or an
    /// `applepayupdate` error with the code `unknown`): `message` is the page's.
    case pageError(message: String)
    /// A web checkout's page did not say whether it took the payment (`paymentcompleted` or
    /// `error`) within ``CheckoutEnvironment/walletSheetTimeout``.
    case pageTimedOut

    /// What went wrong, in English, for the sheet's error text (hosts localise by case).
    public var description: String {
        switch self {
        case .shippingAddressInvalid(let field, let message), .billingAddressInvalid(let field, let message):
            return field.map { "\($0.rawValue): \(message)" } ?? message
        case .shippingAddressUnserviceable(let message): return message
        case .contactInvalid(let field, let message): return "\(field.rawValue): \(message)"
        case .unknownShippingMethod(let id): return "the shipping method \(id) is not offered"
        case .updateTimedOut: return "the update took too long; the totals are unchanged"
        case .updateFailed(let error): return "the update failed: \(error)"
        case .inconsistentUpdate(let detail): return "the update was not consistent: \(detail)"
        case .totalChanged(let shown, let current):
            return "the total changed from \(shown.map(\.description) ?? "none") to "
                + "\(current.map(\.description) ?? "none")"
        case .paymentDeclined(let reason): return "the payment was declined: \(reason)"
        case .paymentFailed(let failure): return "the payment failed: \(failure)"
        case .paymentCancelled: return "the payment was cancelled"
        case .checkoutRefused(let kind): return "the checkout refused the details: \(kind.code)"
        case .checkoutNotReady: return "the checkout is not ready for a wallet payment"
        case .unknownProvider(let id): return "no payment provider \(id)"
        case .paymentRefused(let violation): return "the payment cannot start: \(violation)"
        case .paymentInProgress: return "another payment is under way"
        case .sheetClosed: return "the wallet sheet is not open"
        case .alreadyAuthorized: return "the payment was already authorised"
        case .authorizationInProgress: return "an authorisation is being processed"
        case .requestOutOfOrder(let id, let last): return "request \(id) came after request \(last)"
        case .pageError(let message): return message
        case .pageTimedOut: return "the shop did not confirm the payment in time"
        }
    }
}
