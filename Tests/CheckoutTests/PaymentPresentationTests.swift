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
