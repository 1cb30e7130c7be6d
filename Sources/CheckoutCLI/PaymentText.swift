import Checkout
import StateStore

/// Readable text for the demo's payment lines: the payment actions, the payment phase, the
/// checkout's view and its errors, in words rather than Swift's dumps of nested values
/// (`actionRequired(Checkout.PaymentActionRequest(kind: …))`).
///
/// Built from typed values, not from their text: secrets are read only through `Sensitive` and
/// `SensitiveURL`, whose descriptions are redacted.
enum PaymentText {
    /// `payment.outcomeReceived(action required: 3-D Secure challenge, attempt 1)`; `nil` for an
    /// action that reads well as its case path (`payment.payTapped`).
    static func describe(_ action: PaymentAction) -> String? {
        switch action {
        case .intentCreated(let intent, let attempt):
            return
                "payment.intentCreated(\(intent.reference): \(intent.amount) for cart \(intent.cartID), attempt \(attempt))"
        case .intentFailed(let error, let attempt):
            return "payment.intentFailed(\(error), attempt \(attempt))"
        case .sessionPrepared(let session, let attempt):
            let methods = session.methods.map(\.id).joined(separator: ", ")
            return "payment.sessionPrepared(\(session.providerID) session \(session.id) for \(session.amount)"
                + (methods.isEmpty ? "" : ", methods \(methods)") + ", attempt \(attempt))"
        case .submitted(let submission):
            let shown = submission.displayDescription.map { " \"\($0)\"" } ?? ""
            return "payment.submitted(\(submission.methodID)\(shown), details \(submission.payload))"
        case .actionCompleted(let details):
            let returnURL = details.returnURL.map { ", return URL \($0)" } ?? ""
            return "payment.actionCompleted(details \(details.payload)\(returnURL))"
        case .dropInCompleted(let result):
            let method = result.methodID.map { ", method \($0)" } ?? ""
            let verification = result.sessionResult.map { ", session result \($0)" } ?? ""
            return "payment.dropInCompleted(\(result.resultCode)\(method)\(verification))"
        case .outcomeReceived(let outcome, let attempt):
            return "payment.outcomeReceived(\(describe(outcome)), attempt \(attempt))"
        case .providerFailed(let failure, let attempt):
            return "payment.providerFailed(\(failure), attempt \(attempt))"
        case .widgetStatusChanged(let report):
            if report.isValid { return "payment.widgetStatusChanged(valid)" }
            let reason = [report.errorCode, report.message].compactMap { $0 }.joined(separator: " ")
            return "payment.widgetStatusChanged(invalid" + (reason.isEmpty ? ")" : ": \(reason))")
        default:
            return nil
        }
    }

    /// `authorised 45.95 GBP (provider reference 8815…)`, `refused: Insufficient Funds`.
    static func describe(_ outcome: PaymentOutcome) -> String {
        switch outcome {
        case .authorised(let receipt):
            return "authorised \(receipt.amount) (provider reference \(receipt.providerReference))"
        case .awaitingConfirmation(let receipt):
            return "awaiting confirmation of \(receipt.amount) (provider reference \(receipt.providerReference))"
        case .actionRequired(let request):
            return "action required: \(describe(request))"
        case .refused(let reason):
            return "refused: \(reason)"
        case .cancelled:
            return "cancelled"
        case .error(let message):
            return "error: \(message)"
        case .partiallyAuthorised(let receipt, let remaining):
            return "partially authorised \(receipt.amount), \(remaining) remaining"
        }
    }

    /// `3-D Secure challenge`, `redirect to https://…/?token=[REDACTED]`.
    static func describe(_ request: PaymentActionRequest) -> String {
        let kind: String
        switch request.kind {
        case .redirect: kind = "redirect"
        case .threeDSFingerprint: kind = "3-D Secure device fingerprint"
        case .threeDSChallenge: kind = "3-D Secure challenge"
        case .sdk: kind = "the provider's app or SDK"
        case .await: kind = "approval elsewhere"
        case .voucher: kind = "a voucher"
        case .qrCode: kind = "a QR code"
        case .document: kind = "a document"
        }
        return request.url.map { "\(kind) to \($0)" } ?? kind
    }

    /// The phase as the demo's `→ payment …` note shows it: `action required (3-D Secure
    /// challenge)`, `declined (Insufficient Funds)`, or the phase's name.
    static func describe(_ phase: PaymentPhase) -> String {
        switch phase {
        case .actionRequired(let request): return "action required (\(describe(request)))"
        case .declined(let reason): return "declined (\(reason))"
        case .failed(let failure): return "failed (\(failure))"
        default: return phase.name
        }
    }

    /// The view as the demo's `→ view …` note shows it: `failed (the cart expired (410))`, or the
    /// view's name.
    static func describe(_ view: CheckoutViewState) -> String {
        switch view {
        case .failed(let error): return "failed (\(error))"
        default: return "\(view)"
        }
    }

    /// An error as the demo's `→ error …` note shows it: its code and, when it has one, its reason
    /// (`paymentDeclined: Insufficient Funds`).
    static func describe(_ error: CheckoutErrorKind) -> String {
        let detail: String?
        switch error {
        case .request(let failure): detail = failure.description
        case .page(let message): detail = message
        case .paymentDeclined(let reason): detail = reason
        case .paymentFailed(let failure): detail = failure.message
        case .paymentRefused(let violation): detail = violation.description
        case .sectionIncomplete(let section): detail = "\(section)"
        case .invalidInput(_, let reason): detail = reason
        default: detail = nil
        }
        return error.code + (detail.map { ": \($0)" } ?? "")
    }
}
