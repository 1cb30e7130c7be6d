public import Afterpay
public import Checkout
import Foundation
import PaymentProviders
import StateStore

/// Plays the shopper's part of an Afterpay (here Clearpay: GBP, en_GB) payment against
/// ``AfterpaySandboxServer``, for `checkout demo --provider afterpay` and end-to-end tests.
///
/// The configuration takes orders of GBP 1.00 to 1000.00, so the sandbox checkout's GBP 45.95
/// cart is in range. ``DemoScenario/decline`` declines the first capture and approves a retry
/// (after `declineAcknowledged`, submitting again creates a new checkout);
/// ``DemoScenario/challenge`` has no Afterpay equivalent and is ignored: the redirect to the
/// checkout page is always the action.
///
/// ```swift
/// let script = AfterpayDemoScript(scenario: DemoScenario(decline: true))
/// let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [script.provider])
/// let state = CheckoutState(kind: .native, user: .guest, paymentProviders: [script.provider.descriptor])
/// ```
public struct AfterpayDemoScript: ProviderDemoScript {
    /// The demo merchant's configuration: GBP 1.00 to 1000.00, en_GB (Clearpay), sandbox.
    public static let configuration: Afterpay.Configuration? = try? Afterpay.Configuration(
        minimumAmount: "1.00", maximumAmount: "1000.00", currencyCode: "GBP", locale: Locale(identifier: "en_GB"),
        environment: .sandbox)

    /// The sandbox the provider talks to.
    public let server: AfterpaySandboxServer
    /// The scenario played.
    public let scenario: DemoScenario
    private let afterpay: AfterpayPaymentProvider

    /// Creates the script, its sandbox (Clearpay's sandbox host) and its provider.
    ///
    /// - Parameters:
    ///   - scenario: What the sandbox does.
    ///   - showsCheckoutWidget: Whether the checkout shows Afterpay's widget, whose status then
    ///     gates capture (the host forwards its messages).
    public init(scenario: DemoScenario, showsCheckoutWidget: Bool = false) {
        self.scenario = scenario
        server = AfterpaySandboxServer(
            behaviour: scenario.decline ? .declineOnCapture : .approve, checkoutHost: "portal.sandbox.clearpay.co.uk")
        afterpay = AfterpayPaymentProvider(
            context: AfterpayContext(configuration: Self.configuration, deviceLocale: Locale(identifier: "en_GB")),
            server: server, showsCheckoutWidget: showsCheckoutWidget)
    }

    /// The Afterpay provider on the sandbox.
    public var provider: any PaymentProvider { afterpay }

    /// The shopper taps "Pay with Clearpay": no payload, the page does the rest.
    public func submission(for session: PaymentSession) async throws -> PaymentSubmission {
        PaymentSubmission(
            methodID: AfterpayPaymentProvider.methodID, payload: Sensitive(""),
            displayDescription: afterpay.descriptor.displayName)
    }

    /// The shopper goes through the checkout page; the return URL comes back. After a declined
    /// first attempt the sandbox approves what follows.
    public func completeAction(
        _ action: PaymentActionRequest, in session: PaymentSession
    ) async throws -> PaymentActionDetails {
        guard action.kind == .redirect, let url = action.url?.url else {
            throw PaymentFailure(kind: .provider, message: "Afterpay asks only for a redirect, got \(action.kind)")
        }
        guard let back = await server.returnURL(forCheckoutURL: url) else {
            // The URL's description has its token redacted: the message reaches the log.
            throw PaymentFailure(
                kind: .provider, message: "the sandbox has no checkout at \(action.url?.description ?? "")")
        }
        // This checkout's fate is fixed; the retry after a decline is approved.
        await server.setBehaviour(.approve)
        return PaymentActionDetails(payload: Sensitive(back.absoluteString), returnURL: Sensitive(back.absoluteString))
    }
}
