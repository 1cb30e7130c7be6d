/// Every transition of the payment state machine (see ``PaymentPhase``): the user's taps, the
/// host's reports from the drop-in, and the results of the API and provider effects.
///
/// Results carry the attempt they answer; results of an older attempt are ignored.
public enum PaymentAction: Sendable, Hashable, Codable {
    /// The user selected a provider.
    case providerSelected(id: String)
    /// The user picked a method in the payment-methods section.
    case methodSelected(id: String)
    /// The user tapped pay.
    case payTapped
    /// The backend accepted the payment for the cart and amount.
    indirect case intentCreated(PaymentIntent, attempt: Int)
    /// The backend refused to start the payment (409, 410, or a failure).
    case intentFailed(CheckoutAPIError, attempt: Int)
    /// The provider prepared the session: present the drop-in.
    indirect case sessionPrepared(PaymentSession, attempt: Int)
    /// The shopper submitted a choice in the drop-in.
    indirect case submitted(PaymentSubmission)
    /// The host finished an action (3-D Secure done, redirect returned).
    indirect case actionCompleted(PaymentActionDetails)
    /// The host finished an action that needs no details call (voucher shown).
    case actionFinishedWithoutDetails
    /// The provider's drop-in made the payment itself and reported its result (Adyen's sessions
    /// flow: `AdyenSessionDelegate.didComplete`). The provider's authoritative lookup decides
    /// (``PaymentProvider/confirm(_:dropInResult:)``), then the order is placed as for any result.
    /// Only a presented drop-in reports: a second report for the same payment changes nothing.
    indirect case dropInCompleted(PaymentDropInResult)
    /// The provider's drop-in, or its action component, failed (Adyen: `didFail`; the shopper
    /// closing it is ``cancelTapped``): the payment fails and the sections unlock. `message` says
    /// why, without secrets.
    case dropInFailed(message: String)
    /// The provider answered.
    indirect case outcomeReceived(PaymentOutcome, attempt: Int)
    /// A provider step threw.
    indirect case providerFailed(PaymentFailure, attempt: Int)
    /// The user saw the decline and stays in the drop-in to retry.
    case declineAcknowledged
    /// The user cancelled the drop-in.
    case cancelTapped
    /// The app went to the background for good, or the checkout screen closed.
    case appWentAway
    /// A payment step took too long (the host's or the effect's timer).
    case timedOut
    /// The user tapped retry after a failure.
    case retryTapped
    /// The user gave up after a failure.
    case abortTapped
    /// Ask the provider for the authoritative result of a payment awaiting confirmation now (the
    /// host's choice: the app came back to the foreground, the shopper tapped "check again").
    case confirmationRequested
    /// The polling timer fired: make lookup `poll` of ``BackoffSchedule/confirmationPolling``.
    case confirmationPollDue(poll: Int)
    /// The provider's status widget reported (its `ready` or `change` message).
    indirect case widgetStatusChanged(PaymentWidgetReport)
}
