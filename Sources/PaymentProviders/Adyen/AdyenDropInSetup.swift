public import Checkout
public import StateStore

/// What the host builds Adyen's drop-in from, read from the checkout's state and the configuration:
/// everything `APIContext`, `AdyenContext`, `Payment` and the flow's own set-up take, so the host's
/// glue converts nothing.
///
/// | Field | Adyen's iOS SDK |
/// | --- | --- |
/// | ``environment``, ``clientKey`` | `APIContext(environment:clientKey:)` |
/// | ``amount``, ``countryCode`` | `AdyenContext(apiContext:payment: Payment(amount: Amount(value:currencyCode:), countryCode:))` |
/// | ``Flow-swift.enum/sessions(id:sessionData:)`` | `AdyenSession.Configuration(sessionIdentifier:initialSessionData:context:)` |
/// | ``Flow-swift.enum/advanced(paymentMethods:)`` | `PaymentMethods`, decoded from `paymentMethods.json` |
///
/// ```swift
/// if store.state.payment.phase == .presenting {
///     let setup = try AdyenDropInSetup(state: store.state, configuration: configuration)
///     present(setup)   // the host's few lines of SDK calls
/// }
/// ```
public struct AdyenDropInSetup: Sendable, Hashable {
    /// The flow's part of the set-up.
    public enum Flow: Sendable, Hashable {
        /// The sessions flow: the session's id and its `sessionData` (secret).
        case sessions(id: String, sessionData: Sensitive<String>)
        /// The advanced flow: the whole `/paymentMethods` answer, stored methods included.
        case advanced(paymentMethods: PaymentMethodsResponse)
    }

    /// Why there is no drop-in to build.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// No payment session is prepared (the drop-in is built once the phase is `presenting`).
        case noSession
        /// The prepared session is another provider's.
        case anotherProvider(String)
        /// The session lacks what its flow needs (`sessionData`, or the `/paymentMethods` answer).
        case missing(String)
        /// The session's secrets are redacted: it was read back from a log, and a log never builds
        /// a drop-in.
        case redacted(String)
        /// The session's amount has no Adyen minor units.
        case amount(PaymentGuardViolation)

        /// What is wrong.
        public var description: String {
            switch self {
            case .noSession: return "no payment session is prepared"
            case .anotherProvider(let id): return "the prepared session is \(id)'s, not Adyen's"
            case .missing(let what): return "the session has no \(what)"
            case .redacted(let what): return "the session's \(what) is redacted (read back from a log)"
            case .amount(let violation): return "the session's amount: \(violation)"
            }
        }
    }

    /// Adyen's environment.
    public let environment: AdyenEnvironment
    /// The client key. Secret.
    public let clientKey: Sensitive<String>
    /// The amount the session is for, in Adyen's minor units.
    public let amount: AdyenAmount
    /// The shopper's country: the shipping country, or the configuration's.
    public let countryCode: String
    /// The sessions or the advanced flow's part.
    public let flow: Flow

    /// The set-up for `session` (prepared by ``AdyenPaymentProvider`` with `configuration`), for a
    /// shopper in `countryCode` (`nil`: the configuration's country).
    ///
    /// - Throws: ``Problem`` when the session is another provider's, lacks what its flow needs,
    ///   was read back from a log, or its amount has no Adyen minor units.
    public init(
        session: PaymentSession, countryCode: String?, configuration: AdyenConfiguration
    ) throws(Problem) {
        guard session.providerID == AdyenPaymentProvider.providerID else { throw .anotherProvider(session.providerID) }
        switch configuration.flow {
        case .sessions:
            guard let token = session.token else { throw .missing("sessionData") }
            guard !token.isRedacted else { throw .redacted("sessionData") }
            flow = .sessions(id: session.id, sessionData: token)
        case .advanced:
            guard let answer = session.paymentMethodsResponse else { throw .missing("/paymentMethods answer") }
            guard !answer.isRedacted else { throw .redacted("/paymentMethods answer") }
            flow = .advanced(paymentMethods: answer)
        }
        do throws(PaymentGuardViolation) {
            amount = try AdyenAmount(session.amount)
        } catch {
            throw .amount(error)
        }
        environment = configuration.environment
        clientKey = configuration.clientKey
        self.countryCode = (countryCode ?? configuration.countryCode).uppercased()
    }

    /// The set-up for the session `state` holds, for its shipping country.
    ///
    /// - Throws: ``Problem/noSession`` when no session is prepared, and what
    ///   ``init(session:countryCode:configuration:)`` throws.
    public init(state: CheckoutState, configuration: AdyenConfiguration) throws(Problem) {
        guard let session = state.payment.session else { throw .noSession }
        try self.init(
            session: session, countryCode: state.shippingContact?.countryCode, configuration: configuration)
    }
}
