public import Checkout

/// How an Adyen answer becomes a provider-neutral `PaymentOutcome`: pure functions, so every
/// result code is tested alone.
///
/// | Answer | Outcome |
/// | --- | --- |
/// | any code with an `action` | `PaymentOutcome/actionRequired(_:)` (an unknown action type is an error) |
/// | an `order` with a remaining amount, `Authorised` | `PaymentOutcome/partiallyAuthorised(_:remaining:)` |
/// | `Authorised` | `PaymentOutcome/authorised(_:)` (an authorised amount other than the one asked is an error) |
/// | `Refused` | `PaymentOutcome/refused(reason:)` with `refusalReason` |
/// | `Error` | `PaymentOutcome/error(message:)` with `refusalReason` |
/// | `Cancelled` | `PaymentOutcome/cancelled` |
/// | `Pending`, `Received`, `PresentToShopper` | `PaymentOutcome/awaitingConfirmation(_:)`: the pending family (see "The pending family" in Docs/PaymentProviders.md) |
/// | `RedirectShopper`, `IdentifyShopper`, `ChallengeShopper`, `Authentication…` without an action | `PaymentOutcome/error(message:)` |
/// | anything else | `PaymentOutcome/error(message:)` |
public enum AdyenResultMapping {
    /// The outcome of a payments or details answer for a payment of `amount` (`due` in major
    /// units, as the checkout asked).
    public static func outcome(of response: AdyenPaymentResponse, amount: AdyenAmount, due: Money) -> PaymentOutcome {
        let code = AdyenResultCode(rawValue: response.resultCode)
        if let action = response.action {
            guard let request = action.request else {
                return .error(message: "Adyen asked for an action of unsupported type \"\(action.type)\"")
            }
            return .actionRequired(request)
        }
        let receipt = PaymentReceipt(
            providerReference: response.pspReference ?? response.merchantReference ?? "",
            amount: due, resultCode: response.resultCode)
        if let order = response.order, order.remainingAmount.value > 0, code != .refused {
            return partial(order, response: response, amount: amount, due: due)
        }
        guard let code else {
            return .error(message: "Adyen answered an unknown result code \"\(response.resultCode)\"")
        }
        switch code {
        case .authorised:
            if let authorised = response.amount, authorised != amount {
                return .error(message: "Adyen authorised \(authorised) but \(amount) was asked")
            }
            return .authorised(receipt)
        case .partiallyAuthorised:
            return .error(message: "Adyen answered PartiallyAuthorised without an order for the remainder")
        case .refused:
            return .refused(reason: response.refusalReason ?? "Refused")
        case .error:
            return .error(message: response.refusalReason ?? "Adyen could not process the payment")
        case .cancelled:
            return .cancelled
        case .pending, .received, .presentToShopper:
            return .awaitingConfirmation(receipt)
        case .redirectShopper, .identifyShopper, .challengeShopper, .authenticationFinished,
            .authenticationNotRequired:
            return .error(message: "Adyen answered \(code.rawValue) without an action")
        }
    }

    /// The outcome of the authoritative session-result lookup.
    public static func outcome(of status: AdyenSessionStatus, receipt: PaymentReceipt) -> PaymentOutcome {
        switch status.status {
        case .completed:
            return .authorised(
                PaymentReceipt(
                    providerReference: receipt.providerReference, amount: receipt.amount, resultCode: "Authorised"))
        case .paymentPending, .active: return .awaitingConfirmation(receipt)
        case .refused: return .refused(reason: "Refused")
        case .canceled: return .cancelled
        case .expired: return .error(message: "the Adyen session \(status.id) expired")
        }
    }

    /// The outcome of a payment Adyen's drop-in made in a session and reported with `code`
    /// (`didComplete`), once the session-result lookup answered `status` (`nil`: it could not be
    /// asked, or failed).
    ///
    /// The lookup decides whenever it knows: `completed` → authorised, `paymentPending` →
    /// awaiting confirmation, `refused` → refused, `canceled` → cancelled, `expired` → an error.
    /// While the session is still `active` (or the lookup told nothing), the code's family
    /// decides, and a success is never taken on the drop-in's word:
    ///
    /// | Reported code | Outcome |
    /// | --- | --- |
    /// | `Authorised`, `Pending`, `Received`, `PresentToShopper` | `PaymentOutcome/awaitingConfirmation(_:)`: the pending family, polled |
    /// | `Refused` | `PaymentOutcome/refused(reason:)` |
    /// | `Cancelled` | `PaymentOutcome/cancelled` |
    /// | `Error`, and the codes a finished payment cannot end with (`RedirectShopper`, `IdentifyShopper`, `ChallengeShopper`, `Authentication…`, `PartiallyAuthorised`) | `PaymentOutcome/error(message:)` |
    public static func outcome(
        ofReported code: AdyenResultCode, status: AdyenSessionStatus?, receipt: PaymentReceipt
    ) -> PaymentOutcome {
        if let status, status.status != .active {
            return outcome(of: status, receipt: receipt)
        }
        switch code {
        case .authorised, .pending, .received, .presentToShopper:
            return .awaitingConfirmation(
                PaymentReceipt(
                    providerReference: receipt.providerReference, amount: receipt.amount, resultCode: code.rawValue))
        case .refused:
            return .refused(reason: "Refused")
        case .cancelled:
            return .cancelled
        case .error:
            return .error(message: "Adyen's drop-in reported Error")
        case .partiallyAuthorised, .redirectShopper, .identifyShopper, .challengeShopper, .authenticationFinished,
            .authenticationNotRequired:
            return .error(message: "Adyen's drop-in reported \(code.rawValue) at the end of its payment")
        }
    }

    /// The outcome of the authoritative `AUTHORISATION` webhook (`nil`: none came yet).
    public static func outcome(of notification: AdyenNotification?, receipt: PaymentReceipt) -> PaymentOutcome {
        guard let notification else { return .awaitingConfirmation(receipt) }
        guard notification.success else { return .refused(reason: notification.reason ?? "Refused") }
        return .authorised(
            PaymentReceipt(
                providerReference: notification.pspReference, amount: receipt.amount, resultCode: "Authorised"))
    }

    private static func partial(
        _ order: AdyenOrder, response: AdyenPaymentResponse, amount: AdyenAmount, due: Money
    ) -> PaymentOutcome {
        guard order.remainingAmount.currency == amount.currency, order.remainingAmount.value < amount.value else {
            return .error(message: "Adyen's remaining amount \(order.remainingAmount) does not fit \(amount)")
        }
        do throws(PaymentGuardViolation) {
            let remaining = try order.remainingAmount.money()
            let paid = Money(amount: due.amount - remaining.amount, currencyCode: due.currencyCode)
            let receipt = PaymentReceipt(
                providerReference: response.pspReference ?? order.pspReference, amount: paid,
                resultCode: response.resultCode)
            return .partiallyAuthorised(receipt, remaining: remaining)
        } catch {
            return .error(message: error.description)
        }
    }
}
