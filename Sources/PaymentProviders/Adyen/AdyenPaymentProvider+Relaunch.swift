public import Checkout
import Foundation
import StateStore

extension AdyenPaymentProvider {
    /// Rebuilds the Adyen payment a relaunched checkout has under way, from what survived the
    /// app's death: the restored state (the payment session's id and amount, the payment's
    /// reference and cart, a receipt's pspReference) and what this provider's vault kept (the
    /// session data, the action's payment data, the session result, a partial payment's order).
    /// Call it before the relaunched store starts, with the same vault the killed app used:
    ///
    /// ```swift
    /// if let restored = try CheckoutRestore.fromLog(at: lastLogURL, environment: environment),
    ///     restored.needsResuming
    /// {
    ///     _ = await adyen.resume(from: restored.state)
    ///     store = restored.makeStore(environment: environment, observers: [recorder.observer])
    /// }
    /// ```
    ///
    /// Then the shopper's return from a redirect (``AdyenRedirectReturn``) and the checkout's
    /// lookups complete the payment as if the app had never died. A vault that lost it (the
    /// shopper wiped the app's data, the checkout went on on another device, the Keychain failed)
    /// leaves the payment to the calls that need no secret: a redirect's return still completes it
    /// (its `redirectResult` names the payment), the webhook answers for a known pspReference;
    /// without either, the checkout's check ends showing that the payment could not be confirmed,
    /// with a retry that asks again: never an order on a guess, never a second payment.
    ///
    /// A provider that was not asked still reads the vault when the checkout first names the
    /// session; this also checks what the vault holds against the state.
    @discardableResult
    public func resume(from state: CheckoutState) async -> AdyenResumption {
        guard let session = state.payment.session, session.providerID == descriptor.id,
            let intent = state.payment.intent, let amount = try? AdyenAmount(session.amount)
        else { return .nothingToResume }
        var recordedPSP: String?
        if let receipt = state.payment.receipt, !receipt.providerReference.isEmpty,
            receipt.providerReference != intent.reference
        {
            recordedPSP = receipt.providerReference
        }
        // A record for another payment (another reference or amount) is never used: its secrets
        // belong to a payment this checkout is not making.
        if let record = await record(for: session), record.amount == amount, record.reference == intent.reference {
            adopt(record, due: session.amount, id: session.id)
            if attempts[session.id]?.pspReference == nil { attempts[session.id]?.pspReference = recordedPSP }
            return attempts[session.id]?.secretsLost == true
                ? .secretsLost(sessionID: session.id) : .resumed(sessionID: session.id)
        }
        var attempt = AdyenPaymentAttempt(
            reference: intent.reference, cartID: intent.cartID, amount: amount, due: session.amount,
            countryCode: (state.shippingContact?.countryCode ?? configuration.countryCode).uppercased())
        attempt.sessionID = configuration.flow == .sessions ? session.id : nil
        attempt.pspReference = recordedPSP
        attempt.resultCode = state.payment.receipt?.resultCode
        attempt.secretsLost = true
        attempts[session.id] = attempt
        return .secretsLost(sessionID: session.id)
    }

    // MARK: The vault

    /// Remembers `attempt` under `id`, here and in the vault; once the payment has a `final`
    /// answer, the vault keeps no secret of it any more.
    func keep(_ attempt: AdyenPaymentAttempt, id: String, final: Bool = false) async {
        attempts[id] = attempt
        let record = AdyenAttemptRecord(
            attempt, openOrder: openOrders[attempt.reference]?.order, keepingSecrets: !final)
        // A vault that fails costs only a relaunch its secrets: the payment goes on.
        guard let data = try? record.encoded() else { return }
        try? await vault.store(data, forKey: AdyenAttemptRecord.key(sessionID: id))
    }

    /// `outcome`, after the vault dropped the secrets of a payment it settles.
    func settled(_ outcome: PaymentOutcome, _ id: String) async -> PaymentOutcome {
        if Self.isFinal(outcome), let attempt = attempts[id] { await keep(attempt, id: id, final: true) }
        return outcome
    }

    /// Whether `outcome` ends the payment: nothing more is asked of Adyen with its secrets.
    static func isFinal(_ outcome: PaymentOutcome) -> Bool {
        switch outcome {
        case .authorised, .refused, .cancelled, .error: return true
        case .awaitingConfirmation, .actionRequired, .partiallyAuthorised: return false
        }
    }

    /// What the vault kept for `session`, if it is a record this provider can read.
    func record(for session: PaymentSession) async -> AdyenAttemptRecord? {
        guard let secret = try? await vault.secret(forKey: AdyenAttemptRecord.key(sessionID: session.id)) else {
            return nil
        }
        return AdyenAttemptRecord.decoded(secret)
    }

    /// Takes `record` as the attempt of session `id`, with its open partial-payment order.
    func adopt(_ record: AdyenAttemptRecord, due: Money, id: String) {
        let attempt = record.attempt(due: due)
        attempts[id] = attempt
        if let open = (record.openOrder ?? record.order)?.reference {
            openOrders[record.reference] = (open, record.cartID)
        }
    }
}

/// What ``AdyenPaymentProvider/resume(from:)`` found for a relaunched checkout's payment: a host
/// may tell the shopper, and a test asserts on it.
public enum AdyenResumption: Sendable, Hashable {
    /// The checkout has no Adyen payment session: nothing to resume.
    case nothingToResume
    /// The vault had the payment's secrets: it goes on as if the app had never died.
    case resumed(sessionID: String)
    /// The vault did not have them: the calls that need no secret go on (a redirect's return, the
    /// webhook for a known pspReference); otherwise the payment ends unconfirmed.
    case secretsLost(sessionID: String)
}
