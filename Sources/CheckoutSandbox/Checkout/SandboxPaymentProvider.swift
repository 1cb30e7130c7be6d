public import Checkout
import StateStore

/// A deterministic payment provider for tests and the demo: it approves, declines, asks for a
/// 3-D Secure challenge, answers "pending", or fails, as it is told. Every call is recorded, and
/// references are numbered (`sandbox-psp-1`, …).
///
/// ```swift
/// let provider = SandboxPaymentProvider(behaviour: .challengeThenApprove)
/// // submit → .actionRequired(threeDSChallenge); submitDetails → .authorised
/// await provider.setBehaviour(.decline(reason: "Insufficient funds"))
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
        /// Received but not final (`Pending`); the confirmation lookup then authorises.
        case pending
        /// The provider answers with an error result.
        case errorResult(message: String)
        /// The provider call throws (network or SDK failure).
        case throwError(message: String)
        /// The shopper cancels in the drop-in.
        case cancel
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
    public init(
        behaviour: Behaviour = .approve,
        descriptor: PaymentProviderDescriptor = SandboxPaymentProvider.defaultDescriptor
    ) {
        self.behaviour = behaviour
        self.descriptor = descriptor
    }

    /// The default descriptor.
    public static let defaultDescriptor = PaymentProviderDescriptor(
        id: "sandbox", displayName: "Sandbox", supportedCurrencies: ["GBP", "EUR", "USD", "JPY"],
        minorUnitOverrides: CurrencyDigits.adyenOverrides)

    /// Changes what the provider answers from now on.
    public func setBehaviour(_ behaviour: Behaviour) {
        self.behaviour = behaviour
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
        case .pending: return .awaitingConfirmation(receipt(for: session, code: "Pending"))
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

    /// The authoritative lookup: a pending payment is authorised.
    public func confirm(_ session: PaymentSession) async throws -> PaymentOutcome {
        calls.append(.confirm(sessionID: session.id))
        return .authorised(receipt(for: session, code: "Authorised"))
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
