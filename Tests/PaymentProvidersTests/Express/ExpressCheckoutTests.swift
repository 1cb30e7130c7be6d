import Checkout
import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

/// Express checkout from the cart screen, end to end on the sandboxes: the same Checkout API,
/// the same actions, the same rules as the regular checkout.
final class ExpressCheckoutTests: XCTestCase {
    private let secrets = ["tokenap_", "sandbox_ct_", "applePayToken-secret", "Ab02b4c0!"]

    /// The wallet's data as Apple Pay returns it, paying with a Braintree Apple Pay nonce.
    private func braintreeWallet(
        _ server: BraintreeSandboxServer, total: Money, address: Address = DropInCheckoutRun.home
    ) async -> ExpressWalletResult {
        let nonce = await server.tokenizeApplePay(
            BraintreeApplePayRequest(amount: "0", currencyCode: "GBP", merchantAccountId: "poqshop_GBP")
        ).nonce.value
        let payment = BraintreeDropInResult.paymentMethod(
            BraintreePaymentMethod(nonce: nonce, type: .applePay, description: "Apple Pay"))
        return ExpressWalletResult(
            email: "ada@example.com", shippingAddress: address, shownTotal: total, payment: payment.submission)
    }

    private func adyenWallet(total: Money, billing: Address? = nil) -> ExpressWalletResult {
        ExpressWalletResult(
            email: "ada@example.com", shippingAddress: DropInCheckoutRun.home, billingAddress: billing,
            shownTotal: total,
            payment: PaymentSubmission(
                methodID: "applepay",
                payload: Sensitive(#"{"type":"applepay","applePayToken":"applePayToken-secret"}"#),
                displayDescription: "Apple Pay"))
    }

    /// The total the sandbox will show for the demo cart delivered to `home` by standard.
    private func expectedTotal(_ api: SandboxCheckoutAPI) async throws -> Money {
        let probe = try DropInCheckoutRun(script: AdyenDemoScript(scenario: DemoScenario()), api: api)
        await probe.completeSections()
        return try XCTUnwrap(probe.state.displayedTotal)
    }

    func testGuestExpressCheckoutWithBraintreeApplePayPlacesTheOrderThroughTheCheckoutAPI() async throws {
        let script = BraintreeDemoScript(scenario: DemoScenario())
        let api = SandboxCheckoutAPI()
        let run = try DropInCheckoutRun(script: script, api: api)
        let total = try await expectedTotal(SandboxCheckoutAPI())
        let express = ExpressCheckout(store: run.store, providerID: "braintree")
        let outcome = await express.run(await braintreeWallet(script.server, total: total))
        guard case .completed(let order, awaitingConfirmation: false) = outcome else {
            return XCTFail("expected the order placed, got \(outcome)")
        }
        XCTAssertEqual(order.total, total)
        XCTAssertEqual(run.state.email, "ada@example.com")
        XCTAssertTrue(AddressMatcher.matches(run.state.shippingContact, DropInCheckoutRun.home))
        XCTAssertTrue(run.state.isBillingSameAsShipping)
        let calls = await api.receivedCalls
        XCTAssertTrue(calls.contains(.updateEmail(cartID: "cart-1")), "the contact went through the Checkout API")
        XCTAssertTrue(calls.contains(.updateShippingContact(cartID: "cart-1")))
        XCTAssertTrue(calls.contains(.startPayment(cartID: "cart-1", expectedAmount: total)))
        let sales = await script.server.receivedCalls
        XCTAssertEqual(
            sales.last,
            .sale(
                amount: try BraintreeAmount.string(total), merchantAccountId: "poqshop_GBP",
                orderId: run.state.orderPlacement?.paymentReference ?? "", hasDeviceData: false))
        XCTAssertEqual(order.orderNumber, "SB-1001", "the backend's order, not the payment's reference")
        await run.settle()
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testExpressEndsInTheSameStateAsTheRegularCheckout() async throws {
        let regular = try DropInCheckoutRun(script: AdyenDemoScript(scenario: DemoScenario()))
        await regular.completeSections()
        let total = try XCTUnwrap(regular.state.displayedTotal)
        try await regular.pay()

        let script = AdyenDemoScript(scenario: DemoScenario())
        let run = try DropInCheckoutRun(script: script)
        let outcome = await ExpressCheckout(store: run.store, providerID: "adyen").run(adyenWallet(total: total))
        guard case .completed = outcome else { return XCTFail("expected the order placed, got \(outcome)") }
        XCTAssertEqual(run.state.completedOrder, regular.state.completedOrder)
        XCTAssertEqual(run.state.cart, regular.state.cart)
        XCTAssertEqual(run.state.shippingContact, regular.state.shippingContact)
        XCTAssertEqual(run.state.billingContact, regular.state.billingContact)
        XCTAssertEqual(run.state.selectedShippingMethodID, regular.state.selectedShippingMethodID)
        XCTAssertEqual(run.state.payment.receipt?.amount, regular.state.payment.receipt?.amount)
        await run.settle()
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testLoggedInShopperWithTheWalletAddressInTheAddressBookPicksIt() async throws {
        let user = CheckoutUser.loggedIn(addressBook: [AddressBookEntry(id: "home", address: DropInCheckoutRun.home)])
        let script = AdyenDemoScript(scenario: DemoScenario())
        let recorder = ExpressActionList()
        let environment = CheckoutEnvironment(
            api: SandboxCheckoutAPI(), paymentProviders: [script.provider], clock: SandboxClock(),
            makeIdempotencyKey: SandboxIdempotencyKeys().next)
        let store = Store(
            reducer: CheckoutReducer.make(environment: environment),
            state: CheckoutState(kind: .native, user: user, paymentProviders: [script.provider.descriptor]),
            middleware: [recorder.middleware])
        let total = try await expectedTotal(SandboxCheckoutAPI())
        let outcome = await ExpressCheckout(store: store, providerID: "adyen").run(adyenWallet(total: total))
        guard case .completed = outcome else { return XCTFail("expected the order placed, got \(outcome)") }
        let actions = recorder.actions
        XCTAssertFalse(actions.contains { if case .native(.emailSubmitted) = $0 { return true } else { return false } })
        XCTAssertFalse(
            actions.contains { if case .native(.addressFormSubmitted) = $0 { return true } else { return false } })
    }

    func testSeparateBillingAddressFromTheWalletIsSet() async throws {
        let billing = Address(
            firstName: "Ada", lastName: "Lovelace", line1: "1 Poultry", city: "London", postcode: "EC2R 8EJ",
            countryCode: "GB")
        let run = try DropInCheckoutRun(script: AdyenDemoScript(scenario: DemoScenario()))
        let total = try await expectedTotal(SandboxCheckoutAPI())
        let outcome = await ExpressCheckout(store: run.store, providerID: "adyen").run(
            adyenWallet(total: total, billing: billing))
        guard case .completed = outcome else { return XCTFail("expected the order placed, got \(outcome)") }
        XCTAssertTrue(AddressMatcher.matches(run.state.billingContact, billing))
        XCTAssertFalse(run.state.isBillingSameAsShipping)
    }

    func testTotalOtherThanTheSheetShowedNeverPays() async throws {
        let script = AdyenDemoScript(scenario: DemoScenario())
        let run = try DropInCheckoutRun(script: script)
        let shownBeforeShipping = Money(amount: 42, currencyCode: "GBP")
        let outcome = await ExpressCheckout(store: run.store, providerID: "adyen").run(
            adyenWallet(total: shownBeforeShipping))
        let total = try XCTUnwrap(run.state.displayedTotal)
        if total == shownBeforeShipping { return XCTFail("the sandbox charges shipping on this cart") }
        XCTAssertEqual(outcome, .totalChanged(shown: shownBeforeShipping, current: total))
        XCTAssertEqual(run.state.payment.phase, .idle)
        let calls = await script.server.receivedCalls
        XCTAssertTrue(calls.isEmpty, "nothing reached Adyen")
    }

    func testInvalidWalletAddressIsRejectedByTheCheckoutsOwnRule() async throws {
        var address = DropInCheckoutRun.home
        address.postcode = ""
        let script = BraintreeDemoScript(scenario: DemoScenario())
        let run = try DropInCheckoutRun(script: script)
        let outcome = await ExpressCheckout(store: run.store, providerID: "braintree").run(
            await braintreeWallet(script.server, total: Money(amount: 42, currencyCode: "GBP"), address: address))
        guard case .rejected(.invalidInput(let field, _)) = outcome else {
            return XCTFail("expected the address refused, got \(outcome)")
        }
        XCTAssertEqual(field, "postcode")
        XCTAssertNil(run.state.completedOrder)
    }

    func testDeclinedWalletPaymentIsADecline() async throws {
        let script = AdyenDemoScript(scenario: DemoScenario(decline: true))
        let run = try DropInCheckoutRun(script: script)
        let total = try await expectedTotal(SandboxCheckoutAPI())
        let outcome = await ExpressCheckout(store: run.store, providerID: "adyen").run(adyenWallet(total: total))
        XCTAssertEqual(outcome, .declined(reason: "Insufficient Funds"))
        XCTAssertEqual(run.state.errors.last?.kind, .paymentDeclined(reason: "Insufficient Funds"))
    }

    func testAfterADeclineAnotherWalletCanPayAtOnce() async throws {
        let script = AdyenDemoScript(scenario: DemoScenario(decline: true))
        let run = try DropInCheckoutRun(script: script)
        let total = try await expectedTotal(SandboxCheckoutAPI())
        let express = ExpressCheckout(store: run.store, providerID: "adyen")
        let first = await express.run(adyenWallet(total: total))
        XCTAssertEqual(first, .declined(reason: "Insufficient Funds"))
        var other = adyenWallet(total: total)
        other.shippingAddress.line1 = "11 Downing Street"
        let second = await express.run(other)
        guard case .completed = second else { return XCTFail("expected the order placed, got \(second)") }
        XCTAssertEqual(run.state.shippingContact?.line1, "11 Downing Street")
        XCTAssertEqual(run.state.payment.attempt, 2)
        await run.settle()
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testChallengeIsHandedToTheHostLikeTheRegularCheckout() async throws {
        let script = AdyenDemoScript(scenario: DemoScenario(challenge: true))
        let run = try DropInCheckoutRun(script: script)
        let total = try await expectedTotal(SandboxCheckoutAPI())
        let outcome = await ExpressCheckout(store: run.store, providerID: "adyen").run(adyenWallet(total: total))
        guard case .actionRequired(let action) = outcome else { return XCTFail("expected a challenge, got \(outcome)") }
        XCTAssertEqual(action.kind, .threeDSChallenge)
        let session = try XCTUnwrap(run.state.payment.session)
        await run.send(.payment(.actionCompleted(try await script.completeAction(action, in: session))))
        XCTAssertEqual(run.state.payment.phase, .succeeded)
        await run.settle()
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testPriceChangedOnTheBackendIsTheCheckouts409NotACharge() async throws {
        let script = AdyenDemoScript(scenario: DemoScenario())
        let api = SandboxCheckoutAPI()
        let run = try DropInCheckoutRun(script: script, api: api)
        await run.completeSections()
        let total = try XCTUnwrap(run.state.displayedTotal)
        await api.changePrice(productID: "cap-grey", to: 20)
        let outcome = await ExpressCheckout(store: run.store, providerID: "adyen").run(adyenWallet(total: total))
        XCTAssertEqual(outcome, .rejected(.cartChanged))
        let calls = await script.server.receivedCalls
        XCTAssertTrue(calls.isEmpty, "nothing reached Adyen")
        XCTAssertNotEqual(run.state.displayedTotal, total, "the new cart was fetched")
    }
}
