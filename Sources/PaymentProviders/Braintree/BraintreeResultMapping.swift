public import Checkout

/// How a Braintree transaction becomes a provider-neutral `PaymentOutcome`: pure functions,
/// tested status by status.
///
/// | Status | Outcome |
/// | --- | --- |
/// | `authorized`, `submitted_for_settlement`, `settling`, `settled`, `settlement_confirmed` | `PaymentOutcome/authorised(_:)` |
/// | `authorizing`, `settlement_pending` | `PaymentOutcome/awaitingConfirmation(_:)`: the pending family (`Transaction.find` decides; see "The pending family" in Docs/PaymentProviders.md) |
/// | `processor_declined`, `gateway_rejected`, `settlement_declined` | `PaymentOutcome/refused(reason:)` |
/// | `failed`, `authorization_expired`, `voided`, an unknown status | `PaymentOutcome/error(message:)` |
/// | validation errors | `PaymentOutcome/error(message:)` listing them |
///
/// A transaction for another amount or currency than the sale asked is an error, whatever its
/// status.
public enum BraintreeResultMapping {
    /// The outcome of a sale of `amount` (decimal string) for `due`.
    public static func outcome(of result: BraintreeSaleResult, amount: String, due: Money) -> PaymentOutcome {
        guard let transaction = result.transaction else {
            if !result.errors.isEmpty {
                let errors = result.errors.map(\.description).joined(separator: "; ")
                return .error(message: "Braintree validation errors: \(errors)")
            }
            return .error(message: result.message ?? "Braintree answered without a transaction")
        }
        return outcome(of: transaction, amount: amount, due: due)
    }

    /// The outcome of a transaction's status (a sale's or `Transaction.find`'s).
    public static func outcome(of transaction: BraintreeTransaction, amount: String, due: Money) -> PaymentOutcome {
        guard transaction.amount == amount, transaction.currencyIsoCode.uppercased() == due.currencyCode else {
            return .error(
                message: "Braintree's transaction is for \(transaction.amount) \(transaction.currencyIsoCode), "
                    + "the sale asked \(amount) \(due.currencyCode)")
        }
        let receipt = PaymentReceipt(providerReference: transaction.id, amount: due, resultCode: transaction.status)
        guard let status = BraintreeTransactionStatus(rawValue: transaction.status) else {
            return .error(message: "Braintree answered an unknown status \"\(transaction.status)\"")
        }
        switch status {
        case .authorized, .submittedForSettlement, .settling, .settled, .settlementConfirmed:
            return .authorised(receipt)
        case .authorizing, .settlementPending:
            // The pending family, as Adyen's Pending and Received: the order is placed as pending
            // and the lookup is polled.
            return .awaitingConfirmation(receipt)
        case .processorDeclined:
            let text = transaction.processorResponseText ?? "Declined"
            let code = transaction.processorResponseCode.map { " (\($0))" } ?? ""
            return .refused(reason: text + code)
        case .gatewayRejected:
            return .refused(reason: "Gateway rejected: \(transaction.gatewayRejectionReason ?? "unknown")")
        case .settlementDeclined:
            return .refused(reason: "Settlement declined")
        case .failed, .authorizationExpired, .voided:
            return .error(message: "the Braintree transaction \(transaction.id) is \(transaction.status)")
        }
    }

    /// The outcome of the drop-in's error.
    public static func outcome(of error: BraintreeDropInError) -> PaymentOutcome {
        .error(message: "Braintree drop-in: \(error)")
    }
}
