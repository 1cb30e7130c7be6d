import Checkout
import Foundation
import StateStore

/// What ``AdyenPaymentProvider`` keeps of one payment in its `PaymentAttemptVault`, under
/// ``key(sessionID:)``, so that a new provider finishes the payment after the app was killed.
///
/// JSON, in the vault's own format: its secrets are in clear, so it goes to the vault and nowhere
/// else (never a log, a description or an error message). Once a payment has a final answer the
/// record keeps no secret, only what the lookups that need none use (the pspReference).
struct AdyenAttemptRecord: Codable, Hashable, Sendable {
    /// The format of this record; a record of another format is not read (the payment is then
    /// resumed as if the vault had lost it).
    static let currentFormat = 1

    var format: Int
    var reference: String
    var cartID: String
    var amount: AdyenAmount
    var countryCode: String
    var sessionID: String?
    var sessionData: String?
    var paymentData: String?
    var sessionResult: String?
    /// The open partial-payment order this attempt pays into.
    var order: StoredOrder?
    /// The open partial-payment order the attempt's own answer left (a gift card paid part).
    var openOrder: StoredOrder?
    var pspReference: String?
    var resultCode: String?

    /// An order reference with its data in clear.
    struct StoredOrder: Codable, Hashable, Sendable {
        var pspReference: String
        var orderData: String?

        init(_ order: AdyenOrderReference) {
            pspReference = order.pspReference
            orderData = order.orderData.value
        }

        var reference: AdyenOrderReference? {
            orderData.map { AdyenOrderReference(pspReference: pspReference, orderData: $0) }
        }
    }

    /// The vault key of the payment in session `sessionID`: `adyen/<id>`.
    static func key(sessionID: String) -> String { "adyen/\(sessionID)" }

    /// The record of `attempt`; with `keepingSecrets` false, without its secrets.
    init(_ attempt: AdyenPaymentAttempt, openOrder: AdyenOrderReference?, keepingSecrets: Bool) {
        format = Self.currentFormat
        reference = attempt.reference
        cartID = attempt.cartID
        amount = attempt.amount
        countryCode = attempt.countryCode
        sessionID = attempt.sessionID
        pspReference = attempt.pspReference
        resultCode = attempt.resultCode
        guard keepingSecrets else { return }
        sessionData = attempt.sessionData?.value
        paymentData = attempt.paymentData?.value
        sessionResult = attempt.sessionResult
        order = attempt.order.map(StoredOrder.init)
        self.openOrder = openOrder.map(StoredOrder.init)
    }

    /// The attempt again, for a payment of `due`.
    func attempt(due: Money) -> AdyenPaymentAttempt {
        var attempt = AdyenPaymentAttempt(
            reference: reference, cartID: cartID, amount: amount, due: due, countryCode: countryCode,
            order: order?.reference)
        attempt.sessionID = sessionID
        attempt.sessionData = sessionData.map(Sensitive.init)
        attempt.paymentData = paymentData.map(Sensitive.init)
        attempt.sessionResult = sessionResult
        attempt.pspReference = pspReference
        attempt.resultCode = resultCode
        // A session's calls need its session data: without it, the record kept no secret (a final
        // answer), or the flow has none (advanced).
        attempt.secretsLost = sessionID != nil && sessionData == nil
        return attempt
    }

    /// The record as the vault keeps it.
    func encoded() throws -> Sensitive<Data> {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Sensitive(try encoder.encode(self))
    }

    /// The record the vault kept, or `nil` when it is not one of this format.
    static func decoded(_ secret: Sensitive<Data>) -> AdyenAttemptRecord? {
        guard let data = secret.value, let record = try? JSONDecoder().decode(Self.self, from: data),
            record.format == currentFormat
        else { return nil }
        return record
    }
}
