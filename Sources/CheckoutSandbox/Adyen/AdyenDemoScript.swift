public import Checkout
import Foundation
public import PaymentProviders
import StateStore

/// Adyen's drop-in played for `checkout demo --provider adyen` and end-to-end tests, on an
/// ``AdyenSandboxServer``: the shopper submits a card (encrypted fields only), passes 3-D Secure
/// or returns from a redirect.
///
/// - ``DemoScenario/decline``: the first payment is refused (`Insufficient Funds`); the retry is
///   authorised.
/// - ``DemoScenario/challenge``: the first payment asks for a 3-D Secure 2 challenge (then is
///   authorised, or refused when `decline` is set too).
///
/// With ``dropInPays`` (sessions flow), it plays Adyen's iOS SDK instead of a host that submits to
/// the checkout: the SDK makes the session's calls on the sandbox itself
/// (``AdyenSandboxServer/completeSessionInDropIn(sessionID:sessionData:paymentMethod:)``) and the
/// host reports `didComplete` (``dropInResult(for:)``).
///
/// ```swift
/// let script = AdyenDemoScript(scenario: DemoScenario(challenge: true))
/// let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [script.provider])
/// ```
public struct AdyenDemoScript: ProviderDemoScript {
    /// The sandbox the provider talks to (script more answers on it if needed).
    public let server: AdyenSandboxServer
    /// The Adyen provider (sessions flow).
    public let provider: any PaymentProvider
    /// The scenario.
    public let scenario: DemoScenario
    /// Whether Adyen's SDK makes the session's payments calls itself (and the host reports its
    /// `didComplete`) rather than the host submitting the drop-in's data to the checkout.
    public let dropInPays: Bool

    /// The sandbox's client key: a `test_` key of the shape Adyen issues (it opens nothing).
    public static let clientKey = "test_CHECKOUTENGINESANDBOX0000000001"

    /// The demo configuration: test environment, sessions flow, return URL `checkoutdemo://adyen`,
    /// GB.
    public static let configuration: AdyenConfiguration = {
        do {
            return try AdyenConfiguration(
                environment: .test, clientKey: clientKey, flow: .sessions, merchantAccount: "CheckoutEngineDemo",
                returnURL: "checkoutdemo://adyen", countryCode: "GB")
        } catch {
            // A constant of the right shape, never input: `AdyenDemoScriptTests` builds it.
            preconditionFailure("the sandbox's Adyen configuration is refused: \(error)")
        }
    }()

    /// Creates the script and its sandbox for `scenario`, in `flow`; with `dropInPays`, the SDK
    /// makes the session's calls itself.
    public init(scenario: DemoScenario, flow: AdyenFlow = .sessions, dropInPays: Bool = false) {
        let first: AdyenSandboxServer.Answer
        switch (scenario.challenge, scenario.decline) {
        case (true, true): first = .action(.threeDS2Challenge, then: .refused(reason: "Insufficient Funds"))
        case (true, false): first = .action(.threeDS2Challenge, then: .authorised)
        case (false, true): first = .refused(reason: "Insufficient Funds")
        case (false, false): first = .authorised
        }
        self.init(
            server: AdyenSandboxServer(firstAnswers: [first]), flow: flow, scenario: scenario, dropInPays: dropInPays)
    }

    /// Creates a script over a sandbox scripted by the caller (pending, voucher, partial…).
    public init(
        server: AdyenSandboxServer, flow: AdyenFlow = .sessions, scenario: DemoScenario = DemoScenario(),
        dropInPays: Bool = false
    ) {
        var configuration = Self.configuration
        configuration.flow = flow
        self.server = server
        self.scenario = scenario
        self.dropInPays = dropInPays
        provider = AdyenPaymentProvider(configuration: configuration, server: server)
    }

    /// The card component's data as the drop-in's `didSubmit` hands it over: the payment method
    /// (encrypted fields only, never a card number), the browser information and the shopper's
    /// choice not to store the card (`AdyenDropInData`).
    public func submission(for session: PaymentSession) async throws -> PaymentSubmission {
        do throws(AdyenJSONProblem) {
            return try AdyenDropInData.submission(
                paymentMethod: Self.cardJSON, browserInfo: Self.browserInfo, storePaymentMethod: false,
                displayDescription: "Visa •••• 1111")
        } catch {
            throw PaymentFailure(kind: .provider, message: error.description)
        }
    }

    /// With ``dropInPays``: the SDK pays with the card component's data on the sandbox, performing
    /// every action itself, and reports its result with the method it paid with.
    public func dropInResult(for session: PaymentSession) async throws -> PaymentDropInResult? {
        guard dropInPays else { return nil }
        var result = try await server.completeSessionInDropIn(
            sessionID: session.id, sessionData: session.token, paymentMethod: Self.cardData)
        result.methodID = "scheme"
        return result
    }

    /// The card component's `paymentMethod`, as `JSONEncoder` writes the SDK's
    /// `data.paymentMethod.encodable`.
    static let cardJSON =
        #"{"type":"scheme","encryptedCardNumber":"sbx_secret_adyenjs_0_1_25$demo","encryptedExpiryMonth":"sbx_secret_adyenjs_0_1_25$demo","#
        + #""encryptedExpiryYear":"sbx_secret_adyenjs_0_1_25$demo","encryptedSecurityCode":"sbx_secret_adyenjs_0_1_25$demo","brand":"visa"}"#

    /// The drop-in's `data.browserInfo`, encoded.
    static let browserInfo =
        #"{"userAgent":"Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"}"#

    private static let cardData = Sensitive(cardJSON)

    /// The details each action's component produces (a voucher or document needs none: dispatch
    /// `actionFinishedWithoutDetails`).
    public func completeAction(
        _ action: PaymentActionRequest, in session: PaymentSession
    ) async throws -> PaymentActionDetails {
        switch action.kind {
        case .redirect:
            do throws(AdyenRedirectReturn.Problem) {
                return try AdyenRedirectReturn.details(
                    for: "\(Self.configuration.returnURL)?redirectResult=\(SandboxSecret.make("demo-redirect"))",
                    configuration: Self.configuration)
            } catch {
                throw PaymentFailure(kind: .provider, message: error.description)
            }
        case .threeDSFingerprint, .threeDSChallenge:
            return try componentData(["threeDSResult": SandboxSecret.make("demo-3ds-result")], answering: action)
        case .sdk, .await, .qrCode:
            return try componentData(["payload": SandboxSecret.make("demo-payload")], answering: action)
        case .voucher, .document:
            throw PaymentFailure(kind: .provider, message: "a \(action.kind.rawValue) finishes without details")
        }
    }

    /// What the action component hands `didProvide`: its details and the action's `paymentData`
    /// (read from the action the drop-in was given), through `AdyenDropInData`.
    private func componentData(
        _ details: [String: String], answering action: PaymentActionRequest
    ) throws -> PaymentActionDetails {
        var paymentData: String?
        if let payload = action.payload?.value,
            let object = try? JSONDecoder().decode([String: JSONValue].self, from: Data(payload.utf8)),
            case .string(let data)? = object["paymentData"]
        {
            paymentData = data
        }
        let text = JSONValue.object(
            details.sorted { $0.key < $1.key }.map { JSONMember(key: $0.key, value: .string($0.value)) }
        )
        .jsonText
        do throws(AdyenJSONProblem) {
            return try AdyenDropInData.actionDetails(details: text, paymentData: paymentData)
        } catch {
            throw PaymentFailure(kind: .provider, message: error.description)
        }
    }
}
