import Afterpay
import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import XCTest

/// A whole native checkout paid with Afterpay (Clearpay) on the sandboxes, recorded and replayed.
final class AfterpayCheckoutEndToEndTests: XCTestCase {
    func testApprovedAfterpayCheckoutPlacesTheOrderAndItsLogReplays() async throws {
        let checkout = try RecordedProviderCheckout(script: AfterpayDemoScript(scenario: DemoScenario()))
        await checkout.completeSections()
        try await checkout.payAndSubmit()
        guard case .actionRequired(let action) = checkout.state.payment.phase else {
            return XCTFail("expected the redirect, got \(checkout.state.payment.phase)")
        }
        XCTAssertEqual(action.kind, .redirect)
        XCTAssertEqual(action.url, "https://portal.sandbox.clearpay.co.uk/checkout/?token=sbx_secret_002.sandbox-1")
        try await checkout.completeActionIfAsked()

        XCTAssertEqual(checkout.state.payment.phase, .succeeded)
        XCTAssertEqual(checkout.state.payment.receipt?.providerReference, "sandbox-order-1")
        XCTAssertEqual(checkout.state.payment.receipt?.resultCode, "APPROVED")
        XCTAssertEqual(
            checkout.state.completedOrder,
            CompletedOrder(
                orderID: "order-1", orderNumber: "SB-1001",
                total: Checkout.Money(amount: Decimal(string: "45.95") ?? 0, currencyCode: "GBP"), idSource: .backend,
                status: .confirmed))
        XCTAssertEqual(checkout.analyticsEvents.filter { $0.name == "purchase" }.count, 1)
        try checkout.assertReplaysWithoutDivergence()
    }

    func testDeclinedCaptureShowsTheDeclineAndTheRetryPlacesTheOrderAndReplays() async throws {
        let script = AfterpayDemoScript(scenario: DemoScenario(decline: true))
        let checkout = try RecordedProviderCheckout(script: script)
        await checkout.completeSections()
        try await checkout.payAndSubmit()
        try await checkout.completeActionIfAsked()
        XCTAssertEqual(checkout.state.payment.phase, .declined(reason: "Clearpay declined the payment"))
        XCTAssertEqual(checkout.state.errors.last?.kind, .paymentDeclined(reason: "Clearpay declined the payment"))
        XCTAssertNil(checkout.state.completedOrder)

        await checkout.send(.payment(.declineAcknowledged))
        let session = try XCTUnwrap(checkout.state.payment.session)
        await checkout.send(.payment(.submitted(try await script.submission(for: session))))
        guard case .actionRequired(let action) = checkout.state.payment.phase else {
            return XCTFail("expected a new redirect, got \(checkout.state.payment.phase)")
        }
        XCTAssertEqual(action.url, "https://portal.sandbox.clearpay.co.uk/checkout/?token=sbx_secret_002.sandbox-2")
        try await checkout.completeActionIfAsked()
        XCTAssertEqual(checkout.state.payment.phase, .succeeded)
        XCTAssertEqual(checkout.state.payment.receipt?.providerReference, "sandbox-order-2")
        try checkout.assertReplaysWithoutDivergence()
    }

    func testCancellingOnTheCheckoutPageGoesBackToChoosingAndReplays() async throws {
        let script = AfterpayDemoScript(scenario: DemoScenario())
        await script.server.setBehaviour(.cancel)
        let checkout = try RecordedProviderCheckout(script: script)
        await checkout.completeSections()
        try await checkout.payAndSubmit()
        try await checkout.completeActionIfAsked()
        XCTAssertEqual(checkout.state.payment.phase, .cancelled)
        XCTAssertNil(checkout.state.payment.session)
        XCTAssertNil(checkout.state.completedOrder)
        let calls = await script.server.receivedCalls
        XCTAssertFalse(calls.contains { if case .capture = $0 { true } else { false } })
        try checkout.assertReplaysWithoutDivergence()
    }

    func testAnOrderAboveTheLimitIsNotOfferedAndNeverReachesAfterpay() async throws {
        let server = AfterpaySandboxServer()
        let configuration = try Afterpay.Configuration(
            minimumAmount: "1.00", maximumAmount: "40.00", currencyCode: "GBP", locale: Locale(identifier: "en_GB"),
            environment: .sandbox)
        let afterpay = AfterpayPaymentProvider(
            context: AfterpayContext(configuration: configuration, deviceLocale: Locale(identifier: "en_GB")),
            server: server)
        let checkout = try RecordedProviderCheckout(script: FixedProviderScript(provider: afterpay))
        await checkout.completeSections()
        XCTAssertEqual(afterpay.availability(for: checkout.state.displayedTotal), .unavailable(.aboveMaximum(40)))

        await checkout.send(.payment(.payTapped))
        guard case .failed(let failure) = checkout.state.payment.phase else {
            return XCTFail("expected a failure, got \(checkout.state.payment.phase)")
        }
        XCTAssertEqual(failure.kind, .guardViolation)
        let calls = await server.receivedCalls
        XCTAssertEqual(calls, [])
        try checkout.assertReplaysWithoutDivergence()
    }

    func testAnOrderInAnotherCurrencyIsRefusedBeforeAnyCall() async throws {
        let server = AfterpaySandboxServer()
        let configuration = try Afterpay.Configuration(
            minimumAmount: nil, maximumAmount: "2000.00", currencyCode: "AUD", locale: Locale(identifier: "en_AU"),
            environment: .sandbox)
        let afterpay = AfterpayPaymentProvider(
            context: AfterpayContext(configuration: configuration, deviceLocale: Locale(identifier: "en_AU")),
            server: server)
        let checkout = try RecordedProviderCheckout(script: FixedProviderScript(provider: afterpay))
        await checkout.completeSections()
        await checkout.send(.payment(.payTapped))
        XCTAssertEqual(checkout.state.payment.phase, .idle)
        XCTAssertEqual(
            checkout.state.errors.last?.kind, .paymentRefused(.unsupportedCurrency("GBP", rejectedBy: "afterpay")))
        let calls = await server.receivedCalls
        XCTAssertEqual(calls, [])
    }
}

/// A script around a given provider, for tests that never reach the submission.
struct FixedProviderScript: ProviderDemoScript {
    let provider: any PaymentProvider

    func submission(for session: PaymentSession) async throws -> PaymentSubmission {
        PaymentSubmission(methodID: session.methods.first?.id ?? "", payload: Sensitive(""))
    }

    func completeAction(
        _ action: PaymentActionRequest, in session: PaymentSession
    ) async throws -> PaymentActionDetails {
        PaymentActionDetails(payload: Sensitive(""))
    }
}
