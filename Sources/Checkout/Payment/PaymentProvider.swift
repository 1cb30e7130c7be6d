/// A payment provider (Adyen, Braintree, Afterpay, Worldline, …) plugged into the checkout as
/// effects.
///
/// The checkout owns the payment state machine and its guards (see ``PaymentPhase`` and
/// ``PaymentGuards``); a provider only does the provider-specific work, each step one `async`
/// call the store runs as an effect and whose result comes back as a ``PaymentAction``:
///
/// ```
///  payTapped ─▶ CheckoutAPI.startPayment ─▶ prepare ─▶ (host presents the drop-in)
///     submitted ─▶ submit ─▶ PaymentOutcome ─┬─ actionRequired ─▶ (host performs it)
///                                            │     actionCompleted ─▶ submitDetails ─▶ PaymentOutcome
///                                            ├─ authorised / awaitingConfirmation / refused / …
///                                            └─ partiallyAuthorised ─▶ prepare (for the remainder)
/// ```
///
/// How each provider maps onto it:
/// - Adyen sessions: `prepare` creates the session (`/sessions`); `submit` makes the payments
///   call; actions (redirect, 3DS2, voucher…) are ``PaymentActionRequest``s; `submitDetails` is
///   `/payments/details`; partial payments return ``PaymentOutcome/partiallyAuthorised(_:remaining:)``.
///   When Adyen's SDK makes the session's calls itself, it reports ``PaymentDropInResult`` instead
///   of a submission, and ``confirm(_:dropInResult:)`` asks the session-result lookup.
///   Advanced flow: `prepare` calls `/paymentMethods` instead.
/// - Braintree: `prepare` fetches the client token (``PaymentSession/token``); the drop-in's nonce
///   arrives in ``PaymentSubmission/payload``; `submit` runs 3-D Secure (an action) or the
///   server sale.
/// - Afterpay: `prepare` creates the checkout token; `submit` answers with a redirect action;
///   `submitDetails` receives the return URL's status and captures.
/// - Worldline: `prepare` creates the client session; the payload of ``PaymentSubmission`` is the
///   client-side-encrypted card data; `submit` creates the payment.
///
/// A provider must not decide the amount: it takes ``PaymentRequest/amount``, which the checkout
/// guarantees is the total the user was last shown.
public protocol PaymentProvider: Sendable {
    /// What the checkout needs to know about the provider before running it (identifier,
    /// currencies, minor-unit exceptions). Copied into the state so guards stay pure.
    var descriptor: PaymentProviderDescriptor { get }

    /// Prepares a payment for `request`: creates the session or fetches the token, and lists the
    /// payment methods to present.
    func prepare(_ request: PaymentRequest) async throws -> PaymentSession

    /// Submits what the shopper chose in the presented drop-in.
    func submit(_ submission: PaymentSubmission, in session: PaymentSession) async throws -> PaymentOutcome

    /// Submits what a finished action (3-D Secure, redirect return, SDK) produced.
    func submitDetails(_ details: PaymentActionDetails, in session: PaymentSession) async throws -> PaymentOutcome

    /// Asks the provider for the authoritative result of a payment awaiting confirmation (the
    /// session-result lookup; a webhook may answer the same question on the server).
    func confirm(_ session: PaymentSession) async throws -> PaymentOutcome

    /// Asks the provider for the authoritative result of a payment its drop-in made itself and
    /// reported as `dropInResult` (Adyen's sessions flow: `didComplete`). The reported code informs;
    /// the lookup decides. A code the provider does not know is refused (thrown, or answered as
    /// ``PaymentOutcome/error(message:)``), never an authorisation.
    ///
    /// Providers whose drop-in never pays by itself keep the default, which throws a
    /// `.configuration` ``PaymentFailure``.
    func confirm(_ session: PaymentSession, dropInResult: PaymentDropInResult) async throws -> PaymentOutcome

    /// Abandons `session` (the user cancelled, the app went away, the total changed). Must not
    /// throw: there is nobody left to tell.
    func cancel(_ session: PaymentSession) async
}

extension PaymentProvider {
    /// Refuses a drop-in's result: this provider's drop-in hands the shopper's choice to the
    /// checkout (``PaymentAction/submitted(_:)``) instead of paying by itself.
    public func confirm(_ session: PaymentSession, dropInResult: PaymentDropInResult) async throws -> PaymentOutcome {
        throw PaymentFailure(
            kind: .configuration,
            message: "the \(descriptor.id) drop-in does not make payments itself: submit the shopper's choice instead")
    }
}
