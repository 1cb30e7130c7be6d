import Checkout
import CheckoutSandbox
import StateStore
import XCTest

final class PaymentTimeoutTests: XCTestCase {
    func testProviderStepThatNeverAnswersFailsWithATimeoutAndLeavesNothingHalfStarted() async throws {
        let api = SandboxCheckoutAPI()
        let environment = CheckoutEnvironment(
            api: api, paymentProviders: [SilentProvider()], paymentStepTimeout: .milliseconds(50))
        let store = Store(
            reducer: CheckoutReducer.make(environment: environment),
            state: CheckoutState(kind: .native, paymentProviders: [SilentProvider.silentDescriptor]))
        store.dispatch(.common(.started))
        await store.waitForEffects()
        for action: CheckoutAction in [
            .native(.emailSubmitted("ada@example.com")), .native(.editShippingContactTapped),
            .native(.addressFormSubmitted(Fixtures.home)), .native(.useShippingAsBillingTapped),
            .native(.shippingMethodSelected(id: "standard")), .payment(.payTapped),
        ] {
            store.dispatch(action)
            await store.waitForEffects()
        }
        guard case .failed(let failure) = store.state.payment.phase else {
            return XCTFail("expected failed, got \(store.state.payment.phase)")
        }
        XCTAssertEqual(failure.kind, .timeout)
        XCTAssertNil(store.state.payment.session)
        XCTAssertEqual(store.state.errors.last?.retry, .payment)
        XCTAssertEqual(store.activeEffectCount, 0)
    }

    func testRejectedBridgeMessagesAreLogged() async {
        let lines = LogLines()
        let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), log: { lines.append($0) })
        let store = WebCheckoutBuilder().makeStore(environment: environment)
        store.dispatch(.common(.started))
        store.dispatch(.bridge(.messageReceived(#"{"event":"order","data":{}}"#)))
        await store.waitForEffects()
        XCTAssertEqual(lines.all, [#"[Checkout] bridge message rejected: "order" missing field data.total"#])
    }
}

/// A provider whose prepare never answers (until cancelled).
private struct SilentProvider: PaymentProvider {
    static let silentDescriptor = PaymentProviderDescriptor(id: "silent", displayName: "Silent")
    var descriptor: PaymentProviderDescriptor { Self.silentDescriptor }

    func prepare(_ request: PaymentRequest) async throws -> PaymentSession {
        try await Task.sleep(for: .seconds(3600))
        throw CancellationError()
    }
    func submit(_ submission: PaymentSubmission, in session: PaymentSession) async throws -> PaymentOutcome {
        .cancelled
    }
    func submitDetails(_ details: PaymentActionDetails, in session: PaymentSession) async throws -> PaymentOutcome {
        .cancelled
    }
    func confirm(_ session: PaymentSession) async throws -> PaymentOutcome { .cancelled }
    func cancel(_ session: PaymentSession) async {}
}
