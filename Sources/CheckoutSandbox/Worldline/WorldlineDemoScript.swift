public import Checkout
public import Foundation
public import PaymentProviders
import StateStore
import Worldline

/// Plays the shopper's part of a Worldline card payment against ``WorldlineSandbox``
/// (the Client API) and ``WorldlineSandboxServer`` (the merchant's server), for
/// `checkout demo --provider worldline` and end-to-end tests.
///
/// The shopper fills the card form the way a person types: the card number first (the form opens
/// on MasterCard, the first card by display order; the Visa number's IIN lookup switches it to
/// Visa), then the expiry date three years from ``now``, the CVV and the name. The form validates
/// and `Session.prepare` encrypts for real (the platform's JWE).
///
/// ``DemoScenario/challenge`` asks for 3-D Secure first (a redirect); ``DemoScenario/decline``
/// declines the first payment (after the challenge, if both) and approves a retry.
///
/// ```swift
/// let script = WorldlineDemoScript(scenario: DemoScenario(challenge: true))
/// let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [script.provider])
/// let state = CheckoutState(kind: .native, user: .guest, paymentProviders: [script.provider.descriptor])
/// ```
public struct WorldlineDemoScript: ProviderDemoScript {
    /// The card the shopper types (Visa's test number).
    public static let cardNumber = "4111 1111 1111 1111"
    /// The CVV the shopper types.
    public static let cvv = "737"
    /// The cardholder's name.
    public static let cardholderName = "Ada Lovelace"

    /// The merchant's sandbox server.
    public let server: WorldlineSandboxServer
    /// The scenario played.
    public let scenario: DemoScenario
    /// The clock the expiry date is typed and validated against.
    public let now: Date
    private let worldline: WorldlinePaymentProvider

    /// Creates the script, its sandboxes and its provider.
    ///
    /// - Parameters:
    ///   - scenario: Approve, decline, challenge.
    ///   - now: The shopper's today (the expiry date is three years later).
    public init(scenario: DemoScenario, now: Date = Date()) {
        self.scenario = scenario
        self.now = now
        let first: WorldlineSandboxServer.Behaviour
        switch (scenario.challenge, scenario.decline) {
        case (false, false): first = .approve
        case (false, true): first = .decline
        case (true, false): first = .challengeThenApprove
        case (true, true): first = .challengeThenDecline
        }
        server = WorldlineSandboxServer(script: [first])
        worldline = WorldlinePaymentProvider(server: server, makeSession: WorldlineDemoScript.sandboxSession)
    }

    /// A session on ``WorldlineSandbox`` that encrypts with the platform's JWE.
    public static let sandboxSession: WorldlinePaymentProvider.SessionFactory = { client in
        try WorldlineSandbox.session(
            clientSessionId: client.clientSessionId.value ?? "", customerId: client.customerId,
            encryptor: JWEPaymentRequestEncryptor())
    }

    /// The Worldline provider on the sandboxes.
    public var provider: any PaymentProvider { worldline }

    /// Fills and submits the card form: number (IIN switch), expiry, CVV, name; validated and
    /// encrypted.
    ///
    /// - Throws: `WorldlineCardFormError` when a value does not validate.
    public func submission(for session: PaymentSession) async throws -> PaymentSubmission {
        let form = try await worldline.cardForm(
            for: session, validationContext: ValidationContext(now: now, calendar: Self.calendar))
        _ = try await form.setValue(Self.cardNumber, forField: "cardNumber")
        _ = try await form.setValue(expiryDate, forField: "expiryDate")
        _ = try await form.setValue(Self.cvv, forField: "cvv")
        _ = try await form.setValue(Self.cardholderName, forField: "cardholderName")
        return try await form.submission()
    }

    /// The shopper passes the 3-D Secure page; its return URL comes back.
    public func completeAction(
        _ action: PaymentActionRequest, in session: PaymentSession
    ) async throws -> PaymentActionDetails {
        guard action.kind == .redirect, let url = action.url?.url else {
            throw PaymentFailure(kind: .provider, message: "Worldline asks only for a redirect, got \(action.kind)")
        }
        guard let back = await server.returnURL(forRedirectURL: url) else {
            // The URL's description has its secrets redacted: the message reaches the log.
            throw PaymentFailure(
                kind: .provider, message: "the sandbox has no payment at \(action.url?.description ?? "")")
        }
        return PaymentActionDetails(payload: Sensitive(back.absoluteString), returnURL: Sensitive(back.absoluteString))
    }

    /// The expiry date the shopper types: `MM/YY` three years from ``now``.
    public var expiryDate: String {
        let parts = Self.calendar.dateComponents([.year, .month], from: now)
        let month = parts.month ?? 1
        let year = ((parts.year ?? 2000) + 3) % 100
        return (month < 10 ? "0" : "") + "\(month)/" + (year < 10 ? "0" : "") + "\(year)"
    }

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }
}
