import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

final class WebCheckoutTests: XCTestCase {
    private func webHarness(apiType: WebCheckoutApiType = .cartTransfer, mode: WebCheckoutMode = .bridge) -> Harness {
        Harness(state: WebCheckoutBuilder(apiType: apiType, mode: mode).makeState())
    }

    func testBuilderDefaultsToCartTransferEndpoints() async {
        XCTAssertEqual(WebCheckoutBuilder().apiType, .cartTransfer)
        let harness = webHarness()
        await harness.start()
        let calls = await harness.api.receivedCalls
        XCTAssertEqual(calls, [.beginWebCheckout(.cartTransfer)])
        XCTAssertEqual(harness.state.view, .webCheckout)
        XCTAssertEqual(harness.state.web.session?.reference, "cart-1")
    }

    func testInjectedCheckoutTypeUsesCheckoutEndpoints() async {
        let harness = webHarness(apiType: .checkout)
        await harness.start()
        let calls = await harness.api.receivedCalls
        XCTAssertEqual(calls, [.beginWebCheckout(.checkout)])
        XCTAssertEqual(WebCheckoutApiType.checkout.beginPath(appID: "7"), "checkout/start")
        XCTAssertEqual(WebCheckoutApiType.checkout.completePath(appID: "7"), "checkout/complete")
        XCTAssertEqual(WebCheckoutApiType.cartTransfer.beginPath(appID: "7"), "CartTransfer/apps/7/BeginCartTransfer")
        XCTAssertEqual(WebCheckoutApiType.cartTransfer.completePath(appID: "7"), "CartTransfer/apps/7/Complete")
    }

    func testCartTransferPostsTheBuildersCartAndKeepsTheRequestToPerform() async throws {
        let cart = await SandboxCheckoutAPI().currentDetails.cart
        let harness = Harness(state: WebCheckoutBuilder(cart: cart).makeState())
        XCTAssertEqual(harness.state.cart, cart)
        await harness.start()
        let transferred = await harness.api.transferredCarts
        XCTAssertEqual(transferred, [cart])
        let session = try XCTUnwrap(harness.state.web.session)
        XCTAssertEqual(session.method, .post)
        XCTAssertEqual(session.url.value, "https://sandbox.checkout.invalid/cart/transfer")
        XCTAssertEqual(session.headers["Content-Type"]?.value, "application/x-www-form-urlencoded")
        let body = try XCTUnwrap(session.body?.value)
        XCTAssertTrue(body.hasPrefix("token=\(SandboxSecret.marker)"), body)
        XCTAssertTrue(body.hasSuffix("&cart=cart-1&items=3"), body)
        XCTAssertEqual(session.urlRequest?.httpBody, Data(body.utf8))
        XCTAssertEqual(harness.state.view, .webCheckout)
    }

    func testCheckoutTypeBeginsWithAGetAndPostsNoCart() async {
        let cart = await SandboxCheckoutAPI().currentDetails.cart
        let harness = Harness(state: WebCheckoutBuilder(apiType: .checkout, cart: cart).makeState())
        await harness.start()
        let transferred = await harness.api.transferredCarts
        XCTAssertEqual(transferred, [])
        XCTAssertEqual(harness.state.web.session?.method, .get)
        XCTAssertNil(harness.state.web.session?.body)
        XCTAssertEqual(
            harness.state.web.session?.url.value, "https://sandbox.checkout.invalid/checkout/start?cart=cart-1")
    }

    func testCartTransferOfACartWithoutItemsFailsWithARetry() async {
        let empty = Cart(
            id: "c", lines: [], totals: CartTotals(subtotal: 0, shipping: 0, discount: 0, total: 0), currencyCode: "GBP"
        )
        let harness = Harness(state: WebCheckoutBuilder(cart: empty).makeState())
        await harness.start()
        XCTAssertEqual(
            harness.state.view, .failed(.client(status: 422, message: "the cart has no items to transfer")))
        XCTAssertNil(harness.state.web.session)
        XCTAssertEqual(harness.state.errors.map(\.retry), [.load])
    }

    func testSessionCookieValuesNeverShowInTheStateDescription() async {
        let harness = webHarness()
        await harness.start()
        let text = String(describing: harness.state)
        XCTAssertFalse(text.contains("sandbox-session"), "a session header leaked into the description")
        XCTAssertFalse(text.contains("javascript"), "a cookie value leaked into the description")
    }

    func testProgressViewFollowsLoadProgressClampedToZeroThroughOne() async {
        let harness = webHarness()
        await harness.start()
        await harness.send(.common(.loadProgressChanged(0.4)))
        XCTAssertEqual(harness.state.web.loadProgress, 0.4)
        XCTAssertTrue(harness.state.web.isLoadingPage)
        await harness.send(.common(.loadProgressChanged(1.7)))
        XCTAssertEqual(harness.state.web.loadProgress, 1)
        XCTAssertFalse(harness.state.web.isLoadingPage)
        await harness.send(.common(.loadProgressChanged(.nan)))
        XCTAssertEqual(harness.state.web.loadProgress, 1)
    }

    func testOrderMessageUpdatesTheOrderSummary() async {
        let harness = webHarness()
        await harness.start()
        await harness.send(
            .bridge(.messageReceived(#"{"event":"order","data":{"total":45.95,"delivery":3.95,"currency":"GBP"}}"#)))
        XCTAssertEqual(harness.state.orderSummary?.total, money("45.95"))
        XCTAssertEqual(harness.state.orderSummary?.delivery, decimal("3.95"))
    }

    func testPaymentCompletedCompletesOnceEvenWhenRepeated() async {
        let harness = webHarness()
        await harness.start()
        let message = #"{"event":"paymentcompleted","data":{"order":{"total":45.95,"orderId":"W-1","currency":"GBP"}}}"#
        await harness.send(.bridge(.messageReceived(message)))
        await harness.send(.bridge(.messageReceived(message)))
        await harness.send(
            .bridge(.messageReceived(#"{"event":"paymentcompleted","data":{"order":{"total":1,"orderId":"W-2"}}}"#)))

        XCTAssertEqual(harness.state.view, .completed)
        XCTAssertEqual(
            harness.state.completedOrder, CompletedOrder(orderID: "W-1", total: money("45.95"), idSource: .bridge))
        XCTAssertEqual(harness.state.web.completionRecord, .recorded)
        XCTAssertTrue(harness.state.journey.isCartCleared)
        let recorded = await harness.api.recordedOrders
        XCTAssertEqual(recorded.map(\.orderID), ["W-1"])
        XCTAssertEqual(harness.clearedCarts.value, 1)
        XCTAssertEqual(
            harness.sink.events.filter { $0.name == "purchase" },
            [.purchase(transactionID: "W-1", cart: CheckoutAnalyticsCart(currency: "GBP", value: nil))])
    }

    func testPaymentCompletedWithoutOrderIDUsesTheInternalReference() async {
        let harness = webHarness()
        await harness.start()
        await harness.send(.bridge(.messageReceived(#"{"event":"paymentcompleted","data":{"order":{"total":5}}}"#)))
        XCTAssertEqual(harness.state.completedOrder?.orderID, "cart-1")
        XCTAssertEqual(harness.state.completedOrder?.idSource, .internalReference)
    }

    func testFailedCompletionRecordKeepsTheOrderCompleteAndOffersRetry() async throws {
        let harness = webHarness()
        await harness.start()
        await harness.api.failNextCalls(with: .server(status: 503, message: nil))
        await harness.send(
            .bridge(.messageReceived(#"{"event":"paymentcompleted","data":{"order":{"total":5,"orderId":"W"}}}"#)))
        XCTAssertEqual(harness.state.view, .completed)
        XCTAssertEqual(harness.state.web.completionRecord, .failed(.server(status: 503, message: nil)))
        let error = try XCTUnwrap(harness.state.errors.last)
        XCTAssertEqual(error.retry, .recordCompletion)

        await harness.send(.common(.retryTapped(errorID: error.id)))
        XCTAssertEqual(harness.state.web.completionRecord, .recorded)
        XCTAssertTrue(harness.state.errors.isEmpty)
        XCTAssertEqual(harness.sink.events.filter { $0.name == "purchase" }.count, 1)
    }

    func testErrorMessageFromThePageIsShown() async {
        let harness = webHarness()
        await harness.start()
        await harness.send(.bridge(.messageReceived(#"{"event":"error","data":{"errorMessage":"Card declined"}}"#)))
        XCTAssertEqual(harness.state.errors.map(\.kind), [.page("Card declined")])
        XCTAssertEqual(harness.state.errors.first?.message, "Card declined")
    }

    func testCloseWebViewClosesTheCheckoutAtOnce() async {
        let harness = webHarness()
        await harness.start()
        await harness.send(.bridge(.messageReceived(#"{"event":"closewebview"}"#)))
        XCTAssertEqual(harness.state.view, .dismissed)
    }

    func testRejectedMessageIsRecordedAndChangesNothingElse() async {
        let harness = webHarness()
        await harness.start()
        let before = harness.state
        await harness.send(.bridge(.messageReceived("{not json")))
        await harness.send(.bridge(.messageReceived(#"{"event":"order","data":{"total":"12abc"}}"#)))
        await harness.send(.bridge(.messageReceived(#"{"event":"order","name":"error"}"#)))
        var expected = before
        expected.web.rejections = harness.state.web.rejections
        XCTAssertEqual(harness.state, expected)
        XCTAssertEqual(harness.state.web.rejections.count, 3)
        XCTAssertEqual(harness.state.web.rejections.last, .ambiguousEvent(event: "order", name: "error"))
    }

    func testRejectionsAreCappedSoAHostilePageCannotGrowTheState() async {
        let harness = webHarness()
        await harness.start()
        for index in 0..<(WebCheckoutState.maximumRecordedRejections + 5) {
            harness.store.dispatch(.bridge(.messageReceived(#"{"event":"order","data":{"total":-\#(index)}}"#)))
        }
        XCTAssertEqual(harness.state.web.rejections.count, WebCheckoutState.maximumRecordedRejections)
    }

    func testDismissBeforeFinishingAsksForConfirmation() async {
        let harness = webHarness()
        await harness.start()
        await harness.send(.common(.dismissTapped))
        XCTAssertEqual(harness.state.view, .confirmingDismissal)
        await harness.send(.common(.dismissCancelled))
        XCTAssertEqual(harness.state.view, .webCheckout)
        await harness.send(.common(.dismissTapped))
        await harness.send(.common(.dismissConfirmed))
        XCTAssertEqual(harness.state.view, .dismissed)
        XCTAssertEqual(harness.sink.events.last, .dismissed(atStep: "web"))
    }

    func testDismissAfterFinishingClosesAtOnce() async {
        let harness = webHarness()
        await harness.start()
        await harness.send(
            .bridge(.messageReceived(#"{"event":"paymentcompleted","data":{"order":{"total":5,"orderId":"W"}}}"#)))
        await harness.send(.common(.dismissTapped))
        XCTAssertEqual(harness.state.view, .dismissed)
    }

    func testBeginFailureShowsFailedViewAndRetryLoads() async throws {
        let harness = webHarness()
        await harness.api.failNextCalls(with: .network("offline"))
        await harness.start()
        XCTAssertEqual(harness.state.view, .failed(.network("offline")))
        let error = try XCTUnwrap(harness.state.errors.first)
        XCTAssertEqual(error.retry, .load)
        await harness.send(.common(.retryTapped(errorID: error.id)))
        XCTAssertEqual(harness.state.view, .webCheckout)
        XCTAssertTrue(harness.state.errors.isEmpty)
    }

    func testParseCompletionByURLTakesTheOrderNumberFromTheQuery() async {
        let rules = ParseRules(completion: .urlContainsAny(["/confirmation"]), orderNumberQueryParameter: "orderNo")
        let harness = webHarness(mode: .parse(rules))
        await harness.start()
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/checkout/payment"))))
        XCTAssertNil(harness.state.completedOrder)
        XCTAssertEqual(harness.state.web.currentURL, "https://shop/checkout/payment")
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/confirmation?orderNo=77"))))
        XCTAssertEqual(harness.state.completedOrder, CompletedOrder(orderID: "77", total: nil, idSource: .urlQuery))
        XCTAssertEqual(harness.state.view, .completed)
    }

    func testParseCompletionByTitleUsesTheHostsExtractedValues() async {
        let rules = ParseRules(completion: .titleContains("Thank you"))
        let harness = webHarness(mode: .parse(rules))
        await harness.start()
        let page = ParsedPage(
            url: "https://shop/done", title: "Thank you for your order", extractedOrderNumber: "X-9",
            extractedOrder: WebOrder(total: decimal("12.5"), currency: "EUR"))
        await harness.send(.parse(.pageLoaded(page)))
        XCTAssertEqual(
            harness.state.completedOrder,
            CompletedOrder(orderID: "X-9", total: money("12.5", "EUR"), idSource: .extracted))
    }

    func testParseFailureOnTheCompletionPageStillCompletesWithTheInternalID() async {
        let rules = ParseRules(completion: .urlContainsAny(["/confirmation"]), orderNumberQueryParameter: "orderNo")
        let harness = webHarness(mode: .parse(rules))
        await harness.start()
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/confirmation"))))
        XCTAssertEqual(
            harness.state.completedOrder, CompletedOrder(orderID: "cart-1", total: nil, idSource: .internalReference))
        let recorded = await harness.api.recordedOrders
        XCTAssertEqual(recorded.count, 1)
    }

    func testContinueShoppingFragmentClosesTheCheckout() async {
        let harness = webHarness(mode: .parse(ParseRules(completion: .titleContains("Thanks"))))
        await harness.start()
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/Cart-ContinueShopping"))))
        XCTAssertEqual(harness.state.view, .dismissed)
    }

    func testBridgeMessagesAreRejectedInAParseCheckout() async {
        let harness = webHarness(mode: .parse(ParseRules(completion: .titleContains("Thanks"))))
        await harness.start()
        await harness.send(.bridge(.messageReceived(#"{"event":"paymentcompleted","data":{"order":{"total":5}}}"#)))
        XCTAssertNil(harness.state.completedOrder)
        XCTAssertEqual(harness.state.web.rejections.count, 1)
    }
}
