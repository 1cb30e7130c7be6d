public import ActionLog
import StateStore

// The recorder's fast path for checkout actions (see Docs/Checkout.md, "Fast encoding of logged actions"): each
// conformance writes exactly what the type's `Encodable` writes, member for member, or throws so
// that `Encodable` writes the action. The bridge, parse and wallet families are in
// WebAndWalletActions+LogEncodable.swift, the payment payloads and the API's errors in
// PaymentPayloads+LogEncodable.swift; a payload without a conformance (a user, a relaunch, a
// widget's report) is written by its `Encodable` from inside the fast path, through
// `LogWriter.member(_:_:)`.

extension CheckoutAction: LogEncodable {
    /// Writes the action as its synthesised `Encodable` does: `{"family":{"_0":action}}`.
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .common(let action): try log.enumCase("common") { try $0.member("_0", action) }
        case .bridge(let action): try log.enumCase("bridge") { try $0.member("_0", action) }
        case .parse(let action): try log.enumCase("parse") { try $0.member("_0", action) }
        case .native(let action): try log.enumCase("native") { try $0.member("_0", action) }
        case .payment(let action): try log.enumCase("payment") { try $0.member("_0", action) }
        case .result(let action): try log.enumCase("result") { try $0.member("_0", action) }
        case .order(let action): try log.enumCase("order") { try $0.member("_0", action) }
        case .wallet(let action): try log.enumCase("wallet") { try $0.member("_0", action) }
        }
    }
}

/// Thrown by a conformance for a value whose `Encodable` form it does not write itself: the
/// recorder then writes the action through `Encodable`.
struct LogEncodingFallback: Error {}

extension CommonAction: LogEncodable {
    /// Writes the action as its synthesised `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .started: log.enumCase("started") { _ in }
        case .loadProgressChanged(let progress):
            try log.enumCase("loadProgressChanged") { try $0.member("_0", progress) }
        case .dismissTapped: log.enumCase("dismissTapped") { _ in }
        case .dismissConfirmed: log.enumCase("dismissConfirmed") { _ in }
        case .dismissCancelled: log.enumCase("dismissCancelled") { _ in }
        case .errorDismissed(let id): log.enumCase("errorDismissed") { $0.member("id", id) }
        case .retryTapped(let errorID): log.enumCase("retryTapped") { $0.member("errorID", errorID) }
        case .userChanged(let user): try log.enumCase("userChanged") { try $0.member("_0", user) }
        case .dynamicContentLoaded(let slotID, let content):
            // How the synthesised coding leaves out a `nil` payload is `Encodable`'s to say.
            guard let content else { throw LogEncodingFallback() }
            log.enumCase("dynamicContentLoaded") {
                $0.member("slotID", slotID)
                $0.member("content", content)
            }
        case .relaunched(let source): try log.enumCase("relaunched") { try $0.member("_0", source) }
        }
    }
}

extension NativeAction: LogEncodable {
    /// Writes the action as its synthesised `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .emailSubmitted(let email): log.enumCase("emailSubmitted") { $0.member("_0", email) }
        case .editShippingContactTapped: log.enumCase("editShippingContactTapped") { _ in }
        case .editBillingContactTapped: log.enumCase("editBillingContactTapped") { _ in }
        case .addressBookEntrySelected(let id): log.enumCase("addressBookEntrySelected") { $0.member("id", id) }
        case .addNewAddressTapped: log.enumCase("addNewAddressTapped") { _ in }
        case .addressFormSubmitted(let address):
            try log.enumCase("addressFormSubmitted") { try $0.member("_0", address) }
        case .addressEditorClosed: log.enumCase("addressEditorClosed") { _ in }
        case .useShippingAsBillingTapped: log.enumCase("useShippingAsBillingTapped") { _ in }
        case .shippingMethodSelected(let id): log.enumCase("shippingMethodSelected") { $0.member("id", id) }
        }
    }
}

extension OrderAction: LogEncodable {
    /// Writes the action as its synthesised `Encodable` does.
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .placementKeyMade(let idempotencyKey, let paymentReference):
            log.enumCase("placementKeyMade") {
                $0.member("idempotencyKey", idempotencyKey)
                $0.member("paymentReference", paymentReference)
            }
        case .retryDue(let retry): log.enumCase("retryDue") { $0.member("retry", retry) }
        case .retryTapped: log.enumCase("retryTapped") { _ in }
        }
    }
}

extension PaymentAction: LogEncodable {
    /// Writes the action as its synthesised `Encodable` does; its payloads through their own
    /// `Encodable`.
    public func encode(to log: inout LogWriter) throws {
        switch self {
        case .providerSelected(let id): log.enumCase("providerSelected") { $0.member("id", id) }
        case .methodSelected(let id): log.enumCase("methodSelected") { $0.member("id", id) }
        case .payTapped: log.enumCase("payTapped") { _ in }
        case .intentCreated(let intent, let attempt):
            try log.enumCase("intentCreated") {
                try $0.member("_0", intent)
                $0.member("attempt", attempt)
            }
        case .intentFailed(let error, let attempt):
            try log.enumCase("intentFailed") {
                try $0.member("_0", error)
                $0.member("attempt", attempt)
            }
        case .sessionPrepared(let session, let attempt):
            try log.enumCase("sessionPrepared") {
                try $0.member("_0", session)
                $0.member("attempt", attempt)
            }
        case .submitted(let submission): try log.enumCase("submitted") { try $0.member("_0", submission) }
        case .actionCompleted(let details): try log.enumCase("actionCompleted") { try $0.member("_0", details) }
        case .actionFinishedWithoutDetails: log.enumCase("actionFinishedWithoutDetails") { _ in }
        case .dropInCompleted(let result): try log.enumCase("dropInCompleted") { try $0.member("_0", result) }
        case .dropInFailed(let message): log.enumCase("dropInFailed") { $0.member("message", message) }
        case .outcomeReceived(let outcome, let attempt):
            try log.enumCase("outcomeReceived") {
                try $0.member("_0", outcome)
                $0.member("attempt", attempt)
            }
        case .providerFailed(let failure, let attempt):
            try log.enumCase("providerFailed") {
                try $0.member("_0", failure)
                $0.member("attempt", attempt)
            }
        case .declineAcknowledged: log.enumCase("declineAcknowledged") { _ in }
        case .cancelTapped: log.enumCase("cancelTapped") { _ in }
        case .appWentAway: log.enumCase("appWentAway") { _ in }
        case .timedOut: log.enumCase("timedOut") { _ in }
        case .retryTapped: log.enumCase("retryTapped") { _ in }
        case .abortTapped: log.enumCase("abortTapped") { _ in }
        case .confirmationRequested: log.enumCase("confirmationRequested") { _ in }
        case .confirmationPollDue(let poll): log.enumCase("confirmationPollDue") { $0.member("poll", poll) }
        case .widgetStatusChanged(let report):
            try log.enumCase("widgetStatusChanged") { try $0.member("_0", report) }
        }
    }
}
