import ActionLog
import Checkout
import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

/// The same demo played twice ends in the same state, references included: the sandboxes are
/// deterministic, so a demo log is reproducible.
final class DropInDemoDeterminismTests: XCTestCase {
    private func finalFingerprint(_ script: any ProviderDemoScript) async throws -> Fingerprint {
        let run = try DropInCheckoutRun(script: script)
        await run.completeSections()
        try await run.pay()
        XCTAssertEqual(run.state.payment.phase, .succeeded)
        return try Fingerprint.of(run.state)
    }

    func testAdyenDemoIsDeterministic() async throws {
        let scenario = DemoScenario(decline: true, challenge: true)
        let first = try await finalFingerprint(AdyenDemoScript(scenario: scenario))
        let second = try await finalFingerprint(AdyenDemoScript(scenario: scenario))
        XCTAssertEqual(first, second)
    }

    func testBraintreeDemoIsDeterministic() async throws {
        let scenario = DemoScenario(decline: true, challenge: true)
        let first = try await finalFingerprint(BraintreeDemoScript(scenario: scenario))
        let second = try await finalFingerprint(BraintreeDemoScript(scenario: scenario))
        XCTAssertEqual(first, second)
    }

    func testDifferentScenariosEndInDifferentStates() async throws {
        let approved = try await finalFingerprint(BraintreeDemoScript(scenario: DemoScenario()))
        let declined = try await finalFingerprint(BraintreeDemoScript(scenario: DemoScenario(decline: true)))
        XCTAssertNotEqual(approved, declined, "the fingerprint sees the payment's history")
    }
}
