/// The engine's answer to one wallet sheet callback, carrying the callback's request id. Each
/// case maps 1:1 onto what PassKit's completion for that callback takes:
///
/// | Callback | Answer | PassKit |
/// | --- | --- | --- |
/// | `didSelectShippingContact` | ``shippingContact(_:requestID:)`` | `PKPaymentRequestShippingContactUpdate(errors:paymentSummaryItems:shippingMethods:)` |
/// | `didSelectShippingMethod` | ``shippingMethod(_:requestID:)`` | `PKPaymentRequestShippingMethodUpdate(paymentSummaryItems:)`, `status` |
/// | `didSelectPaymentMethod` | ``paymentMethod(_:requestID:)`` | `PKPaymentRequestPaymentMethodUpdate(errors:paymentSummaryItems:)` |
/// | `didAuthorizePayment` | ``authorization(_:requestID:)`` | `PKPaymentAuthorizationResult(status:errors:)` |
public enum WalletSheetAnswer: Sendable, Hashable, Codable {
    /// The answer to a shipping contact change.
    case shippingContact(WalletShippingContactUpdate, requestID: Int)
    /// The answer to a shipping method change.
    case shippingMethod(WalletSummaryUpdate, requestID: Int)
    /// The answer to a payment method change.
    case paymentMethod(WalletSummaryUpdate, requestID: Int)
    /// The answer to an authorised payment.
    case authorization(WalletAuthorizationResult, requestID: Int)

    /// The id of the callback this answers.
    public var requestID: Int {
        switch self {
        case .shippingContact(_, let id), .shippingMethod(_, let id), .paymentMethod(_, let id),
            .authorization(_, let id):
            return id
        }
    }

    /// The errors the answer carries.
    public var errors: [WalletSheetError] {
        switch self {
        case .shippingContact(let update, _): return update.errors
        case .shippingMethod(let update, _), .paymentMethod(let update, _): return update.errors
        case .authorization(let result, _): return result.errors
        }
    }
}

/// New summary lines and shipping methods for the sheet after a shipping contact change.
public struct WalletShippingContactUpdate: Sendable, Hashable, Codable {
    /// What is wrong with the contact or the update (empty: nothing).
    public var errors: [WalletSheetError]
    /// The summary; the last line is the total.
    public var summaryItems: [WalletSummaryItem]
    /// The shipping methods offered for the contact, the selected one first (the sheet selects
    /// the first).
    public var shippingMethods: [ShippingMethod]

    /// Creates an update.
    public init(errors: [WalletSheetError], summaryItems: [WalletSummaryItem], shippingMethods: [ShippingMethod]) {
        self.errors = errors
        self.summaryItems = summaryItems
        self.shippingMethods = shippingMethods
    }
}

/// New summary lines for the sheet after a shipping or payment method change. PassKit's
/// shipping method update takes no errors: a non-empty ``errors`` is its `status = .failure`.
public struct WalletSummaryUpdate: Sendable, Hashable, Codable {
    /// What is wrong with the update (empty: nothing).
    public var errors: [WalletSheetError]
    /// The summary; the last line is the total.
    public var summaryItems: [WalletSummaryItem]

    /// Creates an update.
    public init(errors: [WalletSheetError], summaryItems: [WalletSummaryItem]) {
        self.errors = errors
        self.summaryItems = summaryItems
    }
}

/// The answer to an authorised payment: whether the sheet shows success, and why not.
public struct WalletAuthorizationResult: Sendable, Hashable, Codable {
    /// PassKit's `PKPaymentAuthorizationStatus` cases the engine uses.
    public enum Status: String, Sendable, Hashable, Codable {
        /// The payment went through (or was handed to the provider's next step, as 3-D Secure).
        case success
        /// It did not: the sheet shows ``WalletAuthorizationResult/errors`` and the shopper may
        /// change their details and authorise again.
        case failure
    }

    /// Success or failure.
    public var status: Status
    /// Why it failed (empty on success).
    public var errors: [WalletSheetError]

    /// Creates a result.
    public init(status: Status, errors: [WalletSheetError] = []) {
        self.status = status
        self.errors = errors
    }
}
