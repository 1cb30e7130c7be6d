import ActionLog
import Checkout
import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

/// What the host builds Adyen's drop-in from comes out of the checkout's state whole, and never out
/// of a log.
final class AdyenDropInSetupTests: XCTestCase {
    func testTheSessionsFlowsSetUpIsTheSessionsIdAndDataWithTheContext() async throws {
        let run = try DropInCheckoutRun(script: AdyenDemoScript(server: AdyenSandboxServer()))
        await run.completeSections()
        await run.send(.payment(.payTapped))
        let setup = try AdyenDropInSetup(state: run.state, configuration: AdyenDemoScript.configuration)
        XCTAssertEqual(setup.environment, .test)
        XCTAssertEqual(setup.clientKey.value, AdyenDemoScript.clientKey)
        XCTAssertEqual(setup.amount, AdyenAmount(value: 4595, currency: "GBP"))
        XCTAssertEqual(setup.countryCode, "GB")
        XCTAssertEqual(
            setup.flow, .sessions(id: "CS1", sessionData: Sensitive(SandboxSecret.make("Ab02b4c0!BQABAgACS1v1"))))
        _ = try await run.pay(tappingPay: false)
        let replayed = try run.closeAndVerifyReplay(secrets: ["Ab02b4c0!"])
        XCTAssertThrowsError(try AdyenDropInSetup(state: replayed, configuration: AdyenDemoScript.configuration)) {
            XCTAssertEqual($0 as? AdyenDropInSetup.Problem, .redacted("sessionData"))
        }
    }

    func testTheAdvancedFlowsSetUpIsTheWholeAnswer() async throws {
        let server = AdyenSandboxServer()
        let provider = AdyenFixtures.provider(.advanced, server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        let setup = try AdyenDropInSetup(
            session: session, countryCode: "nl", configuration: AdyenFixtures.configuration(.advanced))
        XCTAssertEqual(setup.countryCode, "NL")
        guard case .advanced(let answer) = setup.flow else { return XCTFail("\(setup.flow)") }
        XCTAssertEqual(answer.json.jsonText, AdyenSandboxServer.paymentMethodsAnswer)
        let logged = try LogDecoding.decode(PaymentSession.self, json: try CanonicalEncoder.encode(session).compactJSON)
        XCTAssertThrowsError(
            try AdyenDropInSetup(
                session: logged, countryCode: nil, configuration: AdyenFixtures.configuration(.advanced))
        ) {
            XCTAssertEqual($0 as? AdyenDropInSetup.Problem, .redacted("/paymentMethods answer"))
        }
    }

    func testThereIsNoDropInWithoutAnAdyenSessionOfItsFlow() throws {
        let state = CheckoutState(kind: .native, paymentProviders: [])
        XCTAssertThrowsError(try AdyenDropInSetup(state: state, configuration: AdyenFixtures.configuration())) {
            XCTAssertEqual($0 as? AdyenDropInSetup.Problem, .noSession)
        }
        let gbp = AdyenFixtures.gbp("45.95")
        let cases: [(PaymentSession, AdyenFlow, AdyenDropInSetup.Problem)] = [
            (PaymentSession(id: "s", providerID: "braintree", amount: gbp), .sessions, .anotherProvider("braintree")),
            (PaymentSession(id: "CS1", providerID: "adyen", amount: gbp), .sessions, .missing("sessionData")),
            (PaymentSession(id: "a", providerID: "adyen", amount: gbp), .advanced, .missing("/paymentMethods answer")),
            (
                PaymentSession(
                    id: "CS1", providerID: "adyen", amount: Money(amount: 1, currencyCode: "XYZ"), token: Sensitive("d")
                ),
                .sessions, .amount(.unknownCurrency("XYZ"))
            ),
        ]
        for (session, flow, problem) in cases {
            XCTAssertThrowsError(
                try AdyenDropInSetup(
                    session: session, countryCode: nil, configuration: AdyenFixtures.configuration(flow))
            ) {
                XCTAssertEqual($0 as? AdyenDropInSetup.Problem, problem)
            }
        }
    }
}
