/// The wallet sheet (Apple Pay's payment sheet) as the engine talks to it: the host implements
/// it by calling the completion PassKit gave it for the answer's request id, and the engine calls
/// it from effects (never while reducing, never in a replay).
///
/// The host numbers the sheet's callbacks (any increasing numbers), keeps each completion under
/// its number, and dispatches the callback as a ``WalletSheetAction``. The conversions between
/// these types and PassKit's (`partialAddress(_:)`, `passKitUpdate(_:)` below) are the host's:
/// the engine links no Apple framework; the PaymentProviders guide shows them in full.
///
/// ```swift
/// final class ApplePaySheet: NSObject, WalletSheet, PKPaymentAuthorizationControllerDelegate,
///     @unchecked Sendable {
///     private var contactCompletions: [Int: (PKPaymentRequestShippingContactUpdate) -> Void] = [:]
///     private var nextRequestID = 0
///
///     func paymentAuthorizationController(
///         _ controller: PKPaymentAuthorizationController, didSelectShippingContact contact: PKContact,
///         handler completion: @escaping (PKPaymentRequestShippingContactUpdate) -> Void
///     ) {
///         nextRequestID += 1
///         contactCompletions[nextRequestID] = completion
///         store.dispatch(.wallet(.shippingContactSelected(partialAddress(contact), requestID: nextRequestID)))
///     }
///
///     func answer(_ answer: WalletSheetAnswer) {
///         DispatchQueue.main.async { [self] in
///             if case .shippingContact(let update, let id) = answer {
///                 contactCompletions.removeValue(forKey: id)?(passKitUpdate(update))
///             }
///             // … the other three answers alike
///         }
///     }
/// }
/// ```
///
/// ## Order
/// The engine calls ``answer(_:)`` once per answer, one call at a time, in the order the answers
/// were made; an answer to an older request is never delivered after one to a newer request,
/// and answers to a sheet presented earlier are dropped once a later sheet has an answer. Keep
/// `answer` short (hop to the main queue and return): the next answer waits for it.
public protocol WalletSheet: Sendable {
    /// Hands `answer` to the sheet's completion for ``WalletSheetAnswer/requestID``.
    func answer(_ answer: WalletSheetAnswer)
}
