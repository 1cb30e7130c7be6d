import Checkout
import Foundation
import StateStore
import XCTest

final class CheckoutAnalyticsMiddlewareTests: XCTestCase {
    func testAWholeNativeCheckoutProducesTheJourneyEventsInOrder() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.native(.shippingMethodSelected(id: "express")))
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card")))))

        XCTAssertEqual(
            harness.sink.events,
            [
                .checkoutStarted(kind: .native),
                .sectionCompleted(.contactInformation),
                .sectionCompleted(.shippingContact),
                .sectionCompleted(.billingContact),
                .shippingMethodChosen(id: "standard", price: money("3.95")),
                .sectionCompleted(.shippingMethod),
                .sectionCompleted(.orderSummary),
                .shippingMethodChosen(id: "express", price: money("7.95")),
                .paymentStarted(providerID: "sandbox", amount: money("49.95")),
                .purchase(orderID: "order-1", total: money("49.95")),
            ])
    }

    func testErrorsShownAreReportedByCodeOnly() async {
        let harness = Harness()
        await harness.start()
        await harness.send(.native(.emailSubmitted("not-an-email")))
        XCTAssertEqual(harness.sink.events.last, .errorShown(code: "invalidInput.email"))
    }

    func testNoEventCarriesPersonalDataOrSecrets() async throws {
        let harness = Harness(state: Fixtures.nativeState(user: Fixtures.loggedInWithDefault))
        await harness.start()
        await harness.send(.native(.shippingMethodSelected(id: "standard")))
        await harness.send(.payment(.payTapped))
        await harness.send(
            .payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("4111111111111111")))))
        let text = try harness.sink.events.map { event in
            String(decoding: try JSONEncoder().encode(event), as: UTF8.self) + "\(event.parameters)"
        }.joined()
        XCTAssertFalse(harness.sink.events.isEmpty)
        for personal in ["Ada", "Lovelace", "Downing", "SW1A", "London", "4111", "sandbox-token"] {
            XCTAssertFalse(text.contains(personal), "\(personal) reached an analytics event")
        }
    }

    func testEventsAreAPureFunctionOfActionAndStates() {
        var before = Fixtures.nativeState()
        var after = before
        after.journey.hasStarted = true
        XCTAssertEqual(
            CheckoutAnalyticsMiddleware.events(for: .common(.started), before: before, after: after),
            [.checkoutStarted(kind: .native)])
        before = after
        XCTAssertEqual(CheckoutAnalyticsMiddleware.events(for: .common(.started), before: before, after: after), [])
    }

    func testEventNamesAndParametersForSinksThatTakeDictionaries() {
        let purchase = CheckoutAnalyticsEvent.purchase(orderID: "W-1", total: money("45.95"))
        XCTAssertEqual(purchase.name, "purchase")
        XCTAssertEqual(purchase.parameters, ["order_id": "W-1", "total": "45.95", "currency": "GBP"])
    }
}
