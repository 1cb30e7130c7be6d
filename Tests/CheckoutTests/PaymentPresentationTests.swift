import Checkout
import StateStore
import XCTest

final class PaymentPresentationTests: XCTestCase {
    func testMethodsSectionRequiresAPickedMethodBeforePaying() async {
        var state = Fixtures.nativeState()
        state.native.paymentPresentation = .methodsSection
        let harness = Harness(state: state)
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.payment(.payTapped))
        XCTAssertEqual(harness.state.payment.phase, .idle)
        XCTAssertEqual(harness.state.errors.last?.kind, .sectionIncomplete(.payment))

        await harness.send(.payment(.methodSelected(id: "paypal")))
        await harness.send(.payment(.payTapped))
        XCTAssertEqual(harness.state.payment.phase, .presenting)
        let prepared = await harness.provider.preparedRequests
        XCTAssertEqual(prepared.map(\.methodID), ["paypal"])
    }

    func testPayButtonPresentationNeedsNoPickedMethod() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        XCTAssertEqual(harness.state.native.paymentPresentation, .payButton)
        await harness.send(.payment(.payTapped))
        XCTAssertEqual(harness.state.payment.phase, .presenting)
        let prepared = await harness.provider.preparedRequests
        XCTAssertEqual(prepared.map(\.methodID), [nil])
    }
}

extension PaymentPresentationTests {
    func testPayButtonEnablesOnlyWhenEverySectionIsCompleteAndInSync() async {
        let harness = Harness()
        XCTAssertFalse(harness.state.canPay)
        await harness.start()
        await harness.send(.native(.emailSubmitted("ada@example.com")))
        await harness.send(.native(.editShippingContactTapped))
        await harness.send(.native(.addressFormSubmitted(Fixtures.home)))
        await harness.send(.native(.useShippingAsBillingTapped))
        XCTAssertFalse(harness.state.canPay, "no shipping method yet")
        // An edit the backend has not accepted keeps paying impossible until it is resent.
        await harness.api.failNextCalls(with: .timeout)
        await harness.send(.native(.shippingMethodSelected(id: "standard")))
        XCTAssertFalse(harness.state.canPay, "the backend does not have the shipping method")
        if let error = harness.state.errors.last {
            await harness.send(.common(.retryTapped(errorID: error.id)))
        }
        XCTAssertTrue(harness.state.canPay)
        await harness.send(.payment(.payTapped))
        XCTAssertFalse(harness.state.canPay, "a payment is under way")
    }
}
