import Checkout
import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

final class ExpressCheckoutPlannerTests: XCTestCase {
    private let home = DropInCheckoutRun.home
    private let work = Address(
        firstName: "Ada", lastName: "Lovelace", line1: "1 Poultry", city: "London", postcode: "EC2R 8EJ",
        countryCode: "GB")

    private func wallet(billing: Address? = nil, method: String? = nil) -> ExpressWalletResult {
        ExpressWalletResult(
            email: "ada@example.com", shippingAddress: home, billingAddress: billing, shippingMethodID: method,
            shownTotal: Money(amount: 42, currencyCode: "GBP"),
            payment: PaymentSubmission(methodID: "applepay", payload: Sensitive("token")))
    }

    private func loadedState(user: CheckoutUser = .guest) -> CheckoutState {
        var state = CheckoutState(kind: .native, user: user)
        state.cart = Cart(
            id: "cart-1", lines: SandboxCheckoutAPI.demoLines,
            totals: CartTotals(subtotal: 42, shipping: 0, discount: 0, total: 42), currencyCode: "GBP")
        state.shippingMethods = [
            ShippingMethod(id: "standard", name: "Standard", price: Money(amount: 0, currencyCode: "GBP")),
            ShippingMethod(id: "express", name: "Express", price: Money(amount: 8, currencyCode: "GBP")),
        ]
        return state
    }

    private func next(_ wallet: ExpressWalletResult, _ state: CheckoutState) -> CheckoutAction? {
        ExpressCheckoutPlanner.nextAction(for: wallet, providerID: "braintree", in: state)
    }

    func testAnUnloadedCheckoutStartsFirstAndWaitsWhileLoading() {
        var state = CheckoutState(kind: .native)
        XCTAssertEqual(next(wallet(), state), .common(.started))
        state.loadInFlight = 1
        XCTAssertNil(next(wallet(), state))
    }

    func testAGuestSetsTheEmailFirst() {
        XCTAssertEqual(next(wallet(), loadedState()), .native(.emailSubmitted("ada@example.com")))
    }

    func testAGuestsShippingAddressGoesThroughTheAddressForm() {
        var state = loadedState()
        state.email = "ada@example.com"
        XCTAssertEqual(next(wallet(), state), .native(.editShippingContactTapped))
        state.native.addressEditor = AddressEditor(purpose: .shipping, mode: .form(prefill: nil))
        XCTAssertEqual(next(wallet(), state), .native(.addressFormSubmitted(home)))
    }

    func testALoggedInUserPicksTheMatchingAddressBookEntry() {
        let user = CheckoutUser.loggedIn(addressBook: [
            AddressBookEntry(id: "work", address: work), AddressBookEntry(id: "home", address: home),
        ])
        var state = loadedState(user: user)
        state.native.addressEditor = AddressEditor(purpose: .shipping, mode: .selection(preselectedEntryID: "work"))
        XCTAssertEqual(next(wallet(), state), .native(.addressBookEntrySelected(id: "home")))
    }

    func testALoggedInUserWithoutAMatchingEntryAddsANewAddress() {
        let user = CheckoutUser.loggedIn(addressBook: [AddressBookEntry(id: "work", address: work)])
        var state = loadedState(user: user)
        state.native.addressEditor = AddressEditor(purpose: .shipping, mode: .selection(preselectedEntryID: nil))
        XCTAssertEqual(next(wallet(), state), .native(.addNewAddressTapped))
    }

    func testBillingIsSameAsShippingUnlessTheWalletSaysOtherwise() {
        var state = loadedState()
        state.email = "ada@example.com"
        state.shippingContact = home
        XCTAssertEqual(next(wallet(), state), .native(.useShippingAsBillingTapped))
        XCTAssertEqual(next(wallet(billing: work), state), .native(.editBillingContactTapped))
        state.native.addressEditor = AddressEditor(purpose: .billing, mode: .form(prefill: nil))
        XCTAssertEqual(next(wallet(billing: work), state), .native(.addressFormSubmitted(work)))
    }

    func testTheSheetsShippingMethodOrTheFirstOfferedIsSelected() {
        var state = loadedState()
        state.email = "ada@example.com"
        state.shippingContact = home
        state.billingContact = home
        XCTAssertEqual(next(wallet(), state), .native(.shippingMethodSelected(id: "standard")))
        XCTAssertEqual(next(wallet(method: "express"), state), .native(.shippingMethodSelected(id: "express")))
    }

    func testTheProviderIsSelectedLastThenNothingIsLeft() {
        var state = loadedState()
        state.email = "ada@example.com"
        state.shippingContact = home
        state.billingContact = home
        state.selectedShippingMethodID = "standard"
        XCTAssertEqual(next(wallet(), state), .payment(.providerSelected(id: "braintree")))
        state.payment.providerID = "braintree"
        XCTAssertNil(next(wallet(), state))
    }

    func testWidgetAvailabilityRunsThePaymentGuards() {
        var state = loadedState()
        let braintree = BraintreeFixtures.provider(server: BraintreeSandboxServer())
        XCTAssertEqual(
            braintree.expressCheckoutWidget.availability(in: state),
            .available(total: Money(amount: 42, currencyCode: "GBP")))
        XCTAssertEqual(braintree.expressCheckoutWidget.wallets.first?.name, "Apple Pay")
        state.cart?.currencyCode = "JPY"
        XCTAssertEqual(
            braintree.expressCheckoutWidget.availability(in: state),
            .unavailable(.unsupportedCurrency("JPY", rejectedBy: "braintree")))
        state.cart = nil
        XCTAssertEqual(braintree.expressCheckoutWidget.availability(in: state), .unavailable(.noTotal))
        state = loadedState()
        state.cart?.totals.total = 0
        let adyen = AdyenFixtures.provider(server: AdyenSandboxServer())
        XCTAssertEqual(
            adyen.expressCheckoutWidget.availability(in: state),
            .unavailable(.nonPositiveAmount(Money(amount: 0, currencyCode: "GBP"))))
    }
}
