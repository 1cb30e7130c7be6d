public import Checkout
import StateStore

/// A deterministic payment provider for tests and the demo: it approves, declines, asks for a
/// 3-D Secure challenge or a redirect, answers "pending", shows a voucher, or fails, as it is told. Its
/// authoritative lookup (`confirm`) answers per ``Confirmation``, after answering "still pending"
/// as many times as ``setLookupsStillPending(_:)`` says. Every call is recorded, and references
/// are numbered (`sandbox-psp-1`, …).
///
/// ```swift
/// let provider = SandboxPaymentProvider(behaviour: .challengeThenApprove)
/// // submit → .actionRequired(threeDSChallenge); submitDetails → .authorised
/// await provider.setBehaviour(.decline(reason: "Insufficient funds"))
///
/// let voucher = SandboxPaymentProvider(behaviour: .presentToShopper(.voucher), confirmation: .refuse(reason: "Expired"))
/// // submit → .actionRequired(voucher); confirm → .refused
/// ```
public actor SandboxPaymentProvider: PaymentProvider {
    /// What the provider answers to a submission.
    public enum Behaviour: Sendable, Hashable {
        /// Authorised at once.
        case approve
        /// Refused with `reason`.
        case decline(reason: String)
        /// A 3-D Secure challenge first, then authorised once details arrive.
        case challengeThenApprove
        /// A 3-D Secure challenge first, then refused.
        case challengeThenDecline(reason: String)
        /// A redirect first (the shopper approves on the bank's page or in its app, and comes back
        /// through the app's return URL), then authorised once details arrive.
        case redirectThenApprove
        /// Received but not final (`Pending`); the lookup answers per ``Confirmation``.
        case pending
        /// Something to show the shopper, who pays later (`PresentToShopper`: a voucher, a QR
        /// code, bank details); the lookup answers per ``Confirmation``.
        case presentToShopper(PaymentActionRequest.Kind)
        /// The provider answers with an error result.
        case errorResult(message: String)
        /// The provider call throws (network or SDK failure).
        case throwError(message: String)
        /// The shopper cancels in the drop-in.
        case cancel
    }

    /// What the authoritative lookup answers (once the "still pending" answers are used up).
    public enum Confirmation: Sendable, Hashable {
        /// Authorised.
        case authorise
        /// Refused with `reason`.
        case refuse(reason: String)
        /// Still pending, every time.
        case stayPending
    }

    /// A call the provider received.
    public enum Call: Sendable, Hashable {
        /// `prepare` with its request.
        case prepare(PaymentRequest)
        /// `submit` with the method id.
        case submit(methodID: String, sessionID: String)
        /// `submitDetails`.
        case submitDetails(sessionID: String)
        /// `confirm`.
        case confirm(sessionID: String)
        /// `cancel`.
        case cancel(sessionID: String)
    }

    /// The sandbox's descriptor (id `sandbox`).
    public nonisolated let descriptor: PaymentProviderDescriptor

    private var behaviour: Behaviour
    private var confirmation: Confirmation
    private var lookupsStillPending = 0
    private var sessionNumber = 0
    private var referenceNumber = 0
    private var calls: [Call] = []
    private var details: [PaymentActionDetails] = []
    private var amounts: [String: Money] = [:]

    /// Creates a sandbox provider.
    ///
    /// - Parameters:
    ///   - behaviour: What it answers to a submission.
    ///   - descriptor: Its descriptor; by default id `sandbox`, GBP, EUR, USD and JPY, Adyen's
    ///     minor-unit exceptions, partial payments off.
    ///   - confirmation: What the lookup answers.
    ///   - lookupsStillPending: How many lookups answer "still pending" first.
    public init(
        behaviour: Behaviour = .approve,
        descriptor: PaymentProviderDescriptor = SandboxPaymentProvider.defaultDescriptor,
        confirmation: Confirmation = .authorise, lookupsStillPending: Int = 0
    ) {
        self.behaviour = behaviour
        self.descriptor = descriptor
        self.confirmation = confirmation
        self.lookupsStillPending = max(0, lookupsStillPending)
    }

    /// The default descriptor.
    public static let defaultDescriptor = PaymentProviderDescriptor(
        id: "sandbox", displayName: "Sandbox", supportedCurrencies: ["GBP", "EUR", "USD", "JPY"],
        minorUnitOverrides: CurrencyDigits.adyenOverrides)

    /// Changes what the provider answers from now on.
    public func setBehaviour(_ behaviour: Behaviour) {
        self.behaviour = behaviour
    }

    /// Changes what the lookup answers from now on.
    public func setConfirmation(_ confirmation: Confirmation) {
        self.confirmation = confirmation
    }

    /// Makes the next `count` lookups answer "still pending" first.
    public func setLookupsStillPending(_ count: Int) {
        lookupsStillPending = max(0, count)
    }

    /// Every call received, oldest first.
    public var receivedCalls: [Call] { calls }

    /// The details every `submitDetails` call received, in order.
    public var receivedDetails: [PaymentActionDetails] { details }

    /// The requests `prepare` received.
    public var preparedRequests: [PaymentRequest] {
        calls.compactMap { call in
            if case .prepare(let request) = call { return request }
            return nil
        }
    }

    /// Prepares a session for exactly the requested amount.
    public func prepare(_ request: PaymentRequest) async throws -> PaymentSession {
        calls.append(.prepare(request))
        if case .throwError(let message) = behaviour {
            throw PaymentFailure(kind: .provider, message: message)
        }
        sessionNumber += 1
        let id = "sandbox-session-\(sessionNumber)"
        amounts[id] = request.amount
        return PaymentSession(
            id: id, providerID: descriptor.id, amount: request.amount,
            methods: [
                PaymentMethodOption(id: "scheme", name: "Card"), PaymentMethodOption(id: "paypal", name: "PayPal"),
            ],
            token: Sensitive(SandboxSecret.make("sandbox-token-\(sessionNumber)")))
    }

    /// Answers per ``Behaviour``.
    public func submit(_ submission: PaymentSubmission, in session: PaymentSession) async throws -> PaymentOutcome {
        calls.append(.submit(methodID: submission.methodID, sessionID: session.id))
        switch behaviour {
        case .approve: return .authorised(receipt(for: session, code: "Authorised"))
        case .decline(let reason): return .refused(reason: reason)
        case .challengeThenApprove, .challengeThenDecline:
            let challenge = Sensitive(SandboxSecret.make("challenge-\(session.id)"))
            return .actionRequired(PaymentActionRequest(kind: .threeDSChallenge, url: nil, payload: challenge))
        case .redirectThenApprove:
            let token = SandboxSecret.make("redirect-\(session.id)")
            return .actionRequired(
                PaymentActionRequest(
                    kind: .redirect, url: SensitiveURL("https://bank.sandbox.invalid/authorise?token=\(token)")))
        case .pending: return .awaitingConfirmation(receipt(for: session, code: "Pending"))
        case .presentToShopper(let kind):
            let data = Sensitive(SandboxSecret.make("voucher-\(session.id)"))
            return .actionRequired(PaymentActionRequest(kind: kind, url: nil, payload: data))
        case .errorResult(let message): return .error(message: message)
        case .throwError(let message): throw PaymentFailure(kind: .provider, message: message)
        case .cancel: return .cancelled
        }
    }

    /// Finishes a challenge per ``Behaviour``.
    public func submitDetails(
        _ details: PaymentActionDetails, in session: PaymentSession
    ) async throws -> PaymentOutcome {
        calls.append(.submitDetails(sessionID: session.id))
        self.details.append(details)
        switch behaviour {
        case .challengeThenDecline(let reason): return .refused(reason: reason)
        case .throwError(let message): throw PaymentFailure(kind: .provider, message: message)
        default: return .authorised(receipt(for: session, code: "Authorised"))
        }
    }

    /// The authoritative lookup: "still pending" while ``setLookupsStillPending(_:)`` says so,
    /// then per ``Confirmation``.
    public func confirm(_ session: PaymentSession) async throws -> PaymentOutcome {
        calls.append(.confirm(sessionID: session.id))
        if lookupsStillPending > 0 {
            lookupsStillPending -= 1
            return .awaitingConfirmation(receipt(for: session, code: "Pending"))
        }
        switch confirmation {
        case .authorise: return .authorised(receipt(for: session, code: "Authorised"))
        case .refuse(let reason): return .refused(reason: reason)
        case .stayPending: return .awaitingConfirmation(receipt(for: session, code: "Pending"))
        }
    }

    /// Records the cancellation.
    public func cancel(_ session: PaymentSession) async {
        calls.append(.cancel(sessionID: session.id))
    }

    private func receipt(for session: PaymentSession, code: String) -> PaymentReceipt {
        referenceNumber += 1
        return PaymentReceipt(
            providerReference: "sandbox-psp-\(referenceNumber)", amount: amounts[session.id] ?? session.amount,
            resultCode: code)
    }
}
