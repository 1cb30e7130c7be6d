import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

final class CheckoutAnalyticsMiddlewareTests: XCTestCase {
    /// The sandbox's cart: two navy T-shirts at 12 and a cap at 18, in GBP.
    private let demoItems = [
        CheckoutAnalyticsItem(itemID: "tee-navy-m", itemName: "Navy T-shirt (M)", price: 12, quantity: 2),
        CheckoutAnalyticsItem(itemID: "cap-grey", itemName: "Grey cap", price: 18, quantity: 1),
    ]
    private let emptyCart = Cart(
        id: "cart-0", lines: [], totals: CartTotals(subtotal: 0, shipping: 0, discount: 0, total: 0),
        currencyCode: "GBP")
    private var demoCart: CheckoutAnalyticsCart {
        CheckoutAnalyticsCart(currency: "GBP", value: 42, items: demoItems)
    }

    // MARK: A whole checkout

    func testAWholeNativeCheckoutProducesTheConventionsEventsInOrder() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.native(.shippingMethodSelected(id: "express")))
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card")))))

        var bought = demoCart
        bought.shipping = decimal("7.95")
        XCTAssertEqual(
            harness.sink.events,
            [
                .beginCheckout(kind: .native, cart: demoCart),
                .sectionCompleted(.contactInformation),
                .sectionCompleted(.shippingContact),
                .sectionCompleted(.billingContact),
                .sectionCompleted(.shippingMethod),
                .sectionCompleted(.orderSummary),
                .addShippingInfo(shippingTier: "standard", cart: demoCart),
                .addShippingInfo(shippingTier: "express", cart: demoCart),
                .addPaymentInfo(paymentType: "scheme", providerID: "sandbox", cart: demoCart),
                // The backend placed the order: its id is the transaction.
                .purchase(transactionID: "order-1", cart: bought),
            ])
    }

    func testAWebCheckoutBeginsWhenItsPageSessionLoadsAndPurchasesWithThePagesOrderID() async {
        let harness = Harness(state: WebCheckoutBuilder().makeState())
        await harness.start()
        await harness.send(
            .bridge(
                .messageReceived(
                    #"{"event":"paymentcompleted","data":{"order":{"orderId":"W1001","total":45.5,"subTotal":38.55,"delivery":3.95,"tax":3,"currency":"GBP"}}}"#
                )))
        // The same completion again changes nothing, so no second purchase.
        await harness.send(
            .bridge(
                .messageReceived(#"{"event":"paymentcompleted","data":{"order":{"orderId":"W1001","total":45.5}}}"#)))

        XCTAssertEqual(
            harness.sink.events,
            [
                .beginCheckout(kind: .web, cart: nil),
                // The page reports totals, not lines: value from its subtotal, no items.
                .purchase(
                    transactionID: "W1001",
                    cart: CheckoutAnalyticsCart(
                        currency: "GBP", value: decimal("38.55"), shipping: decimal("3.95"), tax: 3)),
            ])
    }

    func testAWebCompletionWithoutASubtotalTakesItFromThePagesLastOrderOfTheSameTotal() async {
        let harness = Harness(state: WebCheckoutBuilder().makeState())
        await harness.start()
        await harness.send(
            .bridge(
                .messageReceived(
                    #"{"event":"order","data":{"total":45.95,"subTotal":42,"delivery":3.95,"currency":"GBP"}}"#)))
        await harness.send(
            .bridge(
                .messageReceived(
                    #"{"event":"paymentcompleted","data":{"order":{"orderId":"W1","total":45.95,"currency":"GBP"}}}"#)))
        XCTAssertEqual(
            harness.sink.events.last,
            .purchase(
                transactionID: "W1",
                cart: CheckoutAnalyticsCart(currency: "GBP", value: 42, shipping: decimal("3.95"))))

        // A last order of another total describes something else: nothing is taken from it.
        let other = Harness(state: WebCheckoutBuilder().makeState())
        await other.start()
        await other.send(
            .bridge(.messageReceived(#"{"event":"order","data":{"total":30,"subTotal":26,"currency":"GBP"}}"#)))
        await other.send(
            .bridge(
                .messageReceived(
                    #"{"event":"paymentcompleted","data":{"order":{"orderId":"W2","total":45.95,"currency":"GBP"}}}"#)))
        XCTAssertEqual(
            other.sink.events.last,
            .purchase(transactionID: "W2", cart: CheckoutAnalyticsCart(currency: "GBP", value: nil)))
    }

    func testAWebCompletionWithoutTheOrdersIDIsUnconfirmedAndNeverSendsTheInternalReference() async throws {
        let harness = Harness(state: WebCheckoutBuilder().makeState())
        await harness.start()
        await harness.send(
            .bridge(.messageReceived(#"{"event":"paymentcompleted","data":{"order":{"total":10,"currency":"GBP"}}}"#)))
        XCTAssertEqual(harness.state.completedOrder?.idSource, .internalReference)
        let reference = try XCTUnwrap(harness.state.completedOrder?.orderID)
        let event = try XCTUnwrap(harness.sink.events.last)
        XCTAssertEqual(event.name, "purchase_unconfirmed")
        XCTAssertEqual(event.parameters["order_id_source"], .string("internalReference"))
        XCTAssertNil(event.parameters["transaction_id"])
        XCTAssertFalse(event.parameters.values.contains(.string(reference)))
        XCTAssertFalse(harness.sink.events.contains { $0.name == "purchase" })
    }

    func testAWebPurchaseCarriesTheLinesWhenTheStateHoldsTheCart() {
        var before = WebCheckoutBuilder().makeState()
        before.cart = Cart(
            id: "cart-1", lines: SandboxCheckoutAPI.demoLines,
            totals: CartTotals(subtotal: 42, shipping: 0, discount: 0, total: 42), currencyCode: "GBP")
        var after = before
        // Completion clears a web checkout's cart: the lines bought are the state's before it.
        after.cart = nil
        after.web.order = WebOrder(total: decimal("45.95"), orderID: "W7", subTotal: 42, delivery: decimal("3.95"))
        after.completedOrder = CompletedOrder(orderID: "W7", total: money("45.95"), idSource: .bridge)
        XCTAssertEqual(
            CheckoutAnalyticsMiddleware.events(for: .common(.started), before: before, after: after),
            [
                .purchase(
                    transactionID: "W7",
                    cart: CheckoutAnalyticsCart(currency: "GBP", value: 42, shipping: decimal("3.95"), items: demoItems)
                )
            ])
    }

    // MARK: One purchase per placed order

    func testAPurchaseFiresOnceWhenARealIDReplacesAStandInAndNeverAgainForTheSameOrder() {
        let empty = Fixtures.nativeState()
        var standIn = empty
        standIn.completedOrder = CompletedOrder(orderID: "payment-1", total: money("45.95"), idSource: .payment)
        var placed = standIn
        placed.completedOrder = CompletedOrder(orderID: "W-1", total: money("45.95"), idSource: .bridge)
        var placedAgain = placed
        placedAgain.completedOrder?.total = money("46")
        let action = CheckoutAction.common(.started)

        XCTAssertEqual(
            CheckoutAnalyticsMiddleware.events(for: action, before: empty, after: standIn).map(\.name),
            ["purchase_unconfirmed"])
        XCTAssertEqual(
            CheckoutAnalyticsMiddleware.events(for: action, before: standIn, after: placed),
            [.purchase(transactionID: "W-1", cart: CheckoutAnalyticsCart(currency: "GBP", value: nil))])
        // The same order changing (a pending order confirmed) is not a second purchase.
        XCTAssertEqual(CheckoutAnalyticsMiddleware.events(for: action, before: placed, after: placedAgain), [])
        XCTAssertEqual(CheckoutAnalyticsMiddleware.events(for: action, before: placed, after: placed), [])
        // Nor is a stand-in replacing a real id.
        XCTAssertEqual(CheckoutAnalyticsMiddleware.events(for: action, before: placed, after: standIn), [])
    }

    func testOnlyThePagesOwnIDsArePurchasesNeverAPaymentOrInternalReference() {
        let sources: [CompletedOrder.IDSource] = [.bridge, .urlQuery, .extracted, .internalReference, .payment]
        let names = sources.map { source -> String in
            var after = Fixtures.nativeState()
            after.completedOrder = CompletedOrder(orderID: "X-1", total: nil, idSource: source)
            return CheckoutAnalyticsMiddleware.events(
                for: .common(.started), before: Fixtures.nativeState(), after: after
            ).map(\.name).joined()
        }
        XCTAssertEqual(
            names, ["purchase", "purchase", "purchase", "purchase_unconfirmed", "purchase_unconfirmed"])
    }

    // MARK: Shipping and payment info

    func testAddShippingInfoFiresWhenTheSectionCompletesAndWhenAnotherTierIsPickedNotForTheSameOne() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.native(.shippingMethodSelected(id: "standard")))
        await harness.send(.native(.shippingMethodSelected(id: "express")))
        await harness.send(.native(.shippingMethodSelected(id: "express")))
        XCTAssertEqual(
            harness.sink.events.compactMap { event -> String? in
                guard case .addShippingInfo(let tier, _) = event else { return nil }
                return tier
            }, ["standard", "express"])
    }

    func testAddPaymentInfoNamesTheSubmittedMethodTypeAndFiresOncePerSubmission() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.provider.setBehaviour(.decline(reason: "Refused"))
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(PaymentSubmission(methodID: "paypal", payload: Sensitive("nonce")))))
        // Submitting again while declined is a new try, and a new event.
        await harness.send(.payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card")))))
        let submitted = harness.sink.events.filter { $0.name == "add_payment_info" }
        XCTAssertEqual(submitted.map { $0.parameters["payment_type"] }, [.string("paypal"), .string("scheme")])
        XCTAssertEqual(submitted.first?.parameters["payment_provider"], .string("sandbox"))
    }

    // MARK: The checkout's own events

    func testPaymentFailuresAreReportedByCategoryNeverByTheProvidersMessage() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.provider.setBehaviour(.decline(reason: "Do not honour: card 4111"))
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card")))))
        await harness.send(.payment(.cancelTapped))
        await harness.provider.setBehaviour(.errorResult(message: "acquirer down"))
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card")))))

        let failures = harness.sink.events.filter { $0.name == "checkout_payment_failed" }
        XCTAssertEqual(
            failures,
            [
                .paymentFailed(reason: .declined, providerID: "sandbox", attempt: 1),
                .paymentFailed(reason: .cancelled, providerID: "sandbox", attempt: 1),
                .paymentFailed(reason: .providerError, providerID: "sandbox", attempt: 2),
            ])
        XCTAssertEqual(failures[2].parameters["payment_attempt"], .integer(2))
        XCTAssertEqual(failures[2].parameters["failure_reason"], .string("provider_error"))
    }

    func testEveryPaymentFailureKindHasACategory() {
        let kinds: [PaymentFailure.Kind] = [
            .provider, .api, .guardViolation, .timeout, .interrupted, .configuration, .refused, .declined,
        ]
        XCTAssertEqual(
            kinds.map { CheckoutAnalyticsEvent.PaymentFailureReason($0).rawValue },
            [
                "provider_error", "api_error", "guard_refused", "timeout", "interrupted", "configuration",
                "refused_after_pending", "declined",
            ])
    }

    func testADropInThatPaysByItselfAddsItsPaymentInfoOnceWithItsMethodOrItsProvider() {
        var presenting = Fixtures.nativeState()
        presenting.payment.providerID = "adyen"
        presenting.payment.phase = .presenting
        var submitting = presenting
        submitting.payment.phase = .submitting
        let withMethod = PaymentDropInResult(resultCode: "Authorised", sessionResult: nil, methodID: "ideal")
        let without = PaymentDropInResult(resultCode: "Authorised", sessionResult: nil)
        let events = [withMethod, without].map {
            CheckoutAnalyticsMiddleware.events(
                for: .payment(.dropInCompleted($0)), before: presenting, after: submitting
            )
            .filter { $0.name == "add_payment_info" }.map { $0.parameters["payment_type"] }
        }
        XCTAssertEqual(events, [[.string("ideal")], [.string("adyen")]])
        XCTAssertEqual(
            CheckoutAnalyticsMiddleware.events(
                for: .payment(.dropInCompleted(withMethod)), before: submitting, after: submitting), [],
            "a second report is no second event")
    }

    func testA409And410RecoveryEachReportTheirStatusAndTheNewCart() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.api.changePrice(productID: "cap-grey", to: 20)
        await harness.send(.payment(.payTapped))
        await harness.api.expireCart()
        await harness.send(.native(.shippingMethodSelected(id: "express")))

        let recovered = harness.sink.events.filter { $0.name == "checkout_cart_recovered" }
        XCTAssertEqual(recovered.map { $0.parameters["status_code"] }, [.integer(409), .integer(410)])
        XCTAssertEqual(recovered.first?.parameters["value"], .decimal(44))
        XCTAssertTrue(harness.sink.events.contains(.errorShown(code: "cartChanged")))
        XCTAssertTrue(harness.sink.events.contains(.errorShown(code: "cartExpired")))
    }

    func testAFailedRecoveryIsNotReportedAsRecovered() {
        var before = Fixtures.nativeState()
        before.native.recoveryInFlight = 4
        var after = before
        after.native.recoveryInFlight = nil
        XCTAssertEqual(
            CheckoutAnalyticsMiddleware.events(
                for: .result(.restoreFailed(.timeout, requestID: 4)), before: before, after: after), [])
        // A stale answer (another request's) is ignored by the reducer, and here.
        XCTAssertEqual(
            CheckoutAnalyticsMiddleware.events(
                for: .result(.checkoutRestored(CheckoutDetails(cart: emptyCart), requestID: 3)),
                before: before, after: before), [])
    }

    func testErrorsShownAreReportedByCodeOnly() async {
        let harness = Harness()
        await harness.start()
        await harness.send(.native(.emailSubmitted("not-an-email")))
        XCTAssertEqual(harness.sink.events.last, .errorShown(code: "invalidInput.email"))
        XCTAssertEqual(harness.sink.events.last?.parameters, ["error_code": .string("invalidInput.email")])
    }

    func testDismissalReportsTheStepTheCustomerLeftAt() async {
        let harness = Harness()
        await harness.start()
        await harness.send(.common(.dismissTapped))
        await harness.send(.common(.dismissConfirmed))
        XCTAssertEqual(harness.sink.events.last, .dismissed(atStep: "contactInformation"))
        XCTAssertEqual(harness.sink.events.last?.parameters, ["checkout_step": .string("contactInformation")])
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
                + "\(event.foundationParameters)"
        }.joined()
        XCTAssertFalse(harness.sink.events.isEmpty)
        for personal in ["Ada", "Lovelace", "Downing", "SW1A", "London", "4111", "sandbox-token"] {
            XCTAssertFalse(text.contains(personal), "\(personal) reached an analytics event")
        }
    }

    func testEventsAreAPureFunctionOfActionAndStates() {
        let before = Fixtures.nativeState()
        var after = before
        after.cart = emptyCart
        XCTAssertEqual(
            CheckoutAnalyticsMiddleware.events(for: .common(.started), before: before, after: after),
            [.beginCheckout(kind: .native, cart: CheckoutAnalyticsCart(currency: "GBP", value: 0))])
        XCTAssertEqual(CheckoutAnalyticsMiddleware.events(for: .common(.started), before: after, after: after), [])
    }

    // MARK: Names, types and the sink's edge

    func testEveryEventAndParameterNameIsSnakeCaseOfAtMost40Characters() {
        let pattern = try? NSRegularExpression(pattern: "^[a-z][a-z0-9_]{0,39}$")
        func check(_ name: String, _ what: String) {
            let range = NSRange(name.startIndex..., in: name)
            XCTAssertNotNil(pattern?.firstMatch(in: name, range: range), "\(what) \(name)")
        }
        XCTAssertEqual(Set(Self.oneOfEach.map(Self.caseIndex)).count, Self.caseCount, "a sample of every event")
        for event in Self.oneOfEach {
            check(event.name, "event")
            for (key, value) in event.parameters {
                check(key, "\(event.name) parameter")
                guard case .items(let items) = value else { continue }
                for key in items.flatMap(\.parameters.keys) { check(key, "item parameter") }
            }
        }
        XCTAssertEqual(Set(Self.oneOfEach.map(\.name)).count, Self.caseCount, "names are unique")
    }

    func testTheConventionsParametersHaveItsNamesAndValueTypes() {
        let purchase = CheckoutAnalyticsEvent.purchase(
            transactionID: "W-1",
            cart: CheckoutAnalyticsCart(
                currency: "GBP", value: 42, shipping: decimal("3.95"), tax: decimal("7.66"), items: demoItems))
        XCTAssertEqual(purchase.name, "purchase")
        XCTAssertEqual(
            purchase.parameters,
            [
                "transaction_id": .string("W-1"), "currency": .string("GBP"), "value": .decimal(42),
                "shipping": .decimal(decimal("3.95")), "tax": .decimal(decimal("7.66")), "items": .items(demoItems),
            ])
        XCTAssertEqual(
            demoItems[0].parameters,
            [
                "item_id": .string("tee-navy-m"), "item_name": .string("Navy T-shirt (M)"), "price": .decimal(12),
                "quantity": .integer(2),
            ])
        XCTAssertEqual(
            CheckoutAnalyticsEvent.addShippingInfo(shippingTier: "express", cart: nil).parameters,
            ["shipping_tier": .string("express")])
        XCTAssertEqual(
            CheckoutAnalyticsEvent.addPaymentInfo(paymentType: "applepay", providerID: nil, cart: nil).parameters,
            ["payment_type": .string("applepay")])
    }

    func testValueIsTheSumOfPriceTimesQuantityShippingAndTaxExcluded() {
        let cart = Cart(
            id: "c", lines: SandboxCheckoutAPI.demoLines,
            totals: CartTotals(subtotal: 42, shipping: decimal("3.95"), discount: 5, total: decimal("40.95")),
            currencyCode: "GBP")
        XCTAssertEqual(CheckoutAnalyticsCart(cart: cart).value, 42)
        var huge = cart
        huge.lines = [
            CartLine(id: "l", productID: "p", title: "t", quantity: .max, unitPrice: Decimal.greatestFiniteMagnitude)
        ]
        XCTAssertNil(CheckoutAnalyticsCart(cart: huge).value, "a sum that is not a number is left out")
    }

    func testFoundationParametersConvertMoneyToNumbersOnlyAtTheEdge() throws {
        let event = CheckoutAnalyticsEvent.purchase(
            transactionID: "W-1",
            cart: CheckoutAnalyticsCart(
                currency: "GBP", value: decimal("45.95"), shipping: .nan, items: [demoItems[1]]))
        let parameters = event.foundationParameters
        XCTAssertEqual(parameters["transaction_id"] as? String, "W-1")
        XCTAssertEqual((parameters["value"] as? NSNumber)?.doubleValue, 45.95)
        XCTAssertNil(parameters["shipping"], "NaN is left out: Firebase refuses it")
        let items = try XCTUnwrap(parameters["items"] as? [[String: Any]])
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items[0]["item_id"] as? String, "cap-grey")
        XCTAssertEqual((items[0]["price"] as? NSNumber)?.doubleValue, 18)
        XCTAssertEqual((items[0]["quantity"] as? NSNumber)?.intValue, 1)
        XCTAssertEqual(
            (CheckoutAnalyticsEvent.paymentFailed(reason: .timeout, providerID: nil, attempt: 3)
                .foundationParameters["payment_attempt"] as? NSNumber)?.intValue, 3)
        // The nearest Double to the decimal text, not an approximation of an approximation.
        XCTAssertEqual(
            (CheckoutAnalyticsValue.decimal(decimal("0.1")).foundationValue as? NSNumber)?.doubleValue, 0.1)
    }

    func testAnEventEncodesAsItsNameAndTypedParameters() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let event = CheckoutAnalyticsEvent.addPaymentInfo(
            paymentType: "scheme", providerID: "adyen",
            cart: CheckoutAnalyticsCart(currency: "GBP", value: 18, items: [demoItems[1]]))
        XCTAssertEqual(
            String(decoding: try encoder.encode(event), as: UTF8.self),
            #"{"name":"add_payment_info","parameters":{"currency":"GBP","items":[{"item_id":"cap-grey","item_name":"Grey cap","price":18,"quantity":1}],"#
                + #""payment_provider":"adyen","payment_type":"scheme","value":18}}"#)
    }

    func testValuesPrintAsKeyValueTextQuotedOnlyWhenNeeded() {
        XCTAssertEqual(CheckoutAnalyticsValue.string("GBP").description, "GBP")
        XCTAssertEqual(CheckoutAnalyticsValue.string("Grey cap").description, #""Grey cap""#)
        XCTAssertEqual(CheckoutAnalyticsValue.string("a=b\n\u{1}").description, #""a=b\n\u0001""#)
        XCTAssertEqual(CheckoutAnalyticsValue.string("").description, #""""#)
        XCTAssertEqual(CheckoutAnalyticsValue.decimal(decimal("45.950")).description, "45.95")
        XCTAssertEqual(CheckoutAnalyticsValue.integer(409).description, "409")
        XCTAssertEqual(
            CheckoutAnalyticsValue.items([demoItems[1]]).description,
            #"[{item_id=cap-grey item_name="Grey cap" price=18 quantity=1}]"#)
    }

    // MARK: One of each event

    /// One event of every case, for the checks over all names.
    static let oneOfEach: [CheckoutAnalyticsEvent] = [
        .beginCheckout(kind: .web, cart: CheckoutAnalyticsCart(currency: "GBP", value: 1)),
        .addShippingInfo(shippingTier: "standard", cart: nil),
        .addPaymentInfo(paymentType: "scheme", providerID: "sandbox", cart: nil),
        .purchase(
            transactionID: "W-1",
            cart: CheckoutAnalyticsCart(
                currency: "GBP", value: 1, shipping: 1, tax: 1,
                items: [CheckoutAnalyticsItem(itemID: "p", itemName: "P", price: 1, quantity: 1)])),
        .purchaseUnconfirmed(idSource: .payment, cart: nil),
        .sectionCompleted(.shippingMethod),
        .paymentFailed(reason: .declined, providerID: "sandbox", attempt: 1),
        .cartRecovered(statusCode: 409, cart: nil),
        .dismissed(atStep: "payment"),
        .errorShown(code: "cartChanged"),
    ]

    static let caseCount = 10

    /// The case's position: the switch has no default, so a new case fails to compile here until
    /// it has a sample above.
    static func caseIndex(_ event: CheckoutAnalyticsEvent) -> Int {
        switch event {
        case .beginCheckout: return 0
        case .addShippingInfo: return 1
        case .addPaymentInfo: return 2
        case .purchase: return 3
        case .purchaseUnconfirmed: return 4
        case .sectionCompleted: return 5
        case .paymentFailed: return 6
        case .cartRecovered: return 7
        case .dismissed: return 8
        case .errorShown: return 9
        }
    }
}
