import Checkout
import StateStore
import XCTest

final class NativeSectionTests: XCTestCase {
    private func visible(_ state: CheckoutState) -> [CheckoutSection] {
        state.native.sections.filter(\.isVisible).map(\.section)
    }

    func testGuestStartsAtContactInformationWithLaterSectionsHidden() async {
        let harness = Harness()
        await harness.start()
        XCTAssertEqual(harness.state.view, .nativeCheckout)
        XCTAssertEqual(harness.state.native.sections.map(\.section), CheckoutSection.allCases)
        XCTAssertEqual(visible(harness.state), [.contactInformation])
        XCTAssertEqual(harness.state.native.currentSection, .contactInformation)
    }

    func testLoggedInUsersHaveNoContactInformationSection() async {
        let harness = Harness(state: Fixtures.nativeState(user: Fixtures.loggedInWithoutDefault))
        await harness.start()
        XCTAssertFalse(harness.state.native.sections.contains { $0.section == .contactInformation })
        XCTAssertEqual(harness.state.native.currentSection, .shippingContact)
    }

    func testSectionsUnveilAsThePreviousOnesComplete() async {
        let harness = Harness()
        await harness.start()
        await harness.send(.native(.emailSubmitted(" ada@example.com ")))
        XCTAssertEqual(harness.state.email, "ada@example.com")
        XCTAssertEqual(visible(harness.state), [.contactInformation, .shippingContact])
        XCTAssertEqual(harness.state.native.currentSection, .shippingContact)

        await harness.send(.native(.editShippingContactTapped))
        await harness.send(.native(.addressFormSubmitted(Fixtures.home)))
        XCTAssertEqual(visible(harness.state), [.contactInformation, .shippingContact, .billingContact])

        await harness.send(.native(.useShippingAsBillingTapped))
        XCTAssertEqual(harness.state.native.currentSection, .shippingMethod)
        await harness.send(.native(.shippingMethodSelected(id: "express")))
        XCTAssertEqual(visible(harness.state), CheckoutSection.allCases)
        XCTAssertEqual(harness.state.native.currentSection, .payment)
        XCTAssertEqual(harness.state.native.status(of: .orderSummary)?.isComplete, true)
        XCTAssertEqual(harness.state.native.status(of: .orderSummary)?.isEditable, false)
    }

    func testImplausibleEmailIsRefusedWithAnErrorNamingTheField() async {
        let harness = Harness()
        await harness.start()
        await harness.send(.native(.emailSubmitted("ada@")))
        XCTAssertNil(harness.state.email)
        XCTAssertEqual(
            harness.state.errors.map(\.kind), [.invalidInput(field: "email", reason: "not an email address")])
        let calls = await harness.api.receivedCalls
        XCTAssertEqual(calls, [.fetchCheckout])
    }

    func testHiddenSectionCannotBeEdited() async {
        let harness = Harness()
        await harness.start()
        await harness.send(.native(.editShippingContactTapped))
        XCTAssertNil(harness.state.native.addressEditor)
    }

    func testGuestsGoStraightToTheAddressForm() async {
        let harness = Harness()
        await harness.start()
        await harness.send(.native(.emailSubmitted("ada@example.com")))
        await harness.send(.native(.editShippingContactTapped))
        XCTAssertEqual(harness.state.native.addressEditor, AddressEditor(purpose: .shipping, mode: .form(prefill: nil)))
    }

    func testAddressMissingAFieldIsRefusedAndTheFormStaysOpen() async {
        let harness = Harness()
        await harness.start()
        await harness.send(.native(.emailSubmitted("ada@example.com")))
        await harness.send(.native(.editShippingContactTapped))
        var incomplete = Fixtures.home
        incomplete.postcode = " "
        await harness.send(.native(.addressFormSubmitted(incomplete)))
        XCTAssertNil(harness.state.shippingContact)
        XCTAssertNotNil(harness.state.native.addressEditor)
        XCTAssertEqual(harness.state.errors.last?.kind, .invalidInput(field: "postcode", reason: "required"))
    }

    func testLoggedInUserStartsWithTheDefaultAddressForShippingAndBilling() async {
        let harness = Harness(state: Fixtures.nativeState(user: Fixtures.loggedInWithDefault))
        await harness.start()
        XCTAssertEqual(harness.state.shippingContact, Fixtures.home)
        XCTAssertEqual(harness.state.billingContact, Fixtures.home)
        XCTAssertTrue(harness.state.isBillingSameAsShipping)
        XCTAssertEqual(harness.state.shippingMethods.map(\.id), ["standard", "express"])
        XCTAssertEqual(harness.state.native.currentSection, .shippingMethod)
        let calls = await harness.api.receivedCalls
        XCTAssertEqual(
            calls, [.fetchCheckout, .updateShippingContact(cartID: "cart-1"), .updateBillingContact(cartID: "cart-1")])
    }

    func testLoggedInUserWithoutDefaultGetsTheAddressBookInSelectionMode() async {
        let harness = Harness(state: Fixtures.nativeState(user: Fixtures.loggedInWithoutDefault))
        await harness.start()
        XCTAssertNil(harness.state.shippingContact)
        XCTAssertEqual(
            harness.state.native.addressEditor,
            AddressEditor(purpose: .shipping, mode: .selection(preselectedEntryID: nil)))
        await harness.send(.native(.addressBookEntrySelected(id: "work")))
        XCTAssertEqual(harness.state.shippingContact, Fixtures.work)
        XCTAssertNil(harness.state.native.addressEditor)
        XCTAssertEqual(harness.state.shippingMethods.map(\.id), ["standard", "express"])
        XCTAssertEqual(harness.state.shippingMethods.first?.price, money("6", "GBP"))
    }

    func testSelectionModePreselectsTheEntryMatchingTheCartsAddress() async {
        let harness = Harness(state: Fixtures.nativeState(user: Fixtures.loggedInWithoutDefault))
        await harness.start()
        await harness.send(.native(.addNewAddressTapped))
        await harness.send(.native(.addressFormSubmitted(Fixtures.homeAsCartHoldsIt)))
        await harness.send(.native(.editShippingContactTapped))
        XCTAssertEqual(
            harness.state.native.addressEditor,
            AddressEditor(purpose: .shipping, mode: .selection(preselectedEntryID: "home")))
    }

    func testUnknownAddressBookEntryIsAnError() async {
        let harness = Harness(state: Fixtures.nativeState(user: Fixtures.loggedInWithoutDefault))
        await harness.start()
        await harness.send(.native(.addressBookEntrySelected(id: "nope")))
        XCTAssertNil(harness.state.shippingContact)
        XCTAssertEqual(harness.state.errors.last?.kind.code, "invalidInput.addressBookEntry")
    }

    func testEditingShippingUpdatesABillingContactThatMatchedIt() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        XCTAssertTrue(harness.state.isBillingSameAsShipping)
        await harness.send(.native(.editShippingContactTapped))
        await harness.send(.native(.addressFormSubmitted(Fixtures.paris)))
        XCTAssertEqual(harness.state.shippingContact, Fixtures.paris)
        XCTAssertEqual(harness.state.billingContact, Fixtures.paris)
        let backend = await harness.api.currentDetails
        XCTAssertEqual(backend.billingContact, Fixtures.paris)
    }

    func testEditingShippingLeavesADifferentBillingContactAlone() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.native(.editBillingContactTapped))
        await harness.send(.native(.addressFormSubmitted(Fixtures.work)))
        XCTAssertFalse(harness.state.isBillingSameAsShipping)
        await harness.send(.native(.editShippingContactTapped))
        await harness.send(.native(.addressFormSubmitted(Fixtures.paris)))
        XCTAssertEqual(harness.state.billingContact, Fixtures.work)
    }

    func testEditingBillingNeverChangesShipping() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.native(.editBillingContactTapped))
        await harness.send(.native(.addressFormSubmitted(Fixtures.work)))
        XCTAssertEqual(harness.state.shippingContact, Fixtures.home)
        XCTAssertEqual(harness.state.billingContact, Fixtures.work)
    }

    func testShippingMethodsFollowTheCountryAndAStaleSelectionIsCleared() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.native(.shippingMethodSelected(id: "express")))
        XCTAssertEqual(harness.state.cart?.totals.shipping, decimal("7.95"))
        XCTAssertEqual(harness.state.native.status(of: .shippingMethod)?.isComplete, true)

        await harness.send(.native(.editShippingContactTapped))
        await harness.send(.native(.addressFormSubmitted(Fixtures.paris)))
        XCTAssertEqual(harness.state.shippingMethods.map(\.id), ["international"])
        XCTAssertNil(harness.state.selectedShippingMethodID)
        XCTAssertEqual(harness.state.native.status(of: .shippingMethod)?.isComplete, false)
        XCTAssertEqual(harness.state.native.currentSection, .shippingMethod)
        XCTAssertEqual(harness.state.native.status(of: .payment)?.isVisible, false)
        XCTAssertEqual(harness.state.cart?.totals.total, decimal("42"))
    }

    func testSelectingAMethodTheCartDoesNotOfferIsRefused() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.native(.shippingMethodSelected(id: "international")))
        XCTAssertEqual(harness.state.selectedShippingMethodID, "standard")
        XCTAssertEqual(harness.state.errors.last?.kind.code, "invalidInput.shippingMethod")
    }

    func testEveryEditTakesTheBackendsPricesAndTotals() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        XCTAssertEqual(harness.state.cart?.totals.total, decimal("45.95"))
        XCTAssertEqual(harness.state.orderSummary?.total, money("45.95"))
        XCTAssertEqual(harness.state.displayedTotal, money("45.95"))
    }

    func testNetworkFailureKeepsWhatWasEnteredAndRetryResendsIt() async throws {
        let harness = Harness()
        await harness.start()
        await harness.api.failNextCalls(with: .timeout)
        await harness.send(.native(.emailSubmitted("ada@example.com")))
        XCTAssertEqual(harness.state.email, "ada@example.com")
        XCTAssertEqual(harness.state.native.syncFailure, .timeout)
        XCTAssertEqual(harness.state.native.pendingUpdates, [.email("ada@example.com")])
        let error = try XCTUnwrap(harness.state.errors.last)
        XCTAssertEqual(error.kind, .request(.timeout))
        XCTAssertEqual(error.retry, .resendUpdates)

        // Another edit while failed is kept too, and waits for the retry.
        await harness.send(.native(.editShippingContactTapped))
        await harness.send(.native(.addressFormSubmitted(Fixtures.home)))
        XCTAssertEqual(harness.state.shippingContact, Fixtures.home)

        await harness.send(.common(.retryTapped(errorID: error.id)))
        XCTAssertTrue(harness.state.native.isInSync)
        XCTAssertNil(harness.state.native.syncFailure)
        let backend = await harness.api.currentDetails
        XCTAssertEqual(backend.email, "ada@example.com")
        XCTAssertEqual(backend.shippingContact, Fixtures.home)
    }

    func testLoadFailureShowsFailedViewWithRetry() async throws {
        let harness = Harness()
        await harness.api.failNextCalls(with: .server(status: 500, message: "boom"))
        await harness.start()
        XCTAssertEqual(harness.state.view, .failed(.server(status: 500, message: "boom")))
        let error = try XCTUnwrap(harness.state.errors.first)
        await harness.send(.common(.retryTapped(errorID: error.id)))
        XCTAssertEqual(harness.state.view, .nativeCheckout)
    }

    func testDynamicContentSlotScrollTopIsThereFromTheStart() async {
        let harness = Harness()
        XCTAssertEqual(harness.state.dynamicContent, [DynamicContentSlot(id: "scroll-top")])
        await harness.send(.common(.dynamicContentLoaded(slotID: "scroll-top", content: "banner-7")))
        XCTAssertEqual(harness.state.dynamicContent, [DynamicContentSlot(id: "scroll-top", content: "banner-7")])
    }

    func testDismissInNativeReportsTheCurrentSection() async {
        let harness = Harness()
        await harness.start()
        await harness.send(.native(.emailSubmitted("ada@example.com")))
        await harness.send(.common(.dismissTapped))
        await harness.send(.common(.dismissConfirmed))
        XCTAssertEqual(harness.sink.events.last, .dismissed(atStep: "shippingContact"))
    }
}

extension NativeSectionTests {
    func testGuestLoggingInLosesTheContactSectionAndKeepsProgress() async {
        let harness = Harness()
        await harness.start()
        await harness.send(.native(.emailSubmitted("ada@example.com")))
        XCTAssertEqual(harness.state.native.currentSection, .shippingContact)
        await harness.send(.common(.userChanged(Fixtures.loggedInWithoutDefault)))
        XCTAssertFalse(harness.state.native.sections.contains { $0.section == .contactInformation })
        XCTAssertEqual(harness.state.native.currentSection, .shippingContact)
        XCTAssertEqual(harness.state.email, "ada@example.com")
        await harness.send(.native(.editShippingContactTapped))
        XCTAssertEqual(
            harness.state.native.addressEditor,
            AddressEditor(purpose: .shipping, mode: .selection(preselectedEntryID: nil)))
    }
}
